#pragma once
// The engine's sentences for people (errors and warnings) as templates with arguments. Each Diagnostic names a
// template from one table (messages.cpp) and carries its arguments; the English sentence the CLI and --json print is
// built from them only when asked for (message()), and the window translates the template (context "tl::engine")
// and shows key arguments as the field's label. The same serves sentences that are not about a key: the layout
// planner's reasons and the days curve's note.

#include "engine/planlayout.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tl::engine {

// One template per sentence; %1 to %9 stand for the arguments. 16 bits, so there is room for thousands of ids (a
// uint8_t stopped at 255).
enum class Msg : std::uint16_t {
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
    NoRoutedExperts,
    ExpertParallel,
    ExpertTensorParallel,
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
    FaultsOutpace,
    // The last line of defence (evaluate.cpp).
    NotFinite,
    // The days curve beyond the replica limit (evaluate.cpp): the note, its steps, a list of them.
    CurveNote,
    CurveStepTp,
    CurveStepPp,
    CurveStepBatch,
    ListComma,
    ListAndThen,
    // Why the layout planner found no plan (layoutplanner.cpp), and the pieces its sentences share.
    PlanRefused,
    NoLayoutCount,
    NoLayoutCountAcross,
    NoLayoutRange,
    NoLayoutRangeAcross,
    NearestCount,
    NearestCounts,
    StateAlone,
    NoFitClosest,
    NoFit,
    NoFinish,
    CountRange,
    PerGpuHeadroom,
    CurveCountRange,
    GpuRange,
    // Why a named layout does not work, or that it does (layoutplanner.cpp whyNot).
    NotLayoutKey,
    TpSpansNodes,
    TpNotTiling,
    OutsideSearch,
    OverMemory,
    OverMemoryHeadroom,
    LayoutWorks,
    // The planner's budget (layoutplanner.cpp): every plan costs more.
    OverBudget,
    // Step time on today's hardware (validate.cpp, evaluate.cpp).
    NoFp8TensorCores,
    ValidationBand,
    CalibratedFigures,
    // The band's basis in words (published.cpp bandSentence): the GPU family, the parallelism family, the run count.
    BandBasis,
    BandBasisParallel,
    FamilyPipeline,
    FamilyTensor,
    FamilyFsdp,
    FamilyData,
    // What the schedule's reserve covers (evaluate.cpp reserveSentence, docs/formulas.md §13).
    ReserveCovers,
    ReserveShort,
    ReserveNone,
    ReserveOutpaced,
    // The planner's search size (layoutplanner.cpp checkSearchSize).
    SearchTooWide,
    // ---- Files and imports (io/): reading, saving, opening and importing. One sentence per id; %N as above.
    // Reading and writing a file (io/atomicfile.cpp).
    FileNoName,
    FileNotRegularRead,
    FileNotRegularReplace,
    KindDirectory,
    KindDevice,
    KindNamedPipe,
    KindSocket,
    KindNotRegular,
    FileTooLarge,
    FileGrew,
    FolderMissing,
    ContentsNotProduced,
    DiskFull,
    PermissionDenied,
    NoSuchFile,
    ReadOnlyFileSystem,
    SystemSays,
    CannotRead,
    IsAFolder,
    InFile,
    // Scenario archives (io/archive.cpp).
    NotesTooLarge,
    PreviewTooLarge,
    ArchiveNotBuilt,
    NotZip,
    ZipDamaged,
    TooManyEntries,
    EntryUnreadable,
    EntryPathLike,
    EntryTwice,
    EntryForeign,
    EntryEncrypted,
    EntryNotOpened,
    EntryDamaged,
    EntryTooLarge,
    EntryCrc,
    EntrySize,
    NoScenarioEntry,
    PreviewNotPng,
    PreviewSize,
    // Scenario JSON (io/scenariojson.cpp).
    ListTooLong,
    Utf16Mark,
    Utf16Zeros,
    NoScenarioKeys,
    FormatExpected,
    NoFormatString,
    VersionExpected,
    VersionNewer,
    KeyWrongType,
    KeyWrongTypeAllowed,
    UnknownKeyIgnored,
    EmptyKeyName,
    MoreUnknownKeys,
    JsonTooLarge,
    JsonErrorAt,
    JsonNotObject,
    SetExpected,
    SetEmptyKey,
    SetNotAValue,
    // What a file is (io/filekind.cpp), and why a config is not opened as a scenario.
    KindScenario,
    KindHuggingFace,
    KindHuggingFaceType,
    KindMegatron,
    KindTorchtitan,
    KindDeepSpeed,
    KindUnknown,
    NotScenarioImportModel,
    NotScenarioImportTraining,
    // Importing a config (io/importconfig.cpp, io/importtraining.cpp): refusals.
    ImportTooLarge,
    FileEmpty,
    NotUtf8Text,
    IsScenarioOpenIt,
    JsonErrorAtByte,
    NotImportable,
    HfNotNumber,
    HfNotBool,
    HfMissing,
    HfHeadDim,
    HfNoModelType,
    HfTypeUnsupported,
    TomlError,
    NotScenarioKey,
    // Importing: what was set, and from what.
    ImportSet,
    ImportPreset,
    FromNoKvHeads,
    FromTypeDefault,
    FromSlidingEveryLayer,
    FromEverySecondLayer,
    FromSwigluWidth,
    FromNoVirtualStages,
    FromNoRecompute,
    FromBf16Grads,
    FromTorchtitanTp,
    FromNoFsdp,
    FromFsdp,
    FromTwoStages,
    FromDpDegrees,
    FromStepsBatchSeq,
    FromFp32Reduce,
    FromDeepSpeedMaster,
    // Importing: what could not be expressed or was passed over.
    TextConfigOnly,
    AttentionBiasFalse,
    AttentionBiasOnly,
    MlpBiasOnly,
    SharedNotMultiple,
    SharedExpertGate,
    SparseStep,
    MoeLayerFreq,
    SlidingPartWay,
    LayerTypesIrregular,
    QuantizedWeights,
    NothingModelled,
    FlagNotNumber,
    NormBiases,
    NoVocabSize,
    FlagMoeLayerFreq,
    GpusNotMultiple,
    NoTorchrun,
    FlagNotCostKey,
    ValueNotNumber,
    ValueNotNumberKept,
    ValueNotCostKey,
    NoFlavor,
    ShardLeftover,
    ScheduleUnknown,
    Fp8Gathers,
    OffloadParam,
    OptimizerKept,
    PartitionActivations,
    // Measured runs for calibration (io/calibrationruns.cpp).
    AtLine,
    RunsHeader,
    RunsCells,
    RunsRefused,
    SecondsAboveZero,
    GibAboveZero,
    RunsNoHeader,
    RunsNone,
    // Calibration (engine/calibrate.cpp): why a run or the whole fit is refused; a run's settings (published.cpp).
    SettingsExpectKeyValue,
    CalibrateStepAboveZero,
    CalibrateOtherHardware,
    ScenarioNotValid,
    CalibrateNoRuns,
    CalibrateNoUsableRun,
    Count
};

