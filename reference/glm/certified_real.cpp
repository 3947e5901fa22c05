#include "reference/glm/certified_real.hpp"

#include <string>

namespace dpb::ref {

namespace {

[[noreturn]] void undecided(const char* what) {
  throw GlmUndecided(std::string("GLM layer: ") + what + " still undecided at " + std::to_string(kGlmPrecisionCap) +
                     " bits (precision cap, docs/protocol-003.md)");
}

}  // namespace

int compare(const CertifiedReal& x, const Rational& q) {
  if (x.is_exact()) return x.exact() < q ? -1 : (x.exact() > q ? 1 : 0);
  for (mpfr_prec_t prec = kGlmStartPrecision; prec <= kGlmPrecisionCap; prec *= 2) {
    const Interval e = x.enclose(prec);
    if (e.certainly_less(q)) return -1;
    if (e.certainly_greater(q)) return 1;
  }
  undecided("comparison with a grid point");
}

Integer floor_scaled(const CertifiedReal& x, const Rational& s) {
  if (x.is_exact()) return floor(Rational(x.exact() * s));
  for (mpfr_prec_t prec = kGlmStartPrecision; prec <= kGlmPrecisionCap; prec *= 2) {
    const Interval e = x.enclose(prec).mul(s);
    const Integer lo = floor(e.lower());
    // v ∈ [lo_e, hi_e] with ⌊lo_e⌋ = ⌊hi_e⌋ = k gives k ≤ v < k + 1.
    if (floor(e.upper()) == lo) return lo;
  }
  undecided("floor");
}

namespace internal {

std::optional<bool> decide_chunk(const CertifiedReal& p, const Integer& u, unsigned c) {
  const Integer scale = Integer(1) << (64 * c);
  const Rational lo(u, scale), hi(Integer(u + 1), scale);
  if (p.is_exact()) {
    if (hi <= p.exact()) return true;
    if (p.exact() <= lo) return false;
    return std::nullopt;
  }
  const auto chunk_bits = static_cast<mpfr_prec_t>(64 * c);
  mpfr_prec_t prec = kGlmStartPrecision;
  while (prec < chunk_bits + 64) prec *= 2;
  for (; prec <= kGlmPrecisionCap + chunk_bits; prec *= 2) {
    const Interval e = p.enclose(prec);
    if (e.certainly_greater(hi)) return true;  // I_c ⊂ [0, p)
    if (e.certainly_less(lo)) return false;    // I_c ⊂ [p, 1)
    if (e.certainly_greater(lo) && e.certainly_less(hi)) return std::nullopt;
  }
  undecided("Bernoulli draw");
}

}  // namespace internal

}  // namespace dpb::ref
