#include "ui/notesedit.h"

#include "ui/controller.h"

#include <QKeyEvent>
#include <QMimeData>
#include <QTextCursor>

namespace tl::ui {

NotesEdit::NotesEdit(Controller* controller, QWidget* parent) : QPlainTextEdit(parent), m_controller(controller) {
    setObjectName(QStringLiteral("notesEdit"));
    setUndoRedoEnabled(false);
    setPlaceholderText(tr("Notes about this scenario: assumptions, sources, what to try next. Saved with the file."));
    setTabChangesFocus(true);
    pull();
    connect(this, &QPlainTextEdit::textChanged, this, [this] {
        if (m_pushing)
            return;
        m_pushing = true;
        m_controller->setValue("notes", toPlainText().toStdString());
        m_pushing = false;
    });
    connect(controller, &Controller::scenarioChanged, this, [this] {
        if (!m_pushing)
            pull();
    });
}

void NotesEdit::pull() {
    const QString notes = QString::fromStdString(m_controller->scenario().notes);
    if (notes == toPlainText())
        return;
    m_pushing = true;
    const int position = textCursor().position();
    setPlainText(notes);
    QTextCursor cursor = textCursor();
    cursor.setPosition(std::min<int>(position, int(notes.size())));
    setTextCursor(cursor);
    m_pushing = false;
}

bool NotesEdit::event(QEvent* event) {
    // Leave Undo and Redo to the window's actions (the Controller's undo stack).
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        const QKeyCombination combo = key->keyCombination();
        if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo) ||
            combo == QKeyCombination(Qt::ControlModifier | Qt::ShiftModifier, Qt::Key_Z) ||
            combo == QKeyCombination(Qt::ControlModifier, Qt::Key_Y)) {
            event->ignore();
            return true;
        }
    }
    return QPlainTextEdit::event(event);
}

bool NotesEdit::canInsertFromMimeData(const QMimeData* source) const {
    // A dropped file opens it (the window handles the drop); it is not pasted as a path.
    if (source->hasUrls() && !source->urls().isEmpty() && source->urls().front().isLocalFile())
        return false;
    return QPlainTextEdit::canInsertFromMimeData(source);
}

} // namespace tl::ui
