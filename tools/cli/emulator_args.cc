#include "tools/cli/emulator_args.h"

#include <stdio.h>
#include <sys/stat.h>

#include <cmath>
#include <utility>

#include "src/emulator_io/npy_tensor.h"
#include "src/mcu/fc_shapes.h"
#include "src/verify/file_io.h"

namespace refmath {
namespace cli {
namespace {

// Removes what an interrupted set of writes left: regular files only (never
// stdout or a device written in place).
void RemoveWritten(const std::vector<std::string>& paths) {
  for (const std::string& path : paths) {
    struct stat st;
    if (path != "-" && stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      remove(path.c_str());
    }
  }
}

}  // namespace

bool ReadOperand(const Args& args, const std::string& option,
                 io::DTypeSet accepted, io::NpyArray* out,
                 std::string* error) {
  std::string path;
  return args.Require(option, &path, error) &&
         io::ReadNpy(path, out, error, accepted);
}

bool CheckOutputs(const Args& args, const std::vector<std::string>& options,
                  std::string* error) {
  std::vector<std::string> paths;
  for (const std::string& option : options) {
    std::string path;
    if (!args.Require(option, &path, error) || !io::CheckOutputPath(path, error)) {
      return false;
    }
    for (size_t i = 0; i < paths.size(); ++i) {
      if (paths[i] == path || io::SameFile(paths[i], path)) {
        *error = "--" + options[i] + " and --" + option + " name the same file " +
                 ShowPath(path);
        return false;
      }
    }
    paths.push_back(path);
  }
  return true;
}

bool WriteOutputs(const Args& args, const std::vector<Output>& outputs,
                  std::string* error) {
  std::vector<std::vector<uint8_t>> encoded(outputs.size());
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (!io::EncodeNpy(outputs[i].array, args.Get(outputs[i].option), &encoded[i],
                       error)) {
      return false;
    }
  }
  std::vector<std::string> written;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const std::string path = args.Get(outputs[i].option);
    if (!io::WriteAllAtomic(path, encoded[i].data(), encoded[i].size(), error)) {
      RemoveWritten(written);
      return false;
    }
    written.push_back(path);
  }
  return true;
}

bool IntegerOption(const Args& args, const std::string& option, long lo,
                   long hi, long def, long* value, std::string* error) {
  *value = def;
  if (!args.Has(option)) return true;
  const std::string text = args.Get(option);
  if (ParseInteger(text, lo, hi, value)) return true;
  *error = "--" + option + " must be an integer in " + std::to_string(lo) +
           ".." + std::to_string(hi) + " (got " + Quote(text) + ")";
  return false;
}

bool NumberOption(const Args& args, const std::string& option, double def,
                  double* value, std::string* error) {
  *value = def;
  if (!args.Has(option)) return true;
  const std::string text = args.Get(option);
  if (ParseSignedDouble(text, value)) return true;
  *error = "--" + option + " must be a decimal number (got " + Quote(text) + ")";
  return false;
}

bool PositiveFloatOption(const Args& args, const std::string& option,
                         float* value, std::string* error) {
  std::string text;
  if (!args.Require(option, &text, error)) return false;
  double v = 0;
  if (ParseDouble(text, &v) && v > 0 && std::isfinite(static_cast<float>(v)) &&
      static_cast<float>(v) > 0) {
    *value = static_cast<float>(v);
    return true;
  }
  *error = "--" + option + " must be a positive finite binary32 number (got " +
           Quote(text) + ")";
  return false;
}

std::set<std::string> WithProfileOptions(std::set<std::string> valued) {
  valued.insert({"profile", "accumulator", "tile"});
  return valued;
}

bool ProfileFromArgs(const Args& args, ane::Profile* p, std::string* error) {
  if (!ane::FindProfile(args.Get("profile", "spec"), p, error)) return false;
  if (args.Has("accumulator") &&
      !ane::FindAccumulator(args.Get("accumulator"), &p->accumulator, error)) {
    return false;
  }
  long tile;
  if (!IntegerOption(args, "tile", 1, ane::kMaxTile, p->tile, &tile, error)) {
    return false;
  }
  p->tile = static_cast<int>(tile);
  return true;
}

bool ReadTensorOperand(const Args& args, const std::string& option,
                       const ane::Profile& p, ane::Tensor* out,
                       std::string* error) {
  std::string path;
  return args.Require(option, &path, error) &&
         ane::ReadTensor(path, p, out, error);
}

bool ParseRequant(const Args& args, long min_shift, long max_shift, size_t c_out,
                  mcu::Requant* r, std::string* error) {
  std::string m_text, s_text;
  std::vector<long> m, s;
  if (!args.Require("multiplier", &m_text, error) ||
      !args.Require("shift", &s_text, error)) {
    return false;
  }
  if (!ParseIntegerList(m_text, INT32_MIN, INT32_MAX, &m) ||
      !ParseIntegerList(s_text, min_shift, max_shift, &s)) {
    *error = "--multiplier takes int32 values and --shift values in " +
             std::to_string(min_shift) + ".." + std::to_string(max_shift) +
             ", one or one per output channel, comma-separated (got " +
             Quote(m_text) + ", " + Quote(s_text) + ")";
    return false;
  }
  if (!mcu::CheckRequantCount(m.size(), s.size(), c_out,
                              "--multiplier and --shift", error)) {
    return false;
  }
  r->multiplier.assign(m.begin(), m.end());
  r->shift.assign(s.begin(), s.end());
  return true;
}


bool IntegerClamp(const Args& args, long lo, long hi, int32_t* act_min,
                  int32_t* act_max, std::string* error) {
  long a, b;
  if (!IntegerOption(args, "act-min", lo, hi, lo, &a, error) ||
      !IntegerOption(args, "act-max", lo, hi, hi, &b, error)) {
    return false;
  }
  if (a > b) {
    *error = "--act-min " + std::to_string(a) + " is above --act-max " +
             std::to_string(b);
    return false;
  }
  *act_min = static_cast<int32_t>(a);
  *act_max = static_cast<int32_t>(b);
  return true;
}

bool RequantizeOptions(const Args& args, float in_scale, float out_scale,
                       int in_bits, int out_bits, mcu::RequantizeOpParams* params,
                       std::string* error) {
  const long in_lo = -(1L << (in_bits - 1)), out_lo = -(1L << (out_bits - 1));
  long in_zp, out_zp;
  if (!IntegerOption(args, "input-zero-point", in_lo, -in_lo - 1, 0, &in_zp, error) ||
      !IntegerOption(args, "output-zero-point", out_lo, -out_lo - 1, 0, &out_zp, error)) {
    return false;
  }
  if (!mcu::RequantizeOpPrepare(in_scale, static_cast<int32_t>(in_zp), out_scale,
                                static_cast<int32_t>(out_zp), params)) {
    *error = "--input-scale / --output-scale does not quantize with a shift in -31..31";
    return false;
  }
  return true;
}

bool KernelOption(const Args& args, mcu::Kernel def, mcu::Kernel* kernel,
                  std::string* error) {
  *kernel = def;
  if (!args.Has("kernel") || mcu::KernelFromName(args.Get("kernel"), kernel)) {
    return true;
  }
  *error = "unknown --kernel " + Quote(args.Get("kernel")) + " (valid: " +
           mcu::KernelNames() + ")";
  return false;
}

}  // namespace cli
}  // namespace refmath
