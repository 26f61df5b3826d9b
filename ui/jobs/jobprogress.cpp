#include "ui/jobs/jobprogress.h"

#include "ui/jobs/backgroundjob.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QProgressBar>
#include <QPushButton>

namespace tl::ui {

JobProgress::JobProgress(BackgroundJob* job, QWidget* parent) : QWidget(parent) {
    m_bar = new QProgressBar;
    m_bar->setRange(0, 1000);
    m_bar->setTextVisible(false);
    m_cancel = new QPushButton;
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_bar, 1);
    layout->addWidget(m_cancel);
    retranslate();
    hide();
    connect(job, &BackgroundJob::progressShownChanged, this, [this, job](bool shown) {
        m_bar->setValue(job->progress());
        setVisible(shown);
    });
    connect(job, &BackgroundJob::progressChanged, m_bar, &QProgressBar::setValue);
    connect(m_cancel, &QPushButton::clicked, job, &BackgroundJob::cancel);
}

void JobProgress::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void JobProgress::retranslate() {
    m_cancel->setText(tr("Cancel"));
}

} // namespace tl::ui
