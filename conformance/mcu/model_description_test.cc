// A model's layer list as written (model_description.h) and as a JSON file
// (src/emulator_io/mcu_model_json.h, json_value.h): what a layer takes
// from the one before it, the defaults, and every error as one line.
#include "refmath/mcu/model_description.h"

#include <stdint.h>

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/emulator_io/json_value.h"
#include "src/emulator_io/mcu_model_json.h"

namespace refmath {
namespace mcu {
namespace {

StatedQuant Quant(std::vector<double> scales, std::vector<int64_t> zps) {
  StatedQuant q;
  q.scale_stated = true;
  q.scales = std::move(scales);
  q.zero_point_stated = !zps.empty();
  q.zero_points = std::move(zps);
  return q;
}

TEST(McuModelDescription, ChainsTheInputAndFillsDefaults) {
  LayerDescription conv;
  conv.op = "conv2d";
  conv.input = Quant({0.5}, {-3});
  conv.output = Quant({0.25}, {7});
  conv.weights = Quant({0.01, 0.02}, {});
  LayerDescription pool;
  pool.op = "avg_pool";
  pool.output = Quant({0.25}, {7});
  LayerDescription fc;
  fc.op = "fully_connected";
  fc.type = "s16";  // another type: the s8 output is not its input
  std::vector<LayerParams> p;
  std::string error;
  ASSERT_TRUE(LayersFromDescriptions({conv, pool, fc}, &p, &error)) << error;
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].op, CheckedOp::kConv2d);
  EXPECT_EQ(p[0].weights.type, ElementType::kInt8);
  EXPECT_EQ(p[0].weights.zero_points, std::vector<int32_t>{0});  // stated scale: 0
  EXPECT_EQ(p[1].op, CheckedOp::kAveragePool);
  EXPECT_EQ(p[1].input.scales, std::vector<double>{0.25});  // conv's output
  EXPECT_EQ(p[1].input.zero_points, std::vector<int32_t>{7});
  EXPECT_TRUE(p[1].weights.scales.empty());
  EXPECT_EQ(p[2].input.type, ElementType::kInt16);
  EXPECT_TRUE(p[2].input.scales.empty());
  EXPECT_EQ(p[2].output.type, ElementType::kInt16);
  EXPECT_EQ(p[2].input2.type, ElementType::kInt16);
  // A float layer's weights take its type; its scales are not read.
  LayerDescription f16;
  f16.op = "conv2d";
  f16.type = "f16";
  f16.input = Quant({-1}, {});
  ASSERT_TRUE(LayersFromDescriptions({f16}, &p, &error));
  EXPECT_EQ(p[0].weights.type, ElementType::kFloat16);
  EXPECT_TRUE(p[0].input.scales.empty());
  // Zero points beyond int32 are kept at its ends for CheckLayers to name.
  conv.input = Quant({0.5}, {int64_t{1} << 40});
  ASSERT_TRUE(LayersFromDescriptions({conv}, &p, &error));
  EXPECT_EQ(p[0].input.zero_points, std::vector<int32_t>{INT32_MAX});
}

TEST(McuModelDescription, ErrorsNameTheLayer) {
  std::vector<LayerParams> p;
  std::string error;
  LayerDescription ok, bad;
  ok.op = "tanh";
  bad.op = "pool";
  EXPECT_FALSE(LayersFromDescriptions({ok, bad}, &p, &error));
  EXPECT_EQ(error, "layer 1: unknown op 'pool'");
  bad.op = "";
  EXPECT_FALSE(LayersFromDescriptions({bad}, &p, &error));
  EXPECT_EQ(error, "layer 0: no 'op'");
  bad.op = "mul";
  bad.input2_type = "u8";
  EXPECT_FALSE(LayersFromDescriptions({bad}, &p, &error));
  EXPECT_EQ(error, "layer 0: unknown type 'u8' (valid: s8, s16, f16, f32)");
  bad.input2_type = "";
  bad.output.zero_point_stated = true;
  bad.output.zero_points = {1};
  EXPECT_FALSE(LayersFromDescriptions({bad}, &p, &error));
  EXPECT_EQ(error, "layer 0: output_zero_point is given without output_scale");
}

bool Parse(const std::string& text, io::JsonValue* v, std::string* error) {
  return io::ParseJson(text, v, error);
}

TEST(JsonValue, ValuesNumbersAndStrings) {
  io::JsonValue v;
  std::string error;
  ASSERT_TRUE(Parse(" {\"a\": [1, -2.5e3, true, null], \"b\": \"x\\u00e9\\ud83d\\ude00\\n\"} ",
                    &v, &error))
      << error;
  ASSERT_EQ(v.kind, io::JsonValue::Kind::kObject);
  const io::JsonValue* a = v.Find("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->items.size(), 4u);
  int64_t n = 0;
  double d = 0;
  EXPECT_TRUE(io::JsonInt64(a->items[0], &n));
  EXPECT_EQ(n, 1);
  EXPECT_FALSE(io::JsonInt64(a->items[1], &n));  // not an integer as written
  EXPECT_TRUE(io::JsonDouble(a->items[1], &d));
  EXPECT_EQ(d, -2500.0);
  EXPECT_TRUE(a->items[2].boolean);
  EXPECT_EQ(a->items[3].kind, io::JsonValue::Kind::kNull);
  EXPECT_EQ(v.Find("b")->text, "x\xC3\xA9\xF0\x9F\x98\x80\n");
  EXPECT_EQ(v.Find("c"), nullptr);
  // 0.1 as strtod rounds it; 2^63 is beyond int64; 1e400 beyond binary64.
  ASSERT_TRUE(Parse("[0.1, 9223372036854775807, 9223372036854775808, 1e400]", &v, &error));
  EXPECT_TRUE(io::JsonDouble(v.items[0], &d));
  EXPECT_EQ(d, 0.1);
  EXPECT_TRUE(io::JsonInt64(v.items[1], &n));
  EXPECT_EQ(n, INT64_MAX);
  EXPECT_FALSE(io::JsonInt64(v.items[2], &n));
  EXPECT_FALSE(io::JsonDouble(v.items[3], &d));
}

TEST(JsonValue, ErrorsGiveLineAndColumn) {
  io::JsonValue v;
  std::string error;
  const struct {
    const char* text;
    const char* error;
  } kCases[] = {
      {"", "line 1, column 1: expected a value"},
      {"[1,\n 2", "line 2, column 3: expected ',' or ']'"},
      {"{\"a\" 1}", "line 1, column 6: expected ':'"},
      {"{\"a\": 1, \"a\": 2}", "line 1, column 10: the key \"a\" appears twice"},
      {"[01]", "line 1, column 3: expected ',' or ']'"},
      {"[1.]", "line 1, column 4: expected a digit after '.'"},
      {"\"a\tb\"", "line 1, column 3: expected no control character in a string"},
      {"\"\\ud800\"", "line 1, column 8: expected a low surrogate"},
      {"\"\\q\"", "line 1, column 3: expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"},
      {"[1] 2", "line 1, column 5: text after the value"},
      {"tru", "line 1, column 1: expected a value"},
  };
  for (const auto& c : kCases) {
    EXPECT_FALSE(Parse(c.text, &v, &error)) << c.text;
    EXPECT_EQ(error, c.error) << c.text;
  }
  EXPECT_FALSE(Parse(std::string(65, '[') + std::string(65, ']'), &v, &error));
  EXPECT_EQ(error, "line 1, column 65: nested more than 64 levels");
  EXPECT_TRUE(Parse(std::string(64, '[') + std::string(64, ']'), &v, &error));
}

TEST(McuModelJson, LayersAndTarget) {
  io::JsonValue doc;
  std::string error;
  ASSERT_TRUE(Parse("{\"target\": {\"cpu\": \"Cortex-M4\", \"mve\": false, \"fp16\": null},"
                    " \"layers\": [{\"op\": \"conv2d\", \"input_scale\": 0.5,"
                    " \"filter_scales\": [0.1, 0.2], \"filter_zero_points\": [0, 1],"
                    " \"filter\": [[1, 2]], \"stride\": 2}]}",
                    &doc, &error));
  std::vector<LayerDescription> layers;
  McuTarget target;
  ASSERT_TRUE(io::McuModelFromJson(doc, &layers, &target, &error)) << error;
  EXPECT_EQ(target.cpu, "Cortex-M4");
  EXPECT_EQ(target.name, "Cortex-M4");
  EXPECT_FALSE(target.mve);
  EXPECT_EQ(target.fp16, McuTarget::Fp16::kUndeclared);
  ASSERT_EQ(layers.size(), 1u);
  EXPECT_EQ(layers[0].op, "conv2d");
  EXPECT_TRUE(layers[0].input.scale_stated);
  EXPECT_FALSE(layers[0].input.zero_point_stated);
  EXPECT_EQ(layers[0].input.scales, std::vector<double>{0.5});
  EXPECT_EQ(layers[0].weights.zero_points, (std::vector<int64_t>{0, 1}));
  EXPECT_FALSE(layers[0].output.scale_stated);
  const struct {
    const char* text;
    const char* error;
  } kCases[] = {
      {"3", "expected an array of layers, or an object with \"layers\""},
      {"{\"target\": {}}", "expected an array of layers, or an object with \"layers\""},
      {"[3]", "layer 0: must be an object, not a number"},
      {"[{\"op\": 3}]", "layer 0: op must be a string, not a number"},
      {"[{}, {\"output_scale\": [0.5, \"x\"]}]",
       "layer 1: output_scale must be a number or an array of them"},
      {"{\"layers\": [], \"target\": {\"core\": \"m55\"}}",
       "unknown target key 'core' (valid: name, cpu, mve, fpu, fp16)"},
      {"{\"layers\": [], \"target\": {\"mve\": \"yes\"}}", "target: mve must be true or false"},
  };
  for (const auto& c : kCases) {
    ASSERT_TRUE(Parse(c.text, &doc, &error)) << c.text;
    EXPECT_FALSE(io::McuModelFromJson(doc, &layers, &target, &error)) << c.text;
    EXPECT_EQ(error, c.error) << c.text;
  }
}

}  // namespace
}  // namespace mcu
}  // namespace refmath
