// The tensor module's decoder case (src/conform/decoder_case.h,
// docs/transformer.md), decoded with a key/value cache: the same bits at
// 1, 2, 3 and 8 threads, a sequence's part the same whichever prompts run
// beside it, and a shorter decoding a prefix of a longer one.  That these
// are the bits of a right-padded batch run again at every step is the
// golden row, which the Python decoder and the NumPy port reproduce that
// way (python_tensor, tensor_port_reproduces_golden).
#include <stdint.h>
#include <string.h>

#include <vector>

#include "conformance/tests/test_util.h"
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

TEST(Decoder, ThreadsAndNeighboursChangeNoBit) {
  for (refmath_variant v : {REFMATH_EXACT, REFMATH_FAST}) {
    if (refmath_target_status(v, REFMATH_TARGET_BEST) != REFMATH_OK) continue;
    const std::vector<uint32_t> eight = Decode(0, 8, 1, v);
    ASSERT_EQ(eight.size(), 8 * kPerSequence);
    for (int threads : {2, 3, 8}) {
      EXPECT_EQ(Decode(0, 8, threads, v), eight) << threads << " threads";
    }
    const std::vector<uint32_t> three = Decode(5, 3, 3, v);  // prompts 5-7
    for (size_t j = 5; j < 8; ++j) {
      EXPECT_EQ(Part(three, j - 5), Part(eight, j)) << "sequence " << j;
    }
  }
}

TEST(Decoder, ShorterDecodingIsAPrefix) {
  // 24 steps of sequence 7 against its first 10: the logits of the 10
  // steps, then their tokens, are the start of the longer run's.
  refmath_tensor_options o = refmath_tensor_default_options();
  std::vector<float> longer, shorter;
  ASSERT_EQ(conformance::RunDecoder(kNumber, 7, 1, kSteps, o, &longer),
            REFMATH_OK);
  ASSERT_EQ(conformance::RunDecoder(kNumber, 7, 1, 10, o, &shorter),
            REFMATH_OK);
  for (size_t i = 0; i < 10 * kVocab; ++i) {
    ASSERT_EQ(Bits(shorter[i]), Bits(longer[i])) << i;
  }
  for (size_t i = 0; i < 10; ++i) {
    EXPECT_EQ(Bits(shorter[10 * kVocab + i]), Bits(longer[kSteps * kVocab + i]));
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
