// rendericon IN.svg OUT.png SIZE: renders a scalable icon to a square PNG at build time (hicolor PNG sizes for the
// launcher, file managers and older desktops), with Qt SVG so the package needs no other image tool.
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    bool ok = false;
    const int size = args.size() == 4 ? args[3].toInt(&ok) : 0;
    if (!ok || size < 8 || size > 1024) {
        QTextStream(stderr) << "usage: rendericon IN.svg OUT.png SIZE (8-1024)" << Qt::endl;
        return 2;
    }
    QSvgRenderer renderer(args[1]);
    renderer.setAspectRatioMode(Qt::KeepAspectRatio);
    if (!renderer.isValid()) {
        QTextStream(stderr) << "rendericon: " << args[1] << ": not a readable SVG" << Qt::endl;
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter);
    painter.end();
    if (!image.save(args[2], "PNG")) {
        QTextStream(stderr) << "rendericon: " << args[2] << ": cannot write" << Qt::endl;
        return 1;
    }
    return 0;
}
