// Checkpoints, faults and goodput (docs/formulas.md §13): published fault counts, the checkpoint sizes of the course's
// state table, Young's interval to the printed digit, asynchronous checkpoints, the time gate with faults, and
// properties over random scenarios.

#include "tests/engine/random_scenarios.h"

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/presets.h"
#include "engine/timecost.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

using namespace tl::engine;

Scenario with(Scenario s, const std::vector<std::pair<const char*, FieldValue>>& values) {
    for (const auto& [key, value] : values) {
        const auto err = setField(s, key, value);
        EXPECT_FALSE(err) << key << ": " << (err ? err->message() : "");
    }
    return s;
}

// Llama 3 405B as Meta trained it (Dubey et al. 2024, §3.3): 16,384 H100s as TP 8 x PP 16 x DP 128, 16M-token
// batches of 8,192-token sequences, checkpoints written to Tectonic at its sustained 2 TB/s (§3.1.2).
Scenario llama3On16k() {
    return with(Scenario{}, {{"model.preset", std::string("llama3.1-405b")},
                             {"data.seq_len", 8192.0},
                             {"data.global_batch", 2048.0},
                             {"data.tokens", 15.6e12},
                             {"parallel.tp", 8.0},
                             {"parallel.pp", 16.0},
                             {"parallel.dp", 128.0},
                             {"checkpoint.storage_gbps", 2000.0},
                             {"schedule.deadline_days", 120.0},
                             {"schedule.reserve_days", 10.0}});
}

TEST(Goodput, Llama3On16kGpusOver54Days) {
    // Scale the tokens so that the run's wall time is Meta's 54-day snapshot, then count its faults.
    Scenario s = llama3On16k();
    const Ledger first = evaluate(s);
    ASSERT_TRUE(first.valid);
    s.data.tokens *= 54.0 / first.time.daysEffective;
    const Ledger l = evaluate(s);
    ASSERT_TRUE(l.valid);
    EXPECT_NEAR(l.time.daysEffective, 54.0, 0.05);
    EXPECT_EQ(l.time.gpus, 16384);
    // "419 unexpected interruptions" in 54 days (§3.3.4), within 10%.
    EXPECT_NEAR(l.goodput.interruptions, 419.0, 41.9);
    // "higher than 90% effective training time".
    EXPECT_GT(l.goodput.fraction, 0.90);
    EXPECT_LE(l.goodput.fraction, 1.0);
    // The job's mean time between faults: 50,000 h / 16,384 GPUs = 3.05 hours.
    EXPECT_NEAR(l.goodput.jobMtbfS, 50000.0 * 3600 / 16384, 1e-6);
}

