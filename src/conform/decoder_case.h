// The decoder-only transformer of the tensor module's "decoder" case
// (docs/transformer.md): token embedding, RMS norm, multi-head causal
// attention with RoPE and grouped key/value heads, a SwiGLU MLP and a
// vocabulary head, with weights from the golden generator, decoding
// greedily with a key/value cache.  Built on the public C API alone
// (refmath/tensor.h and the correctly rounded sincos), so the firmware
// builds and tools can run it as any other case.
#ifndef REFMATH_SRC_CONFORM_DECODER_CASE_H_
#define REFMATH_SRC_CONFORM_DECODER_CASE_H_

#include <stddef.h>

#include <vector>

#include "refmath/tensor.h"

namespace refmath {
namespace conformance {

struct DecoderShape {
  size_t vocab = 32, dim = 16, heads = 2, kv_heads = 1, head_dim = 8,
         ffn = 32, layers = 2;
};

// The prompt of sequence j (j < 8): 3 + 2j tokens from the generator.
std::vector<int> DecoderPrompt(size_t number, size_t j, size_t vocab);

// Greedy decoding of `steps` tokens for prompts first .. first+batch-1,
// each sequence alone with a key/value cache (the prompt, then one
// position per step): for each sequence in order, the logits at its last
// position before each step (steps x vocab), then its new tokens as
// floats.  These are the bits of decoding them as one right-padded batch
// that runs the whole sequence at every step (tools/transformer/decoder.py
// does so; both give the golden row).  A negative status from the first
// failing call.
int RunDecoder(size_t number, size_t first, size_t batch, size_t steps,
               const refmath_tensor_options& opt, std::vector<float>* out);

}  // namespace conformance
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_DECODER_CASE_H_
