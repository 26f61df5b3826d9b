# translations_engine_strings: ui/i18n/enginestrings.cpp must be what the enginestrings tool prints now, so every
# engine label and help text the window shows reaches lupdate.
execute_process(COMMAND "${GEN}" OUTPUT_FILE "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "enginestrings failed")
endif()
file(READ "${OUT}" now)
file(READ "${FILE}" committed)
if(NOT now STREQUAL committed)
  message(FATAL_ERROR "${FILE} is stale: run `cmake --build build --target update_translations`")
endif()
