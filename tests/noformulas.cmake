# cmake -DSRC=<repo> -P noformulas.cmake: widgets and the command line format and draw; the rules live in engine/.
# Fails when a line of ui/ or app/ (comments aside) does what only the engine may: turn seconds into days or hours,
# price GPU-hours, scale by peak FLOP/s or memory size, compute a memory headroom or limit, compare the binding gate
# as a word, take the larger gate as "GPUs needed", sum memory categories or document lengths, decide a gate from a
# throughput or a day count, or decide whether tp spans nodes. Each rule below names the engine function to call.
set(rules
  "86400|3600\\.|kSecondsPer"                                   "engine/timecost.h (runCost, layoutTiming)"
  "usdPerGpuHour[ \t]*[*/]|[*/][ \t]*[A-Za-z_.>()-]*usdPerGpuHour" "engine/timecost.h (runCost)"
  "peakTflops[ \t]*[*/]|[*/][ \t]*[A-Za-z_.>()-]*peakTflops"   "engine/timecost.h (layoutTiming)"
  "memoryGb[ \t]*[*/]"                                          "the ledger's memory.capacity"
  "1(\\.0)?[ \t]*-[ \t]*[A-Za-z_.>()-]*[Tt]otal[ \t]*/"         "engine/gates.h (memoryHeadroom, Plan::headroom)"
  "capacity[ \t]*\\*[ \t]*\\(1"                                 "engine/gates.h (memoryLimit)"
  "bindingGate[ \t]*[!=]=[ \t]*\""                              "engine/gates.h (Gate)"
  "max\\(.*minGpusMemory.*minGpusCompute"                        "engine/gates.h (gpusNeeded)"
  "std::accumulate"                                             "an engine function (packingAssignments, ...)"
  "weights[ \t]*\\+[ \t]*[A-Za-z_.>()-]*gradients"              "memory.state, engine::memoryParts"
  "usd[ \t]*-[ \t]*[A-Za-z_.>()-]*usd"                           "engine::Evaluation::costFlat, engine::changeBetween"
  "tokensPerS[A-Za-z]*[ \t]*[<>]=?[ \t]*[A-Za-z_.>()-]*required" "ScalePoint::finishes"
  "days[ \t]*<=?[ \t]*[A-Za-z_.>()-]*(trainingDays|deadlineDays)" "ScalePoint::finishes, TimeLedger::finishes"
  "%[ \t]*tp[^a-z_]|tp[ \t]*>[ \t]*node"                        "engine/gates.h (tpSpansNodes)"
  "/[ \t]*std::abs\\("                                           "engine::changeBetween (a change in percent)"
)
# Lines the rules must catch (semicolons left out: they split CMake lists) (the check would be empty if a rule matched nothing of what it is meant to refuse).
set(samples
  "const double days = seconds / 86400.0"
  "const double usd = hours * s.hardware.usdPerGpuHour"
  "const double rate = s.hardware.peakTflops * 1e12 * mfu"
  "const double capacity = s.hardware.memoryGb * 1e9"
  "return 1.0 - p.memoryTotal / p.capacity"
  "const double limit = capacity * (1.0 - headroom)"
  "if (t.bindingGate == \"time\")"
  "count(std::max(*t.minGpusMemory, t.minGpusCompute))"
  "double(std::accumulate(lengths.begin(), lengths.end(), 0))"
  "const double st = m.weights + m.gradients + m.masterWeights + m.optimizer"
  "return std::abs(p.usd - curve.front().usd) <= 1e-9"
  "const bool enough = p.tokensPerS >= l.time.requiredTokensPerS"
  "const bool late = p.days <= l.time.trainingDays"
  "const bool across = tp > node || node % tp != 0"
  "const double p = (b - a) / std::abs(a) * 100"
)
list(LENGTH rules n)
math(EXPR last "${n} - 1")
set(patterns "")
foreach(i RANGE 0 ${last} 2)
  list(GET rules ${i} pattern)
  list(APPEND patterns "${pattern}")
endforeach()
foreach(sample ${samples})
  set(caught FALSE)
  foreach(pattern ${patterns})
    if(sample MATCHES "${pattern}")
      set(caught TRUE)
    endif()
  endforeach()
  if(NOT caught)
    message(FATAL_ERROR "noformulas: no rule catches the sample `${sample}`")
  endif()
endforeach()

file(GLOB_RECURSE files ${SRC}/ui/*.h ${SRC}/ui/*.cpp ${SRC}/app/*.h ${SRC}/app/*.cpp)
list(FILTER files EXCLUDE REGEX "/ui/i18n/enginestrings\\.cpp$") # generated: the engine's own strings
list(LENGTH files count)
if(count LESS 50)
  message(FATAL_ERROR "noformulas: read only ${count} files under ${SRC}/ui and ${SRC}/app; is SRC right?")
endif()
string(JOIN "|" any ${patterns}) # one pass picks the lines worth checking rule by rule
set(bad "")
foreach(file ${files})
  file(STRINGS ${file} lines ENCODING UTF-8 REGEX "${any}")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "//.*$" "" code "${line}") # comments explain formulas; code may not compute them
    if(NOT code MATCHES "${any}")
      continue()
    endif()
    foreach(i RANGE 0 ${last} 2)
      list(GET rules ${i} pattern)
      if(code MATCHES "${pattern}")
        math(EXPR j "${i} + 1")
        list(GET rules ${j} where)
        file(RELATIVE_PATH rel ${SRC} ${file})
        string(STRIP "${code}" shown)
        string(APPEND bad "  ${rel}: ${shown}\n    -> ${where}\n")
      endif()
    endforeach()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "ui/ and app/ hold no formulas; call the engine instead:\n${bad}")
endif()
message(STATUS "noformulas: ${count} files of ui/ and app/, no formula")
