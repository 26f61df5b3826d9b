#include "engine/pipeline_sim.h"

#include "engine/units.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace tl::engine {

namespace {

constexpr double kPending = -1.0; // end time of a block that has not run yet (real times are >= 0)

bool isVShape(Schedule s) {
    return s == Schedule::ZbV || s == Schedule::DualPipeV;
}

// Megatron's interleaved order only exists with two or more chunks; with one chunk Megatron runs plain 1F1B.
bool runsInterleaved(const PipelineSpec& spec) {
    return spec.schedule == Schedule::Interleaved && spec.virtualStages >= 2;
}

std::string formatValue(double value) {
    return formatGeneral(value, 17);
}

[[noreturn]] void rejectField(const std::string& field, const std::string& value, const std::string& allowed) {
    throw std::invalid_argument("invalid PipelineSpec: " + field + " = " + value + "; allowed: " + allowed);
}

// The rejections build their messages out of line, so that the checks themselves inline: the ledger's closed form
// runs them on every memory probe.
[[noreturn, gnu::cold, gnu::noinline]] void rejectCount(const char* field, int value) {
    rejectField(field, std::to_string(value), "[1, " + std::to_string(INT_MAX) + "]");
}

[[noreturn, gnu::cold, gnu::noinline]] void rejectDuration(const char* field, double value) {
    rejectField(field, formatValue(value), "a finite value >= 0");
}

[[noreturn, gnu::cold, gnu::noinline]] void rejectIdle(double pass) {
    rejectField("f + b + w", formatValue(pass), "> 0 (some pass must take time)");
}

void checkCount(const char* field, int value) {
    if (value < 1) [[unlikely]]
        rejectCount(field, value);
}

void checkDuration(const char* field, double value) {
    if (!std::isfinite(value) || value < 0.0) [[unlikely]]
        rejectDuration(field, value);
}

// ---------------------------------------------------------------------------------------------------------------
// Per-rank programs. Each builder appends the ops of one rank, in the order that defines the schedule.

// One entry of a rank's program: which chunk, micro-batch and pass to run next.
struct RankOp {
    int chunk;
    int micro;
    BlockKind kind;
};

// Appends each rank's program straight into the timeline's block list (times are filled in by the replay).
class ProgramWriter {
public:
    ProgramWriter(std::vector<Block>& blocks, std::vector<std::size_t>& offsets)
        : m_blocks(blocks), m_offsets(offsets) {}
    void op(int chunk, int micro, BlockKind kind) { m_blocks.push_back({m_rank, chunk, micro, kind, 0.0, 0.0}); }
    void forward(int chunk, int micro) { op(chunk, micro, BlockKind::Forward); }
    void backward(int chunk, int micro) { op(chunk, micro, BlockKind::Backward); }
    void weight(int chunk, int micro) { op(chunk, micro, BlockKind::WeightGrad); }
    void endRank() {
        m_offsets.push_back(m_blocks.size());
        ++m_rank;
    }

private:
    std::vector<Block>& m_blocks;
    std::vector<std::size_t>& m_offsets;
    int m_rank = 0;
};

// GPipe (Huang et al. 2019): every forward, then every (fused) backward, in micro-batch order.
void writeGPipe(ProgramWriter& out, int m) {
    for (int j = 0; j < m; ++j)
        out.forward(0, j);
    for (int j = 0; j < m; ++j)
        out.backward(0, j);
}

// 1F1B / PipeDream-Flush (Narayanan et al. 2021): p-1-r warm-up forwards, then one forward + one backward, then
// the remaining backwards.
void writeOneFOneB(ProgramWriter& out, int p, int m, int r) {
    const int warmup = std::min(p - 1 - r, m);
    for (int j = 0; j < warmup; ++j)
        out.forward(0, j);
    for (int k = 0; k < m - warmup; ++k) {
        out.forward(0, warmup + k);
        out.backward(0, k);
    }
    for (int k = m - warmup; k < m; ++k)
        out.backward(0, k);
}

// Megatron-LM interleaved 1F1B (Narayanan et al. 2021, sec. 2.2). Forward step k walks micro-batches in groups of p:
// chunk 0 of the group, then chunk 1, ...; backward step k visits the same entry with the chunk mirrored.
// Requires m % p == 0 (checked in validate), so every group is full.
RankOp interleavedStep(int p, int v, int k, bool forward) {
    const int group = k / (p * v);
    const int inGroup = k % (p * v);
    const int chunk = inGroup / p;
    const int micro = group * p + inGroup % p;
    return {forward ? chunk : v - 1 - chunk, micro, forward ? BlockKind::Forward : BlockKind::Backward};
}

void writeInterleaved(ProgramWriter& out, int p, int m, int v, int r) {
    const int total = m * v;
    const int warmup = std::min(total, 2 * (p - 1 - r) + (v - 1) * p);
    auto emit = [&](const RankOp& op) { out.op(op.chunk, op.micro, op.kind); };
    for (int k = 0; k < warmup; ++k)
        emit(interleavedStep(p, v, k, true));
    for (int k = 0; k < total - warmup; ++k) {
        emit(interleavedStep(p, v, k + warmup, true));
        emit(interleavedStep(p, v, k, false));
    }
    for (int k = total - warmup; k < total; ++k)
        emit(interleavedStep(p, v, k, false));
}

// ZB-H1 (Qi et al. 2023, sec. 2.1): the 1F1B order with B split from W; rank r holds back its first r W passes
// (each B from the (r+1)-th on is followed by the W r micro-batches older) and runs the held-back Ws at the end.
void writeZbH1(ProgramWriter& out, int p, int m, int r) {
    const int warmup = std::min(p - 1 - r, m);
    int nextW = 0;
    auto backwardThenWeight = [&](int k) {
        out.backward(0, k);
        if (k >= r)
            out.weight(0, nextW++);
    };
    for (int j = 0; j < warmup; ++j)
        out.forward(0, j);
    for (int k = 0; k < m - warmup; ++k) {
        out.forward(0, warmup + k);
        backwardThenWeight(k);
    }
    for (int k = m - warmup; k < m; ++k)
        backwardThenWeight(k);
    while (nextW < m)
        out.weight(0, nextW++);
}

// ZB-H2 (Qi et al. 2023, sec. 2.2) is drawn in the paper on a unit-time grid (F = B = W). We rebuild that drawing:
// on each unit step every idle rank runs a B if its gradient has arrived, else an F if fewer than 2p-1 micro-batches
// are in flight, else a pending W. The resulting per-rank order is then replayed with the real durations.
// Only ranks that finished a block, or whose neighbour did, can change their choice, so the work is O(blocks).
void writeZbH2(ProgramWriter& out, int p, int m) {
    const int cap = 2 * p - 1;
    std::vector<int> nf(p, 0), nb(p, 0), nw(p, 0), seen(p, -1);
    std::vector<int> fEnd(static_cast<std::size_t>(p) * m, INT_MAX), bEnd(fEnd);
    std::vector<std::vector<RankOp>> order(p);
    auto at = [m](int r, int j) { return static_cast<std::size_t>(r) * m + j; };
    std::vector<int> active(p), next;
    for (int r = 0; r < p; ++r)
        active[r] = r;
    for (int t = 0; !active.empty(); ++t) {
        next.clear();
        auto wake = [&](int r) {
            if (r >= 0 && r < p && seen[r] != t + 1) {
                seen[r] = t + 1;
                next.push_back(r);
            }
        };
        for (int r : active) {
            const int jb = nb[r], jf = nf[r], jw = nw[r];
            if (jb < jf && fEnd[at(r, jb)] <= t && (r == p - 1 || bEnd[at(r + 1, jb)] <= t)) {
                order[r].push_back({0, jb, BlockKind::Backward});
                bEnd[at(r, jb)] = t + 1;
                ++nb[r];
                wake(r - 1);
            } else if (jf < m && jf - jw < cap && (r == 0 || fEnd[at(r - 1, jf)] <= t)) {
                order[r].push_back({0, jf, BlockKind::Forward});
                fEnd[at(r, jf)] = t + 1;
                ++nf[r];
                wake(r + 1);
            } else if (jw < jb && bEnd[at(r, jw)] <= t) {
                order[r].push_back({0, jw, BlockKind::WeightGrad});
                ++nw[r];
            } else {
                continue; // idle until a neighbour's block completes
            }
            wake(r);
        }
        active.swap(next);
    }
    for (int r = 0; r < p; ++r) {
        if (nw[r] != m)
            throw std::logic_error("zb-h2 order construction stalled on rank " + std::to_string(r));
        for (const RankOp& op : order[r])
            out.op(op.chunk, op.micro, op.kind);
        out.endRank();
    }
}

// ZB-V (Qi et al. 2024, "Pipeline Parallelism with Controllable Memory"; handcrafted V schedule in the authors'
// repository). Built for max(m, 2p-1) micro-batches; ops of the padding micro-batches are dropped afterwards.
void writeZbV(ProgramWriter& out, int p, int m, int r) {
    const int n = std::max(m, 2 * p - 1);
    int f0 = 0, f1 = 0, b0 = 0, b1 = 0;
    auto keep = [&](int chunk, int micro, BlockKind kind) {
        if (micro < m)
            out.op(chunk, micro, kind);
    };
    auto fwd = [&](int chunk, int& counter) { keep(chunk, counter++, BlockKind::Forward); };
    auto bwd = [&](int chunk, int& counter) { keep(chunk, counter++, BlockKind::Backward); };
    auto bwdWeight = [&](int chunk, int& counter) {
        keep(chunk, counter, BlockKind::Backward);
        keep(chunk, counter++, BlockKind::WeightGrad);
    };
    for (int i = 0; i < 2 * (p - r) - 1; ++i)
        fwd(0, f0);
    for (int i = 0; i < r; ++i) {
        fwd(1, f1);
        fwd(0, f0);
    }
    for (int i = 0; i < p - r; ++i) {
        fwd(1, f1);
        bwdWeight(1, b1);
    }
    while (f1 < f0 || f0 < n) {
        if (f0 < n)
            fwd(0, f0);
        bwdWeight(0, b0);
        fwd(1, f1);
        bwdWeight(1, b1);
    }
    int w0 = b0, w1 = b1;
    for (int i = 0; i < r; ++i) {
        bwd(0, b0);
        bwd(1, b1);
    }
    for (int i = 0; i < p - r; ++i) {
        bwd(0, b0);
        keep(0, w0++, BlockKind::WeightGrad);
    }
    while (w1 < b1)
        keep(1, w1++, BlockKind::WeightGrad);
    while (w0 < b0)
        keep(0, w0++, BlockKind::WeightGrad);
}

// DualPipeV (DeepSeek-V3 DualPipe, V-shape "cut-in-half" variant): the eight phases of the reference implementation.
// Overlapped forward+backward pairs are run back to back (forward first). A B run "zero-bubble style" defers its W
// to a FIFO that later W steps drain; any other B is immediately followed by its W.
class DualPipeVWriter {
public:
    DualPipeVWriter(ProgramWriter& out, int p, int m, int r) : m_out(out), m_p(p), m_m(m), m_r(r) {}