TEST(Goodput, CheckpointSizesAreFourteenAndTwoBytesPerParameter) {
    const Scenario s; // seed 000: Qwen3-8B, BF16 weights and gradients, FP32 master, Adam, ZeRO-3 over 8 GPUs
    const Ledger l = evaluate(s);
    ASSERT_TRUE(l.valid);
    const double n = double(l.params.total);
    EXPECT_EQ(l.params.total, 8190735360);
    // Seed 000 §3's 16 B per parameter less the 2 B of gradients: 114.7 GB = 106.8 GiB.
    EXPECT_DOUBLE_EQ(l.checkpoint.bytesFull, 14.0 * n);
    EXPECT_EQ(formatLedgerValue(l.checkpoint.bytesFull, Unit::Bytes), "114.7 GB (106.8 GiB)");
    EXPECT_DOUBLE_EQ(l.checkpoint.bytesWeights, 2.0 * n);
    EXPECT_EQ(formatLedgerValue(l.checkpoint.bytesWeights, Unit::Bytes), "16.4 GB (15.3 GiB)");
    // ZeRO-3 over 8 GPUs: each holds an eighth of all three.
    EXPECT_DOUBLE_EQ(l.checkpoint.bytesPerGpu, 14.0 * n / 8);
    // FP32 gradients (18 B of state) do not change the checkpoint: gradients are not saved.
    const Ledger fp32Grads = evaluate(with(s, {{"precision.grads", std::string("fp32")}}));
    EXPECT_DOUBLE_EQ(fp32Grads.state.bytesPerParam, 18.0);
    EXPECT_DOUBLE_EQ(fp32Grads.checkpoint.bytesFull, 14.0 * n);
    // ZeRO-1: the weights are replicated (2N per GPU), the master copy and Adam's moments sharded (12N / 8).
    const Ledger zero1 = evaluate(with(s, {{"parallel.zero", 1.0}}));
    EXPECT_DOUBLE_EQ(zero1.checkpoint.bytesPerGpu, 2.0 * n + 12.0 * n / 8);
    // ZeRO-0 with TP 2: every replica holds half of the whole checkpoint.
    const Ledger zero0 = evaluate(with(s, {{"parallel.zero", 0.0}, {"parallel.tp", 2.0}, {"parallel.dp", 4.0}}));
    EXPECT_DOUBLE_EQ(zero0.checkpoint.bytesPerGpu, 14.0 * n / 2);
    // Llama 3.1 405B: 5.68 TB full, 811.7 GB of BF16 weights.
    const Ledger big = evaluate(llama3On16k());
    EXPECT_EQ(formatLedgerValue(big.checkpoint.bytesFull, Unit::Bytes), "5681.9 GB (5291.7 GiB)");
    EXPECT_EQ(formatLedgerValue(big.checkpoint.bytesWeights, Unit::Bytes), "811.7 GB (756.0 GiB)");
}

TEST(Goodput, WriteTimeIsTheFullCheckpointOverTheStorage) {
    const Ledger l = evaluate(Scenario{});
    // 114.7 GB at the default 10 GB/s.
    EXPECT_DOUBLE_EQ(l.checkpoint.writeS, l.checkpoint.bytesFull / 10e9);
    EXPECT_EQ(formatLedgerValue(l.checkpoint.writeS, Unit::Seconds), "11.5 s");
    EXPECT_DOUBLE_EQ(l.checkpoint.blockingS, l.checkpoint.writeS);
    // Storage faster than the GPUs' PCIe links: each share still has to leave its GPU (14.3 GB at 64 GB/s).
    const Ledger fast = evaluate(with(Scenario{}, {{"checkpoint.storage_gbps", 1e5}}));
    EXPECT_DOUBLE_EQ(fast.checkpoint.writeS, fast.checkpoint.bytesPerGpu / 64e9);
}

TEST(Goodput, OptimalIntervalIsYoungsToThePrintedDigit) {
    for (const Scenario& s : {Scenario{}, llama3On16k(), with(Scenario{}, {{"reliability.gpu_mtbf_hours", 1000.0}})}) {
        const Ledger l = evaluate(s);
        ASSERT_TRUE(l.valid);
        const double young = std::sqrt(2.0 * l.checkpoint.writeS * l.goodput.jobMtbfS);
        EXPECT_EQ(formatLedgerValue(l.checkpoint.intervalS, Unit::Seconds), formatLedgerValue(young, Unit::Seconds));
        EXPECT_DOUBLE_EQ(l.goodput.jobMtbfS, s.reliability.gpuMtbfHours * 3600 / double(l.time.gpus));
    }
    // Default: 11.5 s writes, 22,500,000 s between faults of 8 GPUs: every 22,716.0 s (6.3 hours).
    EXPECT_EQ(formatLedgerValue(evaluate(Scenario{}).checkpoint.intervalS, Unit::Seconds), "22716.0 s");
    // A typed interval is used as typed.
    const Ledger typed = evaluate(with(Scenario{}, {{"checkpoint.interval_min", 30.0}}));
    EXPECT_DOUBLE_EQ(typed.checkpoint.intervalS, 1800.0);
    EXPECT_DOUBLE_EQ(typed.goodput.lostPerFaultS, 900.0 + 600.0);
}

