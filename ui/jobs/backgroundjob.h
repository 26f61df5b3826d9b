#pragma once
// One way to run slow work off the UI thread (the best-layout curve, the planner, the scaling-law fit): the work runs
// on Qt's thread pool (QtConcurrent) with a JobToken that says whether to stop and takes its progress; its result
// comes back by value to a callback on the UI thread. Starting again supersedes the running work (it is cancelled
// and its result dropped). Progress is offered only once the work has taken kProgressDelayMs, so a quick job never
// flashes a bar; JobProgress (jobprogress.h) is the bar and Cancel that follow it.

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

class QTimer;

namespace tl::ui {

// What the work sees: a cancel flag it polls and a place to put its progress. Copies share one state, which the work
// holds: it outlives the BackgroundJob if the job is destroyed meanwhile.
class JobToken {
public:
    JobToken();
    bool cancelled() const { return m_state->cancel.load(); }
    const std::atomic<bool>* cancelFlag() const { return &m_state->cancel; } // for engine requests
    void setProgress(double share) const;                                    // 0 to 1
    std::function<void(double)> progressCallback() const;                    // for engine requests

private:
    friend class BackgroundJob;
    struct State {
        std::atomic<bool> cancel{false};
        std::atomic<int> permille{0};
    };
    std::shared_ptr<State> m_state;
};

class BackgroundJob : public QObject {
    Q_OBJECT
public:
    static constexpr int kProgressDelayMs = 200; // work shorter than this offers no progress

    explicit BackgroundJob(QObject* parent = nullptr);
    ~BackgroundJob() override; // cancels the running work and waits for it

    // Runs work(token) off the UI thread; done(result) then runs on this object's thread, cancelled or not (the
    // result says what it holds; cancelled() tells), unless a later start() or the destructor superseded it. The work
    // holds copies of what it needs (superseded work may run on after its job is gone). pauseMs > 0 waits that long
    // before the work starts, so that a burst of edits starts it once; the job counts as running meanwhile.
    template <typename Work, typename Done> void start(Work work, Done done, int pauseMs = 0) {
        using Result = std::invoke_result_t<const Work&, const JobToken&>;
        auto slot = std::make_shared<std::optional<Result>>();
        const JobToken token = begin();
        m_deliver = [slot, done = std::move(done)]() mutable { done(std::move(**slot)); };
        m_launch = [this, slot, token, work = std::move(work)] {
            watch(QtConcurrent::run([work, token, slot] { slot->emplace(work(token)); }));
        };
        launchAfter(pauseMs);
    }

    bool isRunning() const { return bool(m_deliver); } // started, and its result not delivered yet
    // Asks the work to stop; done() still follows (work still in its pause starts at once, already cancelled).
    void cancel();
    bool cancelled() const; // the last work was asked to stop
    void stop();            // the work is of no use any more: it is cancelled, its result dropped, and nothing is said
    // Blocks until the running work has returned and delivers its result now (exports, the command line).
    void wait();

    int progress() const; // per mille, as the work last said
    bool progressShown() const { return m_progressShown; }
    // The delay before progress is offered (tests set 0 for at once, or a long one for never).
    void setProgressDelay(int ms);

signals:
    void progressShownChanged(bool shown); // after the delay while running; false when the work ends
    void progressChanged(int permille);
    void finished(bool cancelled); // after done()

private:
    JobToken begin(); // supersedes the running work, starts the progress timers
    void launchAfter(int pauseMs);
    void launch();
    void watch(const QFuture<void>& future);
    void deliver();
    void showProgress(bool shown);

    QFutureWatcher<void> m_watcher;
    JobToken m_token;
    std::function<void()> m_deliver;
    std::function<void()> m_launch; // the work, while it waits for its pause to end
    QTimer* m_pause;
    QTimer* m_delay;
    QTimer* m_poll;
    bool m_launched = false; // the watcher holds the current work (not a superseded one)
    bool m_progressShown = false;
    int m_lastPermille = -1;
};

} // namespace tl::ui
