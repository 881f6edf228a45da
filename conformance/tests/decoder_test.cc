// The tensor module's decoder case (src/conform/decoder_case.h,
// docs/transformer.md): a sequence's tokens and logits do not depend on the
// batch it is decoded in (alone, in 3 or in 8, prompts of 3 to 17 tokens,
// right-padded) or on the thread count (1, 2, 3, 8); the conformance runner
// checks every target against the golden row of the batch of 8.
#include <stdint.h>
#include <string.h>

#include <vector>

#include "gtest/gtest.h"
#include "refmath/tensor.h"
#include "src/conform/decoder_case.h"

namespace refmath {
namespace test {
namespace {

constexpr size_t kNumber = 75, kSteps = 24, kVocab = 32;
constexpr size_t kPerSequence = kSteps * kVocab + kSteps;

std::vector<uint32_t> Decode(size_t first, size_t batch, int threads,
                             refmath_variant v) {
  refmath_tensor_options o = refmath_tensor_default_options();
  o.threads = threads;
  o.variant = v;
  std::vector<float> out;
  EXPECT_EQ(conformance::RunDecoder(kNumber, first, batch, kSteps, o, &out),
            REFMATH_OK);
  std::vector<uint32_t> bits(out.size());
  memcpy(bits.data(), out.data(), out.size() * sizeof(float));
  return bits;
}

// Sequence j's part of a batch's outputs.
std::vector<uint32_t> Part(const std::vector<uint32_t>& all, size_t j) {
  return std::vector<uint32_t>(all.begin() + j * kPerSequence,
                               all.begin() + (j + 1) * kPerSequence);
}

TEST(Decoder, EachSequenceAsAloneAndInAnyBatch) {
  for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST}) {
    if (refmath_target_status(v, REFMATH_TARGET_BEST) != REFMATH_OK) continue;
    const std::vector<uint32_t> eight = Decode(0, 8, 1, v);
    ASSERT_EQ(eight.size(), 8 * kPerSequence);
    const std::vector<uint32_t> three = Decode(5, 3, 3, v);  // prompts 5-7
    for (size_t j = 0; j < 8; ++j) {
      EXPECT_EQ(Decode(j, 1, j % 2 ? 8 : 2, v), Part(eight, j))
          << "sequence " << j << " alone, variant " << v;
      if (j >= 5) {
        EXPECT_EQ(Part(three, j - 5), Part(eight, j)) << "sequence " << j;
      }
    }
  }
}

TEST(Decoder, PromptsAreTheDocumentedOnes) {
  // (7i + 13j + 5 * 75) mod 32: prompt 0 is 23, 30, 5; prompt 7 has 17.
  EXPECT_EQ(conformance::DecoderPrompt(kNumber, 0, kVocab),
            (std::vector<int>{23, 30, 5}));
  EXPECT_EQ(conformance::DecoderPrompt(kNumber, 7, kVocab).size(), 17u);
}

}  // namespace
}  // namespace test
}  // namespace refmath