TEST(Goodput, AsyncBlocksOnlyForTheHostCopy) {
    const Scenario s = llama3On16k();
    const Ledger sync = evaluate(s);
    const Ledger async = evaluate(with(s, {{"checkpoint.async", true}}));
    ASSERT_TRUE(async.valid);
    // The blocking part is each GPU's share over its own PCIe link (64 GB/s); the write itself is unchanged.
    EXPECT_DOUBLE_EQ(async.checkpoint.blockingS, async.checkpoint.bytesPerGpu / 64e9);
    EXPECT_DOUBLE_EQ(async.checkpoint.writeS, sync.checkpoint.writeS);
    EXPECT_LT(async.checkpoint.blockingS, sync.checkpoint.blockingS);
    // Young's interval on the blocking part, but never shorter than one write; a fault also loses the write in flight.
    EXPECT_DOUBLE_EQ(
        async.checkpoint.intervalS,
        std::max(std::sqrt(2.0 * async.checkpoint.blockingS * async.goodput.jobMtbfS), async.checkpoint.writeS));
    EXPECT_DOUBLE_EQ(async.goodput.lostPerFaultS, async.checkpoint.intervalS / 2 + async.checkpoint.writeS + 600.0);
    EXPECT_GT(async.goodput.fraction, sync.goodput.fraction);
    // The host copy takes CPU memory: a GPU's share x 8 per node.
    EXPECT_DOUBLE_EQ(async.checkpoint.hostPerNode, async.checkpoint.bytesPerGpu * 8);
    EXPECT_DOUBLE_EQ(sync.checkpoint.hostPerNode, 0.0);
}

TEST(Goodput, HostMemoryGateForOffloadAndAsyncCopies) {
    // Llama 3 70B, ZeRO-0, TP 8: each GPU's share of the full checkpoint is 14 x 70.6e9 / 8 = 123 GB, 988 GB a node.
    const Scenario s = with(Scenario{}, {{"model.preset", std::string("llama3-70b")},
                                         {"parallel.tp", 8.0},
                                         {"parallel.dp", 4.0},
                                         {"parallel.zero", 0.0},
                                         {"checkpoint.async", true}});
    const Ledger l = evaluate(s);
    ASSERT_TRUE(l.valid);
    EXPECT_GT(l.memory.hostNeededPerNode, 512e9);
    EXPECT_FALSE(l.memory.hostFits);
    const auto warned = [](const Ledger& x, const char* code) {
        return std::any_of(x.warnings.begin(), x.warnings.end(), [code](const auto& w) { return w.code == code; });
    };
    EXPECT_TRUE(warned(l, "host-memory"));
    // A node with 1 TB of CPU memory holds it.
    const Ledger roomy = evaluate(with(s, {{"hardware.host_memory_gb", 1024.0}}));
    EXPECT_TRUE(roomy.memory.hostFits);
    EXPECT_FALSE(warned(roomy, "host-memory"));
    // The node's memory is not a figure of the GPU: the preset stays.
    EXPECT_EQ(with(Scenario{}, {{"hardware.host_memory_gb", 1024.0}}).hardware.preset, "h100-sxm");
    // Seed 004 exercise 5: 70B's optimizer offloaded to the CPU from 4 GPUs needs more than a 512 GB node.
    const Ledger offload = evaluate(with(Scenario{}, {{"model.preset", std::string("llama3-70b")},
                                                      {"parallel.dp", 4.0},
                                                      {"offload.optimizer", std::string("cpu")}}));
    EXPECT_DOUBLE_EQ(offload.memory.hostNeededPerNode, offload.memory.hostMemoryPerNode);
    EXPECT_EQ(offload.memory.hostFits, offload.memory.hostMemoryPerNode <= 512e9);
    // NVMe offload against the node's 2 TB.
    const Ledger nvme = evaluate(with(Scenario{}, {{"model.preset", std::string("llama3.1-405b")},
                                                   {"parallel.tp", 8.0},
                                                   {"parallel.dp", 1.0},
                                                   {"offload.optimizer", std::string("nvme")}}));
    EXPECT_GT(nvme.memory.hostMemoryPerNode, 2e12);
    EXPECT_FALSE(nvme.memory.hostFits);
    EXPECT_TRUE(warned(nvme, "nvme-capacity"));
}

