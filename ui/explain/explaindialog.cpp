#include "ui/explain/explaindialog.h"

#include "engine/explain.h"
#include "ui/controller.h"
#include "ui/i18n/enginetext.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QEvent>
#include <QMenu>
#include <QPushButton>
#include <QScreen>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace tl::ui {

namespace {

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

QString esc(const std::string& s) {
    return str(s).toHtmlEscaped();
}

// The engine's words (meanings, units, sources, notes, results) in the interface language.
QString words(const std::string& s) {
    return engineSentence(s).toHtmlEscaped();
}

} // namespace

ExplainDialog::ExplainDialog(Controller* controller, QWidget* parent) : QDialog(parent), m_controller(controller) {
    setObjectName(QStringLiteral("explainDialog"));
    // The window's type and palette reach the dialog too: in presentation mode it reads from the back of the room.
    setAttribute(Qt::WA_WindowPropagation);
    m_body = new QTextBrowser(this);
    m_body->setObjectName(QStringLiteral("explainText"));
    m_body->setOpenLinks(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = m_copy = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(text()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::hide);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_body, 1);
    layout->addWidget(buttons);
    fitToType();
    retranslate();
    // The explanation follows the scenario: drag a slider and the values and the result change in place.
    connect(controller, &Controller::evaluationChanged, this, [this] {
        if (isVisible())
            refresh();
    });
}

void ExplainDialog::retranslate() {
    setWindowTitle(tr("Explain this number"));
    m_copy->setText(tr("&Copy"));
    refresh();
}

void ExplainDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::FontChange)
        fitToType();
    QDialog::changeEvent(event);
}

void ExplainDialog::showEvent(QShowEvent* event) {
    fitToType(); // created while presenting, it has the large type from the start
    QDialog::showEvent(event);
}

// Sized for its type: twice the type in presentation mode, twice the room (as far as the screen allows). A size the
// user chose stays while the type does.
void ExplainDialog::fitToType() {
    const double scale = std::max(1.0, font().pointSizeF() / QApplication::font().pointSizeF());
    if (scale == m_typeScale)
        return;
    m_typeScale = scale;
    QSize size = kSize * scale;
    if (const QScreen* screen = this->screen())
        size = size.boundedTo(screen->availableSize());
    resize(size);
}

void ExplainDialog::showKey(const QString& key) {
    m_key = key;
    refresh();
}

QString ExplainDialog::text() const {
    return m_body->toPlainText();
}

namespace {
// "memory.optimizer@zero=0": a ledger key as a ZeRO bar of the memory chart shows it (that stage, all else as it is).
std::pair<QString, int> splitZero(const QString& key) {
    const qsizetype at = key.indexOf(QLatin1String("@zero="));
    if (at < 0)
        return {key, -1};
    return {key.left(at), key.mid(at + 6).toInt()};
}
} // namespace

void ExplainDialog::refresh() {
    const auto [key, zero] = splitZero(m_key);
    engine::Scenario s = m_controller->validScenario();
    QString h;
    if (zero >= 0 && zero <= 3) {
        s.parallel.zero = zero;
        h = html(s, key);
        if (!h.isEmpty())
            h = QStringLiteral("<p><i>%1</i></p>").arg(tr("The ZeRO %1 bar: this plan with ZeRO stage %1.").arg(zero)) +
                h;
    } else {
        h = html(s, key);
    }
    m_body->setHtml(h.isEmpty() ? tr("<p>No explanation for <tt>%1</tt>.</p>").arg(m_key.toHtmlEscaped()) : h);
}

QString ExplainDialog::html(const engine::Scenario& s, const QString& key) {
    const auto e = engine::explain(s, key.toStdString());
    if (!e)
        return {};
    QString out;
    out += QStringLiteral("<h2>%1 <small><tt>%2</tt></small></h2>")
               .arg(engineLabel(e->label.c_str()).trimmed().toHtmlEscaped(), esc(e->key));
    const QString name = str(e->key.substr(e->key.find('.') + 1)).toHtmlEscaped();
    out += QStringLiteral("<p style=\"font-size:large\"><tt>%1 = %2<br>&nbsp;&nbsp;= %3<br>&nbsp;&nbsp;= "
                          "<b>%4</b></tt></p>")
               .arg(name, esc(e->formula), esc(engine::substituted(*e)), words(e->resultText));
    out += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\"><tr><th align=\"left\">%1</th><th "
                          "align=\"right\">%2</th><th align=\"left\">%3</th><th align=\"left\">%4</th></tr>")
               .arg(tr("Symbol"), tr("Value"), tr("Unit"), tr("Meaning"));
    for (const auto& o : e->operands)
        out += QStringLiteral("<tr><td><tt>%1</tt></td><td align=\"right\"><tt>%2</tt></td><td>%3</td><td>%4</td></tr>")
                   .arg(esc(o.symbol), esc(o.shown), words(o.unit), words(o.meaning));
    out += QStringLiteral("</table>");
    out += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Source:"), words(e->source));
    if (!e->note.empty())
        out += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Note:"), words(e->note));
    if (!e->reproduced)
        out +=
            QStringLiteral("<p style=\"color:#b00020\"><b>%1</b> %2</p>").arg(tr("Check failed:"), esc(e->checkError));
    return out;
}

void explainNumber(QWidget* parent, Controller* controller, const QString& key) {
    QWidget* window = parent ? parent->window() : nullptr;
    auto* dialog = window ? window->findChild<ExplainDialog*>(QStringLiteral("explainDialog")) : nullptr;
    if (!dialog)
        dialog = new ExplainDialog(controller, window);
    dialog->showKey(key);
    dialog->show();
    dialog->raise();
}

QString ledgerLabel(const QString& key) {
    const auto [plain, zero] = splitZero(key);
    for (const auto& f : engine::ledgerFields())
        if (plain == QLatin1String(f.key)) {
            const QString label = engineLabel(f.label).trimmed(); // as the ledger table shows it
            return zero < 0 ? label
                            : QCoreApplication::translate("tl::ui::ExplainDialog", "%1 (the ZeRO %2 bar)")
                                  .arg(label)
                                  .arg(zero);
        }
    return key;
}

namespace {

QAction* addExplainAction(QMenu* menu, const QString& key) {
    QAction* a =
        menu->addAction(QCoreApplication::translate("tl::ui::ExplainDialog", "Explain: %1").arg(ledgerLabel(key)));
    a->setObjectName(QStringLiteral("explain:") + key);
    return a;
}

} // namespace

QString execExplainMenu(QWidget* parent, const QStringList& keys, const QPoint& globalPos) {
    QMenu menu(parent);
    for (const QString& key : keys)
        addExplainAction(&menu, key)->setData(key);
    const QAction* chosen = menu.exec(globalPos);
    return chosen ? chosen->data().toString() : QString();
}

} // namespace tl::ui