    void write() {
        const int p = m_p, r = m_r;
        repeat(2 * (p - r - 1), [&] { forward(0); });
        repeat(r + 1, [&] {
            forward(0);
            forward(1);
        });
        repeat(p - r - 1, [&] {
            backward(1, true);
            weightFromQueue();
            forward(1);
        });
        repeat(m_m - 2 * p + r + 1, [&] {
            forward(0);
            backward(1, false);
            forward(1);
            backward(0, false);
        });
        repeat(p - r - 1, [&] {
            backward(1, false);
            forward(1);
            backward(0, false);
        });
        // The second half of this phase defers W; odd ranks switch before chunk 1's B, even ranks after it.
        const int steps = r + 1;
        bool deferW = false;
        for (int i = 0; i < steps; ++i) {
            if (i == steps / 2 && r % 2 == 1)
                deferW = true;
            backward(1, deferW);
            if (i == steps / 2 && r % 2 == 0)
                deferW = true;
            backward(0, deferW);
        }
        repeat(p - r - 1, [&] {
            weightFromQueue();
            backward(0, true);
        });
        repeat(r + 1, [&] { weightFromQueue(); });
        if (m_head != m_queue.size())
            throw std::logic_error("dualpipev: deferred weight-gradient queue not drained");
    }

private:
    template <class Fn> static void repeat(int times, Fn&& fn) {
        for (int i = 0; i < times; ++i)
            fn();
    }
    void forward(int chunk) { m_out.forward(chunk, m_nextF[chunk]++); }
    void backward(int chunk, bool deferW) {
        const int micro = m_nextB[chunk]++;
        m_out.backward(chunk, micro);
        if (deferW)
            m_queue.push_back({chunk, micro, BlockKind::WeightGrad});
        else
            m_out.weight(chunk, micro);
    }
    void weightFromQueue() {
        if (m_head >= m_queue.size())
            throw std::logic_error("dualpipev: weight step with an empty queue");
        const RankOp& op = m_queue[m_head++];
        m_out.weight(op.chunk, op.micro);
    }