TEST(Goodput, TimeGateCountsCheckpointsAndFaults) {
    // Seed 000's plan: faults and checkpoints take a few hundredths of a day; 7 GPUs still keep the 5-day reserve.
    const Ledger seed = evaluate(Scenario{});
    EXPECT_EQ(seed.time.minGpusCompute, 7);
    EXPECT_EQ(seed.time.minGpusComputeFullDeadline, 6);
    EXPECT_GT(seed.time.daysEffective, seed.time.days);
    EXPECT_NEAR(seed.goodput.reserveNeededDays, seed.time.daysEffective - seed.time.days, 1e-12);
    EXPECT_EQ(seed.time.finishes, seed.time.daysEffective <= 25.0);

    // 405B with slow storage: compute alone would be met by fewer GPUs than checkpoints and faults allow.
    const Scenario slow = with(llama3On16k(), {{"checkpoint.storage_gbps", 20.0}, {"schedule.deadline_days", 90.0}});
    const Ledger l = evaluate(slow);
    ASSERT_TRUE(l.valid);
    const double rate = l.time.tokensPerSPerGpu * l.flops.trainingPerToken;
    const int mp = 8 * 16;
    const double computeOnly = std::ceil(l.flops.total / (80.0 * 86400 * rate) / mp - 1e-9) * mp;
    EXPECT_GT(double(l.time.minGpusCompute), computeOnly);
    // The count is the fewest whole replicas whose effective days fit the 80 training days.
    const auto daysAt = [&](std::int64_t gpus) {
        Scenario at = slow;
        at.parallel.dp = int(gpus / mp);
        at.data.globalBatch = at.parallel.dp; // one sequence per replica keeps the layout valid; days do not care
        return evaluate(at).time.daysEffective;
    };
    EXPECT_LE(daysAt(l.time.minGpusCompute), 80.0);
    EXPECT_GT(daysAt(l.time.minGpusCompute - mp), 80.0);

    // Faults faster than any restart: no count finishes, and the plan says why.
    const Ledger hopeless = evaluate(with(llama3On16k(), {{"reliability.gpu_mtbf_hours", 1.0}}));
    ASSERT_TRUE(hopeless.valid);
    EXPECT_TRUE(hopeless.goodput.outpaced);
    EXPECT_FALSE(hopeless.time.finishes);
    EXPECT_EQ(hopeless.time.minGpusCompute, std::int64_t(1e15));
    EXPECT_TRUE(std::isfinite(hopeless.time.daysEffective));
    EXPECT_TRUE(std::any_of(hopeless.warnings.begin(), hopeless.warnings.end(),
                            [](const auto& w) { return w.code == "faults-outpace"; }));
}

