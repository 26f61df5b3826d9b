#pragma once
// Every modal question the window asks about files goes through this interface, so tests answer it without a
// blocking dialog (LibrePCB's injected callbacks, KeePassXC's "next answer"). WidgetDialogs is the real one;
// tests/ui/scripteddialogs.h queues answers.

#include <QString>

class QPrinter;
class QWidget;

namespace tl::ui {

class Dialogs {
public:
    enum class SaveChoice { Save, Discard, Cancel };

    virtual ~Dialogs();

    // "Save the changes to NAME?" before closing, New, Open, Revert or Make B current.
    virtual SaveChoice askSaveChanges(QWidget* parent, const QString& documentName) = 0;
    // A yes/no confirmation (Revert, restoring a recovered scenario). True = go ahead.
    virtual bool confirm(QWidget* parent, const QString& title, const QString& question) = 0;
    // An empty string when the user cancelled.
    virtual QString getOpenFileName(QWidget* parent, const QString& caption, const QString& dir,
                                    const QString& filter) = 0;
    virtual QString getSaveFileName(QWidget* parent, const QString& caption, const QString& suggested,
                                    const QString& filter) = 0;
    virtual void showError(QWidget* parent, const QString& title, const QString& message) = 0;
    // A note that needs no answer (what an import set and what it passed over); details may be long.
    virtual void showInfo(QWidget* parent, const QString& title, const QString& message, const QString& details) = 0;
    // The print dialog: false when the user cancelled. Tests point the printer at a PDF file instead.
    virtual bool choosePrinter(QWidget* parent, QPrinter& printer) = 0;
};

// QMessageBox and QFileDialog.
class WidgetDialogs : public Dialogs {
public:
    SaveChoice askSaveChanges(QWidget* parent, const QString& documentName) override;
    bool confirm(QWidget* parent, const QString& title, const QString& question) override;
    QString getOpenFileName(QWidget* parent, const QString& caption, const QString& dir,
                            const QString& filter) override;
    QString getSaveFileName(QWidget* parent, const QString& caption, const QString& suggested,
                            const QString& filter) override;
    void showError(QWidget* parent, const QString& title, const QString& message) override;
    void showInfo(QWidget* parent, const QString& title, const QString& message, const QString& details) override;
    bool choosePrinter(QWidget* parent, QPrinter& printer) override;
};

} // namespace tl::ui
