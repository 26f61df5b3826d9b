# The translations_complete test: lupdate re-reads the window's and the CLI's sources (ui/, app/cli/) into a copy of
# each .ts (the sources in the tree stay untouched), then every entry must be finished. A new tr() string without a
# translation fails here; `cmake --build build --target update_translations` brings the .ts up to date.
file(MAKE_DIRECTORY "${OUT}")
file(GLOB ts_files "${SRC}/translations/*.ts")
foreach(ts IN LISTS ts_files)
  get_filename_component(name "${ts}" NAME)
  configure_file("${ts}" "${OUT}/${name}" COPYONLY)
  execute_process(COMMAND "${LUPDATE}" -silent -no-obsolete -locations none -extensions cpp,h "${SRC}/ui"
                          "${SRC}/app/cli" -ts "${OUT}/${name}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed on ${name}")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -DTS=${OUT}/${name} -P "${CMAKE_CURRENT_LIST_DIR}/unfinished.cmake"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}: unfinished entries (see above)")
  endif()
endforeach()
