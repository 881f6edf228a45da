// Fuzz target: the tensor operations' argument checks on arbitrary shapes,
// axes, options and values.  Every operand is a C-contiguous view of a
// buffer of exactly its size (the API cannot check a caller's strides
// against memory it does not know); the shapes of the operands need not
// fit together.  Each call must return a status of refmath/tensor.h,
// never crash, read or write out of bounds (ASan), and on failure leave
// the output untouched.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <vector>

#include "refmath/tensor.h"

namespace {

// Bytes consumed from the front of the input; zeros once it runs out.
struct Input {
  const uint8_t* data;
  size_t size;
  uint8_t Byte() {
    if (size == 0) return 0;
    --size;
    return *data++;
  }
  float Float() {
    uint32_t bits = 0;
    for (int i = 0; i < 4; ++i) bits = bits << 8 | Byte();
    float f;
    memcpy(&f, &bits, 4);
    return f;
  }
};

// A contiguous operand of up to 9 axes (one more than the API takes) of
// up to 5 elements each, filled with values from the input.
struct Operand {
  std::vector<float> data;
  refmath_tensor view;
};

// Bits of the sentinel after each operand's elements.
constexpr uint32_t kSentinel = 0x4640E400u;  // 12345.0f

bool SentinelKept(const Operand& op) {
  uint32_t bits;
  memcpy(&bits, &op.data.back(), sizeof bits);
  return bits == kSentinel;
}

Operand MakeOperand(Input* in) {
  Operand op;
  size_t shape[REFMATH_TENSOR_MAX_DIMS + 1];
  const size_t ndim = in->Byte() % (REFMATH_TENSOR_MAX_DIMS + 2);
  size_t count = 1;
  for (size_t i = 0; i < ndim; ++i) {
    shape[i] = in->Byte() % 6;
    count *= shape[i];
  }
  op.data.resize(count + 1);  // never empty, so data is never null
  // Past the input's end every value is +0, as resize() left it: reading
  // on would only spend the run's time (an operand has up to 5^9 elements).
  for (size_t i = 0; i < count && in->size > 0; ++i) {
    op.data[i] = in->Float();
  }
  memcpy(&op.data[count], &kSentinel, sizeof kSentinel);  // past the view
  op.view = refmath_tensor_contiguous(op.data.data(),
                                      ndim > REFMATH_TENSOR_MAX_DIMS ? 0 : ndim,
                                      shape);
  if (ndim > REFMATH_TENSOR_MAX_DIMS) op.view.ndim = ndim;  // refused
  return op;
}

bool KnownStatus(int s) {
  return s == REFMATH_OK || (s <= REFMATH_E_UNKNOWN_FUNCTION &&
                             s >= REFMATH_E_NOT_IN_VARIANT);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Input in{data, size};
  // 0-15 by the byte modulo 16 below 240; from 240 the half-precision
  // calls 16-19 (so that the inputs found before they joined keep their
  // op).
  const uint8_t selector = in.Byte();
  const int op = selector >= 240 ? 16 + (selector - 240) % 4 : selector % 16;
  const int reduce_op = in.Byte() % 8;  // 7: outside the enum
  refmath_tensor_options opt = refmath_tensor_default_options();
  opt.variant = static_cast<refmath_variant>(in.Byte() % 4);  // 3: unknown
  opt.mode = static_cast<refmath_sum_mode>(in.Byte() % 3);
  opt.threads = static_cast<int8_t>(in.Byte()) % 4;
  const int axis = static_cast<int8_t>(in.Byte()) % 10;
  const float eps = in.Float();
  Operand a = MakeOperand(&in), b = MakeOperand(&in), c = MakeOperand(&in);
  Operand out = MakeOperand(&in);
  const std::vector<float> before = out.data, before_b = b.data, before_c = c.data;
  // Half-precision views with a's and out's shapes over the first half of
  // their buffers' bytes (16-bit elements); out's second half must stay.
  const refmath_half_format format =
      static_cast<refmath_half_format>(reduce_op % 2);
  refmath_tensor16 a16 = {}, out16 = {};
  a16.data = reinterpret_cast<unsigned short*>(a.data.data());
  out16.data = reinterpret_cast<unsigned short*>(out.data.data());
  a16.ndim = a.view.ndim;
  out16.ndim = out.view.ndim;
  for (size_t i = 0; i < REFMATH_TENSOR_MAX_DIMS; ++i) {
    a16.shape[i] = a.view.shape[i];
    a16.stride[i] = a.view.stride[i];
    out16.shape[i] = out.view.shape[i];
    out16.stride[i] = out.view.stride[i];
  }
  int s = 0;
  switch (op) {
    case 0: s = refmath_tensor_sum(&a.view, axis, &out.view, &opt); break;
    case 1: s = refmath_tensor_mean(&a.view, axis, &out.view, &opt); break;
    case 2: s = refmath_tensor_dot(&a.view, &b.view, &out.view, &opt); break;
    case 3: s = refmath_tensor_matmul(&a.view, &b.view, &out.view, &opt); break;
    case 4: s = refmath_tensor_softmax(&a.view, &out.view, &opt); break;
    case 5: s = refmath_tensor_log_softmax(&a.view, &out.view, &opt); break;
    case 6:
      s = refmath_tensor_layer_norm(&a.view, &b.view, &c.view, eps, &out.view,
                                    &opt);
      break;
    case 7:
      s = refmath_tensor_rms_norm(&a.view, &b.view, eps, &out.view, &opt);
      break;
    case 8:
      s = refmath_tensor_attention(&a.view, &b.view, &c.view, nullptr,
                                   &out.view, &opt);
      break;
    case 10:
      s = refmath_tensor_reduce(&a.view, static_cast<refmath_reduce_op>(reduce_op),
                                axis, &out.view, &opt);
      break;
    case 11:  // b and c as the statistics' outputs
      s = refmath_tensor_layer_norm_stats(&a.view, nullptr, nullptr, eps, &out.view,
                                          &b.view, &c.view, &opt);
      if (!SentinelKept(b) || !SentinelKept(c)) abort();
      if (s != REFMATH_OK &&
          (memcmp(before_b.data(), b.data.data(), before_b.size() * sizeof(float)) ||
           memcmp(before_c.data(), c.data.data(), before_c.size() * sizeof(float)))) {
        abort();  // a refused call wrote a statistic
      }
      break;
    case 12:
      // Only the enum's values: a C++ caller has no other (the C consumer
      // test passes one outside it).
      s = refmath_tensor_activation(
          &a.view, static_cast<refmath_activation>(reduce_op % 4), &out.view,
          &opt);
      break;
    case 13: s = refmath_tensor_swiglu(&a.view, &b.view, &out.view, &opt); break;
    case 14: s = refmath_tensor_add(&a.view, &b.view, &out.view, &opt); break;
    case 15:  // interleaved 0, 1 or 2 (refused)
      s = refmath_tensor_rope(&a.view, &b.view, &c.view, (axis + 10) % 3,
                              &out.view, &opt);
      break;
    case 16: s = refmath_tensor_softmax16(format, &a16, &out16, &opt); break;
    case 17:
      s = refmath_tensor_layer_norm16(format, &a16, &b.view, &c.view, eps,
                                      &out16, &opt);
      break;
    case 18:
      s = refmath_tensor_rms_norm16(format, &a16, &b.view, eps, &out16, &opt);
      break;
    case 19:  // as many of a's values as out's first half holds
      s = refmath_tensor_narrow(format, a.data.data(), out16.data,
                                std::min(a.data.size() - 1, out.data.size() - 1),
                                &opt);
      break;
    default:
      s = refmath_tensor_layer_norm(&a.view, nullptr, nullptr, eps, &out.view,
                                    &opt);
      break;
  }
  if (op >= 16) {
    // Only the first half of out's bytes may change (16-bit elements).
    const size_t bytes = out.data.size() * sizeof(float), half = bytes / 2;
    if (memcmp(reinterpret_cast<const char*>(before.data()) + half,
               reinterpret_cast<const char*>(out.data.data()) + half,
               bytes - half) != 0) {
      abort();
    }
  }
  if (!KnownStatus(s)) abort();
  if (!SentinelKept(out)) abort();  // written past the view
  if (s != REFMATH_OK &&
      memcmp(before.data(), out.data.data(), before.size() * sizeof(float))) {
    abort();  // a refused call wrote
  }
  return 0;
}
