#include "ui/lessons/lessonplayer.h"

#include "engine/ledgerfields.h"
#include "engine/units.h"
#include "ui/boxes.h"
#include "ui/controller.h"
#include "ui/explain/explaindialog.h"
#include "ui/i18n/enginetext.h"
#include "ui/i18n/language.h"
#include "ui/lessons/stepcontrols.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace tl::ui {

namespace {

// The figure's value as the ledger table shows it.
QString figureValue(const engine::Ledger& l, const QString& key) {
    for (const auto& f : engine::ledgerFields()) {
        if (key != QLatin1String(f.key))
            continue;
        QString text = valueText(f.get(l), f.unit);
        if (f.unit == engine::Unit::Ratio && text.contains(QLatin1Char('.'))) { // 5.5000 reads as 5.5
            while (text.endsWith(QLatin1Char('0')))
                text.chop(1);
            if (text.endsWith(QLatin1Char('.')))
                text.chop(1);
        }
        return text;
    }
    return {};
}

// A check's number as the window writes numbers: grouped digits, the check's decimals ("112,000,000,000", "104.31").
QString checkNumber(double x, int decimals) {
    return QLocale().toString(x, 'f', std::max(0, decimals));
}

} // namespace

namespace {
// The lessons' language: the interface's.
QString lessonLanguage() {
    return Language::current().startsWith(QLatin1String("zh")) ? QStringLiteral("zh") : QStringLiteral("en");
}
} // namespace

LessonPlayer::LessonPlayer(Controller* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_language(lessonLanguage()) {
    setObjectName(QStringLiteral("lessonPlayer"));
    m_lessons = new QComboBox;
    m_lessons->setObjectName(QStringLiteral("lessonChooser"));
    m_lessons->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_lessons->setMinimumContentsLength(12);
    connect(m_lessons, &QComboBox::activated, this, &LessonPlayer::setLesson);

    m_back = new QPushButton;
    m_back->setObjectName(QStringLiteral("lessonBack"));
    connect(m_back, &QPushButton::clicked, this, &LessonPlayer::previous);
    m_next = new QPushButton;
    m_next->setObjectName(QStringLiteral("lessonNext"));
    connect(m_next, &QPushButton::clicked, this, &LessonPlayer::next);
    m_position = new QLabel;
    m_position->setObjectName(QStringLiteral("lessonPosition"));
    m_languageButton = new QToolButton;
    m_languageButton->setObjectName(QStringLiteral("lessonLanguage"));
    // The whole window changes language with the lesson: labels, buttons and units read as the text does.
    connect(m_languageButton, &QToolButton::clicked, this, [this] {
        const bool zh = m_language != QLatin1String("zh");
        setLanguage(zh ? QStringLiteral("zh") : QStringLiteral("en"));
        emit languageRequested(zh ? QStringLiteral("zh_CN") : QStringLiteral("en"));
    });

    m_lessonTitle = new QLabel;
    m_lessonTitle->setObjectName(QStringLiteral("lessonName"));
    m_lessonTitle->setWordWrap(true);
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_title->setWordWrap(true);
    QFont big = m_title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_title->setFont(big);
    m_text = new QLabel;
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_figure = new QLabel;
    m_figure->setObjectName(QStringLiteral("lessonFigure"));
    m_figure->setWordWrap(true);
    m_figure->setTextFormat(Qt::RichText);
    // The figure the step is about, highlighted: dark text on amber, readable on a washed-out projector too. A
    // palette, not a style sheet, so that the window's font (presentation mode) still reaches it.
    QPalette amber = m_figure->palette();
    amber.setColor(QPalette::Window, QColor(0xff, 0xe0, 0x82));
    amber.setColor(QPalette::WindowText, Qt::black);
    m_figure->setPalette(amber);
    m_figure->setAutoFillBackground(true);
    m_figure->setFrameStyle(QFrame::Box | QFrame::Plain);
    m_figure->setLineWidth(2);
    m_figure->setMargin(6);
    m_explain = new QPushButton;
    m_explain->setObjectName(QStringLiteral("lessonExplain"));
    connect(m_explain, &QPushButton::clicked, this, [this] {
        if (const io::LessonStep* s = step())
            emit explainRequested(s->figure);
    });
    m_checks = new QLabel;
    m_checks->setObjectName(QStringLiteral("lessonChecks"));
    m_checks->setWordWrap(true);
    m_checks->setTextFormat(Qt::RichText);
    m_controls = new StepControls(controller);

    auto* nav = new QHBoxLayout;
    nav->addWidget(m_back);
    nav->addWidget(m_position, 1, Qt::AlignCenter);
    nav->addWidget(m_next);
    QHBoxLayout* top = rowOf(Stretched{m_lessons}, m_languageButton);
    auto* figureRow = rowOf(Stretched{m_figure});
    figureRow->addWidget(m_explain, 0, Qt::AlignTop);

    QWidget* body = bareColumn(m_title, figureRow, m_text, m_checks, m_controls, Stretch{});
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("lessonScroll"));
    scroll->setWidget(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_lessonTitle);
    layout->addLayout(nav);
    layout->addWidget(scroll, 1);

    connect(controller, &Controller::evaluationChanged, this, [this] { renderFigure(); });
    for (size_t i = 0; i < io::builtInLessons().size(); ++i)
        m_lessons->addItem(QString());
    retranslate();
}

void LessonPlayer::retranslate() {
    m_back->setText(tr("\u2039 Bac&k"));
    m_back->setToolTip(tr("Previous step (Page Up, Left)"));
    m_next->setText(tr("Ne&xt \u203a"));
    m_next->setToolTip(tr("Next step (Page Down, Right)"));
    m_languageButton->setToolTip(tr("Show the window and the lessons in Chinese or English"));
    m_explain->setText(tr("Explain")); // its Alt letters are all taken by the menus and tabs
    m_explain->setToolTip(tr("Where does this number come from: formula, values, source"));
    render();
}