    ProgramWriter& m_out;
    int m_p, m_m, m_r;
    int m_nextF[2] = {0, 0};
    int m_nextB[2] = {0, 0};
    std::vector<RankOp> m_queue;
    std::size_t m_head = 0;
};

// ---------------------------------------------------------------------------------------------------------------
// Replay: list scheduling of the per-rank programs. Each rank runs its ops in order; an op waits for its inputs.
// A rank that meets an input not yet produced parks on it; the producer wakes it. Every input has exactly one
// consumer on another rank (the next position's F, or the previous position's B), so every op is examined O(1) times.

class Replayer {
public:
    Replayer(const PipelineSpec& spec, std::vector<Block>& blocks, const std::vector<std::size_t>& offsets)
        : m_spec(spec), m_blocks(blocks), m_offsets(offsets), m_p(spec.stages),
          m_positions(spec.stages * spec.virtualStages), m_split(splitsWeightGrad(spec.schedule)) {
        m_slots.assign(static_cast<std::size_t>(m_positions) * spec.microBatches, Slot{});
        m_parked.assign(m_p, Parked{});
        m_rankFree.assign(m_p, 0.0);
        m_cursor.assign(offsets.begin(), offsets.end() - 1);
    }

    void run() {
        for (int r = m_p - 1; r >= 0; --r)
            m_runnable.push_back(r);
        while (!m_runnable.empty()) {
            const int r = m_runnable.back();
            m_runnable.pop_back();
            advance(r);
        }
        for (int r = 0; r < m_p; ++r) {
            if (m_cursor[r] != m_offsets[r + 1])
                throw std::logic_error("pipeline schedule deadlocks on rank " + std::to_string(r));
        }
    }

private:
    // End times of one (micro-batch, position): adjacent positions of a micro-batch share cache lines.
    struct Slot {
        double fEnd = kPending;
        double bEnd = kPending;
    };
    struct Parked {
        const Slot* slot = nullptr; // null while the rank is runnable
        bool onBackward = false;
    };
    struct Input {
        Slot* slot;
        bool fromBackward;
        double hop;
    };

