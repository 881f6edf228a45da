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
#include <memory>
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
// up to 5 elements each (up to 5^9 in all), its first values from the
// input and the rest +0, then a sentinel.  The buffer comes from calloc:
// the +0s cost no write (a large block is fresh zero pages), so that an
// operand of millions of elements does not spend the run's time.
struct Free {
  void operator()(float* p) const { free(p); }
};

struct Operand {
  std::unique_ptr<float, Free> buffer;
  size_t count = 0;          // elements of the view; the sentinel follows
  std::vector<float> values;  // the ones read from the input, first
  refmath_tensor view;
  float* data() const { return buffer.get(); }
};

// Bits of the sentinel after each operand's elements.
constexpr uint32_t kSentinel = 0x4640E400u;  // 12345.0f

bool SentinelKept(const Operand& op) {
  uint32_t bits;
  memcpy(&bits, op.data() + op.count, sizeof bits);
  return bits == kSentinel;
}

bool AllZero(const char* p, size_t n) {
  static const char kZeros[4096] = {};
  for (size_t at = 0; at < n; at += sizeof kZeros) {
    if (memcmp(p + at, kZeros, std::min(n - at, sizeof kZeros)) != 0) {
      return false;
    }
  }
  return true;
}

// Whether op's elements from byte `from` on are as MakeOperand left them
// (the sentinel after them is SentinelKept's, checked at every call).
bool Unchanged(const Operand& op, size_t from) {
  const char* now = reinterpret_cast<const char*>(op.data());
  const char* was = reinterpret_cast<const char*>(op.values.data());
  const size_t read_end = op.values.size() * sizeof(float);
  const size_t zeros_end = op.count * sizeof(float);
  if (from < read_end && memcmp(now + from, was + from, read_end - from)) {
    return false;
  }
  from = std::max(from, read_end);
  return from >= zeros_end || AllZero(now + from, zeros_end - from);
}

Operand MakeOperand(Input* in) {
  Operand op;
  size_t shape[REFMATH_TENSOR_MAX_DIMS + 1];
  const size_t ndim = in->Byte() % (REFMATH_TENSOR_MAX_DIMS + 2);
  op.count = 1;
  for (size_t i = 0; i < ndim; ++i) {
    shape[i] = in->Byte() % 6;
    op.count *= shape[i];
  }
  // Never empty, so data() is never null.
  op.buffer.reset(static_cast<float*>(calloc(op.count + 1, sizeof(float))));
  if (!op.buffer) abort();
  // Past the input's end every value is +0 (Float() gives +0 there).
  while (op.values.size() < op.count && in->size > 0) {
    op.values.push_back(in->Float());
  }
  std::copy(op.values.begin(), op.values.end(), op.data());
  memcpy(op.data() + op.count, &kSentinel, sizeof kSentinel);
  op.view = refmath_tensor_contiguous(op.data(),
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
  // Half-precision views with a's and out's shapes over the first half of
  // their buffers' bytes (16-bit elements); out's second half must stay.
  const refmath_half_format format =
      static_cast<refmath_half_format>(reduce_op % 2);
  refmath_tensor16 a16 = {}, out16 = {};
  a16.data = reinterpret_cast<unsigned short*>(a.data());
  out16.data = reinterpret_cast<unsigned short*>(out.data());
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
      if (s != REFMATH_OK && (!Unchanged(b, 0) || !Unchanged(c, 0))) {
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
      s = refmath_tensor_narrow(format, a.data(), out16.data,
                                std::min(a.count, out.count), &opt);
      break;
    default:
      s = refmath_tensor_layer_norm(&a.view, nullptr, nullptr, eps, &out.view,
                                    &opt);
      break;
  }
  if (op >= 16) {
    // Only the first half of out's bytes may change (16-bit elements).
    if (!Unchanged(out, (out.count + 1) * sizeof(float) / 2)) abort();
  }
  if (!KnownStatus(s)) abort();
  if (!SentinelKept(out)) abort();  // written past the view
  if (s != REFMATH_OK && !Unchanged(out, 0)) abort();  // a refused call wrote
  return 0;
}
