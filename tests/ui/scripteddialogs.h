#pragma once
// Dialogs for tests: every answer is queued in advance ("next answer"), every question and error is recorded, and
// nothing ever blocks. A question without a queued answer is recorded in unexpected and answered "Cancel"/no.

#include "ui/dialogs.h"

#include <QList>
#include <QPrinter>
#include <QStringList>

namespace tl::test {

class ScriptedDialogs : public ui::Dialogs {
public:
    QList<SaveChoice> saveChoices;
    QList<bool> confirmations;
    QStringList openNames; // getOpenFileName answers ("" = cancelled)
    QStringList openDirs;  // the folder each open question started in
    QStringList saveNames; // getSaveFileName answers

    QStringList asked;  // every question, in order ("save:NAME", "confirm:TITLE", "open", "save-as")
    QStringList errors; // title + "\n" + message of every error shown
    QStringList unexpected;

    SaveChoice askSaveChanges(QWidget*, const QString& documentName) override {
        asked << QStringLiteral("save:") + documentName;
        if (saveChoices.isEmpty()) {
            unexpected << asked.back();
            return SaveChoice::Cancel;
        }
        return saveChoices.takeFirst();
    }
    bool confirm(QWidget*, const QString& title, const QString&) override {
        asked << QStringLiteral("confirm:") + title;
        if (confirmations.isEmpty()) {
            unexpected << asked.back();
            return false;
        }
        return confirmations.takeFirst();
    }
    QList<QWidget*> openParents; // the window each open dialog belonged to (focus returns there)
    QString getOpenFileName(QWidget* parent, const QString&, const QString& dir, const QString&) override {
        asked << QStringLiteral("open");
        openDirs << dir;
        openParents << parent;
        if (openNames.isEmpty()) {
            unexpected << asked.back();
            return {};
        }
        return openNames.takeFirst();
    }
    QString getSaveFileName(QWidget*, const QString&, const QString&, const QString&) override {
        asked << QStringLiteral("save-as");
        if (saveNames.isEmpty()) {
            unexpected << asked.back();
            return {};
        }
        return saveNames.takeFirst();
    }
    // Print: each answer is a PDF file the printer writes to ("" = cancelled).
    QStringList printFiles;
    bool choosePrinter(QWidget*, QPrinter& printer) override {
        asked << QStringLiteral("print");
        if (printFiles.isEmpty()) {
            unexpected << asked.back();
            return false;
        }
        const QString file = printFiles.takeFirst();
        if (file.isEmpty())
            return false;
        printer.setOutputFormat(QPrinter::PdfFormat);
        printer.setOutputFileName(file);
        return true;
    }
    void showError(QWidget*, const QString& title, const QString& message) override {
        errors << title + QLatin1Char('\n') + message;
    }

    QStringList infos; // title + "\n" + message + "\n" + details of every note shown
    void showInfo(QWidget*, const QString& title, const QString& message, const QString& details) override {
        infos << title + QLatin1Char('\n') + message + QLatin1Char('\n') + details;
    }

    bool allAnswered() const {
        return saveChoices.isEmpty() && confirmations.isEmpty() && openNames.isEmpty() && saveNames.isEmpty() &&
               printFiles.isEmpty() && unexpected.isEmpty();
    }
    void reset() { *this = ScriptedDialogs(); }
};

} // namespace tl::test
