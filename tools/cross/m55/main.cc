// Firmware for a bare-metal Cortex-M55 (qemu mps3-an547): evaluates every
// function of the exact, fast and correct variants on the golden input set
// (docs/golden-hashes.md), on Highway's SCALAR target, and prints each
// SHA-256 digest over semihosting as
//
//   ROW <variant> <name> <64 hex digits> <centiseconds>
//
// plus the FPSCR value the kernels ran with, and the tensor rows that fit
// in memory (tensor_rows.cc).  tools/cross/m55/run.sh compares
// the rows with golden/*.sha256.
//
// The inputs are generated in chunks (the whole set does not fit the 512 KiB
// of DTCM): the strided part k * 4099 for k * 4099 < 2^32, then the special
// list (src/verify/golden_inputs.h).
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "refmath/refmath.h"
#include "src/verify/golden_inputs.h"
#include "semihost.h"
#include "sha256.h"

namespace refmath {
namespace N_SCALAR {
void EvalExact(refmath_function f, const float* in, float* out, size_t n);
void EvalFast(refmath_function f, const float* in, float* out, size_t n);
void EvalCorrect(refmath_function f, const float* in, float* out, size_t n);
}  // namespace N_SCALAR
}  // namespace refmath

namespace {

constexpr size_t kChunk = 4096;
constexpr uint32_t kTotal = refmath::kGoldenInputCount;

uint32_t g_in_bits[kChunk];
float g_in[kChunk];
float g_out[kChunk];

// Fills g_in with inputs [start, start + n).
void FillChunk(uint32_t start, size_t n) {
  for (size_t j = 0; j < n; ++j) g_in_bits[j] = refmath::GoldenInputBits(start + j);
  memcpy(g_in, g_in_bits, n * sizeof(float));
}

void PrintU32(uint32_t v) {
  char buf[12];
  int i = 11;
  buf[i] = '\0';
  do {
    buf[--i] = char('0' + v % 10);
    v /= 10;
  } while (v != 0);
  m55::SemihostWrite0(buf + i);
}

}  // namespace

namespace m55 {
// "TAG variant name digest centiseconds" on one line.
void PrintDigestRow(const char* tag, const char* variant, const char* name,
                    const uint8_t digest[32], uint32_t cs) {
  char hex[65];
  m55::Hex(digest, 32, hex);
  m55::SemihostWrite0(tag);
  m55::SemihostWrite0(" ");
  m55::SemihostWrite0(variant);
  m55::SemihostWrite0(" ");
  m55::SemihostWrite0(name);
  m55::SemihostWrite0(" ");
  m55::SemihostWrite0(hex);
  m55::SemihostWrite0(" ");
  PrintU32(cs);
  m55::SemihostWrite0("\n");
}
}  // namespace m55

// The tensor rows (tensor_rows.cc), cases of at most `budget` floats.
void RunTensorRows(size_t budget);
void RunMcuLayerRows();

namespace {

void PrintRow(const char* variant, const char* name, const uint8_t digest[32],
              uint32_t cs) {
  m55::PrintDigestRow("ROW", variant, name, digest, cs);
}

using EvalFn = void (*)(refmath_function, const float*, float*, size_t);

// The rows of refmath/functions.def: which variants define each function.
struct Function {
  refmath_function f;
  const char* name;
  bool in_variant[3];  // exact, fast, correct
};
const Function kFunctions[] = {
#define REFMATH_FUNCTION(ID, name, Name, EXACT, FAST, CORRECT, KERNEL, SYM) \
  {REFMATH_##ID, #name, {EXACT != 0, FAST != 0, CORRECT != 0}},
#include "refmath/functions.def"
#undef REFMATH_FUNCTION
};

uint32_t ReadFpscr() {
  uint32_t v;
  __asm__ volatile("vmrs %0, fpscr" : "=r"(v));
  return v;
}

void PrintHex32(const char* label, uint32_t v) {
  uint8_t b[4] = {uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)};
  char hex[9];
  m55::Hex(b, 4, hex);
  m55::SemihostWrite0(label);
  m55::SemihostWrite0("0x");
  m55::SemihostWrite0(hex);
  m55::SemihostWrite0("\n");
}

}  // namespace

int main() {
  // FPSCR as the reset handler left it: FZ (bit 24), DN (25), RMode (22-23)
  // and FZ16 (19) must all be 0.
  const uint32_t fpscr_mode_bits = (1u << 26) | (1u << 25) | (1u << 24) |
                                   (3u << 22) | (1u << 19);
  PrintHex32("FPSCR ", ReadFpscr());
  if ((ReadFpscr() & fpscr_mode_bits) != 0) {
#ifdef M55_TEST_FLUSH_TO_ZERO
    m55::SemihostWrite0("WARNING FPSCR.FZ = 1 (experiment)\n");
#else
    m55::SemihostWrite0("ERROR FPSCR is not the IEEE default mode\n");
    return 2;
#endif
  }

  const uint32_t t_start = m55::SemihostClock();
  {
    m55::Sha256 sha;
    for (uint32_t start = 0; start < kTotal; start += kChunk) {
      const size_t n = (kTotal - start < kChunk) ? kTotal - start : kChunk;
      FillChunk(start, n);
      sha.UpdateWords(g_in, n);
    }
    uint8_t digest[32];
    sha.Final(digest);
    PrintRow("exact", "inputs", digest, m55::SemihostClock() - t_start);
    PrintRow("fast", "inputs", digest, 0);
    PrintRow("correct", "inputs", digest, 0);
  }

  const struct {
    const char* name;
    EvalFn eval;
  } kVariants[] = {{"exact", &refmath::N_SCALAR::EvalExact},
                   {"fast", &refmath::N_SCALAR::EvalFast},
                   {"correct", &refmath::N_SCALAR::EvalCorrect}};
  for (size_t vi = 0; vi < 3; ++vi) {
    const auto& v = kVariants[vi];
    for (const Function& fn : kFunctions) {
      if (!fn.in_variant[vi]) continue;
      const uint32_t t0 = m55::SemihostClock();
      m55::Sha256 sha;
      for (uint32_t start = 0; start < kTotal; start += kChunk) {
        const size_t n = (kTotal - start < kChunk) ? kTotal - start : kChunk;
        FillChunk(start, n);
        v.eval(fn.f, g_in, g_out, n);
        sha.UpdateWords(g_out, n);
      }
      uint8_t digest[32];
      sha.Final(digest);
      PrintRow(v.name, fn.name, digest, m55::SemihostClock() - t0);
    }
  }
  RunMcuLayerRows();
  // Cases of at most 96 Ki floats by tensor_rows.cc's generous estimate
  // (the largest run holds about 260 KiB): what the heap between .bss and
  // the stack in the 512 KiB of DTCM holds.
  RunTensorRows(96 * 1024);
  PrintHex32("FPSCR_END ", ReadFpscr());
  m55::SemihostWrite0("DONE\n");
  return 0;
}
