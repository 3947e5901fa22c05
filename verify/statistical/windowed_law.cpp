#include "verify/statistical/windowed_law.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "verify/certified/common.hpp"

namespace dpb::verify::statistical {
namespace {

// Index of k in the window, or −1 below it / size() above it.
long index_in(const Integer& k, long first, std::size_t size) {
  if (k < first) return -1;
  const Integer i = k - first;
  if (i >= static_cast<long>(size)) return static_cast<long>(size);
  return static_cast<long>(to_int64(i));
}

}  // namespace

WindowedLaw::WindowedLaw(std::string description, std::vector<Interval> window, long first, Interval mean,
                         Interval variance, mpfr_prec_t prec)
    : description_(std::move(description)),
      window_(std::move(window)),
      first_(first),
      mean_(std::move(mean)),
      variance_(std::move(variance)),
      prec_(prec),
      deficit_(prec) {
  if (window_.empty()) throw std::invalid_argument("WindowedLaw: the window must not be empty");
  deficit_ = certified::deficit(window_, prec_);
  prefix_.reserve(window_.size());
  suffix_.assign(window_.size(), Interval(0L, prec_));
  Interval acc(0L, prec_);
  for (const auto& q : window_) {
    acc += q;
    prefix_.push_back(acc);
  }
  acc = Interval(0L, prec_);
  for (std::size_t i = window_.size(); i-- > 0;) {
    acc += window_[i];
    suffix_[i] = acc;
  }
}

Interval WindowedLaw::pmf(const Integer& k, mpfr_prec_t) const {
  const long i = index_in(k, first_, window_.size());
  if (i < 0 || i >= static_cast<long>(window_.size())) return deficit_;  // p(k) ∈ [0, δ]
  return window_[static_cast<std::size_t>(i)] + deficit_;
}

Interval WindowedLaw::cdf(const Integer& k, mpfr_prec_t) const {
  const long i = index_in(k, first_, window_.size());
  if (i < 0) return deficit_;  // P[X ≤ k] ≤ mass outside the window ≤ δ
  const long j = std::min(i, static_cast<long>(window_.size()) - 1);
  return prefix_[static_cast<std::size_t>(j)] + deficit_;
}

Interval WindowedLaw::upper_tail(const Integer& k, mpfr_prec_t) const {
  const long i = index_in(k, first_, window_.size());
  if (i >= static_cast<long>(window_.size())) return deficit_;
  const long j = std::max(i, 0L);
  return suffix_[static_cast<std::size_t>(j)] + deficit_;
}

Interval WindowedLaw::mean(mpfr_prec_t) const { return mean_; }
Interval WindowedLaw::variance(mpfr_prec_t) const { return variance_; }

WindowedLaw convolution_power(const ref::CertifiedDistribution& law, std::uint64_t n, const Rational& tail_mass,
                              mpfr_prec_t prec) {
  if (n == 0) throw std::invalid_argument("convolution_power: n must be >= 1");
  if (tail_mass <= 0) throw std::invalid_argument("convolution_power: tail_mass must be > 0");
  const Rational side = tail_mass / (2 * Rational(Integer(n)));  // per factor and per side
  constexpr long kMaxSpan = 1000000;

  // The smallest-ish end with a certified tail ≤ side: exponential search outward from the mean, then bisection.
  const long hint = static_cast<long>(to_int64(floor(law.mean(prec).lower())));
  auto end_of = [&](int direction) {
    auto ok = [&](long e) {
      const Interval tail = direction > 0 ? law.upper_tail(Integer(e + 1), prec) : law.cdf(Integer(e - 1), prec);
      return tail.upper() <= side;
    };
    long bad = hint - direction, good = hint;  // bad: not known to be ok
    long step = 1;
    while (!ok(good)) {
      bad = good;
      good = hint + direction * step;
      step *= 2;
      if (step > kMaxSpan)
        throw std::invalid_argument("convolution_power: no window holds the mass of " + law.describe());
    }
    while ((good - bad) * direction > 1) {
      const long mid = bad + (good - bad) / 2;
      (ok(mid) ? good : bad) = mid;
    }
    return good;
  };
  const long a = end_of(-1), b = end_of(+1);
  std::vector<Interval> factor;
  factor.reserve(static_cast<std::size_t>(b - a + 1));
  for (long k = a; k <= b; ++k) factor.push_back(law.pmf(Integer(k), prec));

  std::vector<Interval> acc = factor;
  long acc_first = a;
  for (std::uint64_t i = 1; i < n; ++i) {
    const long acc_last = acc_first + static_cast<long>(acc.size()) - 1;
    acc = certified::convolve(acc, acc_first, factor, a, acc_first + a, acc_last + b, false, prec);
    acc_first += a;
  }
  const Rational nn{Integer(n)};
  return WindowedLaw(law.describe() + "^{*" + std::to_string(n) + "}", std::move(acc), acc_first,
                     law.mean(prec).mul(nn), law.variance(prec).mul(nn), prec);
}

Interval total_variation(const WindowedLaw& p, const ref::CertifiedDistribution& g, mpfr_prec_t prec) {
  Interval sum(0L, prec);
  for (long k = p.first(); k <= p.last(); ++k)
    sum += (p.window()[static_cast<std::size_t>(k - p.first())] - g.pmf(Integer(k), prec)).abs();
  const Interval outside = g.cdf(Integer(p.first() - 1), prec) + g.upper_tail(Integer(p.last() + 1), prec);
  const Rational delta = p.deficit().upper();
  const Rational hi = (sum.upper() + delta + outside.upper()) / 2;
  Rational lo = (sum.lower() - delta) / 2;
  if (lo < 0) lo = 0;
  return Interval::hull(lo, hi, prec);
}

}  // namespace dpb::verify::statistical
