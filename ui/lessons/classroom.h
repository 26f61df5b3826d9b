#pragma once
// The classroom features of the window in one place: the Lessons dock (lesson player), View > Lessons, Present (F5)
// and Explain This Number (Ctrl+E), "Explain" on every view's figures, and what a lesson step does to the views (the
// tab it is about, its figure highlighted in the ledger table, the memory view's state-only bars for ZeRO).
// MainWindow calls installClassroom() once.

namespace tl::ui {

class MainWindow;
class LessonPlayer;
class Presentation;

struct Classroom {
    LessonPlayer* player = nullptr;
    Presentation* presentation = nullptr;
};

Classroom installClassroom(MainWindow* window);

} // namespace tl::ui
