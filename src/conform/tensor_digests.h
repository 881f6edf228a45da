// The golden rows of the tensor operations (golden/tensor.sha256, checked
// by `refmath conform`; docs/golden-hashes.md, "Tensor module"): a fixed
// list of cases (operation, shape, generated inputs), each run in both
// variants on every usable target with one thread and on the best target
// with 2, 3, 4 and 8 threads.  A row's
// digest is the SHA-256 of its outputs as little-endian uint32, provided
// every run gave the same bytes; otherwise the row's
// digest names the first disagreement, which no golden row matches.
#ifndef REFMATH_SRC_CONFORM_TENSOR_DIGESTS_H_
#define REFMATH_SRC_CONFORM_TENSOR_DIGESTS_H_

#include <stddef.h>
#include <stdint.h>

#include <string>
#include <vector>

#include "src/conform/tensor_cases.h"
#include "src/verify/digest.h"

namespace refmath {
namespace conformance {

std::vector<NamedDigest> TensorGoldenDigests();

// The most threads the rows use (1 to 8, default 8): the thread counts
// 2, 3, 4 and 8 above it are left out.  For emulators whose threads cannot
// be relied on (docs/conformance.md, arm64).
void SetTensorMaxThreads(int threads);

}  // namespace conformance
}  // namespace refmath

#endif  // REFMATH_SRC_CONFORM_TENSOR_DIGESTS_H_
