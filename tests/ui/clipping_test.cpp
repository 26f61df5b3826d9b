// No text of the default window is clipped (issue 8): at 1280x720 and 1920x1080, and under QT_SCALE_FACTOR=1.5 (a
// second CTest run), in English and Chinese, every visible label, text line, check box and button shows its whole text
// inside its rect, and no chart shortens a text (axis titles included) to "...".

#include "ui/controller.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow.h"
#include "ui/views/textline.h"

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QStandardPaths>
#include <QtTest>

using namespace tl;

namespace {

// The text a widget shows and the width it has for it; empty when the widget is not a text widget or is hidden.
QStringList clipped(QWidget* root) {
    QStringList out;
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!w->isVisibleTo(root) || w->width() <= 1)
            continue;
        const QFontMetrics fm = w->fontMetrics();
        auto check = [&](const QString& text, int room, int heightRoom = -1, int heightNeeded = 0) {
            if (text.isEmpty())
                return;
            if (fm.horizontalAdvance(text) > room || (heightRoom >= 0 && heightNeeded > heightRoom))
                out << QStringLiteral("%1 \"%2\": %3 px of text in %4 px")
                           .arg(w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                                          : w->objectName(),
                                text.left(60))
                           .arg(fm.horizontalAdvance(text))
                           .arg(room);
        };
        if (auto* line = qobject_cast<ui::TextLine*>(w)) {
            if (line->hasHeightForWidth()) { // a wrapping line must have the height its lines need
                if (line->heightForWidth(line->width()) > line->height() + 1)
                    out << QStringLiteral("%1 \"%2\": wraps to %3 px in %4 px")
                               .arg(line->objectName(), line->text().left(60))
                               .arg(line->heightForWidth(line->width()))
                               .arg(line->height());
            } else {
                check(line->text(), line->width());
            }
        } else if (auto* label = qobject_cast<QLabel*>(w)) {
            if (label->textFormat() == Qt::RichText || label->text().startsWith(QLatin1Char('<')))
                continue; // rich text wraps by itself
            const QString text = label->text().remove(QLatin1Char('&'));
            if (!label->wordWrap())
                check(text, label->contentsRect().width() + 1);
            if (label->wordWrap() && label->heightForWidth(label->width()) > label->height() + 1)
                out << QStringLiteral("%1 \"%2\": wraps to %3 px in %4 px")
                           .arg(label->objectName(), text.left(60))
                           .arg(label->heightForWidth(label->width()))
                           .arg(label->height());
        } else if (auto* box = qobject_cast<QCheckBox*>(w)) {
            const QString text = box->text().remove(QLatin1Char('&'));
            check(text, box->width() - box->iconSize().width() - 8);
        } else if (auto* view = qobject_cast<QChartView*>(w)) {
            // Qt Charts shortens a text item that does not fit (axis titles get the plot's side) to "Text...".
            for (const QGraphicsItem* item : view->scene()->items()) {
                const auto* text = qgraphicsitem_cast<const QGraphicsTextItem*>(item);
                if (text && text->isVisible()) {
                    const QString shown = text->toPlainText();
                    if (shown.endsWith(QLatin1String("...")) || shown.endsWith(QChar(0x2026)))
                        out << QStringLiteral("%1 \"%2\": shortened by the chart").arg(view->objectName(), shown);
                }
            }
            const QRectF plot = view->chart()->plotArea();
            for (const QAbstractAxis* axis : view->chart()->axes()) {
                if (!axis->isVisible() || !axis->isTitleVisible() || axis->titleText().isEmpty())
                    continue;
                const qreal room = axis->orientation() == Qt::Vertical ? plot.height() : plot.width();
                const qreal need = QFontMetricsF(axis->titleFont()).horizontalAdvance(axis->titleText());
                if (need > room)
                    out << QStringLiteral("%1 axis title \"%2\": %3 px of text in %4 px")
                               .arg(view->objectName(), axis->titleText())
                               .arg(need, 0, 'f', 0)
                               .arg(room, 0, 'f', 0);
            }
        }
    }
    return out;
}

} // namespace

class ClippingTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TrainLedgerTest"));
        QCoreApplication::setApplicationName(QStringLiteral("clipping_test"));
    }
    void cleanupTestCase() { ui::Language::apply(QStringLiteral("en")); }
    void noTextIsClipped_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            const QByteArray suffix = language == QLatin1String("en") ? QByteArray() : " " + language.toLatin1();
            if (!qEnvironmentVariableIsSet("QT_SCALE_FACTOR")) { // 150% is asked of the 1920x1080 screen
                QTest::newRow("1280x720" + suffix) << QSize(1280, 720) << language;
            }
            QTest::newRow("1920x1080" + suffix) << QSize(1920, 1080) << language;
        }
    }
    void noTextIsClipped() {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QVERIFY(ui::Language::apply(language));
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        // Logical pixels: a 1920x1080 screen at 150% is 1280x720 of them.
        const double scale = qEnvironmentVariableIsSet("QT_SCALE_FACTOR") ? qgetenv("QT_SCALE_FACTOR").toDouble() : 1;
        window.resize(QSize(int(size.width() / scale), int(size.height() / scale)));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (int i = 0; i < 5; ++i)
            QApplication::processEvents();
        const QStringList bad = clipped(&window);
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(ClippingTest)
#include "clipping_test.moc"
