// P_Vec (seed 001, Algorithms 5–7), optimized build: reference/protocols/p_vec.hpp on machine integers, drawing the
// same bits and producing the same transcript (to_reference(); property test tests/optimized/protocols/
// p_vec_prop_test.cpp). Label values are integers a on the grid 2^−s (v = a·2^−s, s = grid_bits <= 62; the data
// layer's 2q). Everything is bounded, so overflow is excluded at construction (ParameterError naming fast::PVec):
//   rounding   w·g/r = N/D with N = a·Δ_den·g·r_den + Δ_num·2^s·g·r_den >= 0 (128-bit), D = 2^s·Δ_den·r_num < 2^64;
//              x̄ = ⌊N/D⌋, γ₁ ~ Bernoulli((N mod D)/D) in lowest terms (the reference's reduced fraction)
//   counts     Σ_k <= B·ℓ <= 2^63 − 1 (the reference's validation)
//   analyzer   o_k = num_k / den with den = g·r_den·p_den·Δ_den and
//              num_k = r_num·Δ_den·(p_den·Σ_k − p_num·b·B) − B·Δ_num·g·r_den·p_den, |num_k| < 2^126 checked once
//              for the worst case.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "optimized/internal/wide_int.hpp"
#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/binomial_large.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/protocols/p_vec.hpp"

namespace dpb::fast {

// i128: optimized/internal/wide_int.hpp

struct PVecTranscript {
  ref::PVecParams params;
  unsigned grid_bits = 0;
  ref::NoisePath path = ref::NoisePath::PerUser;
  ref::PVecShuffle shuffle = ref::PVecShuffle::Counts;
  std::size_t users = 0, labels = 0;
  std::vector<std::int64_t> values;  // a_{i,k}, user-major (v = a·2^−s)
  std::vector<std::int64_t> x_hat;   // user-major
  std::vector<std::int64_t> noise;   // user-major (per-user path)
  std::vector<ref::LabelledBit> shuffled;
  std::vector<std::int64_t> aggregate_noise;
  std::vector<std::int64_t> counts;
  std::vector<i128> output_num;  // o_k = output_num[k] / output_den
  i128 output_den = 1;

  ref::PVecTranscript to_reference() const;
};

class PVec {
 public:
  // Validates as the reference does, then the 64/128-bit bounds above; grid_bits <= 62.
  PVec(ref::PVecParams params, unsigned grid_bits, ref::NoisePath path = ref::NoisePath::PerUser,
       ref::PVecShuffle shuffle = ref::PVecShuffle::Counts);

  const ref::PVecParams& params() const { return params_; }
  unsigned grid_bits() const { return s_; }

  // values: B·|labels| grid numerators, user-major, each |a| <= Δ·2^s (ParameterError naming fast::PVec::run).
  template <BitSource Bits>
  PVecTranscript run(std::span<const std::int64_t> values, Bits& bits) const;

  // The label values of ref rationals on the grid 2^−s as numerators (ParameterError when off the grid).
  std::vector<std::int64_t> to_grid(std::span<const std::vector<Rational>> values) const;

 private:
  template <BitSource Bits>
  std::int64_t round(std::int64_t a, Bits& bits) const {
    const i128 N = static_cast<i128>(a) * c1_ + c0_;  // >= 0, < 2^126 (checked at construction)
    const auto q = static_cast<std::int64_t>(N / static_cast<i128>(D_));
    const auto rem = static_cast<std::uint64_t>(N % static_cast<i128>(D_));
    const std::uint64_t gg = detail::gcd_u64(rem, D_);
    return q + (detail::bernoulli_u64(bits, rem / gg, D_ / gg) ? 1 : 0);
  }

  ref::PVecParams params_;
  unsigned s_;
  ref::NoisePath path_;
  ref::PVecShuffle shuffle_;
  ref::PVec checked_;  // the reference's validation (and its explicit-size limit)
  std::int64_t length_ = 0, a_max_ = 0;
  std::size_t labels_ = 0;
  std::uint64_t users_ = 0;
  i128 c1_ = 0, c0_ = 0;
  std::uint64_t D_ = 1;
  i128 an_mul_ = 0, an_sub_ = 0, an_den_ = 1, p_den_ = 1;  // num = an_mul·(p_den·Σ) − an_sub
  BinomialLarge per_user_, aggregate_;
};

template <BitSource Bits>
PVecTranscript PVec::run(std::span<const std::int64_t> values, Bits& bits) const {
  if (values.size() != users_ * labels_)
    throw_parameter_error("fast::PVec::run", "values",
                          std::to_string(users_ * labels_) + " label values (B·|labels|)",
                          std::to_string(values.size()));
  for (std::size_t x = 0; x < values.size(); ++x)
    if (values[x] > a_max_ || values[x] < -a_max_)
      throw_parameter_error("fast::PVec::run", "values",
                            "in [-delta, delta] (|a| <= " + std::to_string(a_max_) + " on the grid 2^-" +
                                std::to_string(s_) + ", entry " + std::to_string(x) + ")",
                            std::to_string(values[x]));
  PVecTranscript t;
  t.params = params_;
  t.grid_bits = s_;
  t.path = path_;
  t.shuffle = shuffle_;
  t.users = users_;
  t.labels = labels_;
  t.values.assign(values.begin(), values.end());
  t.counts.assign(labels_, 0);
  t.x_hat.reserve(values.size());
  if (path_ == ref::NoisePath::PerUser) {
    t.noise.reserve(values.size());
    for (std::size_t x = 0; x < values.size(); ++x) {
      const std::int64_t xh = round(values[x], bits);
      const std::int64_t nz = per_user_(bits);
      if (xh + nz > length_ || xh + nz < 0)
        throw std::logic_error("fast::PVec: malformed message: " + std::to_string(xh + nz) + " ones in " +
                               std::to_string(length_) + " bits");
      t.x_hat.push_back(xh);
      t.noise.push_back(nz);
    }
    if (shuffle_ == ref::PVecShuffle::Explicit) {
      t.shuffled.reserve(values.size() * static_cast<std::size_t>(length_));
      for (std::size_t x = 0; x < values.size(); ++x) {
        const std::int64_t ones = t.x_hat[x] + t.noise[x];
        const auto k = static_cast<std::uint32_t>(x % labels_);
        for (std::int64_t u = 0; u < length_; ++u) t.shuffled.push_back({k, u < ones});
      }
      for (std::size_t i = t.shuffled.size(); i-- > 1;) {
        const std::uint64_t j = uniform_below_u64(bits, i + 1);
        std::swap(t.shuffled[i], t.shuffled[j]);
      }
      for (const ref::LabelledBit& lb : t.shuffled) t.counts[lb.label] += lb.bit ? 1 : 0;
    } else {
      for (std::size_t x = 0; x < values.size(); ++x) t.counts[x % labels_] += t.x_hat[x] + t.noise[x];
    }
  } else {
    for (std::size_t x = 0; x < values.size(); ++x) {
      t.x_hat.push_back(round(values[x], bits));
      t.counts[x % labels_] += t.x_hat.back();
    }
    for (std::size_t k = 0; k < labels_; ++k) {
      t.aggregate_noise.push_back(aggregate_(bits));
      t.counts[k] += t.aggregate_noise.back();
    }
  }
  t.output_den = an_den_;
  t.output_num.reserve(labels_);
  for (std::size_t k = 0; k < labels_; ++k) t.output_num.push_back(an_mul_ * (p_den_ * t.counts[k]) - an_sub_);
  return t;
}

}  // namespace dpb::fast
