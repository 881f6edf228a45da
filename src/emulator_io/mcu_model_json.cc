#include "src/emulator_io/mcu_model_json.h"

#include <utility>

#include "src/base/text.h"

namespace refmath {
namespace io {
namespace {

using Kind = JsonValue::Kind;

bool TextKey(const JsonValue& layer, const char* key, std::string* out, std::string* error) {
  const JsonValue* v = layer.Find(key);
  if (v == nullptr) return true;
  if (v->kind != Kind::kString) {
    *error = std::string(key) + " must be a string, not " + JsonKindName(v->kind);
    return false;
  }
  *out = v->text;
  return true;
}

// A number or an array of numbers: each read by `read` (false: not one).
template <typename T, typename Read>
bool Numbers(const JsonValue& v, const char* key, const char* what, Read read,
             std::vector<T>* out, std::string* error) {
  const std::vector<JsonValue> one = {v};
  const std::vector<JsonValue>& items = v.kind == Kind::kArray ? v.items : one;
  for (const JsonValue& item : items) {
    T x;
    if (!read(item, &x)) {
      *error = std::string(key) + " must be " + what + " or an array of them";
      return false;
    }
    out->push_back(x);
  }
  return true;
}

bool Quant(const JsonValue& layer, const char* scale_key, const char* zp_key,
           mcu::StatedQuant* q, std::string* error) {
  const JsonValue* s = layer.Find(scale_key);
  const JsonValue* z = layer.Find(zp_key);
  q->scale_stated = s != nullptr;
  q->zero_point_stated = z != nullptr;
  return (s == nullptr ||
          Numbers(*s, scale_key, "a number", JsonDouble, &q->scales, error)) &&
         (z == nullptr ||
          Numbers(*z, zp_key, "an integer", JsonInt64, &q->zero_points, error));
}

bool Layer(const JsonValue& v, mcu::LayerDescription* l, std::string* error) {
  if (v.kind != Kind::kObject) {
    *error = std::string("must be an object, not ") + JsonKindName(v.kind);
    return false;
  }
  return TextKey(v, "op", &l->op, error) && TextKey(v, "type", &l->type, error) &&
         TextKey(v, "output_type", &l->output_type, error) &&
         TextKey(v, "filter_type", &l->filter_type, error) &&
         TextKey(v, "input2_type", &l->input2_type, error) &&
         Quant(v, "input_scale", "input_zero_point", &l->input, error) &&
         Quant(v, "input2_scale", "input2_zero_point", &l->input2, error) &&
         Quant(v, "output_scale", "output_zero_point", &l->output, error) &&
         Quant(v, "filter_scales", "filter_zero_points", &l->weights, error);
}

bool Flag(const JsonValue& v, const std::string& key, bool* out, std::string* error) {
  if (v.kind != Kind::kBool) {
    *error = "target: " + key + " must be true or false";
    return false;
  }
  *out = v.boolean;
  return true;
}

bool Target(const JsonValue& v, mcu::McuTarget* t, std::string* error) {
  if (v.kind != Kind::kObject) {
    *error = "target must be an object";
    return false;
  }
  for (const auto& m : v.members) {
    const std::string& key = m.first;
    const JsonValue& value = m.second;
    if (key == "name" || key == "cpu") {
      if (value.kind != Kind::kString) {
        *error = "target: " + key + " must be a string";
        return false;
      }
      if (key == "cpu" && v.Find("name") == nullptr) t->name = value.text;
      (key == "name" ? t->name : t->cpu) = value.text;
    } else if (key == "mve" || key == "fpu") {
      if (!Flag(value, key, key == "mve" ? &t->mve : &t->fpu, error)) return false;
    } else if (key == "fp16") {
      bool declared = false;
      if (value.kind != Kind::kNull && !Flag(value, key, &declared, error)) return false;
      t->fp16 = value.kind == Kind::kNull ? mcu::McuTarget::Fp16::kUndeclared
                : declared                ? mcu::McuTarget::Fp16::kDeclared
                                          : mcu::McuTarget::Fp16::kDeclaredAbsent;
    } else {
      *error = "unknown target key '" + Printable(key, 40) + "' (valid: name, cpu, mve, fpu, fp16)";
      return false;
    }
  }
  return true;
}

}  // namespace

bool McuModelFromJson(const JsonValue& doc, std::vector<mcu::LayerDescription>* layers,
                      mcu::McuTarget* target, std::string* error) {
  const JsonValue* list = &doc;
  mcu::McuTarget t;
  if (doc.kind == Kind::kObject) {
    for (const auto& m : doc.members) {
      if (m.first != "layers" && m.first != "target") {
        *error = "unknown key '" + Printable(m.first, 40) + "' (valid: layers, target)";
        return false;
      }
    }
    list = doc.Find("layers");
    const JsonValue* target_value = doc.Find("target");
    if (target_value != nullptr && !Target(*target_value, &t, error)) return false;
  }
  if (list == nullptr || list->kind != Kind::kArray) {
    *error = "expected an array of layers, or an object with \"layers\"";
    return false;
  }
  std::vector<mcu::LayerDescription> out(list->items.size());
  for (size_t i = 0; i < out.size(); ++i) {
    std::string why;
    if (!Layer(list->items[i], &out[i], &why)) {
      *error = "layer " + std::to_string(i) + ": " + why;
      return false;
    }
  }
  *layers = std::move(out);
  *target = t;
  return true;
}

}  // namespace io
}  // namespace refmath
