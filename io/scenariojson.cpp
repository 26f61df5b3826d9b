#include "io/scenariojson.h"

#include "engine/ledgerfields.h"
#include "engine/units.h"
#include "io/filekind.h"
#include "io/messagetext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

namespace tl::io {
namespace {

using engine::FieldValue;

QString fromStd(const std::string& s) {
    return QString::fromStdString(s);
}

using engine::Msg;

// Line and column of a byte offset, for JSON syntax errors people can find.
std::pair<int, int> position(const QByteArray& bytes, qsizetype offset) {
    int line = 1, column = 1;
    for (qsizetype i = 0; i < offset && i < bytes.size(); ++i) {
        if (bytes[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

// Flatten nested objects into dotted keys; "format", "version" stay as they are.
void flatten(const QJsonObject& o, const QString& prefix, QList<QPair<QString, QJsonValue>>& out, int depth) {
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        if (it.value().isObject() && depth < 8)
            flatten(it.value().toObject(), key, out, depth + 1);
        else
            out.append({key, it.value()});
    }
}

ScenarioResult fail(const QString& category, engine::Diagnostic message) {
    ScenarioResult r;
    r.category = category;
    r.error = std::move(message);
    return r;
}

// A count with its thousands grouped, "1,996".
engine::MessageArg grouped(double n) {
    return engine::MessageArg::ofText(engine::groupDigits(n));
}

constexpr qsizetype kMaxListLength = 100000; // engine::checkRange's limit for list keys
constexpr int kUnknownKeysListed = 5;        // then one line counts the rest

// A list longer than any key takes, named as such rather than as a wrong type.
std::optional<engine::Diagnostic> listTooLong(const QString& key, const QJsonValue& value) {
    if (!value.isArray() || value.toArray().size() <= kMaxListLength)
        return std::nullopt;
    return say(Msg::ListTooLong,
               {textArg(key, 80), grouped(double(value.toArray().size())), grouped(double(kMaxListLength))});
}

// JSON text must be UTF-8 (RFC 8259); a UTF-16 or UTF-32 file would otherwise be "illegal value at column 2".
std::optional<engine::Diagnostic> notUtf8(const QByteArray& bytes) {
    const auto u = [&](qsizetype i) { return i < bytes.size() ? quint8(bytes[i]) : 0x100; };
    if ((u(0) == 0xff && u(1) == 0xfe) || (u(0) == 0xfe && u(1) == 0xff) || (u(0) == 0 && u(1) == 0 && u(2) == 0xfe))
        return say(Msg::Utf16Mark);
    if (bytes.size() >= 2 && (u(0) == 0 || u(1) == 0))
        return say(Msg::Utf16Zeros);
    return std::nullopt;
}

} // namespace

std::optional<FieldValue> toFieldValue(const QJsonValue& v) {
    switch (v.type()) {
    case QJsonValue::Null:
        return FieldValue(std::monostate{});
    case QJsonValue::Bool:
        return FieldValue(v.toBool());
    case QJsonValue::Double:
        return FieldValue(v.toDouble());
    case QJsonValue::String:
        return FieldValue(v.toString().toStdString());
    case QJsonValue::Array: {
        std::vector<int> list;
        const QJsonArray a = v.toArray();
        if (a.size() > 100000)
            return std::nullopt;
        for (const auto& x : a) {
            const double d = x.toDouble(std::nan(""));
            if (!x.isDouble() || d != std::floor(d) || std::fabs(d) > 2e9)
                return std::nullopt;
            list.push_back(int(d));
        }
        return FieldValue(std::move(list));
    }
    default:
        return std::nullopt;
    }
}

QJsonValue fromFieldValue(const FieldValue& v) {
    if (auto b = std::get_if<bool>(&v))
        return *b;
    if (auto d = std::get_if<double>(&v))
        return *d;
    if (auto s = std::get_if<std::string>(&v))
        return fromStd(*s);
    if (auto l = std::get_if<std::vector<int>>(&v)) {
        QJsonArray a;
        for (int x : *l)
            a.append(x);
        return a;
    }
    return QJsonValue(QJsonValue::Null);
}

void insertDotted(QJsonObject& root, const QString& dottedKey, const QJsonValue& value) {
    const qsizetype dot = dottedKey.indexOf(QLatin1Char('.'));
    if (dot < 0) {
        root.insert(dottedKey, value);
        return;
    }
    const QString head = dottedKey.left(dot);
    QJsonObject child = root.value(head).toObject();
    insertDotted(child, dottedKey.mid(dot + 1), value);
    root.insert(head, child);
}

ScenarioResult scenarioFromObject(const QJsonObject& object, bool requireHeader) {
    QList<QPair<QString, QJsonValue>> entries;
    flatten(object, QString(), entries, 0);

    const QJsonValue format = object.value(QStringLiteral("format"));
    const QJsonValue version = object.value(QStringLiteral("version"));
    // A bare object of keys is a scenario only when it holds one: someone's config.json is refused, not read as the
    // defaults (which a later Save would then write over it).
    if (!requireHeader && format.isUndefined() && !object.isEmpty()) {
        const FileKind kind = jsonKind(object);
        if (auto refusal = notAScenario(kind, object))
            return fail(QStringLiteral("not-scenario"), *refusal);
        if (kind == FileKind::Unknown) {
            QStringList keys;
            for (const auto& entry : entries.mid(0, 3))
                keys << entry.first.left(40);
            return fail(
                QStringLiteral("not-scenario"),
                say(Msg::NoScenarioKeys, {textArg(QLatin1String(kScenarioFormat)),
                                          textArg(keys.join(QStringLiteral(", ")) +
                                                  (entries.size() > 3 ? QStringLiteral(", ...") : QString()))}));
        }
    }
    if (requireHeader || !format.isUndefined()) {
        if (format.toString() != QLatin1String(kScenarioFormat))
            return fail(
                QStringLiteral("format"),
                say(Msg::FormatExpected,
                    {textArg(QLatin1String(kScenarioFormat)),
                     format.isString() ? textArg(QLatin1Char('"') + format.toString().left(80) + QLatin1Char('"'))
                                       : sentenceArg(say(Msg::NoFormatString))}));
    }
    if (requireHeader || !version.isUndefined()) {
        const double v = version.toDouble(-1);
        if (!version.isDouble() || v != std::floor(v) || v < 1)
            return fail(QStringLiteral("version"), say(Msg::VersionExpected));
        if (v > kScenarioVersion)
            return fail(QStringLiteral("version"), say(Msg::VersionNewer, {numberArg(v), numberArg(kScenarioVersion)}));
    }

    ScenarioResult r;
    engine::Scenario s;
    qsizetype unknown = 0;
    // Presets first, so that keys refining a preset win whatever their order in the file.
    for (const char* presetKey : {"model.preset", "hardware.preset"}) {
        for (const auto& [key, value] : entries) {
            if (key != QLatin1String(presetKey))
                continue;
            const auto fv = toFieldValue(value);
            if (!fv)
                return fail(QStringLiteral("type"), say(Msg::KeyWrongType, {textArg(key, 80)}));
            if (auto e = engine::setField(s, presetKey, *fv))
                return fail(QStringLiteral("value"), e->diagnostic);
        }
    }
    for (const auto& [key, value] : entries) {
        if (key == QLatin1String("format") || key == QLatin1String("version") || key == QLatin1String("model.preset") ||
            key == QLatin1String("hardware.preset"))
            continue;
        if (!engine::findField(key.toStdString())) {
            if (++unknown <= kUnknownKeysListed)
                r.warnings.push_back(say(Msg::UnknownKeyIgnored,
                                         {key.isEmpty() ? sentenceArg(say(Msg::EmptyKeyName)) : textArg(key, 80)}));
            continue;
        }
        if (auto e = listTooLong(key, value))
            return fail(QStringLiteral("value"), *e);
        const auto fv = toFieldValue(value);
        if (!fv)
            return fail(QStringLiteral("type"),
                        say(Msg::KeyWrongTypeAllowed,
                            {textArg(key, 80), engine::MessageArg::ofText(
                                                   engine::describeAllowed(*engine::findField(key.toStdString())))}));
        if (auto e = engine::setField(s, key.toStdString(), *fv))
            return fail(e->kind == engine::FieldError::Kind::WrongType ? QStringLiteral("type")
                                                                       : QStringLiteral("value"),
                        e->diagnostic);
    }
    if (unknown > kUnknownKeysListed)
        r.warnings.push_back(say(Msg::MoreUnknownKeys, {grouped(double(unknown - kUnknownKeysListed))}));
    r.scenario = s;
    return r;
}

ScenarioResult scenarioFromJson(const QByteArray& bytes, bool requireHeader) {
    if (bytes.size() > kMaxScenarioJsonBytes)
        return fail(QStringLiteral("size"), say(Msg::JsonTooLarge, {numberArg(double(bytes.size())),
                                                                    numberArg(double(kMaxScenarioJsonBytes))}));
    if (auto e = notUtf8(bytes))
        return fail(QStringLiteral("encoding"), *e);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
    if (err.error != QJsonParseError::NoError) {
        if (auto refusal = notAScenario(fileKind(bytes)))
            return fail(QStringLiteral("not-scenario"), *refusal);
        const auto [line, column] = position(bytes, err.offset);
        return fail(QStringLiteral("json"),
                    say(Msg::JsonErrorAt, {textArg(err.errorString()), numberArg(line), numberArg(column)}));
    }
    if (!doc.isObject())
        return fail(QStringLiteral("json"), say(Msg::JsonNotObject));
    return scenarioFromObject(doc.object(), requireHeader);
}

QJsonObject scenarioToObject(const engine::Scenario& s) {
    QJsonObject root;
    root.insert(QStringLiteral("format"), QLatin1String(kScenarioFormat));
    root.insert(QStringLiteral("version"), kScenarioVersion);
    for (const auto& f : engine::scenarioFields()) {
        if (std::string_view(f.key) == "data.documents" && s.data.documents.empty())
            continue; // one document filling the sequence: follows data.seq_len
        insertDotted(root, QString::fromLatin1(f.key), fromFieldValue(f.get(s)));
    }
    return root;
}

QByteArray scenarioToJson(const engine::Scenario& s) {
    return QJsonDocument(scenarioToObject(s)).toJson(QJsonDocument::Indented);
}

namespace {
// An assignment as the user typed it, spaces kept (the CLI makes the whole line one line).
engine::MessageArg asTyped(const QString& assignment) {
    return engine::MessageArg::ofText(assignment.left(120).toStdString());
}
} // namespace

std::optional<engine::Diagnostic> applyAssignment(engine::Scenario& s, const QString& assignment) {
    const qsizetype eq = assignment.indexOf(QLatin1Char('='));
    if (eq <= 0)
        return say(Msg::SetExpected, {asTyped(assignment)});
    const QString key = assignment.left(eq).trimmed();
    const QString text = assignment.mid(eq + 1);
    // VALUE is JSON when it parses as JSON, otherwise a plain string.
    QJsonValue value(text);
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray("[") + text.toUtf8() + QByteArray("]"));
    if (doc.isArray() && doc.array().size() == 1)
        value = doc.array().at(0);
    if (auto e = listTooLong(key, value))
        return *e;
    if (key.isEmpty())
        return say(Msg::SetEmptyKey, {asTyped(assignment)});
    const auto fv = toFieldValue(value);
    if (!fv) {
        const engine::Field* field = engine::findField(key.toStdString());
        if (!field) // the unknown key is the first thing to fix
            return engine::setField(s, key.toStdString(), engine::FieldValue{})->diagnostic;
        return say(Msg::SetNotAValue, {engine::MessageArg::ofText(engine::shortenMiddle(key.toStdString())),
                                       engine::MessageArg::ofText(engine::shortenMiddle(text.toStdString())),
                                       engine::MessageArg::ofText(engine::describeAllowed(*field))});
    }
    if (auto e = engine::setField(s, key.toStdString(), *fv))
        return e->diagnostic;
    return std::nullopt;
}

QJsonValue ledgerValueToJson(const engine::LedgerValue& v) {
    if (auto b = std::get_if<bool>(&v))
        return *b;
    if (auto i = std::get_if<std::int64_t>(&v))
        return qint64(*i);
    if (auto d = std::get_if<double>(&v))
        return *d;
    if (auto t = std::get_if<std::string>(&v))
        return fromStd(*t);
    return QJsonValue::Null;
}

QJsonObject ledgerToJson(const engine::Ledger& l, const engine::Scenario& s) {
    QJsonObject root;
    for (const auto& f : engine::ledgerFields())
        insertDotted(root, QString::fromLatin1(f.key), ledgerValueToJson(f.get(l)));
    auto diagnostics = [](const std::vector<engine::Diagnostic>& list) {
        QJsonArray a;
        for (const auto& d : list)
            a.append(QJsonObject{{QStringLiteral("code"), fromStd(d.code)},
                                 {QStringLiteral("message"), fromStd(d.message())}});
        return a;
    };
    root.insert(QStringLiteral("warnings"), diagnostics(l.warnings));
    root.insert(QStringLiteral("valid"), l.valid);
    if (!l.valid)
        root.insert(QStringLiteral("errors"), diagnostics(l.errors));
    QJsonObject scenario = scenarioToObject(s);
    scenario.remove(QStringLiteral("format"));
    scenario.remove(QStringLiteral("version"));
    root.insert(QStringLiteral("scenario"), scenario);
    return root;
}

} // namespace tl::io
