// Writes the fuzzer's seed corpus: valid archives and scenario.json files, and every bad case of the reader tests.

#include "tests/io/badfiles.h"

#include "engine/presets.h"
#include "io/archive.h"

#include <QDir>
#include <QFile>

namespace {

void write(const QDir& dir, const QString& name, const QByteArray& bytes) {
    QFile f(dir.filePath(name));
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2)
        return 2;
    const QDir dir(QString::fromLocal8Bit(argv[1]));
    if (!QDir().mkpath(dir.path()))
        return 1;
    for (const auto& p : tl::engine::modelPresets()) {
        tl::engine::Scenario s;
        tl::engine::applyModelPreset(s, p.id);
        s.notes = "notes for " + p.id;
        write(dir, QString::fromStdString("valid-" + p.id + ".trainledger"), tl::io::archiveBytes(s));
        write(dir, QString::fromStdString("valid-" + p.id + ".json"), tl::io::scenarioToJson(s));
    }
    write(dir, QStringLiteral("valid-preview.trainledger"),
          tl::io::archiveBytes(tl::engine::Scenario{}, tl::test::pngHeader(64, 64)));
    for (const auto& odd : tl::test::unusualGoodFiles())
        write(dir, QString::fromLatin1(odd.name), odd.bytes);
    for (const auto& bad : tl::test::badFiles()) {
        if (bad.bytes.size() < (1 << 20)) // the fuzzer mutates small inputs; the big ones are in the unit tests
            write(dir, QString::fromLatin1(bad.name), bad.bytes);
    }
    return 0;
}
