#pragma once
// The scenario's notes (free text saved as notes.md) in a plain text editor. Typing goes through the Controller
// like any other edit, so it is undoable with Edit > Undo; the Controller merges a run of typing into one step.
// The editor's own undo stack is off: Ctrl+Z reaches the window's Undo action.
// Qt lays out a wrapped line in time that grows with the square of its length (a 1 MiB line: 40 s), so notes with a
// line longer than kMaxEditableLine are shown read-only with long lines cut and a message; the scenario's notes stay
// exactly as they were.

#include <QPlainTextEdit>

namespace tl::ui {

class Controller;

class NotesEdit : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit NotesEdit(Controller* controller, QWidget* parent = nullptr); // objectName "notesEdit"

    static constexpr qsizetype kMaxEditableLine = 20000; // characters; laid out in a few milliseconds
    bool isShownInPart() const { return m_inPart; }

protected:
    bool event(QEvent* event) override;
    bool canInsertFromMimeData(const QMimeData* source) const override;
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void pull(); // scenario -> editor

    Controller* m_controller;
    bool m_pushing = false;
    bool m_inPart = false; // read-only, long lines cut
    QString m_source;      // the notes shown in part
};

} // namespace tl::ui
