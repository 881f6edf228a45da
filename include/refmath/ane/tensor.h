// A small row-major tensor of binary16 values, shaped like the device's
// tensors: rank 0 (a scalar) to 4 (NCHW, or a batch of heads of
// matrices).  The last axis is contiguous.
#ifndef REFMATH_ANE_TENSOR_H_
#define REFMATH_ANE_TENSOR_H_

#include <stddef.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "refmath/ane/profile.h"
#include "refmath/binary16/binary16.h"

namespace refmath {
namespace ane {

using Shape = std::vector<size_t>;

class Tensor {
 public:
  Tensor() = default;  // rank 0 holding +0
  // A tensor of `shape` holding `data` (sizes must agree: invalid_argument).
  Tensor(Shape shape, std::vector<Half> data)
      : shape_(std::move(shape)), data_(std::move(data)) {
    if (Count(shape_) != data_.size()) {
      throw std::invalid_argument("ane::Tensor: shape holds " +
                                  std::to_string(Count(shape_)) +
                                  " values, data has " +
                                  std::to_string(data_.size()));
    }
    if (shape_.size() > 4) {
      throw std::invalid_argument("ane::Tensor: rank above 4");
    }
  }

  static Tensor Filled(const Shape& shape, Half value) {
    return Tensor(shape, std::vector<Half>(Count(shape), value));
  }
  static Tensor Scalar(Half value) { return Tensor({}, {value}); }
  // Values rounded to binary16 as the device's input cast does (the
  // profile's elementwise rounding).
  static Tensor FromDoubles(const Shape& shape, const std::vector<double>& v,
                            const Profile& p = SpecProfile()) {
    std::vector<Half> data(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      data[i] = HalfFromDouble(v[i], p.Elementwise());
    }
    return Tensor(shape, std::move(data));
  }
  static Tensor FromFloats(const Shape& shape, const std::vector<float>& v,
                           const Profile& p = SpecProfile()) {
    return FromDoubles(shape, std::vector<double>(v.begin(), v.end()), p);
  }
  // A vector from a list of values (rounded as above).
  static Tensor Vector(const std::vector<double>& v,
                       const Profile& p = SpecProfile()) {
    return FromDoubles({v.size()}, v, p);
  }

  const Shape& shape() const { return shape_; }
  size_t rank() const { return shape_.size(); }
  size_t size() const { return data_.size(); }
  // Length of the last axis (1 for a scalar) and the number of rows (the
  // product of every other axis).
  size_t cols() const { return shape_.empty() ? 1 : shape_.back(); }
  size_t rows() const { return cols() == 0 ? 0 : size() / cols(); }

  Half operator[](size_t i) const { return data_[i]; }
  Half& operator[](size_t i) { return data_[i]; }
  Half at(size_t row, size_t col) const { return data_[row * cols() + col]; }
  const std::vector<Half>& data() const { return data_; }
  std::vector<Half>& data() { return data_; }

  // The exact values.
  std::vector<double> ToDoubles() const {
    std::vector<double> out(data_.size());
    for (size_t i = 0; i < data_.size(); ++i) out[i] = HalfToDouble(data_[i]);
    return out;
  }
  double Value(size_t i) const { return HalfToDouble(data_[i]); }

  static size_t Count(const Shape& shape) {
    size_t n = 1;
    for (size_t d : shape) n *= d;
    return n;
  }

 private:
  Shape shape_;
  std::vector<Half> data_ = {0};
};

}  // namespace ane
}  // namespace refmath

#endif  // REFMATH_ANE_TENSOR_H_
