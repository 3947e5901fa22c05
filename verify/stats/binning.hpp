// Binning of an integer-valued law for χ²/G goodness-of-fit tests, and the tail events tested by exact binomial
// tests.
//
// How bins are formed (docs/statistics.md): with n draws and t = max(min_expected / n, 1 / max_bins), the first
// bin is (−∞, a] with a the smallest k such that P[X ≤ k] ≥ t; each next bin [s, k] takes the smallest k with
// P[s ≤ X ≤ k] ≥ t; when what is left, P[X ≥ s], is below 2t, it becomes the last bin [s, +∞) (and a leftover
// below t is merged into the bin before it). So the lower and upper tails are merged into the two outer bins,
// every bin has mass ≥ t, and the bins cover all of ℤ (a sample outside the support still lands in a bin).
// Cut points are found with enclosure midpoints (an inflated target t·(1 + 1e-9) absorbs their error); each bin's
// probability is then the certified enclosure itself, and n·lower ≥ min_expected is checked for every bin.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "reference/pmf/distribution.hpp"
#include "verify/stats/chi_squared.hpp"

namespace dpb::verify::stats {

inline constexpr std::int64_t kMinusInfinity = std::numeric_limits<std::int64_t>::min();
inline constexpr std::int64_t kPlusInfinity = std::numeric_limits<std::int64_t>::max();

// The integers lo ≤ x ≤ hi (lo = kMinusInfinity / hi = kPlusInfinity: unbounded on that side) and their
// probability under the law.
struct Bin {
  std::int64_t lo = kMinusInfinity;
  std::int64_t hi = kPlusInfinity;
  ProbabilityEnclosure p;
  bool contains(std::int64_t x) const { return lo <= x && x <= hi; }
  std::string describe() const;  // "(-inf, -3]", "[4, 7]", "{5}", "[8, +inf)"
};

// Consecutive bins covering ℤ.
class Binning {
 public:
  // Precondition: bins[0].lo = kMinusInfinity, bins.back().hi = kPlusInfinity, bins[i+1].lo = bins[i].hi + 1.
  explicit Binning(std::vector<Bin> bins);
  const std::vector<Bin>& bins() const { return bins_; }
  std::size_t size() const { return bins_.size(); }
  std::size_t index_of(std::int64_t x) const;
  std::vector<std::uint64_t> count(std::span<const std::int64_t> samples) const;
  std::vector<ProbabilityEnclosure> probabilities() const;
  // min over bins of n · p.lower.
  double min_expected(std::uint64_t n) const;

 private:
  std::vector<Bin> bins_;
};

struct BinningOptions {
  double min_expected = 20;  // every bin has n · P(bin) ≥ min_expected (certified lower bound)
  std::size_t max_bins = 0;  // 0: as many as min_expected allows; else bins have mass ≥ 1 / max_bins
  mpfr_prec_t prec = 128;    // working precision of the pmf enclosures
};

// Bins for n draws from `law`. Throws std::invalid_argument if fewer than 2 bins can be formed.
Binning bin_distribution(const ref::CertifiedDistribution& law, std::uint64_t n, const BinningOptions& options = {});

// A tail event {X > q} (upper) or {X < q} (lower) at quantile `level` (e.g. 0.999):
//   upper: q = the smallest k with P[X ≤ k] ≥ level; the event {X > q} has mass P[X ≥ q + 1] ≤ 1 − level;
//   lower: q = the largest k with P[X ≥ k] ≥ level; the event {X < q} has mass P[X ≤ q − 1] ≤ 1 − level.
struct TailEvent {
  enum class Side { kLower, kUpper };
  Side side = Side::kUpper;
  double level = 0;
  std::int64_t q = 0;
  ProbabilityEnclosure p;
  bool contains(std::int64_t x) const { return side == Side::kUpper ? x > q : x < q; }
  std::string describe() const;  // "X > 17 (0.999 upper tail)"
};

// nullopt when the event is empty (q at the end of a bounded support).
std::optional<TailEvent> tail_event(const ref::CertifiedDistribution& law, TailEvent::Side side, double level,
                                    mpfr_prec_t prec = 128);

}  // namespace dpb::verify::stats
