# trainledger-cli --fit-scaling: recovers exact constants from tests/cli/pilot_runs.csv; bad CSVs exit 2 with one
# line naming the row. Run with -DCLI=<trainledger-cli> -DSRC=<source dir> -DOUT=<scratch dir>.

function(run_cli expected_rc out_var err_var)
  execute_process(COMMAND ${CLI} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "trainledger-cli ${ARGN}: exit ${rc}, expected ${expected_rc}\n${out}\n${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
  set(${err_var} "${err}" PARENT_SCOPE)
endfunction()

# JSON: the contract keys (docs/contract.md) and the intervals.
run_cli(0 out err --fit-scaling ${SRC}/tests/cli/pilot_runs.csv --json)
foreach(key E A B alpha beta)
  string(JSON value GET "${out}" ${key})
  string(JSON lo GET "${out}" intervals ${key} 0)
  string(JSON hi GET "${out}" intervals ${key} 1)
endforeach()
string(JSON points GET "${out}" points)
string(JSON huber GET "${out}" huber_loss)
string(JSON starts GET "${out}" starts)
if(NOT points EQUAL 35 OR NOT starts EQUAL 4500)
  message(FATAL_ERROR "--fit-scaling --json: points ${points}, starts ${starts}\n${out}")
endif()

# Text: the constants to six significant digits (exact points: exactly the approach 3 constants) and the allocation.
run_cli(0 text err --fit-scaling ${SRC}/tests/cli/pilot_runs.csv)
foreach(line "E +1.69 " "A +406.4 " "B +410.7 " "alpha +0.34 " "beta +0.28 "
             "compute-optimal at 1e\\+24 FLOPs: 41.30B parameters, 4035.8B tokens \\(98 per parameter\\), loss 1.911")
  if(NOT text MATCHES "${line}")
    message(FATAL_ERROR "--fit-scaling: '${line}' not found in:\n${text}")
  endif()
endforeach()

file(MAKE_DIRECTORY ${OUT})
set(cases
  "missing|params,loss\n1,2\n|no \"tokens\" column"
  "negative|params,tokens,loss\n1e8,2e9,3\n1e8,-2e9,3\n|row 2 (line 3): tokens is -2e9"
  "nan|params,tokens,loss\n1e8,2e9,nan\n|row 1 (line 2): loss is nan"
  "few|params,tokens,loss\n1e8,2e9,3\n2e8,2e9,3\n3e8,2e9,3\n4e8,2e9,3\n|only 4 data rows")
foreach(c IN LISTS cases)
  string(REPLACE "|" ";" parts "${c}")
  list(GET parts 0 name)
  list(GET parts 1 body)
  list(GET parts 2 fragment)
  string(REPLACE "\\n" "\n" body "${body}")
  file(WRITE ${OUT}/${name}.csv "${body}")
  run_cli(2 out err --fit-scaling ${OUT}/${name}.csv)
  string(STRIP "${err}" stripped)
  string(FIND "${stripped}" "\n" nl)
  string(FIND "${stripped}" "${fragment}" at)
  if(NOT nl EQUAL -1 OR at EQUAL -1)
    message(FATAL_ERROR "--fit-scaling ${name}.csv: expected one line with '${fragment}', got:\n${err}")
  endif()
endforeach()
run_cli(2 out err --fit-scaling ${OUT}/absent.csv)
run_cli(2 out err --fit-scaling ${SRC}/tests/cli/pilot_runs.csv --set model.params=1e9)
