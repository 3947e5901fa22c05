// The claims 003.paper-code.dpsgd-accountant and 003.jdp-glm.paper-code.ledger
// (verify/privacy_checks/dpsgd_accountant_003_checks.hpp): rows recomputed here in long double (the code's formulas
// typed afresh; the valid accountant's δ(ε) = Φ(μ/2 − ε/μ) − e^ε Φ(−μ/2 − ε/μ) at μ² = 4E/σ²), the verdict rule on
// tampered rows, the ledger's bound over every run recomputed from the learner's σ, and a negative control (a claim
// below what the calibration spends is not `holds`).
#include "verify/privacy_checks/dpsgd_accountant_003_checks.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/learners/internal/dp_sgd_code.hpp"

namespace dpb::verify::privacy_checks {
namespace {

long double ld(const Rational& x) { return static_cast<long double>(x.convert_to<double>()); }
long double Phi(long double x) { return 0.5L * std::erfc(-x / std::sqrt(2.0L)); }
long double gauss_delta(long double mu, long double eps) {
  return Phi(mu / 2 - eps / mu) - std::exp(eps) * Phi(-mu / 2 - eps / mu);
}
// the first commit's formula at n <= 2048 (q = 1, steps = E)
long double first_formula(long double sigma, long double delta, long double E) {
  long double best = 1e300L;
  for (int a = 2; a <= 63; ++a) best = std::min(best, E * a / (2 * sigma * sigma) + std::log(1 / delta) / (a - 1));
  return best;
}

TEST(DpSgdAccountant003Test, FirstCommitUnderReportsAtFullBatch) {
  // 003-table2 (S = 2, ε = 4), the first commit's θ̂_τ call: (2/3, 1/300), n = 2048 (one batch per epoch)
  const DpSgdAccountantRow r = dpsgd_accountant_row("first", "theta_tau", "t", Rational(2, 3), Rational(1, 300), 2048);
  ASSERT_EQ(r.verdict, Verdict::violated);
  EXPECT_EQ(r.epochs, 50U);
  const long double s = ld(r.sigma_code), eps = 2.0L / 3, delta = 1.0L / 300;
  EXPECT_LE(first_formula(s, delta, 50), eps * (1 + 1e-12L));           // the code's formula at its σ: within ε_call
  EXPECT_GT(first_formula(s - std::ldexp(1.0L, -20), delta, 50), eps * (1 - 1e-12L));  // its least grid σ
  const long double mu = std::sqrt(200.0L) / s;                         // μ² = 4E/σ²
  EXPECT_GT(gauss_delta(mu, eps), delta);                               // the valid accountant: above δ at ε_call
  EXPECT_LE(gauss_delta(mu, ld(r.valid_eps_upper)), delta * (1 + 1e-9L));
  EXPECT_GT(gauss_delta(mu, ld(r.valid_eps_lower) - 1e-9L), delta);
  // the valid calibration: δ(ε_call) within δ at σ_valid, and σ_valid > σ_code
  EXPECT_LE(gauss_delta(2 * std::sqrt(50.0L) / ld(r.sigma_valid), eps), delta * (1 + 1e-9L));
  EXPECT_GT(r.sigma_valid, r.sigma_code);
}

TEST(DpSgdAccountant003Test, LaterCommitAtLargeNIsAboveTheValidAccountant) {
  // 003-table2's later θ̂_τ call (2/9, 1/900) at n = 4999: the without-replacement bound over E·3 steps, fed σ as
  // the code does, asks for more noise than one step per epoch needs — holds; at n = 2048 it under-reports
  const DpSgdAccountantRow big = dpsgd_accountant_row("later", "theta_tau", "t", Rational(2, 9), Rational(1, 900), 4999);
  EXPECT_EQ(big.verdict, Verdict::holds);
  EXPECT_EQ(big.sigma_code * 2, *big.sigma_learner);
  const DpSgdAccountantRow full = dpsgd_accountant_row("later", "theta_tau", "t", Rational(2, 9), Rational(1, 900), 2048);
  EXPECT_EQ(full.verdict, Verdict::violated);
  // our learner's σ (z = σ/2) is within ε_call by the valid accountant at both
  EXPECT_LE(*big.learner_valid_eps_upper, Rational(2, 9));
  EXPECT_LE(*full.learner_valid_eps_upper, Rational(2, 9));
  const long double mu = 2 * std::sqrt(static_cast<long double>(full.epochs)) / ld(*full.sigma_learner);
  EXPECT_LE(gauss_delta(mu, 2.0L / 9), 1.0L / 900);
}

TEST(DpSgdAccountant003Test, VerdictRuleOnTamperedRows) {
  DpSgdAccountantRow a;
  a.version = "first";
  a.eps_call = Rational(1);
  a.sigma_code = Rational(10);
  a.sigma_valid = Rational(12);
  a.valid_eps_lower = Rational(1, 2);
  a.valid_eps_upper = Rational(3, 4);
  a.verdict = Verdict::holds;
  DpSgdAccountantRow b = a;
  EXPECT_EQ(assess_dpsgd_accountant({a, b}).verdict, Verdict::holds);
  b.verdict = Verdict::inconclusive;
  EXPECT_EQ(assess_dpsgd_accountant({a, b}).verdict, Verdict::inconclusive);
  b.verdict = Verdict::violated;
  EXPECT_EQ(assess_dpsgd_accountant({a, b}).verdict, Verdict::violated);
  EXPECT_EQ(assess_dpsgd_accountant({}).verdict, Verdict::inconclusive);
}

TEST(DpSgdAccountant003Test, RegisteredVerdictQuick) {
  const Outcome out = check_dpsgd_accountant(RunOptions{});
  EXPECT_EQ(out.verdict, Verdict::violated) << out.key_figure;
  EXPECT_EQ(out.evidence["rows"].size(), 6U);
}

TEST(LedgerJdpPaperCode003Test, BoundOverEveryRunIsRecomputedAndHolds) {
  LedgerPaperCodeOptions o;
  const Outcome out = check_ledger_jdp_paper_code(RunOptions{}, o);
  ASSERT_EQ(out.verdict, Verdict::holds) << out.key_figure << "\n" << out.evidence.dump(1);
  EXPECT_TRUE(out.evidence["structure"]["calls_as_reconstructed"].get<bool>());
  EXPECT_GT(out.evidence["dpsgd_calls"]["calls"].get<std::uint64_t>(), 0U);
  // μ² = trees + count1·4·50/σ_w² + count2·4·50/σ_τ², σ from the learner's own calibration (n <= 2048)
  const auto& c = out.evidence["constants"];
  const auto& w = out.evidence["over_every_run"];
  const auto sigma = [&](const char* call) {
    const Rational eps(c[call][0].get<std::string>()), delta(c[call][1].get<std::string>());
    return ld(ref::jdp_internal::sgd_sigma(ref::JdpCodeVersion::First, eps, delta, 64));
  };
  const long double c1 = std::stold(c["count1_cutoff"].get<std::string>()), c2 = std::stold(c["count2_cutoff"].get<std::string>());
  const long double sw = sigma("theta_w_call"), st = sigma("theta_tau_call");
  const long double mu2 = ld(Rational(w["trees_mu2"].get<std::string>())) + c1 * 200 / (sw * sw) + c2 * 200 / (st * st);
  EXPECT_NEAR(ld(Rational(w["mu2"].get<std::string>())), mu2, 1e-5L * mu2);
  const long double eps = ld(Rational(w["eps_upper"].get<std::string>()));
  EXPECT_LE(gauss_delta(std::sqrt(mu2), eps), 0.02L * (1 + 1e-4L));
  EXPECT_GT(gauss_delta(std::sqrt(mu2), eps - 1e-4L), 0.02L);
}

TEST(LedgerJdpPaperCode003Test, ClaimBelowTheSpendIsNotHolds) {
  // negative control: calibrated for ε = 8, claimed at ε = 4 — the first commit's bound over every run (≈ 4.9)
  // is above it: inconclusive, not holds
  LedgerPaperCodeOptions o;
  o.claim_eps = Rational(4);
  const Outcome out = check_ledger_jdp_paper_code(RunOptions{}, o);
  EXPECT_EQ(out.verdict, Verdict::inconclusive) << out.key_figure;
  EXPECT_GT(Rational(out.evidence["over_every_run"]["mu2"].get<std::string>()), Rational(0));
}

}  // namespace
}  // namespace dpb::verify::privacy_checks
