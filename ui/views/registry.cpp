#include "ui/views/registry.h"

#include "ui/controller.h"
#include "ui/export/tables.h"
#include "ui/i18n/enginetext.h"
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

// The days curve, with the best layout per count when the window's days chart shows it.
std::optional<QByteArray> daysCurve(const Controller& c, QWidget* shown, const QString&) {
    auto* t = qobject_cast<TimeView*>(shown);
    if (!t || !t->bestLayoutShown())
        return daysCurveCsv(c.evaluation().curve);
    t->waitForBestLayouts();
    return daysCurveCsv(c.evaluation().curve, &t->bestLayouts());
}
std::optional<QByteArray> zeroSweep(const Controller& c, QWidget*, const QString&) {
    return zeroSweepCsv(c.evaluation().zero);
}
std::optional<QByteArray> ledger(const Controller& c, QWidget*, const QString& suffix) {
    return suffix == QLatin1String("md") ? ledgerMarkdown(c.ledger(), scenarioTitle(c.validScenario()))
                                         : ledgerCsv(c.ledger());
}
} // namespace

const std::vector<ViewInfo>& viewRegistry() {
    using R = ReportRole;
    static const std::vector<ViewInfo> views = {
        {"verdict", nullptr, false, {1400, 160}, make<VerdictBanner>},
        {"memory",
         QT_TRANSLATE_NOOP("views", "&Memory and time"),
         false,
         {1200, 750},
         make<MemoryView>,
         QT_TRANSLATE_NOOP("views", "&Memory Chart"),
         {{"zero-sweep", QT_TRANSLATE_NOOP("views", "Memory by &ZeRO Stage Data"), "csv", zeroSweep}},
         R::FirstPage},
        {"time",
         QT_TRANSLATE_NOOP("views", "&Memory and time"),
         false,
         {1200, 750},
         make<TimeView>,
         QT_TRANSLATE_NOOP("views", "&Days Chart"),
         {{"days-curve", QT_TRANSLATE_NOOP("views", "Days &Curve Data"), "csv", daysCurve}},
         R::FirstPage},
        {"step",
         QT_TRANSLATE_NOOP("views", "&Memory and time"),
         true,
         {1200, 500},
         make<StepTimeView>,
         QT_TRANSLATE_NOOP("views", "&Step Time Chart"),
         {},
         R::DerivedSection,
         false},
        {"pipeline",
         QT_TRANSLATE_NOOP("views", "P&ipeline"),
         false,
         {1400, 700},
         make<PipelineView>,
         QT_TRANSLATE_NOOP("views", "&Pipeline Diagram")},
        {"ledger",
         QT_TRANSLATE_NOOP("views", "&Ledger"),
         false,
         {1000, 800},
         make<LedgerTable>,
         nullptr,
         {{"ledger", QT_TRANSLATE_NOOP("views", "&Ledger"), "csv,md", ledger}}},
        {"planner", QT_TRANSLATE_NOOP("views", "Pla&nner"), false, {1400, 800}, withController<PlannerTab>},
        {"parallelism-lab",
         QT_TRANSLATE_NOOP("views", "Parallelism l&ab"),
         false,
         {1400, 900},
         make<labs::ParallelismLab>},
        {"scaling-lab",
         QT_TRANSLATE_NOOP("views", "Scaling la&ws"),
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

QString pictureExportId(const ViewInfo& view) {
    return QString::fromLatin1(view.id) + QStringLiteral("-chart");
}

} // namespace tl::ui