    Slot& slot(int position, int micro) { return m_slots[static_cast<std::size_t>(micro) * m_positions + position]; }
    int ownerOf(int position) const {
        if (isVShape(m_spec.schedule))
            return position < m_p ? position : 2 * m_p - 1 - position;
        return position % m_p;
    }
    double hop(int fromPosition, int rank) const { return ownerOf(fromPosition) == rank ? 0.0 : m_spec.p2p; }

    int inputsOf(const Block& op, int pos, Input (&in)[2]) {
        switch (op.kind) {
        case BlockKind::Forward:
            if (pos == 0)
                return 0;
            in[0] = {&slot(pos - 1, op.micro), false, hop(pos - 1, op.rank)};
            return 1;
        case BlockKind::Backward:
            in[0] = {&slot(pos, op.micro), false, 0.0};
            if (pos == m_positions - 1)
                return 1;
            in[1] = {&slot(pos + 1, op.micro), true, hop(pos + 1, op.rank)};
            return 2;
        case BlockKind::WeightGrad:
            in[0] = {&slot(pos, op.micro), true, 0.0};
            return 1;
        }
        return 0;
    }

    double duration(BlockKind kind) const {
        switch (kind) {
        case BlockKind::Forward:
            return m_spec.f;
        case BlockKind::Backward:
            return m_split ? m_spec.b : m_spec.b + m_spec.w;
        case BlockKind::WeightGrad:
            return m_spec.w;
        }
        return 0.0;
    }

    void wakeIfParked(int rank, const Slot& produced, bool backward) {
        Parked& parked = m_parked[rank];
        if (parked.slot == &produced && parked.onBackward == backward) {
            parked.slot = nullptr;
            m_runnable.push_back(rank);
        }
    }

