#pragma once
// The scenario's notes (free text saved as notes.md) in a plain text editor. Typing goes through the Controller
// like any other edit, so it is undoable with Edit > Undo; the Controller merges a run of typing into one step.
// The editor's own undo stack is off: Ctrl+Z reaches the window's Undo action.

#include <QPlainTextEdit>

namespace tl::ui {

class Controller;

class NotesEdit : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit NotesEdit(Controller* controller, QWidget* parent = nullptr); // objectName "notesEdit"

protected:
    bool event(QEvent* event) override;
    bool canInsertFromMimeData(const QMimeData* source) const override;

private:
    void pull(); // scenario -> editor

    Controller* m_controller;
    bool m_pushing = false;
};

} // namespace tl::ui
