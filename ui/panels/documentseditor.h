#pragma once
// data.documents: the lengths of the documents packed into one sequence, as "4096, 4096" in a line edit, with a menu
// of common packings ("One document", "4096 + 4096", "7168 + 1024"). A packing also sets the sequence length to its
// sum, so the pair stays valid in one undoable step.

#include <QWidget>

#include <vector>

class QLineEdit;
class QToolButton;

namespace tl::ui {

class DocumentsEditor : public QWidget {
    Q_OBJECT
public:
    explicit DocumentsEditor(QWidget* parent = nullptr); // objectName "list:data.documents"

    void setDocuments(const std::vector<int>& lengths); // shows them without emitting
    QLineEdit* lineEdit() const { return m_line; }
    QToolButton* presetButton() const { return m_presets; }

    // "4096, 4096" or "4096 + 4096" -> {4096, 4096}; empty for text that is not a list of whole numbers.
    static std::vector<int> parse(const QString& text);

signals:
    void documentsEdited(const std::vector<int>& lengths); // the user typed a list
    void packingChosen(const std::vector<int>& lengths);   // a preset: the sequence length becomes their sum

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QLineEdit* m_line;
    QToolButton* m_presets;
};

} // namespace tl::ui
