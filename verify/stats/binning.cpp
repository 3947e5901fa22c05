#include "verify/stats/binning.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "verify/stats/internal/law_search.hpp"

namespace dpb::verify::stats {
namespace {

using internal::enclose_probability;
using internal::first_true;
using internal::MidpointOracle;

// Midpoints carry an error far below 1e-15 (enclosures are ~1e-30 wide, doubles round to 1e-16 relative); the
// bins are formed for a target 1e-9 larger, so the certified lower bounds clear the true target.
constexpr double kTargetInflation = 1 + 1e-9;

// Certified P[X ≤ k] and P[X ≥ k], exact 0/1 outside a bounded support.
Interval cdf_enclosure(const MidpointOracle& o, std::int64_t k) {
  const mpfr_prec_t prec = o.precision();
  if (o.support_min() && k < *o.support_min()) return Interval(0L, prec);
  if (o.support_max() && k >= *o.support_max()) return Interval(1L, prec);
  return o.law().cdf(Integer(k), prec);
}

Interval upper_enclosure(const MidpointOracle& o, std::int64_t k) {
  const mpfr_prec_t prec = o.precision();
  if (o.support_min() && k <= *o.support_min()) return Interval(1L, prec);
  if (o.support_max() && k > *o.support_max()) return Interval(0L, prec);
  return o.law().upper_tail(Integer(k), prec);
}

std::string number(std::int64_t x) { return std::to_string(x); }

}  // namespace

std::string Bin::describe() const {
  if (lo == kMinusInfinity && hi == kPlusInfinity) return "(-inf, +inf)";
  if (lo == kMinusInfinity) return "(-inf, " + number(hi) + "]";
  if (hi == kPlusInfinity) return "[" + number(lo) + ", +inf)";
  if (lo == hi) return "{" + number(lo) + "}";
  return "[" + number(lo) + ", " + number(hi) + "]";
}

Binning::Binning(std::vector<Bin> bins) : bins_(std::move(bins)) {
  if (bins_.empty() || bins_.front().lo != kMinusInfinity || bins_.back().hi != kPlusInfinity)
    throw std::invalid_argument("Binning: bins must cover the integers from -inf to +inf");
  for (std::size_t i = 0; i < bins_.size(); ++i) {
    if (bins_[i].lo > bins_[i].hi) throw std::invalid_argument("Binning: empty bin");
    if (i + 1 < bins_.size() && bins_[i + 1].lo != bins_[i].hi + 1)
      throw std::invalid_argument("Binning: bins must be consecutive");
  }
}

std::size_t Binning::index_of(std::int64_t x) const {
  // The last bin whose lo is ≤ x.
  auto it = std::upper_bound(bins_.begin(), bins_.end(), x, [](std::int64_t v, const Bin& b) { return v < b.lo; });
  return static_cast<std::size_t>(it - bins_.begin()) - 1;
}

std::vector<std::uint64_t> Binning::count(std::span<const std::int64_t> samples) const {
  std::vector<std::uint64_t> c(bins_.size(), 0);
  for (std::int64_t x : samples) ++c[index_of(x)];
  return c;
}

std::vector<ProbabilityEnclosure> Binning::probabilities() const {
  std::vector<ProbabilityEnclosure> p;
  p.reserve(bins_.size());
  for (const auto& b : bins_) p.push_back(b.p);
  return p;
}

double Binning::min_expected(std::uint64_t n) const {
  double m = INFINITY;
  for (const auto& b : bins_) m = std::min(m, static_cast<double>(n) * b.p.lower);
  return m;
}

Binning bin_distribution(const ref::CertifiedDistribution& law, std::uint64_t n, const BinningOptions& options) {
  if (n == 0 || !(options.min_expected > 0))
    throw std::invalid_argument("bin_distribution: need n ≥ 1 and min_expected > 0");
  double t = options.min_expected / static_cast<double>(n);
  if (options.max_bins > 0) t = std::max(t, 1.0 / static_cast<double>(options.max_bins));
  if (t > 0.5) throw std::invalid_argument("bin_distribution: n too small for two bins of the required mass");
  const double target = t * kTargetInflation;

  MidpointOracle o(law, options.prec);
  // Cut points (inclusive upper ends) of all bins but the last.
  std::vector<std::int64_t> ends;
  const std::int64_t a = first_true([&](std::int64_t k) { return o.cdf(k) >= target; }, o.hint(), o.support_min(),
                                    o.support_max());
  ends.push_back(a);
  for (std::int64_t s = a + 1;;) {
    const double rest = o.upper(s);  // P[X ≥ s]
    if (rest < target) {             // leftover too small for a bin of its own: merge into the previous bin
      ends.pop_back();
      break;
    }
    if (rest < 2 * target) break;  // [s, +inf) is the last bin
    const double base = o.cdf(s - 1);
    const std::int64_t k =
        first_true([&](std::int64_t j) { return o.cdf(j) - base >= target; }, s, s, o.support_max());
    if (o.upper(k + 1) < target) break;  // what would remain after [s, k] is too small: [s, +inf) is last
    ends.push_back(k);
    s = k + 1;
  }
  if (ends.empty()) throw std::invalid_argument("bin_distribution: " + law.describe() + " gives fewer than 2 bins");

  std::vector<Bin> bins;
  std::int64_t lo = kMinusInfinity;
  for (std::size_t i = 0; i <= ends.size(); ++i) {
    Bin b;
    b.lo = lo;
    b.hi = i < ends.size() ? ends[i] : kPlusInfinity;
    Interval p(options.prec);
    if (b.lo == kMinusInfinity)
      p = cdf_enclosure(o, b.hi);
    else if (b.hi == kPlusInfinity)
      p = upper_enclosure(o, b.lo);
    else if (o.cdf(b.lo - 1) <= 0.5)  // subtract the smaller of the two tails: less cancellation
      p = cdf_enclosure(o, b.hi) - cdf_enclosure(o, b.lo - 1);
    else
      p = upper_enclosure(o, b.lo) - upper_enclosure(o, b.hi + 1);
    b.p = enclose_probability(p);
    bins.push_back(b);
    if (b.hi != kPlusInfinity) lo = b.hi + 1;
  }
  Binning binning(std::move(bins));
  if (binning.min_expected(n) < options.min_expected)
    throw std::logic_error("bin_distribution: a certified bin mass fell below the target for " + law.describe());
  return binning;
}

std::string TailEvent::describe() const {
  std::ostringstream s;
  s << "X " << (side == Side::kUpper ? "> " : "< ") << q << " (" << level << (side == Side::kUpper ? " upper" : " lower")
    << " tail)";
  return s.str();
}

std::optional<TailEvent> tail_event(const ref::CertifiedDistribution& law, TailEvent::Side side, double level,
                                    mpfr_prec_t prec) {
  if (!(level > 0 && level < 1)) throw std::invalid_argument("tail_event: level must be in (0, 1)");
  MidpointOracle o(law, prec);
  TailEvent e;
  e.side = side;
  e.level = level;
  if (side == TailEvent::Side::kUpper) {
    e.q = first_true([&](std::int64_t k) { return o.cdf(k) >= level; }, o.hint(), o.support_min(), o.support_max());
    if (o.support_max() && e.q >= *o.support_max()) return std::nullopt;
    e.p = enclose_probability(upper_enclosure(o, e.q + 1));
  } else {
    // The largest k with P[X ≥ k] ≥ level is one below the first k with P[X ≥ k] < level.
    const std::optional<std::int64_t> hi = o.support_max() ? std::optional(*o.support_max() + 1) : std::nullopt;
    e.q = first_true([&](std::int64_t k) { return o.upper(k) < level; }, o.hint(), o.support_min(), hi) - 1;
    if (o.support_min() && e.q <= *o.support_min()) return std::nullopt;
    e.p = enclose_probability(cdf_enclosure(o, e.q - 1));
  }
  if (e.p.upper == 0) return std::nullopt;
  return e;
}

}  // namespace dpb::verify::stats
