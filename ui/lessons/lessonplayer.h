#pragma once
// The lesson player: choose a built-in lesson (io/lessons.h), step forward and back; each step loads its scenario
// (one undoable edit), names the figure it is about and shows it highlighted with its live value, the course text's
// printed number beside ours (and why they differ), the step's text in the interface's language (中 / EN switches the
// whole window), and the step's own controls.

#include "io/lessons.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QToolButton;

namespace tl::ui {

class Controller;
class StepControls;

class LessonPlayer : public QWidget {
    Q_OBJECT
public:
    explicit LessonPlayer(Controller* controller, QWidget* parent = nullptr); // objectName "lessonPlayer"

    int lessonIndex() const { return m_lesson; }
    int stepIndex() const { return m_step; }
    const io::Lesson* lesson() const;
    const io::LessonStep* step() const; // nullptr before a step was chosen
    QString language() const { return m_language; }

    void setLesson(int index); // and its first step
    void setStep(int index);   // loads the step's scenario
    void next();
    void previous();
    // "en" or "zh" (anything starting with zh): the lessons' text language (it follows the window's on each change).
    void setLanguage(const QString& language);

    QString stepText() const; // the step's title and text as shown (tests)
    QString figureText() const;
    StepControls* controls() const { return m_controls; }

signals:
    void stepShown(const tl::io::LessonStep& step); // after the step's scenario was loaded
    void explainRequested(const QString& key);
    void languageRequested(const QString& code); // the 中 / EN button: "zh_CN" or "en", for the whole window

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void render();
    void renderFigure();

    Controller* m_controller;
    int m_lesson = 0, m_step = -1;
    QString m_language;
    QComboBox* m_lessons;
    QPushButton* m_back;
    QPushButton* m_next;
    QLabel* m_position;
    QToolButton* m_languageButton;
    QLabel* m_lessonTitle;
    QLabel* m_title;
    QLabel* m_text;
    QLabel* m_figure;
    QPushButton* m_explain;
    QLabel* m_checks;
    StepControls* m_controls;
};

} // namespace tl::ui
