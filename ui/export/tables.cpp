#include "ui/export/tables.h"

#include "engine/ledgerfields.h"
#include "engine/units.h"
#include "ui/i18n/enginetext.h"
#include "ui/views/ledgertable.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace tl::ui {

namespace {

QByteArray number(double x) {
    return QByteArray::fromStdString(engine::formatGeneral(x, 12));
}

QByteArray csvValue(const engine::LedgerValue& v) {
    if (auto b = std::get_if<bool>(&v))
        return *b ? "true" : "false";
    if (auto i = std::get_if<std::int64_t>(&v))
        return QByteArray::number(qint64(*i));
    if (auto d = std::get_if<double>(&v))
        return number(*d);
    if (auto s = std::get_if<std::string>(&v))
        return QByteArray::fromStdString(*s);
    return {};
}

// RFC 4180: quote a cell that holds a comma, a quote or a line break.
QByteArray cell(QByteArray text) {
    if (text.contains(',') || text.contains('"') || text.contains('\n')) {
        text.replace("\"", "\"\"");
        return '"' + text + '"';
    }
    return text;
}

const char* unitName(engine::Unit u) {
    switch (u) {
    case engine::Unit::Count:
        return "count";
    case engine::Unit::Bytes:
        return "bytes";
    case engine::Unit::Flops:
        return "FLOPs";
    case engine::Unit::FlopsPerToken:
        return "FLOPs/token";
    case engine::Unit::Seconds:
        return "s";
    case engine::Unit::Days:
        return "days";
    case engine::Unit::Hours:
        return "GPU-hours";
    case engine::Unit::Usd:
        return "USD";
    case engine::Unit::TokensPerS:
        return "tokens/s";
    case engine::Unit::BytesPerParam:
        return "bytes/param";
    case engine::Unit::Ratio:
    case engine::Unit::Share: // the CSV keeps the fraction
        return "ratio";
    case engine::Unit::Bool:
        return "bool";
    case engine::Unit::Text:
        return "text";
    }
    return "";
}

QString label(const engine::LedgerField& f) {
    return engineText(QByteArray(f.label).trimmed().constData());
}

} // namespace

QByteArray daysCurveCsv(const std::vector<engine::ScalePoint>& curve,
                        const std::vector<std::optional<engine::CountBest>>* best) {
    if (best && best->size() != curve.size())
        best = nullptr;
    QByteArray out = "gpus,dp,days,usd,tokens_per_s,memory_total_bytes,fits";
    out += best ? ",best_days,best_usd,best_layout\n" : "\n";
    for (size_t i = 0; i < curve.size(); ++i) {
        const engine::ScalePoint& p = curve[i];
        out += QByteArray::number(p.gpus) + ',' + QByteArray::number(p.dp) + ',' + number(p.days) + ',' +
               number(p.usd) + ',' + number(p.tokensPerS) + ',' + number(p.memoryTotal) + ',' +
               (p.fits ? "true" : "false");
        if (best) {
            if (const auto& b = (*best)[i])
                out += ',' + number(b->plan.days) + ',' + number(b->plan.usd) + ',' +
                       cell(QByteArray::fromStdString(engine::describeLayout(b->plan.layout)));
            else
                out += ",,,";
        }
        out += '\n';
    }
    return out;
}

QByteArray zeroSweepCsv(const std::array<engine::Ledger, 4>& zero) {
    QByteArray out = "parallel.zero";
    for (const engine::MemoryPart& p : engine::memoryParts({}))
        out += QByteArray(",") + p.key;
    out += ",memory.total,memory.capacity,memory.fits\n";
    for (int z = 0; z < 4; ++z) {
        const engine::MemoryLedger& m = zero[size_t(z)].memory;
        out += QByteArray::number(z);
        std::vector<double> values;
        for (const engine::MemoryPart& p : engine::memoryParts(m))
            values.push_back(p.bytes);
        values.insert(values.end(), {m.total, m.capacity});
        for (double v : values)
            out += ',' + (zero[size_t(z)].valid ? number(v) : QByteArray());
        out += QByteArray(",") + (zero[size_t(z)].valid ? (m.fits ? "true" : "false") : "") + '\n';
    }
    return out;
}

QByteArray ledgerCsv(const engine::Ledger& ledger) {
    QByteArray out = "key,value,unit,label\n";
    for (const engine::LedgerField& f : engine::ledgerFields())
        out += QByteArray(f.key) + ',' + cell(csvValue(f.get(ledger))) + ',' + unitName(f.unit) + ',' +
               cell(label(f).toUtf8()) + '\n';
    return out;
}

QByteArray ledgerMarkdown(const engine::Ledger& ledger, const QString& title) {
    const auto escape = [](QString s) { return s.replace(QLatin1Char('|'), QStringLiteral("\\|")).toUtf8(); };
    QByteArray out = "# " + title.toUtf8() + "\n\n| " +
                     QCoreApplication::translate("tl::ui::Export", "Figure").toUtf8() + " | " +
                     QCoreApplication::translate("tl::ui::Export", "Value").toUtf8() + " | " +
                     QCoreApplication::translate("tl::ui::Export", "Key").toUtf8() + " |\n| --- | ---: | --- |\n";
    for (const engine::LedgerField& f : engine::ledgerFields())
        out += "| " + escape(label(f)) + " | " + escape(fieldValueText(f, ledger)) + " | `" + f.key + "` |\n";
    if (!ledger.errors.empty()) {
        out += '\n';
        for (const auto& e : ledger.errors)
            out += "- " + diagnosticText(e).toUtf8() + '\n';
    }
    return out;
}

} // namespace tl::ui
