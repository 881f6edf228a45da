#include "src/base/bits.h"
#include "src/verify/exhaustive.h"

#include <exception>
#include <future>
#include <memory>

#include "src/verify/digest.h"
#include "src/verify/file_io.h"
#include "src/verify/scalar_calls.h"

namespace refmath {
namespace exhaustive {
namespace {

constexpr uint64_t kChunk = uint64_t{1} << 22;  // inputs per evaluation
static_assert(kBlockInputs % kChunk == 0, "a block is whole chunks");

// Evaluates inputs [first, first + kChunk) into *out; returns the status.
int EvalChunk(const Row& row, uint64_t first, std::vector<float>* in,
              std::vector<float>* out) {
  for (uint64_t i = 0; i < kChunk; ++i) {
    (*in)[i] = refmath::BitsToFloat(static_cast<uint32_t>(first + i));
  }
  if (row.sincos) {
    std::vector<float> other(kChunk);
    const bool sin = row.function == REFMATH_SIN;
    return refmath_sincos_f32(row.variant, row.target, in->data(),
                              sin ? out->data() : other.data(),
                              sin ? other.data() : out->data(), kChunk);
  }
  if (!row.scalar) {
    return refmath_eval_f32(row.function, row.variant, row.target, in->data(),
                            out->data(), kChunk);
  }
  const int status = refmath_target_status(row.variant, REFMATH_TARGET_BEST);
  if (status != REFMATH_OK) return status;
  const ScalarCall call = ScalarCallOf(row.function, row.variant);
  if (call == nullptr) return REFMATH_E_NOT_IN_VARIANT;
  for (uint64_t i = 0; i < kChunk; ++i) (*out)[i] = call((*in)[i]);
  return REFMATH_OK;
}

// DigestBlocks, throwing on allocation, thread or OpenSSL failure.
bool DigestBlocksOrThrow(const Row& row, const BlockRange& blocks,
                         const std::function<void(uint64_t)>& progress,
                         std::vector<std::string>* block_digests,
                         std::string* plain, std::string* error) {
  const uint64_t begin = blocks.first * kBlockInputs;
  const uint64_t end = blocks.end * kBlockInputs;
  // Two buffer pairs: the next chunk is evaluated while this one is hashed
  // (declared before the task that writes them, so they outlive it).
  std::vector<float> in[2], out[2];
  for (int k = 0; k < 2; ++k) {
    in[k].resize(kChunk);
    out[k].resize(kChunk);
  }
  std::unique_ptr<Sha256> block, whole;
  if (plain) whole = std::make_unique<Sha256>();
  std::future<int> next = std::async(std::launch::async, EvalChunk, row, begin,
                                     &in[0], &out[0]);
  for (uint64_t first = begin, k = 0; first < end; first += kChunk, k ^= 1) {
    const int status = next.get();
    if (status != REFMATH_OK) {
      *error = std::string(refmath_function_name(row.function)) + " " +
               refmath_variant_name(row.variant) + " on " + SourceName(row) +
               ": " + refmath_status_string(status);
      return false;
    }
    if (first + kChunk < end) {
      next = std::async(std::launch::async, EvalChunk, row, first + kChunk,
                        &in[k ^ 1], &out[k ^ 1]);
    }
    if (first % kBlockInputs == 0) block = std::make_unique<Sha256>();
    // Little-endian hosts only (x86, arm64): the floats' bytes are already
    // the serialization.
    block->Update(out[k].data(), kChunk * sizeof(float));
    if (whole) whole->Update(out[k].data(), kChunk * sizeof(float));
    if ((first + kChunk) % kBlockInputs == 0) {
      block_digests->push_back(block->HexFinal());
    }
    if (progress) progress(first + kChunk - begin);
  }
  if (plain) *plain = whole->HexFinal();
  return true;
}

}  // namespace

BlockRange ShardBlocks(const BlockRange& r, int index, int count) {
  BlockRange s;
  s.first = r.first + r.Count() * index / count;
  s.end = r.first + r.Count() * (index + 1) / count;
  return s;
}

std::string SourceName(const Row& row) {
  if (row.scalar) return "scalar-calls";
  if (row.sincos) return std::string("sincos-call ") + refmath_target_name(row.target);
  return refmath_target_name(row.target);
}

bool DigestBlocks(const Row& row, const BlockRange& blocks,
                  const std::function<void(uint64_t)>& progress,
                  std::vector<std::string>* block_digests, std::string* plain,
                  std::string* error) {
  block_digests->clear();
  try {
    return DigestBlocksOrThrow(row, blocks, progress, block_digests, plain,
                               error);
  } catch (const std::exception& e) {  // bad_alloc, system_error, OpenSSL
    *error = e.what();
    return false;
  }
}

std::string TreeDigest(const std::vector<std::string>& block_digests) {
  Sha256 sha;
  for (const std::string& hex : block_digests) {
    sha.Update(hex.data(), hex.size());
    sha.Update("\n", 1);
  }
  return sha.HexFinal();
}

}  // namespace exhaustive
}  // namespace refmath
