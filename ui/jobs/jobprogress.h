#pragma once
// The progress bar and Cancel of a BackgroundJob, side by side: hidden until the job offers progress (after its
// delay), hidden again when the job ends. Cancel asks the job to stop.

#include <QWidget>

class QProgressBar;
class QPushButton;

namespace tl::ui {

class BackgroundJob;

class JobProgress : public QWidget {
    Q_OBJECT
public:
    explicit JobProgress(BackgroundJob* job, QWidget* parent = nullptr);

    QProgressBar* bar() const { return m_bar; }
    QPushButton* cancelButton() const { return m_cancel; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QProgressBar* m_bar;
    QPushButton* m_cancel;
};

} // namespace tl::ui
