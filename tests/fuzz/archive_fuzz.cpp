// libFuzzer target over everything that reads untrusted bytes: the archive reader (zip, entry limits, PNG header,
// scenario.json) and, on the same bytes, the bare scenario.json parser. Any crash, sanitizer report, leak or hang
// fails the run.

#include "engine/evaluate.h"
#include "io/archive.h"
#include "io/scenariojson.h"

#include <QtGlobal>

#include <cstddef>
#include <cstdint>

// Qt's warnings about damaged input ("QBuffer::seek: Invalid pos") are expected here and would drown the log.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString&) {});
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    const tl::io::ArchiveResult archive = tl::io::readArchive(bytes);
    if (archive.archive)
        (void)tl::engine::evaluate(archive.archive->scenario);
    const tl::io::ScenarioResult json = tl::io::scenarioFromJson(bytes, false);
    if (json.scenario)
        (void)tl::engine::evaluate(*json.scenario);
    return 0;
}
