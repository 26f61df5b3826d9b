#include "ui/panels/documentseditor.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMenu>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QToolButton>

#include <numeric>

namespace tl::ui {

DocumentsEditor::DocumentsEditor(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("list:data.documents"));
    m_line = new QLineEdit(this);
    m_line->setObjectName(QStringLiteral("line:data.documents"));
    m_presets = new QToolButton(this);
    m_presets->setObjectName(QStringLiteral("documentPresets"));
    m_presets->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(m_presets);
    for (const std::vector<int>& lengths : {std::vector<int>{}, {4096, 4096}, {7168, 1024}}) {
        QAction* a = menu->addAction(QString());
        connect(a, &QAction::triggered, this, [this, lengths] { emit packingChosen(lengths); });
    }
    m_presets->setMenu(menu);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_line, 1);
    row->addWidget(m_presets);
    setFocusProxy(m_line);
    retranslate();
    connect(m_line, &QLineEdit::editingFinished, this, [this] {
        const std::vector<int> lengths = parse(m_line->text());
        if (!lengths.empty())
            emit documentsEdited(lengths);
    });
}

void DocumentsEditor::retranslate() {
    m_line->setPlaceholderText(tr("e.g. 4096, 4096"));
    m_presets->setText(tr("Packings"));
    const QString names[] = {tr("One document"), tr("4096 + 4096"), tr("7168 + 1024")};
    const QList<QAction*> packings = m_presets->menu()->actions();
    for (int i = 0; i < packings.size(); ++i)
        packings[i]->setText(names[i]);
}

void DocumentsEditor::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DocumentsEditor::setDocuments(const std::vector<int>& lengths) {
    QStringList parts;
    for (int n : lengths)
        parts << QString::number(n);
    const QString text = parts.join(QStringLiteral(", "));
    if (m_line->text() != text && !m_line->hasFocus()) {
        const QSignalBlocker block(m_line);
        m_line->setText(text);
    }
}

std::vector<int> DocumentsEditor::parse(const QString& text) {
    std::vector<int> out;
    for (const QString& part : text.split(QRegularExpression(QStringLiteral("[,+\\s]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int n = part.toInt(&ok);
        if (!ok)
            return {};
        out.push_back(n);
    }
    return out;
}

} // namespace tl::ui