TEST(Goodput, TheVerdictSaysWhatTheReserveCovers) {
    // Seed 000's plan: 5 of its 30 days are kept "for checkpoints and failures"; its faults and checkpoints use 0.02.
    const Scenario seed;
    const Ledger l = evaluate(seed);
    const Diagnostic covers = reserveSentence(seed, l);
    EXPECT_EQ(covers.id, Msg::ReserveCovers);
    EXPECT_NEAR(l.goodput.reserveNeededDays, 0.02, 0.005);
    EXPECT_EQ(covers.message(), "Faults and checkpoints need 0.02 days of the 5-day reserve.");

    // Llama 3 405B on 16,384 H100s at 2 TB/s: 70.3 compute days become 76.1; the 5-day reserve is short.
    const Scenario big = with(llama3On16k(), {{"schedule.reserve_days", 5.0}});
    const Ledger b = evaluate(big);
    ASSERT_TRUE(b.valid);
    EXPECT_NEAR(b.goodput.reserveNeededDays, 5.8, 0.05);
    const Diagnostic shortOf = reserveSentence(big, b);
    EXPECT_EQ(shortOf.id, Msg::ReserveShort);
    EXPECT_EQ(shortOf.message(), "Faults and checkpoints need 5.8 days: more than the 5-day reserve.");

    // No reserve at all, and faults that outpace the run.
    const Scenario none = with(seed, {{"schedule.reserve_days", 0.0}});
    EXPECT_EQ(reserveSentence(none, evaluate(none)).message(),
              "Faults and checkpoints need 0.02 days, and no days are kept in reserve.");
    const Scenario hopeless = with(llama3On16k(), {{"reliability.gpu_mtbf_hours", 1.0}});
    EXPECT_EQ(reserveSentence(hopeless, evaluate(hopeless)).message(),
              "On 16,384 GPUs faults come faster than the job recovers: no reserve covers them.");
}

// Issue 26 meets issue 25: a LoRA run saves its adapters (with their master copy and optimizer state), not the frozen
// base, which a restart reads again from the base model's files.
TEST(Goodput, LoraCheckpointsHoldTheAdaptersOnly) {
    const Scenario s = with(Scenario{}, {{"model.preset", std::string("llama3-70b")},
                                         {"finetune.method", std::string("lora")},
                                         {"parallel.tp", 8.0},
                                         {"parallel.dp", 1.0}});
    const Ledger l = evaluate(s);
    ASSERT_TRUE(l.valid);
    const double adapters = double(l.params.trainable);
    ASSERT_GT(adapters, 0);
    EXPECT_LT(adapters, 0.01 * double(l.params.total));
    EXPECT_DOUBLE_EQ(l.checkpoint.bytesWeights, 2.0 * adapters); // BF16 adapters
    EXPECT_DOUBLE_EQ(l.checkpoint.bytesWeights, l.state.trainableWeightBytes);
    EXPECT_DOUBLE_EQ(l.checkpoint.bytesFull, 14.0 * adapters);       // 2 + 4 (FP32 master) + 8 (Adam)
    EXPECT_DOUBLE_EQ(l.checkpoint.bytesPerGpu, 14.0 * adapters / 8); // split over TP 8, one replica
}

// The days curve's mark where more GPUs stop paying (issue 25): on a fleet with a fault every 50 GPU-hours the
// effective days reach their minimum between 128 and 256 GPUs and rise beyond; at Llama 3's rate they fall all along.
TEST(Goodput, TheCurveMarksWhereMoreGpusStopPaying) {
    Scenario faulty;
    faulty.reliability.gpuMtbfHours = 50;
    const Evaluation e = evaluateAll(faulty);
    ASSERT_TRUE(e.marks.fewestDays);
    const ScalePoint& best = e.curve[*e.marks.fewestDays];
    EXPECT_GE(best.gpus, 128);
    EXPECT_LE(best.gpus, 256);
    for (const ScalePoint& p : e.curve)
        EXPECT_GE(p.daysEffective, best.daysEffective) << p.gpus;
    EXPECT_GT(e.curve.back().daysEffective, best.daysEffective);
    EXPECT_LT(best.days, e.curve[*e.marks.fewestDays - 1].days); // compute alone still falls there
    EXPECT_FALSE(evaluateAll(Scenario{}).marks.fewestDays);
}

