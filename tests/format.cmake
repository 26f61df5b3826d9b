# cmake -DSRC=<repo> -DCLANG_FORMAT=<clang-format> -P format.cmake: every C++ file of the repository is formatted by
# the root .clang-format (clang-format --dry-run -Werror reports the first lines that are not).
cmake_policy(SET CMP0009 NEW)
file(GLOB_RECURSE files ${SRC}/engine/*.h ${SRC}/engine/*.cpp ${SRC}/io/*.h ${SRC}/io/*.cpp ${SRC}/ui/*.h
     ${SRC}/ui/*.cpp ${SRC}/app/*.h ${SRC}/app/*.cpp ${SRC}/tests/*.h ${SRC}/tests/*.cpp ${SRC}/bench/*.h
     ${SRC}/bench/*.cpp)
list(LENGTH files count)
if(count LESS 150)
  message(FATAL_ERROR "format: found only ${count} C++ files under ${SRC}; is SRC right?")
endif()
execute_process(COMMAND ${CLANG_FORMAT} --dry-run -Werror ${files} WORKING_DIRECTORY ${SRC} RESULT_VARIABLE rc
                ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  string(SUBSTRING "${out}" 0 3000 out)
  message(FATAL_ERROR "format: run clang-format -i on these files (root .clang-format):\n${out}")
endif()
message(STATUS "format: ${count} C++ files follow .clang-format")
