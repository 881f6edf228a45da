#include "src/mcu/fc_shapes.h"

#include "src/base/text.h"

namespace refmath {
namespace mcu {

bool FcLayerDims(const std::vector<size_t>& input,
                 const std::vector<size_t>& weights,
                 const std::vector<size_t>* bias, size_t packed_c_out,
                 const FcNames& names, FcDims* d, std::string* error) {
  const bool packed = packed_c_out != 0;
  d->c_in = input.empty() ? 0 : input.back();
  d->c_out = packed ? packed_c_out : weights.empty() ? 0 : weights[0];
  if (d->c_in == 0 || weights.size() != (packed ? 3u : 2u) ||
      weights[1] != d->c_in || d->c_out == 0) {
    *error = names.input + " " + ShapeText(input) + " and " +
             names.weights + " " + ShapeText(weights) +
             " do not fit: expected [..., C_IN] and " +
             (packed ? "[blocks, C_IN, lanes]" : "[C_OUT, C_IN]") +
             ", C_IN, C_OUT > 0";
    return false;
  }
  if (bias != nullptr && *bias != std::vector<size_t>{d->c_out}) {
    *error = names.bias + ": shape " + ShapeText(*bias) + " is not (" +
             std::to_string(d->c_out) + ",)";
    return false;
  }
  size_t count = 1;
  for (size_t n : input) count *= n;
  d->rows = count / d->c_in;
  d->out_shape = input;
  d->out_shape.back() = d->c_out;
  return true;
}

bool CheckPackedWeights(const std::vector<size_t>& weights, size_t c_in,
                        size_t packed_c_out, size_t lanes,
                        const FcNames& names, std::string* error) {
  const std::vector<size_t> want = {(packed_c_out + lanes - 1) / lanes, c_in,
                                    lanes};
  if (weights == want) return true;
  *error = names.weights + ": packed shape " + ShapeText(weights) +
           " is not " + ShapeText(want) + " for " + names.c_out + " " +
           std::to_string(packed_c_out);
  return false;
}

bool CheckRequantCount(size_t multipliers, size_t shifts, size_t c_out,
                       const std::string& names, std::string* error) {
  for (size_t n : {multipliers, shifts}) {
    if (n != 1 && n != c_out) {
      *error = names + " need 1 or C_OUT = " + std::to_string(c_out) +
               " values (got " + std::to_string(multipliers) + " and " +
               std::to_string(shifts) + ")";
      return false;
    }
  }
  return true;
}

bool CheckFloatLayout(const FloatLayout& l, const FloatLayoutNames& names,
                      std::string* error) {
  if (l.name != "auto" && l.name != "standard" && l.name != "packed") {
    *error = "unknown " + names.layout + " '" + Printable(l.name, 60) + "'" +
             " (valid: auto, standard, packed)";
    return false;
  }
  if (l.legacy && l.name == "packed") {
    *error = names.legacy + " does not apply to " + names.layout + " packed";
    return false;
  }
  if (l.weights_packed && l.name != "packed") {
    *error = names.c_out + " applies only to " + names.layout + " packed";
    return false;
  }
  return true;
}

FcKernel FloatKernelOf(const FloatLayout& l, bool half, const FcShape& shape) {
  if (l.legacy) return FcKernel::kStandardLegacy;
  if (l.name == "auto") {
    return DefaultFloatKernel(l.target, half, l.accumulation,
                              l.allow_approximate, shape);
  }
  return l.name == "packed" ? FcKernel::kPacked : FcKernel::kStandard;
}

}  // namespace mcu
}  // namespace refmath
