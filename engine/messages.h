#pragma once
// The engine's sentences for people (errors and warnings) as templates with arguments. Each Diagnostic names a
// template from one table (messages.cpp) and carries its arguments; the English sentence the CLI and --json print is
// built from them only when asked for (message()), and the window translates the template (context "tl::engine")
// and shows key arguments as the field's label.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tl::engine {

// One template per sentence; %1 to %9 stand for the arguments.
enum class Msg : std::uint8_t {
    // A value outside its key's own range (fields.cpp), by the key's type.
    NotAllowedInt,
    NotAllowedReal,
    NotAllowedRealAbove,
    NotAllowedNullable,
    NotAllowedChoice,
    NotAllowedList,
    // A value of the wrong type, by the key's type.
    WrongTypeInt,
    WrongTypeReal,
    WrongTypeRealAbove,
    WrongTypeNullable,
    WrongTypeBool,
    WrongTypeText,
    WrongTypeChoice,
    WrongTypeList,
    UnknownKey,
    // Rules across keys (validate.cpp).
    Divisor,
    DivisorOfBoth,
    DivisorOfQuotient,
    AtMost,
    OneTo,
    AtLeastOneWithExperts,
    ChunksPerRank,
    ModelTooLarge,
    DocumentsSum,
    CpChunks,
    LessThan,
    InterleavedMicroBatches,
    DualPipeMicroBatches,
    VirtualStagesInterleavedOnly,
    TooManyGpus,
    MasterNotWithFp32,
    // Warnings (evaluate.cpp).
    DerivedShape,
    TpAcrossNodes,
    FewMicroBatches,
    MfuHigh,
    Zero3AcrossNodes,
    CpAcrossNodes,
    SeqBeyondPositions,
    HostMemory,
    NvmeCapacity,
    NoMasterCopy,
    GpusCap,
    GateBatchReplicas,
    GateBatchSplit,
    // The last line of defence (evaluate.cpp).
    NotFinite,
    Count
};

// The English template of a message, e.g. "%1: %2 is not allowed; allowed: at most %3 (%4)".
const char* messageTemplate(Msg id);

struct MessageArg {
    enum class Kind : std::uint8_t {
        Key,     // a scenario (or ledger) key: the CLI shows the key, the window its label
        Text,    // shown as it is: a value as typed, a list, a key nobody knows
        Number,  // printf's %.15g: "8192", "0.5", "1e+300"
        Rounded, // whole numbers without decimals (grouped from 10,000), others with one: "13,896", "2.5"
    };
    Kind kind = Kind::Text;
    double number = 0;
    const char* key = ""; // Kind::Key: a string that outlives the message (the field table's, or a literal)
    std::string text;     // Kind::Text

    static MessageArg ofKey(const char* k) { return {Kind::Key, 0, k, {}}; }
    static MessageArg ofText(std::string t) { return {Kind::Text, 0, "", std::move(t)}; }
    static MessageArg ofNumber(double x) { return {Kind::Number, x, "", {}}; }
    static MessageArg ofRounded(double x) { return {Kind::Rounded, x, "", {}}; }
};

// An argument as the English sentence shows it (a key as the key itself).
std::string formatArg(const MessageArg& a);

// Fills a template: %N becomes arg(N - 1), for N from 1 to 9; any other '%' stays as it is.
template <class ArgText> std::string fillTemplate(std::string_view text, std::size_t count, ArgText arg) {
    std::string out;
    out.reserve(text.size() + 16 * count);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '%' && i + 1 < text.size() && text[i + 1] >= '1' && text[i + 1] <= '9' &&
            std::size_t(text[i + 1] - '1') < count) {
            out += arg(std::size_t(text[i + 1] - '1'));
            ++i;
        } else {
            out += c;
        }
    }
    return out;
}

struct Diagnostic {
    std::string code;     // stable identifier: the offending key for errors, e.g. "tp-across-nodes" for warnings
    const char* key = ""; // the scenario key the sentence is about ("" when none)
    Msg id = Msg::Count;
    std::vector<MessageArg> args;
    std::string message() const; // the English sentence, e.g. "parallel.pp: 99 is not allowed; ..."
};

} // namespace tl::engine
