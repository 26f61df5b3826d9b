#pragma once
// Inside the importers (importconfig.cpp, importtraining.cpp): the keys one import sets, each with the field it came
// from, checked against the key table's ranges before any reaches the scenario.

#include "engine/fields.h"
#include "engine/scenario.h"
#include "io/importconfig.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tl::io::detail {

class Assignments {
public:
    void set(const char* key, const engine::FieldValue& value, const QString& from) {
        items_.push_back({key, value, from});
    }
    void set(const char* key, double value, const QString& from) { set(key, engine::FieldValue(value), from); }
    void setBool(const char* key, bool value, const QString& from) { set(key, engine::FieldValue(value), from); }
    void setText(const char* key, const QString& value, const QString& from) {
        set(key, engine::FieldValue(value.toStdString()), from);
    }
    bool empty() const { return items_.empty(); }

    // Applies every assignment to s, in order; the first value out of its key's range is the error line.
    std::optional<QString> apply(engine::Scenario& s, QStringList& lines) const;

private:
    struct Item {
        const char* key;
        engine::FieldValue value;
        QString from;
    };
    std::vector<Item> items_;
};

QString numberText(double v);

// A new model's shape: every key at its default except the training choices the old one made (dropout, routing).
engine::ModelShape freshShape(const engine::ModelShape& old);
// Names the preset whose shape m is, so that the window shows its name; leaves "custom" otherwise.
void namePreset(engine::ModelShape& m);

// The three training formats; kind is told by fileKind. `bytes` is UTF-8 and at most kMaxImportBytes.
ImportResult importMegatron(const QByteArray& bytes, const engine::Scenario& base);
ImportResult importTorchtitan(const QByteArray& bytes, const engine::Scenario& base);
ImportResult importDeepSpeed(const QJsonObject& object, const engine::Scenario& base);

} // namespace tl::io::detail
