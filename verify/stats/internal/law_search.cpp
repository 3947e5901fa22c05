#include "verify/stats/internal/law_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace dpb::verify::stats::internal {
namespace {

std::optional<std::int64_t> to_optional_int64(const std::optional<Integer>& x, const char* what) {
  if (!x) return std::nullopt;
  if (!fits_int64(*x)) throw std::invalid_argument(std::string("MidpointOracle: ") + what + " does not fit in int64");
  return to_int64(*x);
}

}  // namespace

ProbabilityEnclosure enclose_probability(const Interval& x) {
  mpfr_t e;
  mpfr_init2(e, mpfi_get_prec(x.get()));
  mpfi_get_left(e, x.get());
  double lo = mpfr_get_d(e, MPFR_RNDD);
  mpfi_get_right(e, x.get());
  double hi = mpfr_get_d(e, MPFR_RNDU);
  mpfr_clear(e);
  lo = std::clamp(lo, 0.0, 1.0);
  hi = std::clamp(hi, 0.0, 1.0);
  if (std::isnan(lo) || std::isnan(hi) || lo > hi) throw std::runtime_error("enclose_probability: not a probability");
  return {lo, hi};
}

MidpointOracle::MidpointOracle(const ref::CertifiedDistribution& law, mpfr_prec_t prec)
    : law_(law),
      prec_(prec),
      min_(to_optional_int64(law.support_min(), "support_min")),
      max_(to_optional_int64(law.support_max(), "support_max")) {
  const double m = law.mean(prec).midpoint_for_report();
  if (!std::isfinite(m) || std::abs(m) > 1e15) throw std::invalid_argument("MidpointOracle: mean out of range");
  hint_ = static_cast<std::int64_t>(std::llround(m));
  if (min_) hint_ = std::max(hint_, *min_);
  if (max_) hint_ = std::min(hint_, *max_);
}

double MidpointOracle::cdf(std::int64_t k) {
  if (min_ && k < *min_) return 0.0;
  if (max_ && k >= *max_) return 1.0;
  auto it = cdf_.find(k);
  if (it != cdf_.end()) return it->second;
  const double v = law_.cdf(Integer(k), prec_).midpoint_for_report();
  cdf_.emplace(k, v);
  return v;
}

double MidpointOracle::upper(std::int64_t k) {
  if (min_ && k <= *min_) return 1.0;
  if (max_ && k > *max_) return 0.0;
  auto it = upper_.find(k);
  if (it != upper_.end()) return it->second;
  const double v = law_.upper_tail(Integer(k), prec_).midpoint_for_report();
  upper_.emplace(k, v);
  return v;
}

std::int64_t first_true(const std::function<bool(std::int64_t)>& pred, std::int64_t hint,
                        std::optional<std::int64_t> lo_bound, std::optional<std::int64_t> hi_bound) {
  constexpr std::int64_t kMaxStep = std::int64_t{1} << 60;
  if (lo_bound) hint = std::max(hint, *lo_bound);
  if (hi_bound) hint = std::min(hint, *hi_bound);
  std::int64_t f = 0, t = 0;  // pred(f) false, pred(t) true, f < t
  std::int64_t step = 1;
  if (pred(hint)) {
    t = hint;
    for (;;) {
      if (lo_bound && t == *lo_bound) return t;
      if (step > kMaxStep || t < std::numeric_limits<std::int64_t>::min() / 2)
        throw std::runtime_error("first_true: search left the int64 range");
      std::int64_t c = t - step;
      if (lo_bound) c = std::max(c, *lo_bound);
      if (pred(c)) {
        t = c;
        step *= 2;
      } else {
        f = c;
        break;
      }
    }
  } else {
    f = hint;
    for (;;) {
      if (hi_bound && f == *hi_bound) return f;
      if (step > kMaxStep || f > std::numeric_limits<std::int64_t>::max() / 2)
        throw std::runtime_error("first_true: search left the int64 range");
      std::int64_t c = f + step;
      if (hi_bound) c = std::min(c, *hi_bound);
      if (pred(c)) {
        t = c;
        break;
      }
      f = c;
      step *= 2;
    }
  }
  while (t - f > 1) {
    const std::int64_t m = f + (t - f) / 2;
    if (pred(m))
      t = m;
    else
      f = m;
  }
  return t;
}

}  // namespace dpb::verify::stats::internal
