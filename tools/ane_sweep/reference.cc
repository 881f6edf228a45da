#include "tools/ane_sweep/reference.h"

#include <math.h>
#include <mpfr.h>

namespace refmath {
namespace ane_sweep {
namespace {

constexpr mpfr_prec_t kBits = 128;

// MPFR keeps per-thread constant caches; free them when a thread that
// used MPFR ends.
struct ThreadCaches {
  ~ThreadCaches() { mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE); }
};

class Value {
 public:
  Value() { mpfr_init2(v_, kBits); }
  ~Value() { mpfr_clear(v_); }
  Value(const Value&) = delete;
  Value& operator=(const Value&) = delete;
  mpfr_ptr get() { return v_; }

 private:
  mpfr_t v_;
};

struct Name {
  const char* name;
  Math math;
};

constexpr Name kNames[] = {
    {"neg", Math::kNeg},
    {"abs", Math::kAbs},
    {"square", Math::kSquare},
    {"sqrt", Math::kSqrt},
    {"reciprocal", Math::kReciprocal},
    {"exp", Math::kExp},
    {"log", Math::kLog},
    {"tanh", Math::kTanh},
    {"sigmoid", Math::kSigmoid},
    {"sin", Math::kSin},
    {"cos", Math::kCos},
    {"erf", Math::kErf},
    {"erf_via_erfc", Math::kErf},
    {"erfc", Math::kErfc},
    {"lgamma", Math::kLgamma},
    {"lgamma_raw", Math::kLgamma},
    {"gamma", Math::kGamma},
    {"gamma_via_lgamma", Math::kGamma},
    {"expm1", Math::kExpm1},
    {"log1p", Math::kLog1p},
    {"bessel_j0", Math::kBesselJ0},
    {"bessel_i0", Math::kBesselI0},
};

// I0(x) = sum_k ((x/2)^2)^k / (k!)^2, summed until a term no longer
// changes the 128-bit sum (all terms are positive, so no cancellation).
void BesselI0(mpfr_ptr r, mpfr_ptr x) {
  Value q, term, next;
  mpfr_div_ui(q.get(), x, 2, MPFR_RNDN);
  mpfr_sqr(q.get(), q.get(), MPFR_RNDN);  // (x/2)^2
  mpfr_set_ui(term.get(), 1, MPFR_RNDN);
  mpfr_set_ui(r, 1, MPFR_RNDN);
  for (unsigned long k = 1; !mpfr_zero_p(term.get()); ++k) {
    mpfr_mul(term.get(), term.get(), q.get(), MPFR_RNDN);
    mpfr_div_ui(term.get(), term.get(), k * k, MPFR_RNDN);
    mpfr_add(next.get(), r, term.get(), MPFR_RNDN);
    if (mpfr_equal_p(next.get(), r)) break;
    mpfr_set(r, next.get(), MPFR_RNDN);
  }
}

}  // namespace

Math MathOf(const std::string& name) {
  for (const Name& n : kNames) {
    if (name == n.name) return n.math;
  }
  return Math::kNone;
}

const char* MathName(Math m) {
  for (const Name& n : kNames) {
    if (n.math == m) return n.name;
  }
  return "none";
}

double Reference(Math f, double xd) {
  static thread_local ThreadCaches caches;
  (void)caches;
  if (isnan(xd)) return NAN;
  Value x, r, t;
  mpfr_set_d(x.get(), xd, MPFR_RNDN);  // exact: a binary16 value
  int sign = 0;
  switch (f) {
    case Math::kNone: return NAN;
    case Math::kNeg: mpfr_neg(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kAbs: mpfr_abs(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kSquare: mpfr_sqr(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kSqrt: mpfr_sqrt(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kReciprocal:
      mpfr_ui_div(r.get(), 1, x.get(), MPFR_RNDN);
      break;
    case Math::kExp: mpfr_exp(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kLog: mpfr_log(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kTanh: mpfr_tanh(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kSigmoid:  // 1 / (1 + exp(-x))
      mpfr_neg(t.get(), x.get(), MPFR_RNDN);
      mpfr_exp(t.get(), t.get(), MPFR_RNDN);
      mpfr_add_ui(t.get(), t.get(), 1, MPFR_RNDN);
      mpfr_ui_div(r.get(), 1, t.get(), MPFR_RNDN);
      break;
    case Math::kSin: mpfr_sin(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kCos: mpfr_cos(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kErf: mpfr_erf(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kErfc: mpfr_erfc(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kLgamma:  // log|Gamma(x)|
      mpfr_lgamma(r.get(), &sign, x.get(), MPFR_RNDN);
      break;
    case Math::kGamma: mpfr_gamma(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kExpm1: mpfr_expm1(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kLog1p: mpfr_log1p(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kBesselJ0: mpfr_j0(r.get(), x.get(), MPFR_RNDN); break;
    case Math::kBesselI0: BesselI0(r.get(), x.get()); break;
  }
  return mpfr_get_d(r.get(), MPFR_RNDN);
}

bool Oracle(Math f, refmath_function* kernel, bool* negate) {
  *negate = false;
  switch (f) {
    case Math::kExp: *kernel = REFMATH_EXP; return true;
    case Math::kLog: *kernel = REFMATH_LOG; return true;
    case Math::kTanh: *kernel = REFMATH_TANH; return true;
    case Math::kSigmoid: *kernel = REFMATH_SIGMOID; return true;
    case Math::kErf: *kernel = REFMATH_ERF; return true;
    case Math::kErfc:  // erfc(x) = 1 + erf(-x)
      *kernel = REFMATH_ONE_PLUS_ERF;
      *negate = true;
      return true;
    default: return false;
  }
}

}  // namespace ane_sweep
}  // namespace refmath
