#include "ui/i18n/enginetext.h"

#include "engine/model.h"
#include "engine/presets.h"
#include "engine/units.h"
#include "ui/i18n/numberpattern.h"

namespace tl::ui {

QString engineSentence(const std::string& text) {
    const NumberPattern p = numberPattern(text);
    QString out = QCoreApplication::translate("tl::engine", p.text.c_str());
    for (const std::string& n : p.numbers)
        out = out.arg(QString::fromStdString(n));
    return out;
}

QString scenarioTitle(const engine::Scenario& s) {
    if (!s.title.empty())
        return QString::fromStdString(s.title);
    const engine::ModelPreset* preset = s.model.params > 0 ? nullptr : engine::findModelPreset(s.model.preset);
    const QString count = QString::fromStdString(engine::formatCountShort(engine::countModel(s.model).total));
    const QString model = preset
                              ? QString::fromStdString(preset->name)
                              : QCoreApplication::translate("tl::ui::ScenarioTitle", "%1-parameter model").arg(count);
    return QCoreApplication::translate("tl::ui::ScenarioTitle", "%1, %2 tokens in %3 days")
        .arg(model, QString::fromStdString(engine::formatCountShort(s.data.tokens)),
             QString::fromStdString(engine::formatCountShort(s.schedule.deadlineDays)));
}

} // namespace tl::ui
