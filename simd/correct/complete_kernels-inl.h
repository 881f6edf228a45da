// The complete method of every function the correctly rounded variant
// defines (one CorrectNAME and CorrectNAMEEval per row of
// refmath/functions.def), for the translation units that compile it per
// target: correct_kernels.cc (the values), correct_bounds.cc (the two
// roundings, for the search of hard cases) and correct_narrow.cc (binary16
// and bfloat16).  A list of includes only: each header below has its own
// per-target guard, so this one has none.
#include "simd/erf/correct_erf-inl.h"
#include "simd/erf/correct_erfc-inl.h"
#include "simd/exp/correct_exp-inl.h"
#include "simd/exp/correct_exp2-inl.h"
#include "simd/exp/correct_expm1-inl.h"
#include "simd/log/correct_log-inl.h"
#include "simd/hyperbolic/correct_acosh-inl.h"
#include "simd/hyperbolic/correct_asinh-inl.h"
#include "simd/hyperbolic/correct_atanh-inl.h"
#include "simd/hyperbolic/correct_cosh-inl.h"
#include "simd/hyperbolic/correct_sinh-inl.h"
#include "simd/log/correct_log1p-inl.h"
#include "simd/log/correct_log2-inl.h"
#include "simd/root/correct_cbrt-inl.h"
#include "simd/root/correct_rsqrt-inl.h"
#include "simd/sigmoid/correct_sigmoid-inl.h"
#include "simd/sigmoid/correct_silu-inl.h"
#include "simd/softplus/correct_mish-inl.h"
#include "simd/softplus/correct_softplus-inl.h"
#include "simd/trig/correct_asin-inl.h"
#include "simd/trig/correct_atan-inl.h"
#include "simd/trig/correct_sin-inl.h"
#include "simd/trig/correct_sinpi-inl.h"
#include "simd/trig/correct_tan-inl.h"