    void advance(int r) {
        const std::size_t end = m_offsets[r + 1];
        while (m_cursor[r] < end) {
            Block& op = m_blocks[m_cursor[r]];
            const int pos = pipelinePosition(m_spec.schedule, m_p, r, op.chunk);
            Input in[2];
            const int count = inputsOf(op, pos, in);
            double start = m_rankFree[r];
            for (int i = 0; i < count; ++i) {
                const double ready = in[i].fromBackward ? in[i].slot->bEnd : in[i].slot->fEnd;
                if (ready == kPending) {
                    m_parked[r] = {in[i].slot, in[i].fromBackward};
                    return;
                }
                start = std::max(start, ready + in[i].hop);
            }
            op.start = start;
            op.end = start + duration(op.kind);
            m_rankFree[r] = op.end;
            ++m_cursor[r];
            publish(op, pos);
        }
    }

    void publish(const Block& op, int pos) {
        if (op.kind == BlockKind::WeightGrad)
            return; // nothing depends on W
        Slot& s = slot(pos, op.micro);
        if (op.kind == BlockKind::Forward) {
            s.fEnd = op.end;
            if (pos + 1 < m_positions)
                wakeIfParked(ownerOf(pos + 1), s, false);
        } else {
            s.bEnd = op.end;
            if (pos > 0)
                wakeIfParked(ownerOf(pos - 1), s, true);
        }
    }

    const PipelineSpec& m_spec;
    std::vector<Block>& m_blocks;
    const std::vector<std::size_t>& m_offsets;
    int m_p, m_positions;
    bool m_split;
    std::vector<Slot> m_slots;
    std::vector<Parked> m_parked;
    std::vector<double> m_rankFree;
    std::vector<std::size_t> m_cursor;
    std::vector<int> m_runnable;
};

PipelineMetrics computeMetrics(const PipelineSpec& spec, const std::vector<Block>& blocks,
                               const std::vector<std::size_t>& offsets) {
    const int p = spec.stages;
    PipelineMetrics out;
    out.ideal = static_cast<double>(spec.microBatches) * spec.virtualStages * (spec.f + spec.b + spec.w);
    out.idlePerRank.assign(p, 0.0);
    out.peakInFlight.assign(p, 0);
    out.peakInFlightStages.assign(p, 0.0);
    double first = blocks.front().start, last = blocks.front().end, busyTotal = 0.0;
    const bool split = splitsWeightGrad(spec.schedule);
    for (int r = 0; r < p; ++r) {
        double busy = 0.0;
        int inFlight = 0, peak = 0;
        for (std::size_t i = offsets[r]; i < offsets[r + 1]; ++i) {
            const Block& blk = blocks[i];
            busy += blk.end - blk.start;
            first = std::min(first, blk.start);
            last = std::max(last, blk.end);
            if (blk.kind == BlockKind::Forward)
                peak = std::max(peak, ++inFlight);
            else if (blk.kind == BlockKind::WeightGrad || !split)
                --inFlight;
        }
        // Blocks of a rank run back to back in program order, so its window is [first block start, last block end].
        const double window = blocks[offsets[r + 1] - 1].end - blocks[offsets[r]].start;
        out.idlePerRank[r] = std::max(0.0, window - busy);
        out.peakInFlight[r] = peak;
        out.peakInFlightStages[r] = static_cast<double>(peak) / spec.virtualStages;
        busyTotal += busy;
    }
    out.makespan = last - first;
    out.bubbleFraction = std::max(0.0, 1.0 - busyTotal / (p * out.makespan));
    out.bubbleOverIdeal = (out.makespan - out.ideal) / out.ideal;
    return out;
}

// Fills `blocks` with every rank's program (rank 0 first) and `offsets` with each rank's first index plus the end.
void writePrograms(const PipelineSpec& spec, std::vector<Block>& blocks, std::vector<std::size_t>& offsets) {
    const int p = spec.stages, m = spec.microBatches, v = spec.virtualStages;
    blocks.reserve(static_cast<std::size_t>(p) * v * m * (splitsWeightGrad(spec.schedule) ? 3 : 2));
    offsets.reserve(p + 1);
    offsets.push_back(0);
    ProgramWriter out(blocks, offsets);
    if (spec.schedule == Schedule::ZbH2) {
        writeZbH2(out, p, m); // built for all ranks at once
        return;
    }
    for (int r = 0; r < p; ++r) {
        switch (spec.schedule) {
        case Schedule::GPipe:
            writeGPipe(out, m);
            break;
        case Schedule::OneFOneB:
            writeOneFOneB(out, p, m, r);
            break;
        case Schedule::Interleaved:
            if (v >= 2)
                writeInterleaved(out, p, m, v, r);
            else
                writeOneFOneB(out, p, m, r);
            break;
        case Schedule::ZbH1:
            writeZbH1(out, p, m, r);
            break;
        case Schedule::ZbV:
            writeZbV(out, p, m, r);
            break;
        case Schedule::DualPipeV:
            DualPipeVWriter(out, p, m, r).write();
            break;
        case Schedule::ZbH2:
            break;
        }
        out.endRank();
    }
}

PipelineSpec effectiveSpec(const PipelineSpec& spec) {
    PipelineSpec out = spec;
    out.virtualStages = effectiveVirtualStages(spec);
    return out;
}

} // namespace

