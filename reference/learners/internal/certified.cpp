#include "reference/learners/internal/certified.hpp"

#include <stdexcept>

namespace dpb::ref::internal {

namespace {

bool is_power_of_two(std::uint64_t t) { return t != 0 && (t & (t - 1)) == 0; }

[[noreturn]] void undecided(const std::string& what) {
  throw std::runtime_error("certified comparison undecided at " + std::to_string(kMaxPrecision) +
                           " bits (an exact tie?): " + what);
}

}  // namespace

Interval enclose_log(std::uint64_t t, LogBase base, mpfr_prec_t prec) {
  const Interval L = Interval(Integer(t), prec).log();
  if (base == LogBase::Natural) return L;
  return L / Interval(2L, prec).log();
}

std::optional<Rational> rational_log(std::uint64_t t, LogBase base) {
  if (t == 1) return Rational(0);
  if (base == LogBase::Two && is_power_of_two(t)) return Rational(__builtin_ctzll(t));
  return std::nullopt;
}

Interval enclose(const LogIndex& x, const Interval& L, const Interval& sqrt_L) {
  const mpfr_prec_t prec = L.precision();
  Interval value(x.q, prec);
  if (x.u.c != 0 && x.u.d != 0) value += enclose(x.u, prec) * sqrt_L;
  if (x.v.c != 0 && x.v.d != 0) value += enclose(x.v, prec) * L;
  return value;
}

bool exactly_equal(const LogIndex& a, const LogIndex& b, std::uint64_t t, LogBase base) {
  if (const auto L = rational_log(t, base)) {
    // a − b as a sum of rational multiples of square roots: u√L = u.c·√(u.d·L), v·L = (v.c·L)·√v.d.
    return is_zero(
        {{a.q, 1}, {a.u.c, a.u.d * *L}, {a.v.c * *L, a.v.d}, {-b.q, 1}, {-b.u.c, b.u.d * *L}, {-b.v.c * *L, b.v.d}});
  }
  // L transcendental: equal iff the coefficients of 1, √L and L agree.
  return a.q == b.q && is_zero({a.u, {-b.u.c, b.u.d}}) && is_zero({a.v, {-b.v.c, b.v.d}});
}

std::size_t certified_argmax(std::span<const LogIndex> x, std::uint64_t t, LogBase base) {
  std::vector<std::size_t> candidates(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) candidates[i] = i;
  bool merged = false;
  for (mpfr_prec_t prec = kStartPrecision;; prec *= 2) {
    if (candidates.size() == 1) return candidates.front();
    if (prec > kMaxPrecision) undecided("argmax of UCB indices at round " + std::to_string(t));
    const Interval L = enclose_log(t, base, prec);
    const Interval sqrt_L = L.sqrt();
    std::vector<Interval> e;
    e.reserve(candidates.size());
    for (std::size_t i : candidates) e.push_back(enclose(x[i], L, sqrt_L));
    // The largest lower end: every candidate whose upper end is certainly below it is out.
    std::size_t lead = 0;
    for (std::size_t k = 1; k < e.size(); ++k)
      if (mpfr_cmp(&e[k].get()->left, &e[lead].get()->left) > 0) lead = k;
    std::vector<std::size_t> kept;
    for (std::size_t k = 0; k < e.size(); ++k)
      if (k == lead || !e[k].certainly_less(Interval(e[lead].lower(), prec))) kept.push_back(candidates[k]);
    candidates = std::move(kept);
    if (candidates.size() > 1 && !merged) {
      // Exactly equal candidates can never be separated by refinement: keep the lowest index of each class.
      std::vector<std::size_t> distinct;
      for (std::size_t i : candidates) {
        bool duplicate = false;
        for (std::size_t j : distinct)
          if (exactly_equal(x[j], x[i], t, base)) {
            duplicate = true;
            break;
          }
        if (!duplicate) distinct.push_back(i);
      }
      candidates = std::move(distinct);
      merged = true;
    }
  }
}

Margin describe(const Interval& margin, bool exact_tie) {
  return Margin{margin.lower_string(6), margin.upper_string(6), exact_tie};
}

Margin argmax_margin(std::span<const LogIndex> x, std::size_t best, std::uint64_t t, LogBase base,
                     std::size_t& runner_up) {
  std::vector<LogIndex> others;
  std::vector<std::size_t> where;
  for (std::size_t j = 0; j < x.size(); ++j)
    if (j != best) {
      others.push_back(x[j]);
      where.push_back(j);
    }
  runner_up = where[certified_argmax(others, t, base)];
  constexpr mpfr_prec_t prec = 256;
  const Interval L = enclose_log(t, base, prec);
  const Interval sqrt_L = L.sqrt();
  const bool tie = exactly_equal(x[best], x[runner_up], t, base);
  return describe(enclose(x[best], L, sqrt_L) - enclose(x[runner_up], L, sqrt_L), tie);
}

int certified_sign(const std::function<Interval(mpfr_prec_t)>& f, const std::string& what) {
  for (mpfr_prec_t prec = kStartPrecision; prec <= kMaxPrecision; prec *= 2) {
    const Interval v = f(prec);
    if (v.certainly_greater(Rational(0))) return 1;
    if (v.certainly_less(Rational(0))) return -1;
  }
  undecided(what);
}

Integer certified_floor(const std::function<Interval(mpfr_prec_t)>& f, const std::string& what) {
  for (mpfr_prec_t prec = kStartPrecision; prec <= kMaxPrecision; prec *= 2) {
    const Interval v = f(prec);
    const Integer lo = floor(v.lower()), hi = floor(v.upper());
    if (lo == hi) return lo;
  }
  undecided(what);
}

}  // namespace dpb::ref::internal
