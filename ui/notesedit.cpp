#include "ui/notesedit.h"

#include "ui/controller.h"

#include <QEvent>
#include <QKeyEvent>
#include <QMimeData>
#include <QTextCursor>

namespace tl::ui {

NotesEdit::NotesEdit(Controller* controller, QWidget* parent) : QPlainTextEdit(parent), m_controller(controller) {
    setObjectName(QStringLiteral("notesEdit"));
    setUndoRedoEnabled(false);
    setTabChangesFocus(true);
    retranslate();
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

void NotesEdit::retranslate() {
    setPlaceholderText(tr("Notes about this scenario: assumptions, sources, what to try next. Saved with the file."));
    if (m_inPart) { // the note above notes too long to edit
        m_source.clear();
        pull();
    }
}

void NotesEdit::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QPlainTextEdit::changeEvent(event);
}

namespace {

// The longest line's length, without splitting a megabyte into a list.
qsizetype longestLine(const QString& text) {
    qsizetype longest = 0, start = 0;
    for (qsizetype nl = text.indexOf(QLatin1Char('\n'));; nl = text.indexOf(QLatin1Char('\n'), start)) {
        const qsizetype end = nl < 0 ? text.size() : nl;
        longest = std::max(longest, end - start);
        if (nl < 0)
            return longest;
        start = nl + 1;
    }
}

} // namespace

void NotesEdit::pull() {
    const QString notes = QString::fromStdString(m_controller->scenario().notes);
    if (m_inPart && notes == m_source)
        return; // every edit elsewhere lands here: no second layout
    const qsizetype longest = longestLine(notes);
    if (longest > kMaxEditableLine) {
        QString shown = tr("These notes have a line of %L1 characters, too long to edit here without freezing the "
                           "window. They are shown in part, read-only, and saved unchanged with the scenario.")
                            .arg(longest) +
                        QStringLiteral("\n\n");
        for (const QString& line : notes.split(QLatin1Char('\n')))
            shown += (line.size() > kMaxEditableLine ? line.left(kMaxEditableLine) + QStringLiteral(" \u2026") : line) +
                     QLatin1Char('\n');
        m_pushing = true;
        m_inPart = true;
        m_source = notes;
        setReadOnly(true);
        setPlainText(shown);
        m_pushing = false;
        return;
    }
    if (notes == toPlainText() && !m_inPart)
        return;
    m_inPart = false;
    m_source.clear();
    setReadOnly(false);
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
