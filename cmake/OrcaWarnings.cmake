function(orca_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
  # GCC 12 reports a false -Wrestrict on std::string concatenation at -O2 (GCC bug 105329).
  target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>)
  if(ORCA_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(ORCA_SANITIZE)
    # float-cast-overflow is not part of 'undefined' in GCC: a double beyond a cast's range (a
    # hand-edited count of 1e300) is undefined behaviour the suite must see.
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer
                                             -fno-sanitize-recover=all)
    target_link_options(${target} PUBLIC -fsanitize=address,undefined,float-cast-overflow)
  endif()
  if(ORCA_TSAN)
    target_compile_options(${target} PRIVATE -fsanitize=thread -fno-omit-frame-pointer)
    target_link_options(${target} PUBLIC -fsanitize=thread)
  endif()
  if(ORCA_FUZZ)
    # Instrument for libFuzzer coverage; the fuzz targets add -fsanitize=fuzzer at link time.
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer)
    target_link_options(${target} PUBLIC -fsanitize=address,undefined)
  endif()
endfunction()
