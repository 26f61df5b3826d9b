#include "ui/dialogs.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QMessageBox>
#include <QPrintDialog>
#include <QPrinter>
#include <QRegularExpression>

namespace tl::ui {

Dialogs::~Dialogs() = default;

Dialogs::SaveChoice WidgetDialogs::askSaveChanges(QWidget* parent, const QString& documentName) {
    QMessageBox box(QMessageBox::Warning, QCoreApplication::translate("Dialogs", "Unsaved changes"),
                    QCoreApplication::translate("Dialogs", "Save the changes to \u201c%1\u201d?").arg(documentName),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box.setInformativeText(QCoreApplication::translate("Dialogs", "Your changes are lost if you don't save them."));
    box.setDefaultButton(QMessageBox::Save);
    switch (box.exec()) {
    case QMessageBox::Save:
        return SaveChoice::Save;
    case QMessageBox::Discard:
        return SaveChoice::Discard;
    default:
        return SaveChoice::Cancel;
    }
}

bool WidgetDialogs::confirm(QWidget* parent, const QString& title, const QString& question) {
    return QMessageBox::question(parent, title, question, QMessageBox::Yes | QMessageBox::No, QMessageBox::No) ==
           QMessageBox::Yes;
}

QString WidgetDialogs::getOpenFileName(QWidget* parent, const QString& caption, const QString& dir,
                                       const QString& filter) {
    return QFileDialog::getOpenFileName(parent, caption, dir, filter);
}

QString WidgetDialogs::getSaveFileName(QWidget* parent, const QString& caption, const QString& suggested,
                                       const QString& filter) {
    QFileDialog dialog(parent, caption, suggested, filter);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    // The suffix of the chosen filter ("... (*.pdf)") when the name has none.
    const auto suffixOf = [](const QString& f) {
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("\\*\\.(\\w+)")).match(f);
        return m.hasMatch() ? m.captured(1) : QStringLiteral("trainledger");
    };
    dialog.setDefaultSuffix(suffixOf(filter));
    QObject::connect(&dialog, &QFileDialog::filterSelected, &dialog,
                     [&dialog, suffixOf](const QString& f) { dialog.setDefaultSuffix(suffixOf(f)); });
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    return dialog.selectedFiles().front();
}

void WidgetDialogs::showError(QWidget* parent, const QString& title, const QString& message) {
    QMessageBox::warning(parent, title, message);
}

void WidgetDialogs::showInfo(QWidget* parent, const QString& title, const QString& message, const QString& details) {
    QMessageBox box(QMessageBox::Information, title, message, QMessageBox::Ok, parent);
    box.setDetailedText(details);
    box.exec();
}

bool WidgetDialogs::choosePrinter(QWidget* parent, QPrinter& printer) {
    QPrintDialog dialog(&printer, parent);
    return dialog.exec() == QDialog::Accepted;
}

} // namespace tl::ui
