# refmath_add_gtests(TARGET SHARDS): the GoogleTest binary TARGET's cases as
# ctest tests labelled `unit`.
#
# The release tree registers one ctest test per case (gtest_discover_tests),
# so that a failure names its case.  The sanitizer tree, whose suite runs
# as one test of the release tree (sanitized_suite), registers the binary
# as SHARDS tests instead (GoogleTest's GTEST_TOTAL_SHARDS and
# GTEST_SHARD_INDEX, named TARGET_shard_I): under ASan every process start
# costs about 0.25 s of shadow mapping and leak scan, which over some 680
# one-case processes was minutes of the suite's 2 cores.  A failing shard
# prints the failing case's name and message as a case would.
#
# Left out under the sanitizers (REFMATH_SANITIZED_GTEST_FILTER): the
# exhaustive and whole-golden-set-per-environment cases, which run in the
# release tree and under ASan add minutes, not coverage.
set(REFMATH_SANITIZED_GTEST_FILTER
    "-ExpNonPositive.*:SpecValues.ExpNonPositive:Mxcsr.NoRoundingModeChangesABit:Mxcsr.FlushToZeroAndDenormalsAreZeroChangeNoBit")

function(refmath_add_gtests target shards)
  if(NOT REFMATH_SANITIZE)
    gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60 PROPERTIES LABELS unit)
    return()
  endif()
  math(EXPR last "${shards} - 1")
  foreach(i RANGE ${last})
    add_test(NAME ${target}_shard_${i} COMMAND ${target})
    set_tests_properties(${target}_shard_${i} PROPERTIES LABELS unit
      ENVIRONMENT "GTEST_TOTAL_SHARDS=${shards};GTEST_SHARD_INDEX=${i};GTEST_FILTER=${REFMATH_SANITIZED_GTEST_FILTER}")
  endforeach()
endfunction()
