#include "refmath/mcu/model_description.h"

#include <utility>

#include "src/base/text.h"

namespace refmath {
namespace mcu {
namespace {

bool TypeFromName(const std::string& name, ElementType* type) {
  static const struct {
    const char* name;
    ElementType type;
  } kTypes[] = {{"s8", ElementType::kInt8},
                {"s16", ElementType::kInt16},
                {"f16", ElementType::kFloat16},
                {"f32", ElementType::kFloat32}};
  for (const auto& t : kTypes) {
    if (name == t.name) {
      *type = t.type;
      return true;
    }
  }
  return false;
}

bool IsFloat(ElementType t) {
  return t == ElementType::kFloat16 || t == ElementType::kFloat32;
}

// The tensor a stated quantization gives, or false (*stated false) when
// it states none.  `what` names its keys in messages ("output" gives
// output_scale / output_zero_point; "weights" filter_scales /
// filter_zero_points).
bool Stated(const StatedQuant& q, ElementType type, const std::string& scale_key,
            const std::string& zp_key, TensorParams* tensor, bool* stated,
            std::string* error) {
  *stated = false;
  tensor->type = type;
  if (IsFloat(type)) {
    *stated = true;
    return true;
  }
  if (!q.scale_stated) {
    if (q.zero_point_stated) {
      *error = zp_key + " is given without " + scale_key;
      return false;
    }
    return true;
  }
  *stated = true;
  tensor->scales = q.scales;
  const std::vector<int64_t> zps =
      q.zero_point_stated ? q.zero_points : std::vector<int64_t>{0};
  for (int64_t z : zps) {
    tensor->zero_points.push_back(static_cast<int32_t>(
        z < INT32_MIN ? INT32_MIN : z > INT32_MAX ? INT32_MAX : z));
  }
  return true;
}

bool TypeOr(const std::string& name, ElementType absent, ElementType* type,
            std::string* error) {
  if (name.empty()) {
    *type = absent;
    return true;
  }
  if (TypeFromName(name, type)) return true;
  *error = "unknown type '" + Printable(name, 40) + "' (valid: s8, s16, f16, f32)";
  return false;
}

bool Layer(const LayerDescription& d, const TensorParams* previous, LayerParams* l,
           std::string* error) {
  if (d.op.empty()) {
    *error = "no 'op'";
    return false;
  }
  if (!CheckedOpFromShortName(d.op, &l->op)) {
    *error = "unknown op '" + Printable(d.op, 40) + "'";
    return false;
  }
  ElementType type, out_type, w_type, in2_type;
  if (!TypeOr(d.type, previous ? previous->type : ElementType::kInt8, &type, error) ||
      !TypeOr(d.output_type, type, &out_type, error) ||
      !TypeOr(d.filter_type, IsFloat(type) ? type : ElementType::kInt8, &w_type, error) ||
      !TypeOr(d.input2_type, type, &in2_type, error)) {
    return false;
  }
  bool stated;
  if (!Stated(d.input, type, "input_scale", "input_zero_point", &l->input, &stated,
              error)) {
    return false;
  }
  if (!stated && previous && previous->type == type) l->input = *previous;
  if (!Stated(d.input2, in2_type, "input2_scale", "input2_zero_point", &l->input2,
              &stated, error)) {
    return false;
  }
  if (!stated) l->input2 = TensorParams{type, {}, {}};
  return Stated(d.output, out_type, "output_scale", "output_zero_point", &l->output,
                &stated, error) &&
         Stated(d.weights, w_type, "filter_scales", "filter_zero_points", &l->weights,
                &stated, error);
}

}  // namespace

bool LayersFromDescriptions(const std::vector<LayerDescription>& layers,
                            std::vector<LayerParams>* params, std::string* error) {
  std::vector<LayerParams> out;
  for (size_t i = 0; i < layers.size(); ++i) {
    LayerParams l;
    std::string why;
    if (!Layer(layers[i], out.empty() ? nullptr : &out.back().output, &l, &why)) {
      *error = "layer " + std::to_string(i) + ": " + why;
      return false;
    }
    out.push_back(std::move(l));
  }
  *params = std::move(out);
  return true;
}

}  // namespace mcu
}  // namespace refmath
