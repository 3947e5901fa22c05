// GLM-UCB's default width (reference/learners/glm_ucb.hpp): Filippi et al. 2010, Theorem 1,
//   ρ(t) = (2·k_μ·κ_F·R/c_μ)·√(2d·log t)·√(log(2dT/δ)),  κ_F = √(3 + 2·log(1 + 2/λ)),
// enclosed by the reference. The expected values are computed here from the formula in long double with the
// constants written out (k_μ = ¼ and c_μ = e^S/(1 + e^S)² for logistic; k_μ = 1/√(2π), c_μ = e^{−S²/2}/√(2π) for
// probit), independently of the library's link functions; plus the validation of the new parameter δ.
#include "reference/learners/glm_ucb.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.hpp"

namespace dpb::ref {
namespace {

long double filippi(bool logistic, long double d, long double S, long double lambda, long double T, long double delta,
                    long double t) {
  const long double pi = 3.141592653589793238462643383279502884L;
  const long double k_mu = logistic ? 0.25L : 1 / std::sqrt(2 * pi);
  const long double c_mu =
      logistic ? std::exp(S) / ((1 + std::exp(S)) * (1 + std::exp(S))) : std::exp(-S * S / 2) / std::sqrt(2 * pi);
  const long double kappa_f = std::sqrt(3 + 2 * std::log(1 + 2 / lambda));
  return 2 * k_mu * kappa_f / c_mu * std::sqrt(2 * d * std::log(t)) * std::sqrt(std::log(2 * d * T / delta));
}

TEST(GlmUcbWidthTest, FilippiWidthMatchesTheFormula) {
  GlmUcbParams p;
  p.T = 2000;
  for (Link link : {Link::logistic, Link::probit})
    for (std::uint64_t t : {2ULL, 17ULL, 1999ULL}) {
      const Interval r = glm_ucb_rho(p, link, 3, Rational(5, 2), t, 96);
      const long double want = filippi(link == Link::logistic, 3, 2.5L, 1, 2000, 0.02L, static_cast<long double>(t));
      const long double lo = r.lower().convert_to<long double>(), hi = r.upper().convert_to<long double>();
      EXPECT_LE(hi - lo, 1e-20L * want);
      EXPECT_NEAR(static_cast<double>(lo / want), 1.0, 1e-15) << "t = " << t;
    }
}

TEST(GlmUcbWidthTest, WidthIsZeroAtTheFirstRoundAndConstantWhenGiven) {
  GlmUcbParams p;
  p.T = 10;
  EXPECT_TRUE(glm_ucb_rho(p, Link::logistic, 2, Rational(2), 1, 64).lower() == 0);
  EXPECT_TRUE(glm_ucb_rho(p, Link::logistic, 2, Rational(2), 1, 64).upper() == 0);
  p.rho = Rational(3, 4);
  EXPECT_TRUE(glm_ucb_rho(p, Link::probit, 2, Rational(2), 7, 64).lower() == Rational(3, 4));
  EXPECT_EQ(glm_ucb_rho_name(p), "3/4");
  p.rho.reset();
  EXPECT_EQ(glm_ucb_rho_name(p), "filippi(delta=1/50)");
}

TEST(GlmUcbWidthTest, DeltaOutsideTheUnitIntervalIsRefused) {
  GlmUcbParams p;
  p.T = 10;
  for (const Rational& bad : {Rational(0), Rational(1), Rational(-1, 2), Rational(3, 2)}) {
    p.delta = bad;
    try {
      validate_glm_ucb(p, 16);
      ADD_FAILURE() << "accepted delta = " << to_string(bad);
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find("delta"), std::string::npos) << e.what();
    }
  }
  p.delta = Rational(1, 50);
  p.rho = Rational(-1);
  EXPECT_THROW(validate_glm_ucb(p, 16), ParameterError);
}

}  // namespace
}  // namespace dpb::ref
