#pragma once
// Inside the importers (importconfig.cpp, importtraining.cpp): the keys one import sets, each with the field it came
// from, checked against the key table's ranges before any reaches the scenario.

#include "engine/fields.h"
#include "engine/scenario.h"
#include "io/importconfig.h"
#include "io/messagetext.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tl::io::detail {

class Assignments {
public:
    // Where a value came from: the file's own field or flag ("num_hidden_layers", "--num-layers", a formula of them),
    // or a phrase of TrainLedger's ("--swiglu's default width").
    struct From {
        From(const QString& field) : arg(textArg(field)) {}
        From(QLatin1String field) : From(QString(field)) {}
        From(engine::Diagnostic phrase) : arg(sentenceArg(std::move(phrase))) {}
        engine::MessageArg arg;
    };

    void set(const char* key, const engine::FieldValue& value, From from) {
        items_.push_back({key, value, std::move(from)});
    }
    void set(const char* key, double value, From from) { set(key, engine::FieldValue(value), std::move(from)); }
    void setBool(const char* key, bool value, From from) { set(key, engine::FieldValue(value), std::move(from)); }
    void setText(const char* key, const QString& value, From from) {
        set(key, engine::FieldValue(value.toStdString()), std::move(from));
    }
    bool empty() const { return items_.empty(); }

    // Applies every assignment to s, in order, adding a line for each to `lines`; the first value out of its key's
    // range is the error line.
    std::optional<engine::Diagnostic> apply(engine::Scenario& s, std::vector<engine::Diagnostic>& lines) const;

private:
    struct Item {
        const char* key;
        engine::FieldValue value;
        From from;
    };
    std::vector<Item> items_;
};

// "model.preset = llama3-8b (the shape is that preset's)"
engine::Diagnostic presetLine(const std::string& preset);

QString numberText(double v);
// A JSON number, true, false or null as an import line shows it; a null QString for a string, array or object.
QString jsonScalarText(const QJsonValue& v);

// A new model's shape: every key at its default except the training choices the old one made (dropout, routing).
engine::ModelShape freshShape(const engine::ModelShape& old);
// Names the preset whose shape m is, so that the window shows its name; leaves "custom" otherwise.
void namePreset(engine::ModelShape& m);

// The three training formats; kind is told by fileKind. `bytes` is UTF-8 and at most kMaxImportBytes.
ImportResult importMegatron(const QByteArray& bytes, const engine::Scenario& base);
ImportResult importTorchtitan(const QByteArray& bytes, const engine::Scenario& base);
ImportResult importDeepSpeed(const QJsonObject& object, const engine::Scenario& base);

} // namespace tl::io::detail
