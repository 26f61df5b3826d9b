#include "io/schema.h"

#include "engine/fields.h"
#include "io/scenariojson.h"

#include <QJsonArray>

namespace tl::io {
namespace {

QJsonObject propertySchema(const engine::Field& f) {
    QJsonObject p;
    QString description = QString::fromUtf8(f.help);
    if (f.unit[0] != '\0')
        description += QStringLiteral(" Unit: %1.").arg(QString::fromUtf8(f.unit));
    p.insert(QStringLiteral("description"), description);
    auto range = [&](QJsonObject& o) {
        o.insert(f.minExclusive ? QStringLiteral("exclusiveMinimum") : QStringLiteral("minimum"), f.min);
        o.insert(QStringLiteral("maximum"), f.max);
    };
    switch (f.type) {
    case engine::FieldType::Int:
        p.insert(QStringLiteral("type"), QStringLiteral("integer"));
        range(p);
        break;
    case engine::FieldType::Real:
        p.insert(QStringLiteral("type"), QStringLiteral("number"));
        range(p);
        break;
    case engine::FieldType::NullableReal:
        p.insert(QStringLiteral("type"), QJsonArray{QStringLiteral("number"), QStringLiteral("null")});
        range(p);
        break;
    case engine::FieldType::Bool:
        p.insert(QStringLiteral("type"), QStringLiteral("boolean"));
        break;
    case engine::FieldType::Text:
        p.insert(QStringLiteral("type"), QStringLiteral("string"));
        break;
    case engine::FieldType::Choice: {
        QJsonArray values;
        for (const auto& c : f.choices)
            values.append(QString::fromStdString(c));
        p.insert(QStringLiteral("enum"), values);
        break;
    }
    case engine::FieldType::IntList: {
        QJsonObject item{{QStringLiteral("type"), QStringLiteral("integer")}};
        range(item);
        p.insert(QStringLiteral("type"), QStringLiteral("array"));
        p.insert(QStringLiteral("items"), item);
        p.insert(QStringLiteral("minItems"), 1);
        break;
    }
    }
    return p;
}

// Place a property schema at a dotted key, creating nested object schemas on the way.
void insertProperty(QJsonObject& node, const QStringList& path, const QJsonObject& leaf) {
    QJsonObject props = node.value(QStringLiteral("properties")).toObject();
    if (path.size() == 1) {
        props.insert(path.front(), leaf);
    } else {
        QJsonObject child = props.value(path.front()).toObject();
        child.insert(QStringLiteral("type"), QStringLiteral("object"));
        insertProperty(child, path.mid(1), leaf);
        props.insert(path.front(), child);
    }
    node.insert(QStringLiteral("properties"), props);
}

} // namespace

QJsonObject scenarioSchema() {
    QJsonObject root{
        {QStringLiteral("$schema"), QStringLiteral("https://json-schema.org/draft/2020-12/schema")},
        {QStringLiteral("$id"), QStringLiteral("https://trainledger.invalid/scenario.schema.json")},
        {QStringLiteral("title"), QStringLiteral("TrainLedger scenario, version 1")},
        {QStringLiteral("description"),
         QStringLiteral(
             "A what-if training plan (docs/contract.md, section 1). Every key but format and version is optional "
             "and takes the default of the built-in Qwen3-8B scenario; keys may also be written flat "
             "with dots (\"parallel.dp\"). Cross-key rules (divisibility, reserve < deadline) are checked "
             "by the program and explained in its messages.")},
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("required"), QJsonArray{QStringLiteral("format"), QStringLiteral("version")}},
    };
    insertProperty(root, {QStringLiteral("format")},
                   QJsonObject{{QStringLiteral("const"), QLatin1String(kScenarioFormat)}});
    insertProperty(root, {QStringLiteral("version")}, QJsonObject{{QStringLiteral("const"), kScenarioVersion}});
    for (const auto& f : engine::scenarioFields())
        insertProperty(root, QString::fromLatin1(f.key).split(QLatin1Char('.')), propertySchema(f));
    return root;
}

} // namespace tl::io
