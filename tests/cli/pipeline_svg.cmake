# trainledger-cli --pipeline-svg FILE. Run with -DCLI=<trainledger-cli> -DOUT=<scratch dir>.

file(MAKE_DIRECTORY "${OUT}")
set(svg "${OUT}/pipeline.svg")
file(REMOVE "${svg}")

execute_process(COMMAND ${CLI} --set parallel.pp=4 --set parallel.dp=2 --pipeline-svg "${svg}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS "${svg}")
  message(FATAL_ERROR "--pipeline-svg: exit ${rc}, file exists: ${EXISTS}\n${err}")
endif()
file(READ "${svg}" text)
foreach(f "<svg" "</svg>" "rank 0" "rank 3" "1f1b, p = 4" "class=\"F\"" "of total time")
  string(FIND "${text}" "${f}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "--pipeline-svg: '${f}' not in ${svg}")
  endif()
endforeach()

# pp = 1 (the built-in scenario): still a valid SVG, saying there is no pipeline.
execute_process(COMMAND ${CLI} --pipeline-svg "${svg}" RESULT_VARIABLE rc ERROR_VARIABLE err)
file(READ "${svg}" text)
string(FIND "${text}" "No pipeline" at)
if(NOT rc EQUAL 0 OR at EQUAL -1)
  message(FATAL_ERROR "--pipeline-svg with pp = 1: exit ${rc}\n${err}\n${text}")
endif()

# A pipeline the simulator refuses (over its block cap): exit 2, one line on stderr, the old file untouched.
execute_process(COMMAND ${CLI} --set parallel.pp=4 --set parallel.dp=1 --set data.global_batch=10000000
                        --pipeline-svg "${svg}" RESULT_VARIABLE rc ERROR_VARIABLE err)
string(STRIP "${err}" err)
string(FIND "${err}" "\n" nl)
string(FIND "${err}" "blocks" names_blocks)
if(NOT rc EQUAL 2 OR NOT nl EQUAL -1 OR names_blocks EQUAL -1)
  message(FATAL_ERROR "--pipeline-svg over the block cap: exit ${rc}, stderr:\n${err}")
endif()
file(READ "${svg}" after)
if(NOT after STREQUAL text)
  message(FATAL_ERROR "--pipeline-svg: a failed run changed the existing file")
endif()

# Layouts the ledger accepts but the diagram cannot draw are refused in the scenario's keys, not the simulator's
# ("invalid PipelineSpec: microBatches = 1"; issue 27).
foreach(case
    "parallel.schedule=dualpipev|data.global_batch=8|data.micro_batch=8|dualpipev needs the micro-batches per step (data.global_batch 8 / (data.micro_batch 8 x parallel.dp 1)) = 1 to be at least 2 x parallel.pp = 8"
    "parallel.schedule=interleaved|parallel.virtual_stages=2|data.global_batch=6|data.micro_batch=1|the interleaved schedule needs the micro-batches per step (data.global_batch 6 / (data.micro_batch 1 x parallel.dp 1)) = 6 to be a multiple of parallel.pp (4)")
  string(REPLACE "|" ";" parts "${case}")
  list(POP_BACK parts expected)
  set(sets "")
  foreach(a IN LISTS parts)
    list(APPEND sets --set "${a}")
  endforeach()
  execute_process(COMMAND ${CLI} --set parallel.pp=4 --set parallel.dp=1 ${sets} RESULT_VARIABLE ledger_rc
                  OUTPUT_QUIET ERROR_VARIABLE ledger_err)
  execute_process(COMMAND ${CLI} --set parallel.pp=4 --set parallel.dp=1 ${sets} --pipeline-svg "${OUT}/x.svg"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  string(STRIP "${err}" err)
  string(FIND "${err}" "${expected}" at)
  string(FIND "${err}" "PipelineSpec" internal)
  if(NOT rc EQUAL 2 OR at EQUAL -1 OR NOT internal EQUAL -1)
    message(FATAL_ERROR "--pipeline-svg ${sets} (ledger exit ${ledger_rc}: ${ledger_err}): exit ${rc}, stderr:\n${err}")
  endif()
endforeach()
