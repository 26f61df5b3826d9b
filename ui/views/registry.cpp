#include "ui/views/registry.h"

#include "ui/views/ledgertable.h"
#include "ui/views/memoryview.h"
#include "ui/views/pipelineview.h"
#include "ui/views/timeview.h"
#include "ui/views/verdictbanner.h"
#include "ui/views/view.h"

#include <QtGlobal>

namespace tl::ui {

namespace {
template <typename T> QWidget* make() {
    return new T;
}
} // namespace

const std::vector<ViewInfo>& viewRegistry() {
    static const std::vector<ViewInfo> views = {
        {"verdict", nullptr, {1400, 160}, make<VerdictBanner>},
        {"memory", QT_TRANSLATE_NOOP("views", "&Memory and time"), {1200, 750}, make<MemoryView>},
        {"time", QT_TRANSLATE_NOOP("views", "&Memory and time"), {1200, 750}, make<TimeView>},
        {"pipeline", QT_TRANSLATE_NOOP("views", "Pip&eline"), {1400, 700}, make<PipelineView>},
        {"ledger", QT_TRANSLATE_NOOP("views", "&Ledger"), {1000, 800}, make<LedgerTable>},
    };
    return views;
}

const ViewInfo* findView(const QString& id) {
    for (const ViewInfo& v : viewRegistry())
        if (id == QLatin1String(v.id))
            return &v;
    return nullptr;
}

QStringList viewIds() {
    QStringList out;
    for (const ViewInfo& v : viewRegistry())
        out << QString::fromLatin1(v.id);
    return out;
}

EvaluationView* asView(QWidget* w) {
    return dynamic_cast<EvaluationView*>(w);
}

} // namespace tl::ui
