#include "ui/views/registry.h"

#include "ui/controller.h"
#include "ui/labs/parallelismlab.h"
#include "ui/labs/scalinglab.h"
#include "ui/planner/plannertab.h"
#include "ui/views/ledgertable.h"
#include "ui/views/memoryview.h"
#include "ui/views/pipelineview.h"
#include "ui/views/steptimeview.h"
#include "ui/views/timeview.h"
#include "ui/views/verdictbanner.h"
#include "ui/views/view.h"

#include <QtGlobal>

namespace tl::ui {

namespace {
template <typename T> QWidget* make(Controller*) {
    return new T;
}
template <typename T> QWidget* withController(Controller* c) {
    return new T(c);
}
} // namespace

const std::vector<ViewInfo>& viewRegistry() {
    static const std::vector<ViewInfo> views = {
        {"verdict", nullptr, false, {1400, 160}, make<VerdictBanner>},
        {"memory", QT_TRANSLATE_NOOP("views", "&Memory and time"), false, {1200, 750}, make<MemoryView>},
        {"time", QT_TRANSLATE_NOOP("views", "&Memory and time"), false, {1200, 750}, make<TimeView>},
        {"step", QT_TRANSLATE_NOOP("views", "&Memory and time"), true, {1200, 500}, make<StepTimeView>},
        {"pipeline", QT_TRANSLATE_NOOP("views", "Pip&eline"), false, {1400, 700}, make<PipelineView>},
        {"ledger", QT_TRANSLATE_NOOP("views", "&Ledger"), false, {1000, 800}, make<LedgerTable>},
        {"planner", QT_TRANSLATE_NOOP("views", "Pla&nner"), false, {1400, 800}, withController<PlannerTab>},
        {"parallelism-lab",
         QT_TRANSLATE_NOOP("views", "Parallelism l&ab"),
         false,
         {1400, 900},
         make<labs::ParallelismLab>},
        {"scaling-lab",
         QT_TRANSLATE_NOOP("views", "&Scaling laws"),
         false,
         {1400, 900},
         withController<labs::ScalingLab>},
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
