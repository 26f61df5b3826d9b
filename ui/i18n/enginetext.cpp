#include "ui/i18n/enginetext.h"

#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/messages.h"
#include "engine/model.h"
#include "engine/planlayout.h"
#include "engine/presets.h"
#include "engine/units.h"
#include "ui/i18n/numberpattern.h"

#include <QRegularExpression>

#include <algorithm>

namespace tl::ui {

QString engineSentence(const std::string& text) {
    const NumberPattern p = numberPattern(text);
    QString out = QCoreApplication::translate("tl::engine", p.text.c_str());
    for (const std::string& n : p.numbers)
        out = out.arg(QString::fromStdString(n));
    return out;
}

QString choiceText(const engine::Field& f, size_t choice) {
    return choice < f.ui.choiceLabels.size() ? engineText(f.ui.choiceLabels[choice].c_str())
                                             : QString::fromStdString(f.choices[choice]);
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

namespace {

// A key's label in the interface language: the scenario field's, else the ledger field's, else the key itself.
QString keyLabel(const char* key) {
    if (const engine::Field* f = engine::findField(key); f && f->ui.label[0])
        return engineLabel(f->ui.label).trimmed();
    for (const auto& f : engine::ledgerFields())
        if (std::string_view(f.key) == key && f.label && f.label[0])
            return engineLabel(f.label).trimmed();
    return QString::fromUtf8(key);
}

// A choice key's value as the parameter panel names it: "1F1B", "To CPU memory".
QString choiceText(const char* key, const char* name) {
    if (const engine::Field* f = engine::findField(key))
        for (size_t i = 0; i < f->choices.size() && i < f->ui.choiceLabels.size(); ++i)
            if (f->choices[i] == name)
                return engineLabel(f->ui.choiceLabels[i].c_str()).trimmed();
    return QString::fromLatin1(name);
}

QString recomputeText(engine::Recompute r) {
    switch (r) {
    case engine::Recompute::Selective:
        return QCoreApplication::translate("TimeView", "selective");
    case engine::Recompute::Full:
        return QCoreApplication::translate("TimeView", "full");
    case engine::Recompute::PerOp:
        return QCoreApplication::translate("TimeView", "per-op");
    case engine::Recompute::None:
        break;
    }
    return QCoreApplication::translate("TimeView", "none");
}

// The choice values describeLayout names, for lupdate (context "LayoutText"): engine/choices.h's name tables.
[[maybe_unused]] const char* const kLayoutValues[] = {
    QT_TRANSLATE_NOOP("LayoutText", "gpipe"),        QT_TRANSLATE_NOOP("LayoutText", "1f1b"),
    QT_TRANSLATE_NOOP("LayoutText", "interleaved"),  QT_TRANSLATE_NOOP("LayoutText", "zb-h1"),
    QT_TRANSLATE_NOOP("LayoutText", "zb-h2"),        QT_TRANSLATE_NOOP("LayoutText", "zb-v"),
    QT_TRANSLATE_NOOP("LayoutText", "dualpipev"),    QT_TRANSLATE_NOOP("LayoutText", "none"),
    QT_TRANSLATE_NOOP("LayoutText", "selective"),    QT_TRANSLATE_NOOP("LayoutText", "full"),
    QT_TRANSLATE_NOOP("LayoutText", "cpu"),          QT_TRANSLATE_NOOP("LayoutText", "nvme"),
    QT_TRANSLATE_NOOP("LayoutText", "selective_op"),
};

QString layoutValue(const char* name) {
    return QCoreApplication::translate("LayoutText", name);
}

// engine::describeLayout word for word, each word that is not a key's own name translated.
QString shortLayoutText(const engine::Layout& l) {
    QStringList parts = {QStringLiteral("tp %1").arg(l.tp), QStringLiteral("pp %1").arg(l.pp),
                         QStringLiteral("dp %1").arg(l.dp)};
    if (l.cp > 1)
        parts << QStringLiteral("cp %1").arg(l.cp);
    parts << QStringLiteral("ZeRO %1").arg(l.zero);
    if (l.sequenceParallel)
        parts << QStringLiteral("SP");
    if (l.pp > 1)
        parts << layoutValue(engine::choiceName(l.schedule)) +
                     (l.virtualStages > 1 ? QStringLiteral(" x%1").arg(l.virtualStages) : QString());
    parts
        << QCoreApplication::translate("LayoutText", "micro-batch %1").arg(l.microBatch)
        << QCoreApplication::translate("LayoutText", "recompute %1").arg(layoutValue(engine::choiceName(l.recompute)));
    if (l.offload != engine::Offload::None)
        parts
            << QCoreApplication::translate("LayoutText", "offload %1").arg(layoutValue(engine::choiceName(l.offload)));
    return parts.join(QStringLiteral(" \u00b7 "));
}

} // namespace

QString layoutText(const engine::Layout& l, LayoutStyle style) {
    if (style == LayoutStyle::Short)
        return shortLayoutText(l);
    QStringList parts;
    parts << QCoreApplication::translate("TimeView", "TP %1 \u00d7 PP %2 \u00d7 DP %3 \u00d7 CP %4")
                 .arg(l.tp)
                 .arg(l.pp)
                 .arg(l.dp)
                 .arg(l.cp)
          << QCoreApplication::translate("TimeView", "ZeRO %1").arg(l.zero);
    if (l.sequenceParallel)
        parts << QCoreApplication::translate("TimeView", "sequence parallel");
    parts << QCoreApplication::translate("TimeView", "micro-batch %1").arg(l.microBatch)
          << QCoreApplication::translate("TimeView", "recompute: %1").arg(recomputeText(l.recompute));
    if (l.pp > 1) {
        QString schedule = choiceText("parallel.schedule", engine::choiceName(l.schedule));
        if (l.virtualStages > 1)
            schedule += QStringLiteral(" \u00d7%1").arg(l.virtualStages);
        parts << QCoreApplication::translate("TimeView", "schedule %1").arg(schedule);
    }
    if (l.offload != engine::Offload::None)
        parts << QCoreApplication::translate("TimeView", "optimizer offload: %1")
                     .arg(choiceText("offload.optimizer", engine::choiceName(l.offload)));
    return parts.join(QStringLiteral(" \u00b7 "));
}

QString bottleneckText(const std::string& bottleneck) {
    // "<step part> 23%": the part's label translated, the share kept.
    static const QRegularExpression share(QStringLiteral("^(.*) (\\d+)%$"));
    const QString text = QString::fromStdString(bottleneck);
    if (const auto m = share.match(text); m.hasMatch())
        return QCoreApplication::translate("PlanModel", "%1 %2%")
            .arg(engineText(m.captured(1).toUtf8().constData()), m.captured(2));
    return engineText(bottleneck.c_str());
}

QString diagnosticText(const engine::Diagnostic& d, bool besideControl) {
    QString text = engineText(engine::messageTemplate(d.id));
    if (besideControl && !d.args.empty() && d.args.front().kind == engine::MessageArg::Kind::Key) {
        static const QRegularExpression leadingKey(QStringLiteral("^%1\\s*[:\uff1a]\\s*"));
        text.remove(leadingKey);
    }
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        const int n = i + 1 < text.size() ? text[i + 1].digitValue() : -1;
        if (c != QLatin1Char('%') || n < 1 || size_t(n) > d.args.size()) {
            out += c;
            continue;
        }
        ++i;
        const engine::MessageArg& a = d.args[size_t(n - 1)];
        if (a.kind == engine::MessageArg::Kind::Sentence && a.sentence) {
            out += diagnosticText(*a.sentence);
            continue;
        }
        if (a.kind == engine::MessageArg::Kind::Layout && a.layout) {
            out += layoutText(*a.layout, LayoutStyle::Short);
            continue;
        }
        if (a.kind != engine::MessageArg::Kind::Key) {
            out += QString::fromStdString(engine::formatArg(a));
            continue;
        }
        QString label = keyLabel(a.key);
        // Inside a sentence a label is lower case, unless its first word carries capitals of its own (ZeRO, TP).
        const QString first = label.section(QLatin1Char(' '), 0, 0);
        const bool ownCapitals = std::any_of(first.begin() + std::min<qsizetype>(1, first.size()), first.end(),
                                             [](QChar ch) { return ch.isUpper(); });
        const bool sentenceStart = out.isEmpty() || out.endsWith(QLatin1String(". "));
        if (!ownCapitals && !sentenceStart && !label.isEmpty())
            label[0] = label[0].toLower();
        out += label;
    }
    return out;
}

QString valueText(const engine::LedgerValue& v, engine::Unit unit) {
    if (auto s = std::get_if<std::string>(&v)) // a word: time.binding_gate's "memory"
        return engineText(s->c_str());
    const engine::ValueText t = engine::ledgerValueText(v, unit);
    QString pattern = engineText(t.pattern);
    if (pattern.contains(QLatin1String("%2")))
        return pattern.arg(QString::fromStdString(t.a), QString::fromStdString(t.b));
    return pattern.contains(QLatin1String("%1")) ? pattern.arg(QString::fromStdString(t.a)) : pattern;
}

} // namespace tl::ui
