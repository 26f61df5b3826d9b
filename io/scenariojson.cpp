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

// Line and column of a byte offset, for JSON syntax errors people can find.
QString position(const QByteArray& bytes, qsizetype offset) {
    int line = 1, column = 1;
    for (qsizetype i = 0; i < offset && i < bytes.size(); ++i) {
        if (bytes[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
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

ScenarioResult fail(const QString& category, const QString& message) {
    ScenarioResult r;
    r.category = category;
    r.error = message;
    return r;
}

constexpr qsizetype kMaxListLength = 100000; // engine::checkRange's limit for list keys
constexpr int kUnknownKeysListed = 5;        // then one line counts the rest

// A list longer than any key takes, named as such rather than as a wrong type.
std::optional<QString> listTooLong(const QString& key, const QJsonValue& value) {
    if (!value.isArray() || value.toArray().size() <= kMaxListLength)
        return std::nullopt;
    return QStringLiteral("%1: a list of %2 values is too long; allowed: at most %3")
        .arg(key.left(80), QString::fromStdString(engine::groupDigits(double(value.toArray().size()))),
             QString::fromStdString(engine::groupDigits(double(kMaxListLength))));
}

// JSON text must be UTF-8 (RFC 8259); a UTF-16 or UTF-32 file would otherwise be "illegal value at column 2".
std::optional<QString> notUtf8(const QByteArray& bytes) {
    const auto u = [&](qsizetype i) { return i < bytes.size() ? quint8(bytes[i]) : 0x100; };
    if ((u(0) == 0xff && u(1) == 0xfe) || (u(0) == 0xfe && u(1) == 0xff) || (u(0) == 0 && u(1) == 0 && u(2) == 0xfe))
        return QStringLiteral("the text must be UTF-8; this file is UTF-16 or UTF-32 (it starts with a byte-order "
                              "mark): save it as UTF-8");
    if (bytes.size() >= 2 && (u(0) == 0 || u(1) == 0))
        return QStringLiteral("the text must be UTF-8; this file looks like UTF-16 or UTF-32 (it has zero bytes): "
                              "save it as UTF-8");
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
            return fail(QStringLiteral("not-scenario"),
                        QStringLiteral("this is not a TrainLedger scenario: it has no \"format\": \"%1\" and none "
                                       "of its keys (%2%3) is a scenario key")
                            .arg(QLatin1String(kScenarioFormat), keys.join(QStringLiteral(", ")),
                                 entries.size() > 3 ? QStringLiteral(", ...") : QString()));
        }
    }
    if (requireHeader || !format.isUndefined()) {
        if (format.toString() != QLatin1String(kScenarioFormat))
            return fail(QStringLiteral("format"),
                        QStringLiteral("format: expected \"%1\", found %2")
                            .arg(QLatin1String(kScenarioFormat),
                                 format.isString() ? QLatin1Char('"') + format.toString().left(80) + QLatin1Char('"')
                                                   : QStringLiteral("no format string")));
    }
    if (requireHeader || !version.isUndefined()) {
        const double v = version.toDouble(-1);
        if (!version.isDouble() || v != std::floor(v) || v < 1)
            return fail(QStringLiteral("version"), QStringLiteral("version: expected the integer 1"));
        if (v > kScenarioVersion)
            return fail(QStringLiteral("version"),
                        QStringLiteral("version: this file needs TrainLedger scenario version %1; this program reads "
                                       "version %2. Update TrainLedger to open it.")
                            .arg(v)
                            .arg(kScenarioVersion));
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
                return fail(QStringLiteral("type"), QStringLiteral("%1: wrong type").arg(key));
            if (auto e = engine::setField(s, presetKey, *fv))
                return fail(QStringLiteral("value"), fromStd(e->message()));
        }
    }
    for (const auto& [key, value] : entries) {
        if (key == QLatin1String("format") || key == QLatin1String("version") || key == QLatin1String("model.preset") ||
            key == QLatin1String("hardware.preset"))
            continue;
        if (!engine::findField(key.toStdString())) {
            if (++unknown <= kUnknownKeysListed)
                r.warnings << QStringLiteral("%1: unknown key, ignored")
                                  .arg(key.isEmpty() ? QStringLiteral("\"\" (an empty key)") : key.left(80));
            continue;
        }
        if (auto e = listTooLong(key, value))
            return fail(QStringLiteral("value"), *e);
        const auto fv = toFieldValue(value);
        if (!fv)
            return fail(QStringLiteral("type"),
                        QStringLiteral("%1: wrong type; allowed: %2")
                            .arg(key, fromStd(engine::describeAllowed(*engine::findField(key.toStdString())))));
        if (auto e = engine::setField(s, key.toStdString(), *fv))
            return fail(e->kind == engine::FieldError::Kind::WrongType ? QStringLiteral("type")
                                                                       : QStringLiteral("value"),
                        fromStd(e->message()));
    }
    if (unknown > kUnknownKeysListed)
        r.warnings << QStringLiteral("%1 more unknown keys, ignored")
                          .arg(QString::fromStdString(engine::groupDigits(double(unknown - kUnknownKeysListed))));
    r.scenario = s;
    return r;
}

ScenarioResult scenarioFromJson(const QByteArray& bytes, bool requireHeader) {
    if (bytes.size() > kMaxScenarioJsonBytes)
        return fail(
            QStringLiteral("size"),
            QStringLiteral("%1 bytes is larger than the %2-byte limit").arg(bytes.size()).arg(kMaxScenarioJsonBytes));
    if (auto e = notUtf8(bytes))
        return fail(QStringLiteral("encoding"), *e);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &err);
    if (err.error != QJsonParseError::NoError) {
        if (auto refusal = notAScenario(fileKind(bytes)))
            return fail(QStringLiteral("not-scenario"), *refusal);
        return fail(QStringLiteral("json"),
                    QStringLiteral("%1 at %2").arg(err.errorString(), position(bytes, err.offset)));
    }
    if (!doc.isObject())
        return fail(QStringLiteral("json"), QStringLiteral("expected a JSON object"));
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

std::optional<QString> applyAssignment(engine::Scenario& s, const QString& assignment) {
    const qsizetype eq = assignment.indexOf(QLatin1Char('='));
    if (eq <= 0)
        return QStringLiteral("--set %1: expected KEY=VALUE").arg(assignment.left(120));
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
        return QStringLiteral("--set %1: the key is empty; expected KEY=VALUE").arg(assignment.left(120));
    const auto fv = toFieldValue(value);
    if (!fv) {
        const engine::Field* field = engine::findField(key.toStdString());
        if (!field) // the unknown key is the first thing to fix
            return messageText(engine::setField(s, key.toStdString(), engine::FieldValue{})->diagnostic);
        return QStringLiteral("%1: %2 is not a value this key takes; allowed: %3")
            .arg(QString::fromStdString(engine::shortenMiddle(key.toStdString())),
                 QString::fromStdString(engine::shortenMiddle(text.toStdString())),
                 QString::fromStdString(engine::describeAllowed(*field)));
    }
    if (auto e = engine::setField(s, key.toStdString(), *fv))
        return messageText(e->diagnostic); // in the CLI's language
    return std::nullopt;
}

QJsonObject ledgerToJson(const engine::Ledger& l, const engine::Scenario& s) {
    QJsonObject root;
    for (const auto& f : engine::ledgerFields()) {
        const engine::LedgerValue v = f.get(l);
        QJsonValue j(QJsonValue::Null);
        if (auto b = std::get_if<bool>(&v))
            j = *b;
        else if (auto i = std::get_if<std::int64_t>(&v))
            j = qint64(*i);
        else if (auto d = std::get_if<double>(&v))
            j = *d;
        else if (auto t = std::get_if<std::string>(&v))
            j = fromStd(*t);
        insertDotted(root, QString::fromLatin1(f.key), j);
    }
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
