// Discrete Laplace Lap_Z(scale) by certified inversion, optimized build: the rule of
// reference/samplers/discrete_laplace_inversion.hpp (zigzag order, one 64-bit chunk per draw) with the first chunk
// decided by integer comparisons against lo_n = ⌊F(n)·2^64⌋, computed at construction from the reference's
// certified enclosures (no double anywhere). Why the comparisons decide exactly as the reference does:
// internal/fixed_point_cdf.hpp (F(n) is irrational, so lo_n < F(n)·2^64 < lo_n + 1). The search for the first n
// with lo_n > u starts at a guide-table entry indexed by the top bits of u (Chen–Asau), so a draw costs one 64-bit
// read and about one comparison. When the chunk is undecidable (some F(n) inside I_1: u = lo_{n−1}) or lies beyond
// the table (the table stops at 2^17 entries or when lo_n = 2^64 − 1), the reference finishes the draw on the same
// stream: same values, same bits. Parameter range: 0 < scale ≤ 2^32 (the reference's). Thread-safety: one object
// per thread (the reference's table is extended on deferrals). Copies share the immutable tables lo_n and the guide
// (read-only after construction), so that many copies — one per arm of a bandit instance — stay in cache together.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/discrete_laplace_inversion.hpp"

namespace dpb::fast {

class DiscreteLaplaceInversion {
 public:
  static constexpr std::size_t kMaxTable = std::size_t{1} << 17;

  explicit DiscreteLaplaceInversion(const Rational& scale) : reference_(scale) {
    auto tables = std::make_shared<Tables>();
    std::vector<std::uint64_t>& lo_ = tables->lo;
    std::vector<std::uint32_t>& guide_ = tables->guide;
    constexpr std::uint64_t kTop = ~std::uint64_t{0};
    auto& inversion = reference_.inversion();
    lo_.push_back(inversion.floor_cdf_scaled(0));
    while (lo_.back() != kTop && lo_.size() < kMaxTable) lo_.push_back(inversion.floor_cdf_scaled(lo_.size()));
    last_ = lo_.back();
    // Guide: 2^g buckets, g = bit_length(table size) clamped to [4, 17]; guide_[j] = first n with lo_n > j·2^{64−g}.
    unsigned g = 64U - static_cast<unsigned>(__builtin_clzll(lo_.size()));
    g = std::clamp(g, 4U, 17U);
    shift_ = 64 - g;
    guide_.resize(std::size_t{1} << g);
    for (std::size_t j = 0; j < guide_.size(); ++j) {
      const std::uint64_t v = static_cast<std::uint64_t>(j) << shift_;
      guide_[j] = static_cast<std::uint32_t>(std::upper_bound(lo_.begin(), lo_.end(), v) - lo_.begin());
    }
    lo_data_ = lo_.data();
    guide_data_ = guide_.data();
    tables_ = std::move(tables);
  }

  Rational scale() const { return reference_.scale(); }

  template <BitSource B>
  std::int64_t operator()(B& bits) {
    const std::uint64_t u = bits.next_bits(64);
    const std::uint64_t n = index_of(u);
    if (n != kDefer) return from_zigzag(n);
    const Integer x = reference_.continue_draw(u, bits);
    if (!fits_int64(x)) throw std::overflow_error("fast::DiscreteLaplaceInversion: sample exceeds the 64-bit range");
    return to_int64(x);
  }

  // The reference's from_zigzag in 64 bits (n < 2^64 gives |x| ≤ 2^63, and −2^63 fits; x = 2^63 needs n = 2^64).
  static std::int64_t from_zigzag(std::uint64_t n) {
    return (n & 1) == 0 ? static_cast<std::int64_t>(n >> 1) : -static_cast<std::int64_t>(n >> 1) - 1;
  }

  // The zigzag index whose cell holds I_1 = [u, u+1)/2^64, or kDefer.
  static constexpr std::uint64_t kDefer = ~std::uint64_t{0};
  std::uint64_t index_of(std::uint64_t u) const {
    if (u >= last_) return kDefer;  // beyond the table, or u = lo_top (F(top) ∈ I_1)
    std::size_t n = guide_data_[u >> shift_];
    while (lo_data_[n] <= u) ++n;  // stops: lo_.back() = last_ > u
    if (n > 0 && lo_data_[n - 1] == u) return kDefer;  // F(n−1) lies inside I_1: the rule reads another chunk
    return n;
  }

  // Makes this object read `other`'s tables when they are equal, entry for entry, to its own (then nothing read
  // changes; one copy of the tables serves both). Returns whether it did.
  bool share_tables_if_equal(const DiscreteLaplaceInversion& other) {
    if (tables_ == other.tables_) return true;
    if (shift_ != other.shift_ || last_ != other.last_ || tables_->lo != other.tables_->lo ||
        tables_->guide != other.tables_->guide)
      return false;
    tables_ = other.tables_;
    lo_data_ = tables_->lo.data();
    guide_data_ = tables_->guide.data();
    return true;
  }

  ref::DiscreteLaplaceInversion& reference() { return reference_; }
  std::size_t table_size() const { return tables_->lo.size(); }

 private:
  struct Tables {
    std::vector<std::uint64_t> lo;  // lo[n] = ⌊F(n)·2^64⌋, zigzag n = 0, 1, …
    std::vector<std::uint32_t> guide;
  };
  ref::DiscreteLaplaceInversion reference_;
  std::shared_ptr<const Tables> tables_;  // shared by copies, never written after construction
  const std::uint64_t* lo_data_ = nullptr;
  const std::uint32_t* guide_data_ = nullptr;
  std::uint64_t last_ = 0;
  unsigned shift_ = 60;
};

}  // namespace dpb::fast
