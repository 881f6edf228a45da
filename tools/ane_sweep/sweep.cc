#include "tools/ane_sweep/sweep.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include <thread>
#include <vector>

#include "refmath/ane/special.h"
#include "src/verify/ulp.h"

namespace refmath {
namespace ane_sweep {
namespace {

constexpr int kPatterns = 1 << 16;

bool IsInf(Half h) { return (h & 0x7FFF) == kHalfPosInf; }

std::string FormatDomain(double lo, double hi) {
  char text[64];
  snprintf(text, sizeof text, "[%.9g, %.9g]", lo, hi);
  return text;
}

void Raise(Worst* w, double value, Half at) {
  if (value > w->value) {
    w->value = value;
    w->at = at;
  }
}

// Values f(x) for every input, MPFR on `threads` threads (the slow part).
std::vector<double> References(Math math, const std::vector<Half>& xs,
                               int threads) {
  std::vector<double> refs(xs.size());
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      for (size_t i = t; i < xs.size(); i += threads) {
        refs[i] = Reference(math, HalfToDouble(xs[i]));
      }
    });
  }
  for (std::thread& th : pool) th.join();
  return refs;
}

void AgainstMpfr(Half x, Half got, double ref, SweepResult* r) {
  const bool got_nan = HalfIsNaN(got);
  if (isnan(ref) || got_nan) {
    if (isnan(ref) && got_nan) {
      ++r->correctly_rounded;
    } else {
      ++r->nan_inf_disagreements;
    }
    return;
  }
  const Half nearest = HalfFromDouble(ref);
  if (got == nearest) ++r->correctly_rounded;
  if (IsInf(got) || IsInf(nearest)) {
    if (got != nearest) ++r->nan_inf_disagreements;
    return;
  }
  const double error = fabs(HalfToDouble(got) - ref);
  Raise(&r->absolute, error, x);
  Raise(&r->ulp, error / SpacingOf(ref, Format::kBinary16), x);
  if (ref != 0) Raise(&r->relative, error / fabs(ref), x);
}

void AgainstOracle(Half x, Half got, refmath_function kernel,
                   bool negate, SweepResult* r) {
  float in = HalfToFloat(x);
  if (negate) in = -in;
  float out;
  refmath_eval_f32(kernel, REFMATH_EXACT, REFMATH_TARGET_BEST, &in, &out, 1);
  const Half oracle = HalfFromDouble(out);
  if (got == oracle || (HalfIsNaN(got) && HalfIsNaN(oracle))) {
    ++r->oracle_identical;
    return;
  }
  if (HalfIsNaN(got) || HalfIsNaN(oracle) || IsInf(got) ||
      IsInf(oracle)) {
    ++r->oracle_nan_inf_disagreements;
    return;
  }
  const double o = HalfToDouble(oracle);
  Raise(&r->oracle_ulp,
        fabs(HalfToDouble(got) - o) / SpacingOf(o, Format::kBinary16), x);
}

}  // namespace

SweepResult Sweep(const ane::UnaryFunction& f, const ane::Profile& p,
                  int threads) {
  SweepResult r;
  r.name = f.name;
  r.math = MathOf(f.name);
  if (r.math == Math::kNone) return r;

  double lo = -INFINITY, hi = INFINITY;
  const bool special = ane::SpecialFunctionDomain(f.name, &lo, &hi);
  r.domain = special ? FormatDomain(lo, hi) : "every non-NaN input";
  std::vector<Half> xs;
  for (int bits = 0; bits < kPatterns; ++bits) {
    const Half h = static_cast<Half>(bits);
    if (HalfIsNaN(h)) continue;
    const double v = HalfToDouble(h);
    if (v >= lo && v <= hi) xs.push_back(h);
  }
  r.inputs = xs.size();
  const std::vector<double> refs = References(r.math, xs, threads);

  refmath_function kernel = REFMATH_EXP;
  bool negate = false;
  r.has_oracle = Oracle(r.math, &kernel, &negate);
  if (r.has_oracle) {
    r.oracle = refmath_function_name(kernel);
    if (negate) r.oracle += "(-x)";
  }
  for (size_t i = 0; i < xs.size(); ++i) {
    const Half got = f.eval(xs[i], p);
    AgainstMpfr(xs[i], got, refs[i], &r);
    if (r.has_oracle) AgainstOracle(xs[i], got, kernel, negate, &r);
  }
  return r;
}

}  // namespace ane_sweep
}  // namespace refmath
