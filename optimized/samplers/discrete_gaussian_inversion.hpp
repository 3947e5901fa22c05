// Discrete Gaussian N_Z(mu, sigma2) with certified inversion steps, optimized build: the algorithm of
// reference/samplers/discrete_gaussian_inversion.hpp (CKS20 Algorithm 3's rejection with the proposal Lap_Z(t) by
// inversion and the acceptance Bernoulli(e^{−bias(Y)}) by comparing a 64-bit chunk with e^{−bias(Y)}), drawing the
// same bits. The proposal is fast::DiscreteLaplaceInversion. The acceptance of a candidate Y with |Y| ≤ M is decided
// from a table built at construction from the reference's exact bias(Y) and certified enclosures of e^{−bias(Y)}:
//   one_[Y]: bias(Y) = 0 (accept, no bits read);   else lo_[Y] = ⌊e^{−bias(Y)}·2^64⌋, and for the chunk u:
//   u < lo → accept ((u+1)/2^64 ≤ e^{−bias}),  u > lo → reject (u/2^64 > e^{−bias}),  u = lo → the reference's
//   continue_bernoulli_exp(bias(Y), u, bits) (e^{−bias} lies inside I_1: it is irrational, lo < e^{−bias}·2^64).
// A candidate outside the table (|Y| > M, M ≤ 2^15, chosen to cover the proposal's table) is decided by the
// reference's bernoulli_exp_by_chunks: same bits, same law. Parameter range: the reference's (0 < sigma2 ≤ 2^60),
// the numerators and denominators of sigma2 and mu fit int64, |floor(mu)| ≤ 2^62; an output outside int64 throws
// std::overflow_error (never wraps). Thread-safety: one object per thread. Copies share the acceptance table (and
// the proposal's tables), read-only after construction.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/discrete_laplace_inversion.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/discrete_gaussian_inversion.hpp"
#include "reference/samplers/internal/exp_chunks.hpp"

namespace dpb::fast {

class DiscreteGaussianInversion {
 public:
  static constexpr std::int64_t kMaxHalfWidth = std::int64_t{1} << 15;

  explicit DiscreteGaussianInversion(const Rational& sigma2, const Rational& mu = Rational(0))
      : ref_(sigma2, mu),  // the reference's checks and messages
        proposal_(Rational(ref_.t())) {
    detail::require_fits_int64(sigma2, "DiscreteGaussianInversion", "sigma2");
    detail::require_fits_int64(mu, "DiscreteGaussianInversion", "mu");
    const Integer floor_mu = floor(mu);
    if (boost::multiprecision::abs(floor_mu) > (Integer(1) << 62))
      throw_parameter_error("DiscreteGaussianInversion", "mu", "at most 2^62 in absolute value in the optimized build",
                            to_string(mu));
    floor_mu_ = to_int64(floor_mu);
    // The proposal's table covers zigzag indices below its size, i.e. |Y| ≤ size/2 + 1.
    half_width_ = std::min<std::int64_t>(kMaxHalfWidth, static_cast<std::int64_t>(proposal_.table_size() / 2 + 1));
    const auto width = static_cast<std::size_t>(2 * half_width_ + 1);
    auto entries = std::make_shared<std::vector<Entry>>(width);
    std::vector<Entry>& table = *entries;
    for (std::int64_t y = -half_width_; y <= half_width_; ++y) {
      const ref::internal::ExpNeg p(ref_.bias(Integer(y)));  // not cached in ref_: most candidates never defer
      Entry& e = table[static_cast<std::size_t>(y + half_width_)];
      e.one = p.is_one();
      e.lo = e.one ? 0 : p.floor_scaled();
    }
    entries_data_ = entries->data();
    entries_ = std::move(entries);
  }

  // Makes this object read `other`'s acceptance and proposal tables where they are equal, entry for entry, to its
  // own (e.g. N_Z(σ², μ) and N_Z(σ², μ + 1): the same tables, other offsets); nothing read changes.
  void share_tables_if_equal(DiscreteGaussianInversion& other) {
    proposal_.share_tables_if_equal(other.proposal_);
    if (entries_ == other.entries_ || half_width_ != other.half_width_) return;
    const std::vector<Entry>& a = *entries_;
    const std::vector<Entry>& b = *other.entries_;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i].lo != b[i].lo || a[i].one != b[i].one) return;
    entries_ = other.entries_;
    entries_data_ = entries_->data();
  }

  const Rational& sigma2() const { return ref_.sigma2(); }
  const Rational& mu() const { return ref_.mu(); }
  const Integer& t() const { return ref_.t(); }

  template <BitSource B>
  std::int64_t operator()(B& bits) {
    for (;;) {
      const std::int64_t Y = proposal_(bits);
      if (accept(bits, Y)) {
        std::int64_t x;
        if (__builtin_add_overflow(floor_mu_, Y, &x))
          throw std::overflow_error("fast::DiscreteGaussianInversion: sample exceeds the 64-bit range");
        return x;
      }
    }
  }

 private:
  struct Entry {
    std::uint64_t lo = 0;
    bool one = false;
  };

  template <BitSource B>
  bool accept(B& bits, std::int64_t Y) {
    if (Y >= -half_width_ && Y <= half_width_) {
      const Entry& e = entries_data_[static_cast<std::size_t>(Y + half_width_)];
      if (e.one) return true;
      const std::uint64_t u = bits.next_bits(64);
      if (u < e.lo) return true;
      if (u > e.lo) return false;
      return ref::internal::continue_bernoulli_exp(ref_.acceptance(Integer(Y)), u, bits);
    }
    return ref::internal::bernoulli_exp_by_chunks(ref_.acceptance(Integer(Y)), bits);
  }

  ref::DiscreteGaussianInversion ref_;
  DiscreteLaplaceInversion proposal_;
  std::int64_t floor_mu_ = 0;
  std::int64_t half_width_ = 0;
  std::shared_ptr<const std::vector<Entry>> entries_;  // shared by copies, never written after construction
  const Entry* entries_data_ = nullptr;
};

}  // namespace dpb::fast