void LessonPlayer::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        m_language = lessonLanguage();
        retranslate();
    }
    QWidget::changeEvent(event);
}

const io::Lesson* LessonPlayer::lesson() const {
    const auto& all = io::builtInLessons();
    return m_lesson >= 0 && m_lesson < int(all.size()) ? &all[size_t(m_lesson)] : nullptr;
}

const io::LessonStep* LessonPlayer::step() const {
    const io::Lesson* l = lesson();
    return l && m_step >= 0 && m_step < int(l->steps.size()) ? &l->steps[size_t(m_step)] : nullptr;
}

void LessonPlayer::setLesson(int index) {
    if (index < 0 || index >= int(io::builtInLessons().size()))
        return;
    m_lesson = index;
    m_step = -1;
    setStep(0);
}

void LessonPlayer::setStep(int index) {
    const io::Lesson* l = lesson();
    if (!l || index < 0 || index >= int(l->steps.size()))
        return;
    m_step = index;
    const io::LessonStep& s = l->steps[size_t(index)];
    m_controller->replaceScenario(s.scenario); // one undoable step: Ctrl+Z returns to the plan before
    m_controls->setKeys(s.controls);
    render();
    emit stepShown(s);
}

void LessonPlayer::next() {
    const io::Lesson* l = lesson();
    if (!l)
        return;
    if (m_step + 1 < int(l->steps.size()))
        setStep(m_step + 1);
    else if (m_lesson + 1 < int(io::builtInLessons().size()))
        setLesson(m_lesson + 1); // the course goes on with the next text
}

void LessonPlayer::previous() {
    if (m_step > 0) {
        setStep(m_step - 1);
    } else if (m_lesson > 0) {
        m_lesson -= 1;
        setStep(int(lesson()->steps.size()) - 1);
    }
}

void LessonPlayer::setLanguage(const QString& language) {
    m_language = language.startsWith(QLatin1String("zh")) ? QStringLiteral("zh") : QStringLiteral("en");
    render();
}

QString LessonPlayer::stepText() const {
    return m_title->text() + QLatin1Char('\n') + m_text->text();
}

QString LessonPlayer::figureText() const {
    return m_figure->text();
}

void LessonPlayer::render() {
    const auto& all = io::builtInLessons();
    // The chooser names the course text; the title below it wraps, so nothing is cut at any size.
    for (int i = 0; i < int(all.size()); ++i)
        m_lessons->setItemText(i, tr("Lesson %1: %2").arg(i + 1).arg(all[size_t(i)].subject.in(m_language)));
    m_lessons->setCurrentIndex(m_lesson);
    m_lessonTitle->setText(lesson() ? lesson()->title.in(m_language) : QString());
    m_languageButton->setText(m_language == QLatin1String("zh") ? QStringLiteral("EN") : QStringLiteral("\u4e2d"));
    const io::Lesson* l = lesson();
    const io::LessonStep* s = step();
    m_back->setEnabled(s && (m_step > 0 || m_lesson > 0));
    m_next->setEnabled(l && (m_step + 1 < int(l->steps.size()) || m_lesson + 1 < int(all.size())));
    m_explain->setEnabled(s != nullptr);
    if (!s) {
        m_position->setText(l ? tr("%n step(s)", nullptr, int(l->steps.size())) : QString());
        m_title->setText(tr("Choose a lesson and press Next"));
        m_text->setText(tr("Each lesson is one of the course texts: every step loads a scenario, points at the "
                           "figure it is about and shows the course text's number beside ours."));
        m_figure->hide();
        m_checks->clear();
        return;
    }
    m_position->setText(tr("Step %1 of %2").arg(m_step + 1).arg(l->steps.size()));
    m_title->setText(s->title.in(m_language));
    m_text->setText(s->text.in(m_language));
    m_figure->show();
    renderFigure();

    // The course text's printed numbers beside ours; where they differ, why.
    QStringList rows;
    for (const auto& c : s->checks) {
        const QString label = ledgerLabel(c.key).toHtmlEscaped();
        const QString section =
            c.section.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(c.section.toHtmlEscaped());
        // The course text's own words, unless they are Chinese in an English lesson: then its number as the window
        // writes numbers.
        static const QRegularExpression chinese(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const bool quote = !c.printed.isEmpty() && (m_language == QLatin1String("zh") || !c.printed.contains(chinese));
        const QString printed = quote    ? c.printed.toHtmlEscaped()
                                : c.seed ? checkNumber(*c.seed, c.decimals)
                                         : QString();
        const QString ours = c.ours ? checkNumber(*c.ours, c.decimals) : QString();
        if (c.seed && !c.ours)
            rows << tr("\u2713 %1: the course text prints %2%3; ours agrees").arg(label, printed, section);
        else if (c.seed)
            rows << tr("\u2260 %1: the course text prints %2%3, ours %4. Why: %5")
                        .arg(label, printed, section, ours, c.why.in(m_language).toHtmlEscaped());
        else
            rows << tr("\u2022 %1: ours %2 (%3)").arg(label, ours, c.why.in(m_language).toHtmlEscaped());
    }
    m_checks->setText(rows.join(QStringLiteral("<br>")));
}

void LessonPlayer::renderFigure() {
    const io::LessonStep* s = step();
    if (!s)
        return;
    m_figure->setText(QStringLiteral("%1<br><b style=\"font-size:x-large\">%2</b>")
                          .arg(ledgerLabel(s->figure).toHtmlEscaped(),
                               figureValue(m_controller->ledger(), s->figure).toHtmlEscaped()));
}

} // namespace tl::ui
