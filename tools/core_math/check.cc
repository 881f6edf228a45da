// refmath_core_math_check: the correctly rounded variant (REFMATH_CORRECT)
// against CORE-MATH's correctly rounded functions (cr_expf, cr_logf, ...:
// every row of refmath/functions.def CORE-MATH has, core_math_peers.h) over
// all 2^32 binary32 inputs, bit for bit.  Two correctly rounded
// implementations must agree everywhere; NaN results agree when both are
// NaN (refmath returns the canonical NaN, CORE-MATH x + x).
//
//   refmath_core_math_check [--function F] [--target T] [--threads N]
//
// Prints per function the inputs compared, the disagreements (the first
// five listed) and the time; exit 1 on any disagreement.
#include <stdio.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <string>
#include <vector>

#include "refmath/refmath.h"
#include "src/base/bits.h"
#include "src/cmdline/args.h"
#include "src/verify/file_io.h"
#include "src/verify/threads.h"
#include "tools/core_math/core_math_peers.h"

namespace {

using refmath::core_math::PeerFn;
constexpr uint64_t kChunk = uint64_t{1} << 20;

struct Peer {
  refmath_function f;
  PeerFn fn;
};

// The rows of the correct variant that CORE-MATH has, in registry order.
std::vector<Peer> Peers() {
  std::vector<Peer> peers;
  for (int i = 0; i < REFMATH_NUM_FUNCTIONS; ++i) {
    const auto f = static_cast<refmath_function>(i);
    const PeerFn fn = refmath::core_math::Peer(f);
    if (fn != nullptr && refmath_function_status(f, REFMATH_CORRECT) == REFMATH_OK) {
      peers.push_back({f, fn});
    }
  }
  return peers;
}

struct Tally {
  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> mismatches{0};
  std::atomic<int> status{REFMATH_OK};
  std::mutex mu;
  std::vector<uint32_t> first;  // up to five disagreeing inputs
};

bool Same(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return refmath::FloatBits(a) == refmath::FloatBits(b);
}

void CheckChunk(const Peer& p, refmath_target t, uint64_t first, Tally* tally) {
  std::vector<float> in(kChunk), out(kChunk);
  for (uint64_t i = 0; i < kChunk; ++i) {
    in[i] = refmath::BitsToFloat(static_cast<uint32_t>(first + i));
  }
  const int status =
      refmath_eval_f32(p.f, REFMATH_CORRECT, t, in.data(), out.data(), kChunk);
  if (status != REFMATH_OK) {
    tally->status = status;
    return;
  }
  for (uint64_t i = 0; i < kChunk; ++i) {
    if (Same(out[i], p.fn(in[i]))) continue;
    ++tally->mismatches;
    std::lock_guard<std::mutex> lock(tally->mu);
    if (tally->first.size() < 5) tally->first.push_back(first + i);
  }
}

// Returns the exit status contribution: 0 agreement, 1 disagreement, 2
// error.
int CheckFunction(const Peer& p, refmath_target t, size_t threads) {
  const auto start = std::chrono::steady_clock::now();
  Tally tally;
  std::string error;
  auto work = [&](size_t) {
    for (uint64_t c; (c = tally.next.fetch_add(kChunk)) < (uint64_t{1} << 32);) {
      CheckChunk(p, t, c, &tally);
    }
  };
  std::vector<std::thread> pool = refmath::StartThreads(threads, work, &error);
  for (auto& th : pool) th.join();
  if (!error.empty() || tally.status != REFMATH_OK) {
    fprintf(stderr, "refmath_core_math_check: %s\n",
            error.empty() ? refmath_status_string(tally.status) : error.c_str());
    return 2;
  }
  const double s = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start).count();
  printf("%-5s on %s: 4294967296 inputs, %llu disagreements, %.0f s\n",
         refmath_function_name(p.f), refmath_target_name(t),
         static_cast<unsigned long long>(tally.mismatches.load()), s);
  for (uint32_t x : tally.first) {
    float y;
    const float in = refmath::BitsToFloat(x);
    refmath_eval_f32(p.f, REFMATH_CORRECT, t, &in, &y, 1);
    printf("  x = 0x%08X: refmath 0x%08X, CORE-MATH 0x%08X\n", x,
           refmath::FloatBits(y), refmath::FloatBits(p.fn(in)));
  }
  fflush(stdout);
  return tally.mismatches == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace refmath;
  cli::Args args;
  std::string error;
  if (!args.Parse(std::vector<std::string>(argv + 1, argv + argc),
                  {"function", "target", "threads"}, {}, &error)) {
    fprintf(stderr, "refmath_core_math_check: %s\n", error.c_str());
    return cli::kExitUsage;
  }
  refmath_function f = REFMATH_EXP;
  refmath_target t = REFMATH_TARGET_BEST;
  long threads = 2;
  if ((args.Has("function") &&
       !cli::ParseFunction(args.Get("function"), &f, &error)) ||
      (args.Has("target") && !cli::ParseTarget(args.Get("target"), &t, &error))) {
    fprintf(stderr, "refmath_core_math_check: %s\n", error.c_str());
    return cli::kExitUsage;
  }
  if (args.Has("threads") &&
      !cli::ParseInteger(args.Get("threads"), 1, 256, &threads)) {
    fprintf(stderr, "refmath_core_math_check: --threads: expected 1 to 256\n");
    return cli::kExitUsage;
  }
  int worst = cli::kExitOk;
  bool any = false;
  for (const Peer& p : Peers()) {
    if (args.Has("function") && p.f != f) continue;
    any = true;
    const int r = CheckFunction(p, t, static_cast<size_t>(threads));
    if (r > worst) worst = r;
  }
  if (!any) {
    fprintf(stderr, "refmath_core_math_check: CORE-MATH has no peer for %s\n",
            refmath_function_name(f));
    return cli::kExitUsage;
  }
  return worst;
}
