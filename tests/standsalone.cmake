# cmake -DSRC=<repo> -P standsalone.cmake: the repository stands alone. No source, test, document or resource points
# to a file outside it (the course texts and the contract live beside the project, not in it): the keys and the
# command line are in docs/contract.md, the course sections in docs/lessons.md.
cmake_policy(SET CMP0009 NEW)
file(GLOB_RECURSE files ${SRC}/engine/* ${SRC}/io/* ${SRC}/ui/* ${SRC}/app/* ${SRC}/tests/* ${SRC}/bench/*
     ${SRC}/docs/* ${SRC}/resources/* ${SRC}/packaging/* ${SRC}/README.md ${SRC}/CMakeLists.txt)
list(FILTER files INCLUDE REGEX "\\.(h|cpp|in|cmake|py|sh|json|md|txt|csv|toml)$")
list(FILTER files EXCLUDE REGEX "/standsalone\\.cmake$")
list(LENGTH files count)
if(count LESS 200)
  message(FATAL_ERROR "stands_alone: found only ${count} files under ${SRC}; is SRC right?")
endif()
set(bad "")
foreach(file ${files})
  file(STRINGS ${file} lines REGEX "CONTRACT\\.md|\\.\\./shared/" ENCODING UTF-8)
  foreach(line IN LISTS lines)
    file(RELATIVE_PATH rel ${SRC} ${file})
    string(APPEND bad "  ${rel}: ${line}\n")
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "stands_alone: these lines point outside the repository (use docs/contract.md or "
                      "docs/lessons.md):\n${bad}")
endif()
message(STATUS "stands_alone: ${count} files point only inside the repository")