const char* scheduleName(Schedule schedule) {
    return choiceName(schedule);
}

bool parseSchedule(const std::string& name, Schedule& out) {
    const auto parsed = parseChoice<Schedule>(name);
    if (parsed)
        out = *parsed;
    return bool(parsed);
}

const std::vector<Schedule>& allSchedules() {
    static const std::vector<Schedule> all = allChoices<Schedule>();
    return all;
}

bool splitsWeightGrad(Schedule schedule) {
    return schedule == Schedule::ZbH1 || schedule == Schedule::ZbH2 || isVShape(schedule);
}

int effectiveVirtualStages(const PipelineSpec& spec) {
    if (isVShape(spec.schedule))
        return 2;
    return spec.schedule == Schedule::Interleaved ? spec.virtualStages : 1;
}

int pipelinePosition(Schedule schedule, int stages, int rank, int chunk) {
    if (isVShape(schedule))
        return chunk == 0 ? rank : 2 * stages - 1 - rank;
    return chunk * stages + rank;
}

namespace {

// Straight-line checks, no loop over (name, value) pairs: the memory gate runs them on every probe, and the loops
// cost 30% of a 405B evaluate() (callgrind: 18,200 -> 13,000 instructions).
void validateFields(const PipelineSpec& spec) {
    checkCount("stages", spec.stages);
    checkCount("microBatches", spec.microBatches);
    checkCount("virtualStages", spec.virtualStages);
    checkDuration("f", spec.f);
    checkDuration("b", spec.b);
    checkDuration("w", spec.w);
    checkDuration("p2p", spec.p2p);
    if (!(spec.f + spec.b + spec.w > 0.0)) [[unlikely]]
        rejectIdle(spec.f + spec.b + spec.w);
}

} // namespace

void validate(const PipelineSpec& spec) {
    validateFields(spec);
    const int p = spec.stages, m = spec.microBatches;
    // Megatron-LM rejects a last micro-batch group smaller than p; with its default group size p that means m % p != 0.
    if (runsInterleaved(spec) && m % p != 0)
        rejectField("microBatches", std::to_string(m),
                    "a positive multiple of stages (" + std::to_string(p) + ") for interleaved with virtualStages " +
                        std::to_string(spec.virtualStages) + " (Megatron-LM rule)");
    // DualPipeV's reference implementation asserts at least two micro-batches per rank.
    if (spec.schedule == Schedule::DualPipeV && m < 2 * p)
        rejectField("microBatches", std::to_string(m),
                    "[" + std::to_string(2 * p) + ", " + std::to_string(kMaxPipelineBlocks) +
                        "] for dualpipev (at least 2 * stages)");
    const double perChunk = splitsWeightGrad(spec.schedule) ? 3.0 : 2.0;
    const double blocks = static_cast<double>(p) * effectiveVirtualStages(spec) * m * perChunk;
    if (blocks > static_cast<double>(kMaxPipelineBlocks))
        rejectField("stages * virtualStages * microBatches * blocksPerChunk", formatValue(blocks),
                    "<= " + std::to_string(kMaxPipelineBlocks) + " blocks (stages=" + std::to_string(p) +
                        ", microBatches=" + std::to_string(m) +
                        ", virtualStages=" + std::to_string(effectiveVirtualStages(spec)) + ")");
}

Timeline simulate(const PipelineSpec& input) {
    validate(input);
    Timeline timeline;
    timeline.spec = effectiveSpec(input);
    const PipelineSpec& spec = timeline.spec;
    std::vector<std::size_t> offsets;
    writePrograms(spec, timeline.blocks, offsets);
    Replayer(spec, timeline.blocks, offsets).run();
    timeline.metrics = computeMetrics(spec, timeline.blocks, offsets);
    return timeline;
}

