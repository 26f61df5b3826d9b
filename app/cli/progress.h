#pragma once
// A long command-line job says how far it is on stderr: after two seconds, one line per tenth done, "trainledger-cli:
// planning: 40% done (12 s)" (standard output stays the result). report() may be called from any thread.

#include "app/cli/translation.h"

#include <QElapsedTimer>
#include <QString>
#include <QTextStream>

#include <atomic>
#include <mutex>
#include <utility>

namespace tl::cli {

class ProgressLines {
public:
    explicit ProgressLines(QString job) : m_job(std::move(job)) { m_clock.start(); }

    void report(double done) {
        const int tenths = int(done * 10);
        int before = m_shown.load();
        if (tenths <= before || tenths >= 10 || m_clock.elapsed() < 2000 ||
            !m_shown.compare_exchange_strong(before, tenths))
            return;
        const std::lock_guard lock(m_printing);
        QTextStream(stderr)
            << Cli::tr("trainledger-cli: %1: %2% done (%3 s)").arg(m_job).arg(tenths * 10).arg(m_clock.elapsed() / 1000)
            << Qt::endl;
    }

private:
    QString m_job;
    QElapsedTimer m_clock;
    std::atomic<int> m_shown{0}; // tenths reported
    std::mutex m_printing;
};

} // namespace tl::cli
