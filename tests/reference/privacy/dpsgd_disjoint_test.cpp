// The accountant valid for the seed-003 authors' DP-SGD as their code runs it (reference/privacy/dpsgd_disjoint.hpp:
// per epoch disjoint batches, one Gaussian step per batch, replace-one sensitivity 2C against noise σC on the sum,
// no amplification, E epochs composed: μ² = 4E/σ²). Against the closed form at μ = 2 (δ(0) = Φ(1) − Φ(−1) =
// erf(1/√2), δ(1) = Φ(1/2) − e·Φ(−3/2), typed afresh with mpmath at 40 digits), the full-batch case n <= b (the same
// μ as any n: one step per epoch reads the sample), the RDP form and its CKS conversion as a ceiling of the exact ε,
// monotonicity in E and σ, the calibration's least grid σ, the without-replacement (amplified) accountant below it
// at n > b, a negative control (z = σ, the add/remove-style multiplier, under-states δ), and bad input.
#include "reference/privacy/dpsgd_disjoint.hpp"

#include <gtest/gtest.h>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/learners/internal/dp_sgd_code.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/subsampled_rdp.hpp"

namespace dpb::ref {
namespace {

// a decimal string ± 10^−30 as a rational bracket
std::pair<Rational, Rational> bracket(const char* digits) {
  const Rational v = *try_parse_rational(digits);
  const Rational w(Integer(1), Integer("1000000000000000000000000000000"));
  return {v - w, v + w};
}

DisjointDpSgdCall call(const Rational& sigma, std::uint64_t n, std::uint64_t epochs) {
  DisjointDpSgdCall c;
  c.sigma = sigma;
  c.n = n;
  c.epochs = epochs;
  return c;
}

TEST(DisjointDpSgdTest, ClosedFormAtMuTwo) {
  const DisjointDpSgdCall c = call(Rational(2), 100, 4);  // μ² = 4·4/2² = 4
  EXPECT_EQ(disjoint_dpsgd_mu2(c), Rational(4));
  EXPECT_EQ(disjoint_dpsgd_noise_multiplier(Rational(2)), Rational(1));
  // mpmath, dps = 40: ncdf(1) − ncdf(−1); ncdf(1/2) − e·ncdf(−3/2)
  for (const auto& [eps, value] : {std::pair{Rational(0), "0.6826894921370858971704650912640758449558"},
                                   std::pair{Rational(1), "0.5098616600546701530762388459744423601823"},
                                   std::pair{Rational(3, 2), "0.4191736401993965998731530165857758836787"}}) {
    const auto [lo, hi] = bracket(value);
    EXPECT_LE(disjoint_dpsgd_delta_upper(c, eps), hi) << value;
    EXPECT_GE(disjoint_dpsgd_delta_upper(c, eps), lo) << value;
    EXPECT_GE(disjoint_dpsgd_delta_lower(c, eps), lo) << value;
    EXPECT_LE(disjoint_dpsgd_delta_lower(c, eps), hi) << value;
  }
  // ε(δ) about δ(1): at δ = δ(1) + 10⁻³⁰ the exact ε is just below 1 (on the grid 2^−24: upper bound 1, lower
  // bound 1 − 2^−24); at δ(1) − 10⁻³⁰ just above 1 (upper bound 1 + 2^−24, lower bound 1)
  const auto [lo1, hi1] = bracket("0.5098616600546701530762388459744423601823");
  const Rational unit(Integer(1), Integer(Integer(1) << 24));
  EXPECT_EQ(disjoint_dpsgd_eps_upper(c, hi1), Rational(1));
  EXPECT_EQ(disjoint_dpsgd_eps_lower(c, hi1), Rational(1) - unit);
  EXPECT_EQ(disjoint_dpsgd_eps_upper(c, lo1), Rational(1) + unit);
  EXPECT_EQ(disjoint_dpsgd_eps_lower(c, lo1), Rational(1));
  // negative control: the code's add/remove-style multiplier z = σ would be μ = 1, whose δ(1) = Φ(−1/2) − eΦ(−3/2)
  // ≈ 0.1269 — far below the replace-one value this accountant must report
  EXPECT_GT(disjoint_dpsgd_delta_lower(c, Rational(1)), gaussian_delta_upper_at(Rational(1), Rational(1)));
}

TEST(DisjointDpSgdTest, FullBatchCaseAndEveryNHaveTheSameMu) {
  const Rational sigma(7, 2);
  const Rational mu2 = disjoint_dpsgd_mu2(call(sigma, 1, 50));
  EXPECT_EQ(mu2, Rational(200) / (sigma * sigma));
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{100}, std::uint64_t{2048}, std::uint64_t{2049},
                          std::uint64_t{5000}, std::uint64_t{1000000}}) {
    const DisjointDpSgdCall c = call(sigma, n, 50);
    EXPECT_EQ(disjoint_dpsgd_mu2(c), mu2) << n;
    EXPECT_EQ(disjoint_dpsgd_steps(c), n <= 2048 ? 50 : 50 * ((n + 2047) / 2048)) << n;
  }
  // n <= b: one step per epoch on the whole data set, the Gaussian at z = σ/2 composed E times — the later commit's
  // γ = 1 path (subsampled_rdp.hpp) is exactly that RDP
  for (long a : {2L, 7L, 63L})
    EXPECT_EQ(disjoint_dpsgd_rdp(call(sigma, 2048, 50), Rational(a)), 50 * gaussian_rdp(sigma / 2, a)) << a;
  // and its CKS-converted ε is a ceiling of the exact Gaussian ε (the accountant here is the tighter one)
  internal::DpSgdSettings s;
  const Rational delta(1, 1000);
  EXPECT_LE(disjoint_dpsgd_eps_upper(call(sigma, 2048, 50), delta), internal::dp_sgd_later_eps_upper(sigma, delta, 2048, s));
  for (long a : {2L, 10L, 40L}) {
    const Interval rdp(disjoint_dpsgd_rdp(call(sigma, 100, 50), Rational(a)), 128);
    EXPECT_LE(disjoint_dpsgd_eps_upper(call(sigma, 100, 50), delta), rdp_to_dp_cks(rdp, a, delta, 128).upper()) << a;
  }
}

