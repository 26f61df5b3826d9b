#pragma once
// Built-in lessons: the course texts (docs/lessons.md) as sequences of steps, stored as JSON in resources/lessons/
// and compiled in. Each step's scenario is the lesson's starting scenario with the step's keys set, read through
// the same path as a scenario file (field table, setField, validate); a step that does not evaluate is an error.
//
// Lesson file: {"format": "trainledger.lesson", "version": 1, "id", "seed", "subject": {"en", "zh"} (a few words
//   for the lesson chooser), "title": {"en", "zh"},
//   "scenario": {dotted keys}, "steps": [{"id", "title": {..}, "text": {..}, "set": {dotted keys; null removes a
//   starting key}, "figure": ledger key, "view": a view id of the window (ui/views/registry.cpp),
//   "controls": [scenario keys], "checks": [{"key", "seed": number|null, "ours": number, "scale", "decimals",
//   "printed", "section", "why": {..}}]}]}
// A check compares round(figure / scale, decimals) with the seed's printed number; "ours" marks a figure that
// differs from the seed's (or that the seed does not print), and "why" says why, in both languages.

#include "engine/scenario.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tl::io {

struct LessonText {
    QString en, zh;
    QString in(const QString& language) const { return language.startsWith(QLatin1String("zh")) ? zh : en; }
};

struct LessonCheck {
    QString key;                // a ledger key
    std::optional<double> seed; // the seed's printed number (in units of scale); none when it prints none
    std::optional<double> ours; // our figure when it differs from the seed's (or the seed prints none)
    double scale = 1;
    int decimals = 0;
    QString printed; // the seed's text, as printed
    QString section;
    LessonText why;
    double expected() const { return ours ? *ours : *seed; }
};

struct LessonStep {
    QString id;
    LessonText title, text;
    QJsonObject set;           // the step's own keys
    engine::Scenario scenario; // the starting scenario with them set
    QString figure;            // the ledger key the step is about
    QString view;
    QStringList controls; // scenario keys the step is about (presentation mode shows only these)
    std::vector<LessonCheck> checks;
};

struct Lesson {
    QString id, seed;
    LessonText subject; // in a few words, for the chooser: "The two gates"
    LessonText title;
    engine::Scenario start;
    std::vector<LessonStep> steps;
};

struct LessonResult {
    std::optional<Lesson> lesson;
    QString error; // one line: the lesson, the step and what is wrong
};

inline constexpr const char* kLessonFormat = "trainledger.lesson";

LessonResult lessonFromJson(const QByteArray& bytes);

// The compiled-in lessons in the course's order (000, 001, 003, 004). A lesson that fails to load is left out and
// its error reported by builtInLessonErrors() (the tests require none).
const std::vector<Lesson>& builtInLessons();
const QStringList& builtInLessonErrors();

// round(x / scale, decimals), as a seed rounds a printed figure; decimals may be negative (46,300).
double roundedAsPrinted(double x, double scale, int decimals);

} // namespace tl::io