// The English template of a message, e.g. "%1: %2 is not allowed; allowed: at most %3 (%4)".
const char* messageTemplate(Msg id);

struct Diagnostic;

struct MessageArg {
    enum class Kind : std::uint8_t {
        Key,      // a scenario (or ledger) key: the CLI shows the key, the window its label
        Text,     // shown as it is: a value as typed, a list, a key nobody knows
        Number,   // printf's %.15g: "8192", "0.5", "1e+300"
        Rounded,  // whole numbers without decimals (grouped from 10,000), others with one: "13,896", "2.5"
        Layout,   // describeLayout's words: "tp 8 · pp 4 · dp 16 · ZeRO 1 · ..."
        Sentence, // a message of its own inside this one (a part that varies: "1 to 8", "TP 16")
    };
    Kind kind = Kind::Text;
    double number = 0;
    const char* key = ""; // Kind::Key: a string that outlives the message (the field table's, or a literal)
    std::string text;     // Kind::Text
    std::shared_ptr<const Layout> layout;       // Kind::Layout
    std::shared_ptr<const Diagnostic> sentence; // Kind::Sentence

    static MessageArg ofKey(const char* k) { return make(Kind::Key, 0, k); }
    static MessageArg ofText(std::string t) {
        MessageArg a = make(Kind::Text, 0, "");
        a.text = std::move(t);
        return a;
    }
    static MessageArg ofNumber(double x) { return make(Kind::Number, x, ""); }
    static MessageArg ofRounded(double x) { return make(Kind::Rounded, x, ""); }
    static MessageArg ofLayout(const Layout& l) {
        MessageArg a = make(Kind::Layout, 0, "");
        a.layout = std::make_shared<const Layout>(l);
        return a;
    }
    static MessageArg ofSentence(Diagnostic d);

private:
    static MessageArg make(Kind kind, double number, const char* key) {
        MessageArg a;
        a.kind = kind;
        a.number = number;
        a.key = key;
        return a;
    }
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
    std::string message() const;                    // the English sentence, e.g. "parallel.pp: 99 is not allowed; ..."
    bool empty() const { return id == Msg::Count; } // no sentence (a reason that is not needed)
};

// A sentence that is not about one key (a reason, a note).
inline Diagnostic sentence(Msg id, std::vector<MessageArg> args = {}) {
    Diagnostic d;
    d.id = id;
    d.args = std::move(args);
    return d;
}

inline MessageArg MessageArg::ofSentence(Diagnostic d) {
    MessageArg a = make(Kind::Sentence, 0, "");
    a.sentence = std::make_shared<const Diagnostic>(std::move(d));
    return a;
}

} // namespace tl::engine