TEST(DisjointDpSgdTest, AmplifiedAccountantsAreBelowItAtLargeN) {
  // n = 40000, b = 2048: the without-replacement bound (amplified, z = σ/2) and the first commit's Poisson-form
  // formula are certainly below the valid ε — the gap the claim 003.paper-code.dpsgd-accountant measures
  const Rational sigma(3), delta(1, 1000);
  internal::DpSgdSettings s;
  const DisjointDpSgdCall c = call(sigma, 40000, 50);
  const Rational valid_lo = disjoint_dpsgd_eps_lower(c, delta);
  EXPECT_GT(valid_lo, 0);
  EXPECT_LT(internal::dp_sgd_later_eps_upper(sigma, delta, 40000, s), valid_lo);
  EXPECT_LT(internal::dp_sgd_rdp_eps_upper(sigma, delta, 40000, s), valid_lo);
}

TEST(DisjointDpSgdTest, MonotoneInEpochsAndSigma) {
  const Rational delta(1, 100);
  Rational prev = 0;
  for (std::uint64_t E : {1, 15, 50, 100}) {
    const Rational e = disjoint_dpsgd_eps_upper(call(Rational(5), 300, E), delta);
    EXPECT_GT(e, prev) << E;
    prev = e;
  }
  prev = Rational(1000000);
  for (const Rational& sigma : {Rational(1), Rational(2), Rational(5), Rational(20)}) {
    const Rational e = disjoint_dpsgd_eps_upper(call(sigma, 300, 50), delta);
    EXPECT_LT(e, prev) << sigma;
    prev = e;
  }
}

TEST(DisjointDpSgdTest, CalibrationIsTheLeastGridSigma) {
  const Rational eps(1, 2), delta(1, 1000);
  const Rational sigma = disjoint_dpsgd_calibrate_sigma(eps, delta, 50);
  const Rational unit(Integer(1), Integer(Integer(1) << 20));
  const Rational scaled = sigma / unit;
  EXPECT_EQ(scaled, Rational(floor(scaled)));
  EXPECT_LE(disjoint_dpsgd_delta_upper(call(sigma, 10, 50), eps), delta);
  EXPECT_GT(disjoint_dpsgd_delta_upper(call(sigma - unit, 10, 50), eps), delta);
  EXPECT_LE(disjoint_dpsgd_eps_upper(call(sigma, 10, 50), delta), eps);
  // half that σ (the z = σ reading) is certainly not (ε, δ)
  EXPECT_GT(disjoint_dpsgd_delta_lower(call(sigma / 2, 10, 50), eps), delta);
}

TEST(DisjointDpSgdTest, BadInputIsRefusedByName) {
  const auto names = [](auto&& f, const char* name) {
    try {
      f();
      ADD_FAILURE() << "no refusal for " << name;
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("'") + name + "'"), std::string::npos) << e.what();
    }
  };
  names([] { (void)disjoint_dpsgd_mu2(call(Rational(0), 10, 50)); }, "sigma");
  names([] { (void)disjoint_dpsgd_mu2(call(Rational(1), 0, 50)); }, "n");
  names([] { (void)disjoint_dpsgd_mu2(call(Rational(1), 10, 0)); }, "epochs");
  names([] {
    DisjointDpSgdCall c = call(Rational(1), 10, 5);
    c.batch = 0;
    (void)disjoint_dpsgd_steps(c);
  }, "batch");
  names([] { (void)disjoint_dpsgd_eps_upper(call(Rational(1), 10, 5), Rational(1)); }, "delta");
  names([] { (void)disjoint_dpsgd_calibrate_sigma(Rational(0), Rational(1, 10), 5); }, "eps");
  names([] { (void)disjoint_dpsgd_rdp(call(Rational(1), 10, 5), Rational(1)); }, "alpha");
}

}  // namespace
}  // namespace dpb::ref
