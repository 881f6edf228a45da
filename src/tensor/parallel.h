// The tensor layer's threads: a range of work items (rows, blocks, row
// panels) cut into contiguous parts, one per thread.  Which thread computes
// an item never changes what is computed (docs/tensor-ops.md, "Threads").
#ifndef REFMATH_SRC_TENSOR_PARALLEL_H_
#define REFMATH_SRC_TENSOR_PARALLEL_H_

#include <stddef.h>

#include <functional>

namespace refmath {
namespace tensor {

// The thread count a call uses: `requested`, or the hardware's when 0.
size_t ThreadCount(int requested);

// The threads worth starting for `elements` of work: at most `threads`,
// one per 32768 elements, at least one.  Changes no bit.
size_t ThreadsFor(size_t threads, size_t elements);

// Runs work(begin, end) over [0, count) on at most `threads` threads (the
// caller's among them), each under the IEEE default floating-point
// environment.  The range is cut into contiguous chunks, 8 per thread, that
// the threads take in order as they become free; the helpers come from a
// pool of workers kept between calls, or are started for the call when
// the pool is busy, and a thread the system refuses leaves its chunks to
// the others.  An exception thrown by work on any thread stops the call
// and is rethrown on the caller's thread.  Built with
// REFMATH_TENSOR_SINGLE_THREAD (a bare-metal target without threads), every
// chunk runs on the caller's thread.
void ParallelFor(size_t count, size_t threads,
                 const std::function<void(size_t, size_t)>& work);

}  // namespace tensor
}  // namespace refmath

#endif  // REFMATH_SRC_TENSOR_PARALLEL_H_
