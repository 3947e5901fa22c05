// Identities of the GLM layer (reference/glm/link.hpp) that need no floating-point reference: for every dyadic z,
// the certified enclosures of both sides overlap (a wrong formula would make them certainly disjoint):
//   μ(−z) = 1 − μ(z), μ̇(−z) = μ̇(z), μ̈(−z) = −μ̈(z) (both links);
//   logistic: μ̇ = μ(1 − μ), b(z) − b(−z) = z;   probit: μ̈ = −zμ̇, b(z) − b(−z) = z(Φ(z) + Φ(−z)) = z;
// and the decisions agree with the enclosures: ⌊x·2^k⌋ ≤ x·2^k < ⌊x·2^k⌋ + 1 and compare() against it.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "reference/glm/link.hpp"

namespace dpb::ref {
namespace {

// |z| ≤ 2^{22 − min_shift}: 4096 (the layer's range) by default.
rc::Gen<Rational> dyadic_z(int min_shift = 10) {
  return rc::gen::apply([](long num, int shift) { return Rational(Integer(num), Integer(Integer(1) << shift)); },
                        rc::gen::inRange<long>(-(1L << 22), 1L << 22), rc::gen::inRange(min_shift, 31));
}

rc::Gen<Link> any_link() { return rc::gen::element(Link::logistic, Link::probit); }

constexpr mpfr_prec_t kP = 128;

RC_GTEST_PROP(GlmLinkPropTest, SymmetryIdentitiesHold, ()) {
  const Link link = *any_link();
  const Rational z = *dyadic_z();
  const Rational mz = -z;
  RC_ASSERT((mu_enclosure(link, mz, kP) + mu_enclosure(link, z, kP)).contains(Rational(1)));
  RC_ASSERT(mu_dot_enclosure(link, mz, kP).overlaps(mu_dot_enclosure(link, z, kP)));
  RC_ASSERT((mu_ddot_enclosure(link, mz, kP) + mu_ddot_enclosure(link, z, kP)).contains(Rational(0)));
}

RC_GTEST_PROP(GlmLinkPropTest, DerivativeIdentitiesHold, ()) {
  const Link link = *any_link();
  const Rational z = *dyadic_z();
  const Interval m = mu_enclosure(link, z, kP), md = mu_dot_enclosure(link, z, kP);
  const Interval db = b_enclosure(link, z, kP) - b_enclosure(link, Rational(-z), kP);
  if (link == Link::logistic) {
    RC_ASSERT(md.overlaps(m * (Interval(1L, kP) - m)));
    RC_ASSERT(db.contains(z));
  } else {
    RC_ASSERT(mu_ddot_enclosure(link, z, kP).overlaps(md.mul(Rational(-z))));
    RC_ASSERT(db.contains(z));  // z(Φ(z) + Φ(−z)) = z
  }
}

RC_GTEST_PROP(GlmLinkPropTest, FloorAndCompareAgreeWithEnclosures, ()) {
  const Link link = *any_link();
  const Rational z = *dyadic_z(16);  // |z| ≤ 64 (MPFR's erfc is slow far out in the tail)
  const unsigned k = *rc::gen::inRange(0u, 60u);
  const Rational s(Integer(Integer(1) << k));
  const CertifiedReal x = mu(link, z);
  const Integer f = floor_scaled(x, s);
  const Interval e = x.enclose(256).mul(s);
  RC_ASSERT(!e.certainly_less(Rational(f)));
  RC_ASSERT(!e.certainly_greater(Rational(f + 1)));
  if (!x.is_exact()) RC_ASSERT(compare(x, Rational(Rational(f) / s)) == 1);  // x·2^k > f: irrational
}

}  // namespace
}  // namespace dpb::ref