// Chunks in flight at the peak on rank 0 and on rank p-1 grow as min(slope x m, cap), by schedule.
InFlightGrowth inFlightGrowth(const PipelineSpec& input) {
    validateFields(input);
    const PipelineSpec spec = effectiveSpec(input);
    const double p = spec.stages, v = spec.virtualStages;
    InFlightGrowth g;
    g.chunks = v;
    auto both = [&g](double slope, double cap) {
        g.slope0 = g.slopeLast = slope;
        g.cap0 = g.capLast = cap;
    };
    switch (spec.schedule) {
    case Schedule::GPipe: // every forward before the first backward
        both(1, std::numeric_limits<double>::infinity());
        break;
    case Schedule::OneFOneB:
    case Schedule::Interleaved: // Megatron's warm-up on the last rank
        if (v >= 2) {
            g.slope0 = g.slopeLast = v;
            g.cap0 = v * p + p - 1;
            g.capLast = (v - 1) * p + 1;
        } else {
            g.cap0 = p; // slope 1; the last rank holds one micro-batch at a time (cap 1)
        }
        break;
    case Schedule::ZbH1: // W delayed by r micro-batches on rank r: p on every rank
        both(1, p);
        break;
    case Schedule::ZbH2:
        both(1, 2 * p - 1);
        break;
    case Schedule::ZbV:
        both(2, 2 * p);
        break;
    case Schedule::DualPipeV: // the whole count from the first micro-batch on
        both(2 * p + 1, 2 * p + 1);
        break;
    }
    return g;
}

PeakInFlight peakInFlight(const PipelineSpec& spec) {
    return inFlightGrowth(spec).at(spec.microBatches);
}

[[gnu::flatten]] PipelineClosedForm closedForm(const PipelineSpec& input) {
    validateFields(input); // no size cap and no simulate-only m rules: the ledger asks for any configuration
    const PipelineSpec spec = effectiveSpec(input);
    const double p = spec.stages, m = spec.microBatches, v = spec.virtualStages;
    const double f = spec.f, b = spec.b, w = spec.w, c = spec.p2p;
    const double pass = f + b + w;
    const double ideal = m * v * pass;
    const bool noP2p = c == 0.0;
    const bool uniform = f == b && b == w;
    // Lower bound for every schedule: the last rank cannot start before (p-1) forwards and hops, then does a full
    // rank's work.
    const double lastRankBound = ideal + (p - 1) * (f + c);

    PipelineClosedForm out;
    switch (spec.schedule) {
    case Schedule::GPipe:
        out.makespan = (m + p - 1) * pass + 2 * (p - 1) * c;
        out.makespanExact = true;
        break;
    case Schedule::OneFOneB:
    case Schedule::Interleaved:
        out.makespan = (m * v + p - 1) * pass + 2 * (p - 1) * c;
        out.makespanExact = noP2p;
        break;
    case Schedule::ZbH1:
        if (w <= std::min(f, b)) {
            out.makespan = ideal + (p - 1) * (f + b - w) + 2 * (p - 1) * c;
            out.makespanExact = noP2p && m >= p;
        } else {
            out.makespan = lastRankBound;
        }
        break;
    case Schedule::ZbH2:
        out.makespan = lastRankBound;
        out.makespanExact = noP2p && uniform && m >= p;
        break;
    case Schedule::ZbV:
        out.makespan = lastRankBound;
        out.makespanExact = noP2p && uniform && m >= 2 * p - 1;
        out.peakExact = m >= 2 * p - 1;
        break;
    case Schedule::DualPipeV:
        out.makespan = lastRankBound;
        out.makespanExact = noP2p && uniform;
        break;
    }
    if (spec.schedule != Schedule::ZbV)
        out.peakExact = true;
    // Specs simulate() rejects (Megatron / DualPipeV micro-batch rules) still get the formula, marked inexact.
    if ((spec.schedule == Schedule::Interleaved && v >= 2 && spec.microBatches % spec.stages != 0) ||
        (spec.schedule == Schedule::DualPipeV && m < 2 * p))
        out.makespanExact = out.peakExact = false;
    out.makespan = std::max(out.makespan, ideal);
    out.bubbleOverIdeal = (out.makespan - ideal) / ideal;
    out.bubbleFraction = 1.0 - ideal / out.makespan;
    const PeakInFlight peak = inFlightGrowth(spec).at(spec.microBatches);
    out.peakInFlightStagesRank0 = peak.rank0;
    out.peakInFlightStagesLastRank = peak.lastRank;
    return out;
}

} // namespace tl::engine
