#include "reference/samplers/internal/exp_chunks.hpp"

#include <stdexcept>

namespace dpb::ref::internal {

namespace {

// Refinement stops here; reaching it would mean e^{−γ} is a dyadic rational, which Lambert's theorem excludes.
constexpr mpfr_prec_t kMaxPrecision = mpfr_prec_t{1} << 22;
constexpr mpfr_prec_t kCachePrecision = 128;

// The decision from one enclosure p of e^{−γ} against a = u/2^{64c} < b = (u+1)/2^{64c}, or 0 when p overlaps a or b.
int decide_with(const Interval& p, const Rational& a, const Rational& b) {
  if (p.certainly_greater(b)) return 1;                         // I_c ⊂ [0, e^{−γ})
  if (p.certainly_less(a)) return -1;                           // I_c ⊂ [e^{−γ}, 1)
  if (p.certainly_greater(a) && p.certainly_less(b)) return 2;  // e^{−γ} inside I_c
  return 0;
}

}  // namespace

ExpNeg::ExpNeg(const Rational& gamma)
    : gamma_(gamma), enclosure_(gamma == 0 ? Interval(1L, kCachePrecision) : exp_neg(gamma, kCachePrecision)) {}

std::optional<bool> ExpNeg::decide(const Integer& u, unsigned chunks) const {
  const Integer scale = Integer(1) << (64 * chunks);
  const Rational a(u, scale), b(Integer(u + 1), scale);
  int d = decide_with(enclosure_, a, b);
  for (mpfr_prec_t prec = static_cast<mpfr_prec_t>(64 * chunks + 128); d == 0 && prec <= kMaxPrecision; prec *= 2)
    d = decide_with(exp_neg(gamma_, prec), a, b);
  if (d == 0) throw std::runtime_error("ExpNeg: e^{-gamma} could not be separated from a dyadic endpoint");
  if (d == 2) return std::nullopt;
  return d == 1;
}

std::uint64_t ExpNeg::floor_scaled() const {
  const Integer two64 = Integer(1) << 64;
  const auto floor_of = [&](const Interval& p) -> std::optional<std::uint64_t> {
    const Integer lo = floor(Rational(p.lower() * two64)), hi = floor(Rational(p.upper() * two64));
    // e^{−γ}·2^64 lies in [lo', hi'] and is not an integer, so equal floors are its floor (and e^{−γ} < 1).
    if (lo == hi && lo >= 0 && fits_uint64(lo)) return to_uint64(lo);
    return std::nullopt;
  };
  if (auto f = floor_of(enclosure_)) return *f;
  for (mpfr_prec_t prec = 2 * kCachePrecision; prec <= kMaxPrecision; prec *= 2)
    if (auto f = floor_of(exp_neg(gamma_, prec))) return *f;
  throw std::runtime_error("ExpNeg: floor(e^{-gamma}*2^64) undecided");
}

}  // namespace dpb::ref::internal
