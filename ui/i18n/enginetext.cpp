#include "ui/i18n/enginetext.h"

#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/messages.h"
#include "engine/model.h"
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

} // namespace

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
