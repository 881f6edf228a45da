// Preset lookup for the ANE tests.
#ifndef REFMATH_CONFORMANCE_ANE_TEST_PROFILES_H_
#define REFMATH_CONFORMANCE_ANE_TEST_PROFILES_H_

#include <string>

#include "gtest/gtest.h"
#include "refmath/ane/profile.h"

namespace refmath {
namespace ane {

inline Profile Preset(const std::string& name) {
  Profile p;
  std::string error;
  EXPECT_TRUE(FindProfile(name, &p, &error)) << error;
  return p;
}

// A row of `count` copies of `value`, appended to `row`.
inline void Append(std::vector<double>* row, double value, size_t count) {
  row->insert(row->end(), count, value);
}

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_CONFORMANCE_ANE_TEST_PROFILES_H_
