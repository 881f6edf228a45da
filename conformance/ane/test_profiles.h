// Preset lookup and random tensors for the ANE tests.
#ifndef REFMATH_CONFORMANCE_ANE_TEST_PROFILES_H_
#define REFMATH_CONFORMANCE_ANE_TEST_PROFILES_H_

#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "refmath/ane/profile.h"
#include "refmath/ane/tensor.h"

namespace refmath {
namespace ane {

inline Profile Preset(const std::string& name) {
  Profile p;
  std::string error;
  EXPECT_TRUE(FindProfile(name, &p, &error)) << error;
  return p;
}

// Values uniform in [-scale, scale), with edge values planted in a tensor
// of more than 8: zeros of both signs, a subnormal, a large value.
inline Tensor Random(const Shape& shape, double scale, std::mt19937* rng,
                     bool edges = true) {
  std::uniform_real_distribution<double> u(-scale, scale);
  std::vector<double> v(Tensor::Count(shape));
  for (double& x : v) x = u(*rng);
  if (edges && v.size() > 8) {
    v[1] = 0.0;
    v[2] = -0.0;
    v[3] = 3e-6;    // subnormal: flushed by the device presets
    v[5] = 200.0;   // its square and cube leave binary16
  }
  return Tensor::FromDoubles(shape, v);
}

// A row of `count` copies of `value`, appended to `row`.
inline void Append(std::vector<double>* row, double value, size_t count) {
  row->insert(row->end(), count, value);
}

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_CONFORMANCE_ANE_TEST_PROFILES_H_