TEST(Goodput, PropertiesOverRandomScenarios) {
    tl::test::RandomScenarios g(20261202);
    std::mt19937_64 rng(7);
    const auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    const auto logUniform = [&](double lo, double hi) { return std::exp(uniform(std::log(lo), std::log(hi))); };
    int checked = 0;
    for (int i = 0; i < 1500; ++i) {
        Scenario s = g.next();
        s.reliability.gpuMtbfHours = logUniform(10, 1e6);
        s.reliability.restartMin = uniform(0, 60);
        s.checkpoint.storageGbps = logUniform(0.1, 1e4);
        s.checkpoint.async = uniform(0, 1) < 0.5;
        s.checkpoint.intervalMin = uniform(0, 1) < 0.5 ? 0.0 : logUniform(1, 1440);
        const Ledger l = evaluate(s);
        ASSERT_TRUE(l.valid) << i;
        // Effective days never below compute days; goodput in (0, 1].
        ASSERT_GE(l.time.daysEffective, l.time.days) << i;
        ASSERT_GT(l.goodput.fraction, 0.0) << i;
        ASSERT_LE(l.goodput.fraction, 1.0) << i;
        ASSERT_GE(l.goodput.reserveNeededDays, 0.0) << i;
        // More GPUs never give fewer expected interruptions: the share of wall time lost to faults never falls, and
        // the count never falls unless the GPUs also shorten the work's GPU-hours (the derived step can scale a
        // little better than linearly) or the checkpoint's stall (each GPU's share crosses its PCIe link faster).
        Scenario twice = s;
        twice.parallel.dp *= 2;
        twice.data.globalBatch *= 2;
        const Ledger l2 = evaluate(twice);
        if (!l2.valid)
            continue;
        const auto lostShare = [](const Ledger& x) { return x.goodput.lostPerFaultS / x.goodput.jobMtbfS; };
        ASSERT_GE(lostShare(l2), lostShare(l) * (1 - 1e-12)) << i;
        if (l2.time.gpuHours >= l.time.gpuHours * (1 - 1e-12) && l2.checkpoint.blockingS >= l.checkpoint.blockingS) {
            ++checked;
            ASSERT_GE(l2.goodput.interruptions, l.goodput.interruptions * (1 - 1e-12))
                << i << ": " << l.time.gpus << " GPUs " << l.goodput.interruptions << ", " << l2.time.gpus << " GPUs "
                << l2.goodput.interruptions;
        }
        // And the curve's points carry the same effective days as the ledger at the plan's count.
        const auto curve = scaleCurve(s, std::max<long long>(64, l.time.gpus), {l.time.gpus});
        const auto at = curvePointAt(curve, l.time.gpus);
        ASSERT_TRUE(at);
        ASSERT_DOUBLE_EQ(curve[*at].daysEffective, l.time.daysEffective) << i;
    }
    EXPECT_GT(checked, 500);
}

TEST(Goodput, BlockingTimeIsTheWallsToTheBit) {
    // FaultModel::blockingS (the time gate's floor) is wall()'s blockingS, synchronous and asynchronous, at any dp.
    tl::test::RandomScenarios g(41);
    std::mt19937_64 rng(3);
    int compared = 0, async = 0;
    for (int i = 0; i < 400; ++i) {
        Scenario s = g.next();
        s.checkpoint.async = rng() % 2 == 0;
        s.checkpoint.storageGbps = std::exp(std::uniform_real_distribution<double>(std::log(0.1), std::log(1e4))(rng));
        ModelCounts m = countModel(s.model);
        const FaultModel faults(s, m);
        for (int dp : {1, 2, 7, 64, 1000, 123456}) {
            const CheckpointSize c = faults.checkpoint(dp);
            const Faults f = faults.wall(c, 1e6, double(dp) * s.parallel.tp * s.parallel.pp * s.parallel.cp);
            ASSERT_EQ(faults.blockingS(c), f.blockingS) << i << " dp " << dp;
            ASSERT_EQ(f.blockingS, s.checkpoint.async ? c.perGpu / (s.hardware.pcieGbps * 1e9) : f.writeS) << i;
            ++compared;
            async += s.checkpoint.async;
        }
    }
    EXPECT_GT(compared, 2000);
    EXPECT_GT(async, 500);
}

} // namespace
