// refmath mcu compare | ops: a device's activation table against the
// oracle's (src/emulator_io/table_compare.h, docs/mcu.md "Command line"), and the
// list of activation ops.
//   mcu compare --op OP [--input-scale S] [--input-zero-point Z]
//               [--input-multiplier M --input-left-shift L] --table FILE
//               [--max-lsb N] [--worst K]
//   mcu ops
// The op options are those of `mcu table`; the table is raw (256 int8
// bytes, 65536 little-endian int16) or .npy (int8 [256], int16 [65536]).
// A table file is .npy when its name ends in ".npy", raw otherwise.
// Exit 1 when some entry is further than --max-lsb from the oracle.
#include <stdio.h>

#include <string>

#include "refmath/mcu/activation_ops.h"
#include "refmath/mcu/activation_s16.h"
#include "src/emulator_io/table_compare.h"
#include "src/verify/array_file.h"
#include "src/verify/file_io.h"
#include "tools/cli/emulator_args.h"
#include "tools/cli/subcommands.h"

namespace refmath {
namespace cli {
namespace {

constexpr const char* kCmd = "mcu compare";
constexpr long kDefaultMaxLsb = 1;  // what CMSIS-NN's own int8 tables reach
constexpr long kDefaultWorst = 10;
constexpr long kMaxShift = 31;

struct Activation {
  const mcu::ActivationOp* op = nullptr;
  float scale = 0;     // the input scale the oracle dequantizes with
  int32_t zero_point = 0;
  std::string about;   // how the scale was given, for the report
};

// The int16 ops: --input-scale, or --input-multiplier and --input-left-shift
// standing for M / (3 * 4096 * 2^L) (2^(L - 12) when M is 0).
bool ScaleS16(const Args& args, Activation* a, std::string* error) {
  if (args.Has("input-zero-point")) {
    *error = "the int16 ops have zero point 0; no --input-zero-point";
    return false;
  }
  const bool by_scale = args.Has("input-scale");
  if (by_scale == (args.Has("input-multiplier") || args.Has("input-left-shift"))) {
    *error = "the int16 ops take --input-multiplier and --input-left-shift, or "
             "--input-scale";
    return false;
  }
  if (by_scale) return PositiveFloatOption(args, "input-scale", &a->scale, error);
  std::string m_text, l_text;
  long m, l;
  if (!args.Require("input-multiplier", &m_text, error) ||
      !args.Require("input-left-shift", &l_text, error) ||
      !IntegerOption(args, "input-multiplier", 0, INT32_MAX, 0, &m, error) ||
      !IntegerOption(args, "input-left-shift", 0, kMaxShift, 0, &l, error)) {
    return false;
  }
  mcu::ActivationS16Params p;
  p.input_multiplier = static_cast<int32_t>(m);
  p.input_left_shift = static_cast<int32_t>(l);
  a->scale = static_cast<float>(mcu::EffectiveInputScaleS16(p));
  a->about = " (multiplier " + m_text + ", left shift " + l_text + ")";
  return true;
}

bool ParseActivation(const Args& args, Activation* a, std::string* error) {
  std::string name;
  if (!args.Require("op", &name, error)) return false;
  a->op = mcu::FindActivationOp(name);
  if (a->op == nullptr) {
    *error = "unknown --op " + Quote(name) + " (valid: " + mcu::ActivationOpNames() + ")";
    return false;
  }
  if (a->op->int16) return ScaleS16(args, a, error);
  if (args.Has("input-multiplier") || args.Has("input-left-shift")) {
    *error = "the int8 ops take --input-scale and --input-zero-point";
    return false;
  }
  long zp;
  if (!PositiveFloatOption(args, "input-scale", &a->scale, error) ||
      !args.Require("input-zero-point", &name, error) ||
      !IntegerOption(args, "input-zero-point", INT8_MIN, INT8_MAX, 0, &zp, error)) {
    return false;
  }
  a->zero_point = static_cast<int32_t>(zp);
  return true;
}

void Report(const Activation& a, const mcu::TableComparison& c, size_t entries,
            long max_lsb) {
  printf("op %s, input scale %.9g%s, zero point %d: %zu entries\n", a.op->name,
         static_cast<double>(a.scale), a.about.c_str(), a.zero_point, entries);
  printf("max |device - ideal|: %lld LSB\n", static_cast<long long>(c.max_lsb));
  printf("differing entries: %lld of %zu\n", static_cast<long long>(c.differing), entries);
  printf("histogram of |device - ideal| (LSB: entries):\n");
  for (const auto& bin : c.histogram) {
    printf("  %lld: %lld\n", static_cast<long long>(bin.first),
           static_cast<long long>(bin.second));
  }
  if (!c.worst.empty()) printf("worst entries (input: device ideal, difference):\n");
  for (const mcu::TableEntry& e : c.worst) {
    printf("  %d: %d %d, %+d\n", e.input, e.device, e.ideal, e.device - e.ideal);
  }
  printf("%s: max %lld LSB %s --max-lsb %ld\n", c.max_lsb <= max_lsb ? "PASS" : "FAIL",
         static_cast<long long>(c.max_lsb), c.max_lsb <= max_lsb ? "<=" : ">", max_lsb);
}

}  // namespace

int RunMcuCompare(const Argv& argv) {
  Args args;
  Activation a;
  long max_lsb, worst;
  std::string error, path;
  std::vector<uint8_t> bytes;
  std::vector<int32_t> device;
  if (!args.Parse(argv, {"op", "input-scale", "input-zero-point", "input-multiplier",
                         "input-left-shift", "table", "max-lsb", "worst"},
                  {}, &error) ||
      !ParseActivation(args, &a, &error) ||
      !IntegerOption(args, "max-lsb", 0, 65535, kDefaultMaxLsb, &max_lsb, &error) ||
      !IntegerOption(args, "worst", 0, 65536, kDefaultWorst, &worst, &error) ||
      !args.Require("table", &path, &error) || !io::ReadAll(path, &bytes, &error) ||
      !mcu::ReadDeviceTable(bytes, io::IsNpyName(path), path, &device, &error)) {
    return Fail(kCmd, error);
  }
  const size_t want = a.op->int16 ? 65536 : 256;
  if (device.size() != want) {
    return Fail(kCmd, ShowPath(path) + ": " + std::to_string(device.size()) +
                          " entries, but " + a.op->name + " has " +
                          std::to_string(want));
  }
  const mcu::TableComparison c =
      mcu::CompareTables(device, mcu::IdealTable(*a.op, a.scale, a.zero_point),
                         a.op->int16 ? INT16_MIN : INT8_MIN, static_cast<size_t>(worst));
  Report(a, c, want, max_lsb);
  return c.max_lsb <= max_lsb ? kExitOk : kExitCheckFailed;
}

int RunMcuOps(const Argv& argv) {
  if (!argv.empty()) return Fail("mcu ops", "unexpected argument " + Quote(argv[0]));
  for (const mcu::ActivationOp& op : mcu::ActivationOps()) {
    printf("%-12s %s\n", op.name, op.description);
  }
  return kExitOk;
}

}  // namespace cli
}  // namespace refmath
