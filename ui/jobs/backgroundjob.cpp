#include "ui/jobs/backgroundjob.h"

#include <QTimer>

#include <algorithm>
#include <cmath>

namespace tl::ui {

JobToken::JobToken() : m_state(std::make_shared<State>()) {}

void JobToken::setProgress(double share) const {
    m_state->permille.store(int(std::lround(std::clamp(share, 0.0, 1.0) * 1000)));
}

std::function<void(double)> JobToken::progressCallback() const {
    return [state = m_state](double share) {
        state->permille.store(int(std::lround(std::clamp(share, 0.0, 1.0) * 1000)));
    };
}

BackgroundJob::BackgroundJob(QObject* parent) : QObject(parent) {
    m_pause = new QTimer(this);
    m_pause->setSingleShot(true);
    connect(m_pause, &QTimer::timeout, this, &BackgroundJob::launch);
    m_delay = new QTimer(this);
    m_delay->setSingleShot(true);
    m_delay->setInterval(kProgressDelayMs);
    connect(m_delay, &QTimer::timeout, this, [this] { showProgress(true); });
    // The work writes its progress to an atomic; the UI reads it at its own pace (the engine's worker threads would
    // otherwise post thousands of events).
    m_poll = new QTimer(this);
    m_poll->setInterval(50);
    connect(m_poll, &QTimer::timeout, this, [this] {
        const int now = progress();
        if (now != m_lastPermille) {
            m_lastPermille = now;
            emit progressChanged(now);
        }
    });
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] {
        if (m_launched && m_watcher.isFinished()) // not the superseded work's, still watched during a pause
            deliver();
    });
}

BackgroundJob::~BackgroundJob() {
    m_deliver = nullptr;
    m_launch = nullptr;
    m_token.m_state->cancel.store(true);
    m_watcher.waitForFinished();
}

JobToken BackgroundJob::begin() {
    m_token.m_state->cancel.store(true); // the running work, if any, is of no use any more
    m_token = JobToken();
    m_launched = false;
    m_launch = nullptr;
    m_lastPermille = -1;
    if (!m_progressShown) // superseding work takes over a bar already shown
        m_delay->start();
    m_poll->start();
    return m_token;
}

void BackgroundJob::launchAfter(int pauseMs) {
    if (pauseMs > 0)
        m_pause->start(pauseMs);
    else
        launch();
}

void BackgroundJob::launch() {
    m_pause->stop();
    if (!m_launch)
        return;
    const auto launch = std::move(m_launch);
    m_launch = nullptr;
    launch();
}

void BackgroundJob::watch(const QFuture<void>& future) {
    m_watcher.setFuture(future); // drops the superseded future's pending signals
    m_launched = true;
}

void BackgroundJob::deliver() {
    if (!m_deliver)
        return; // delivered by wait(), or superseded
    auto deliver = std::move(m_deliver);
    m_deliver = nullptr;
    m_delay->stop();
    m_poll->stop();
    showProgress(false);
    deliver();
    emit finished(cancelled());
}

void BackgroundJob::cancel() {
    m_token.m_state->cancel.store(true);
    launch(); // work still in its pause returns at once
}

void BackgroundJob::stop() {
    m_token.m_state->cancel.store(true);
    m_deliver = nullptr;
    m_launch = nullptr;
    m_pause->stop();
    m_delay->stop();
    m_poll->stop();
    showProgress(false);
}

bool BackgroundJob::cancelled() const {
    return m_token.cancelled();
}

void BackgroundJob::wait() {
    launch();
    if (!m_launched)
        return;
    m_watcher.waitForFinished();
    deliver();
}

int BackgroundJob::progress() const {
    return m_token.m_state->permille.load();
}

void BackgroundJob::setProgressDelay(int ms) {
    m_delay->setInterval(ms);
}

void BackgroundJob::showProgress(bool shown) {
    if (m_progressShown == shown)
        return;
    m_progressShown = shown;
    emit progressShownChanged(shown);
}

} // namespace tl::ui
