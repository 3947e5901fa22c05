// Seed 001's fitted exponents (verify/experiments/seed001_exponents.hpp): the verdict rule of the rate claims on
// synthetic regret series of known exponent (controls for each verdict), the OLS fit and its exact Student-t
// interval, B = ⌈T^k⌉ exactly, and the config of experiment 001-exponents.
#include "verify/experiments/seed001_exponents.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "reference/core/errors.hpp"
#include "verify/experiments/config.hpp"

namespace dpb::verify::experiments {
namespace {

// The full grid of the errata: T = 2^12 … 2^20.
std::vector<std::uint64_t> full_grid() {
  std::vector<std::uint64_t> T;
  for (int k = 12; k <= 20; ++k) T.push_back(std::uint64_t{1} << k);
  return T;
}

// c·T^γ·exp(a·e_i) with e = (+1, −1, +1, …): over the 9 symmetric points of full_grid() the pattern is orthogonal to
// ln T (Σ (i − 4)·e_i = 0), so the OLS exponent is γ exactly and a sets the residual spread alone.
std::vector<double> series(const std::vector<std::uint64_t>& T, double gamma, double a, double c = 3) {
  std::vector<double> m;
  for (std::size_t i = 0; i < T.size(); ++i)
    m.push_back(c * std::pow(static_cast<double>(T[i]), gamma) * std::exp(i % 2 == 0 ? a : -a));
  return m;
}

// The level of a claim of family exponents-001 (10⁻³ over its seven claims).
constexpr double kClaimLevel = 1 - 1e-3 / 7;

// The straight series of exponent γ judged against `predicted` with log power k: the verdict, and the word the
// reason must carry.
void expect_judged(const std::vector<std::uint64_t>& T, double gamma, double predicted, double k, Verdict verdict,
                   const std::string& word) {
  const ExponentJudgement j = exponent_verdict(fit_exponent(T, series(T, gamma, 0.01), kClaimLevel), predicted, k);
  EXPECT_EQ(j.verdict, verdict) << gamma << " vs " << predicted << ", k = " << k << ": " << j.reason;
  EXPECT_NE(j.reason.find(word), std::string::npos) << j.reason;
}

TEST(Seed001ExponentsTest, FitRecoversTheExponentOfAPowerLaw) {
  const auto T = full_grid();
  for (const double gamma : {0.5, 0.6, 0.75}) {
    const ExponentFit f = fit_exponent(T, series(T, gamma, 0.01), kClaimLevel);
    ASSERT_TRUE(f.valid) << f.problem;
    EXPECT_NEAR(f.exponent, gamma, 1e-9);
    EXPECT_NEAR(std::exp(f.intercept), 3 * std::exp(0.01 / 9), 1e-6);  // the pattern's mean goes to the intercept
    EXPECT_GT(f.standard_error, 0);
    EXPECT_LT(f.lower, gamma);
    EXPECT_GT(f.upper, gamma);
  }
  // Without noise the interval collapses onto the exponent.
  const ExponentFit exact = fit_exponent(T, series(T, 0.6, 0), kClaimLevel);
  EXPECT_NEAR(exact.upper - exact.lower, 0, 1e-9);
}

// The interval uses the exact Student-t quantile with n − 2 degrees of freedom: with 3 points, t_1(0.975) =
// tan(π·0.475) = 12.7062… (the Cauchy quantile, a closed form independent of the library).
TEST(Seed001ExponentsTest, IntervalUsesTheExactStudentTQuantile) {
  const std::vector<std::uint64_t> T = {1024, 2048, 4096};
  const ExponentFit f = fit_exponent(T, {10, 25, 31}, 0.95);
  ASSERT_TRUE(f.valid);
  EXPECT_NEAR(f.t_quantile, std::tan(M_PI * 0.475), 1e-9);
  EXPECT_NEAR(f.upper - f.exponent, f.t_quantile * f.standard_error, 1e-12);
  EXPECT_NEAR(f.exponent - f.lower, f.t_quantile * f.standard_error, 1e-12);
}

// Controls of the verdict rule, each built to give one verdict.
TEST(Seed001ExponentsTest, PowerLawAtThePredictedExponentHolds) {
  const auto T = full_grid();
  const ExponentFit f = fit_exponent(T, series(T, 0.6, 0.01), kClaimLevel);
  const ExponentJudgement j = exponent_verdict(f, 0.6, 0);
  EXPECT_EQ(j.verdict, Verdict::holds) << j.reason;
  EXPECT_EQ(exponent_verdict(fit_exponent(T, series(T, 0.75, 0.01), kClaimLevel), 0.75, 0).verdict, Verdict::holds);
}

TEST(Seed001ExponentsTest, PowerLawAtAnotherExponentIsViolatedOnEitherSide) {
  const auto T = full_grid();
  expect_judged(T, 0.4, 0.6, 0, Verdict::violated, "flatter");
  expect_judged(T, 0.75, 0.6, 0, Verdict::violated, "steeper");
  // 1/2 against 3/5: the neighbouring rates of the paper are told apart at this noise.
  EXPECT_EQ(exponent_verdict(fit_exponent(T, series(T, 0.5, 0.01), kClaimLevel), 0.6, 0).verdict, Verdict::violated);
}

TEST(Seed001ExponentsTest, LinearRegretIsInconclusiveNeverHoldsNorViolated) {
  const auto T = full_grid();
  for (const double gamma : {1.0, 0.96}) {
    const ExponentFit f = fit_exponent(T, series(T, gamma, 0.01), kClaimLevel);
    for (const double predicted : {0.5, 0.6, 0.75})
      for (const double k : {0.0, 1.75}) {
        const ExponentJudgement j = exponent_verdict(f, predicted, k);
        EXPECT_EQ(j.verdict, Verdict::inconclusive) << gamma << " vs " << predicted << ": " << j.reason;
        EXPECT_NE(j.reason.find("linear"), std::string::npos) << j.reason;
      }
  }
  // Just below the linear threshold the rule decides again.
  EXPECT_EQ(exponent_verdict(fit_exponent(T, series(T, 0.9, 0.01), kClaimLevel), 0.6, 0).verdict, Verdict::violated);
}

TEST(Seed001ExponentsTest, NoisyOrShortSeriesIsInconclusive) {
  const auto T = full_grid();
  // The interval contains 3/5 (the noise is orthogonal to ln T) but is far wider than ±0.1.
  const ExponentFit noisy = fit_exponent(T, series(T, 0.6, 0.3), kClaimLevel);
  ASSERT_TRUE(noisy.valid);
  EXPECT_LT(noisy.lower, 0.6);
  EXPECT_GT(noisy.upper, 0.6);
  EXPECT_GT(noisy.upper - noisy.lower, 0.2);
  EXPECT_EQ(exponent_verdict(noisy, 0.6, 0).verdict, Verdict::inconclusive);
  // Four points at the claim's level: t_2 is large, so even a small spread leaves the interval too wide.
  const std::vector<std::uint64_t> quick = {256, 512, 1024, 2048};
  const ExponentFit short_fit = fit_exponent(quick, {10, 15.5, 22, 34}, kClaimLevel);
  ASSERT_TRUE(short_fit.valid);
  EXPECT_GT(short_fit.t_quantile, 50);
  EXPECT_EQ(exponent_verdict(short_fit, 0.6, 0).verdict, Verdict::inconclusive);
  // No fit: a zero mean, or fewer than three points.
  const ExponentFit zero = fit_exponent(quick, {0, 15.5, 22, 34}, kClaimLevel);
  EXPECT_FALSE(zero.valid);
  EXPECT_EQ(exponent_verdict(zero, 0.6, 0).verdict, Verdict::inconclusive);
  EXPECT_FALSE(fit_exponent({256, 512}, {1, 2}, kClaimLevel).valid);
  // Three points fit, but leave no degree of freedom for the model check: never decided.
  const ExponentFit three = fit_exponent({1024, 2048, 4096}, {10, 14.1, 20}, kClaimLevel);
  ASSERT_TRUE(three.valid);
  EXPECT_FALSE(three.curvature_valid);
  const ExponentJudgement j3 = exponent_verdict(three, 0.5, 0);
  EXPECT_EQ(j3.verdict, Verdict::inconclusive);
  EXPECT_NE(j3.reason.find("fewer than 4 points"), std::string::npos) << j3.reason;
}

// The model check: a log–log curve that bends is not judged, whichever side its average slope lies on. The series
// has slope 0.8 on average (the bend, symmetric in u = ln T − mean, is orthogonal to ln T) and 0.8 ± 0.3 at the ends:
// without the check it would be `violated` against 3/5 (as the straight series of the same average slope is).
TEST(Seed001ExponentsTest, ABendingCurveIsInconclusiveNotYetInAPowerRegime) {
  const auto T = full_grid();
  std::vector<double> bent = series(T, 0.8, 0.01);
  double mean_x = 0;
  for (const auto t : T) mean_x += std::log(static_cast<double>(t)) / T.size();
  for (std::size_t i = 0; i < T.size(); ++i) {
    const double u = std::log(static_cast<double>(T[i])) - mean_x;
    bent[i] *= std::exp(-0.03 * u * u);
  }
  const ExponentFit f = fit_exponent(T, bent, kClaimLevel);
  ASSERT_TRUE(f.valid && f.curvature_valid);
  EXPECT_NEAR(f.exponent, 0.8, 1e-9);
  EXPECT_NEAR(f.curvature, -0.03, 0.002);  // the pattern's quadratic part moves it by ≈ 9·10⁻⁴
  EXPECT_LT(f.curvature_t, -f.curvature_t_quantile);
  EXPECT_TRUE(f.bends(0));
  EXPECT_TRUE(f.bends(1.75));  // far beyond what the log factors of a bound can bend (c_ll ≈ −0.004)
  EXPECT_GT(f.slope_first, f.slope_last + 0.2);
  const ExponentJudgement j = exponent_verdict(f, 0.6, 0);
  EXPECT_EQ(j.verdict, Verdict::inconclusive) << j.reason;
  EXPECT_NE(j.reason.find("bends"), std::string::npos) << j.reason;
  // The straight control: same average slope, judged.
  const ExponentFit straight = fit_exponent(T, series(T, 0.8, 0.01), kClaimLevel);
  EXPECT_FALSE(straight.bends(0));
  EXPECT_EQ(exponent_verdict(straight, 0.6, 0).verdict, Verdict::violated);
  // The quantile is the exact t_{n−3} at the model check's 95 %, whatever the claim's level: with 4 points,
  // t_1(0.975) = tan(0.475π).
  const ExponentFit four = fit_exponent({1024, 2048, 4096, 8192}, {10, 14, 21, 27}, kClaimLevel);
  ASSERT_TRUE(four.curvature_valid);
  EXPECT_NEAR(four.curvature_t_quantile, std::tan(M_PI * 0.475), 1e-9);
  // An exact power law has no bend (its quadratic term is rounding noise, below the slope resolution).
  EXPECT_FALSE(fit_exponent(T, series(T, 0.6, 0), kClaimLevel).bends(0));
}

// Õ's log factors: T^γ·(ln T)^k has the fitted exponent γ + k·s_ll and the quadratic term k·c_ll exactly (s_ll,
// c_ll: the same fits of ln ln T), so with the bound's k the band [γ, γ + k·s_ll] admits it and its curvature is no
// bend; with k = 0 or 1/2 its curvature is more than those log powers make, a bend (inconclusive).
TEST(Seed001ExponentsTest, TheBoundsLogFactorsWidenThePredictionToABand) {
  const auto T = full_grid();
  std::vector<double> logs;
  for (const auto t : T) logs.push_back(std::log(static_cast<double>(t)));
  const ExponentFit of_log = fit_exponent(T, logs, kClaimLevel);
  ASSERT_TRUE(of_log.valid);
  EXPECT_NEAR(of_log.exponent, of_log.loglog_slope, 1e-12);
  // d ln ln T / d ln T = 1/ln T: the OLS slope lies between its values at the grid's ends.
  EXPECT_GT(of_log.loglog_slope, 1 / logs.back());
  EXPECT_LT(of_log.loglog_slope, 1 / logs.front());
  std::vector<double> m = series(T, 0.6, 0.01);
  for (std::size_t i = 0; i < T.size(); ++i) m[i] *= std::pow(logs[i], 1.75);
  const ExponentFit f = fit_exponent(T, m, kClaimLevel);
  ASSERT_TRUE(f.valid);
  EXPECT_NEAR(f.exponent, 0.6 + 1.75 * f.loglog_slope, 1e-9);
  EXPECT_LT(f.loglog_curvature, 0);
  EXPECT_FALSE(f.bends(1.75)) << f.curvature << " ± " << f.curvature_se;
  const ExponentJudgement with = exponent_verdict(f, 0.6, 1.75);
  EXPECT_EQ(with.verdict, Verdict::holds) << with.reason;
  for (const double k : {0.0, 0.5}) {
    EXPECT_TRUE(f.bends(k)) << k;
    const ExponentJudgement fewer = exponent_verdict(f, 0.6, k);
    EXPECT_EQ(fewer.verdict, Verdict::inconclusive) << fewer.reason;
    EXPECT_NE(fewer.reason.find("bends"), std::string::npos) << fewer.reason;
  }
  // A straight series steeper than the band is violated whatever k allows; one below γ is flatter.
  expect_judged(T, 0.85, 0.6, 1.75, Verdict::violated, "steeper");
  expect_judged(T, 0.4, 0.6, 1.75, Verdict::violated, "flatter");
  // A log power outside [0, 8] is refused.
  EXPECT_THROW(exponent_verdict(f, 0.6, -1), std::invalid_argument);
  EXPECT_THROW(exponent_verdict(f, 0.6, 9), std::invalid_argument);
}

// Where the theorem's own bound is vacuous at some grid point, nothing is judged: a fit that would hold is
// inconclusive.
TEST(Seed001ExponentsTest, AVacuousBoundAtSomePointIsInconclusive) {
  const auto T = full_grid();
  const ExponentFit f = fit_exponent(T, series(T, 0.6, 0.01), kClaimLevel);
  ASSERT_EQ(exponent_verdict(f, 0.6, 0, 0).verdict, Verdict::holds);
  const ExponentJudgement j = exponent_verdict(f, 0.6, 0, 1);
  EXPECT_EQ(j.verdict, Verdict::inconclusive) << j.reason;
  EXPECT_NE(j.reason.find("vacuous"), std::string::npos) << j.reason;
  EXPECT_EQ(exponent_verdict(fit_exponent(T, series(T, 0.85, 0.01), kClaimLevel), 0.6, 0, 9).verdict,
            Verdict::inconclusive);
}

// `holds` needs linear growth excluded: an interval that meets the band but reaches 0.95 is inconclusive.
TEST(Seed001ExponentsTest, HoldsNeedsTheIntervalBelowLinear) {
  const auto T = full_grid();
  // γ = 0.88 with a spread that gives a half-width just under 0.1: the interval reaches past 0.95.
  const ExponentFit f = fit_exponent(T, series(T, 0.88, 0.05), kClaimLevel);
  ASSERT_TRUE(f.valid);
  ASSERT_LE((f.upper - f.lower) / 2, kExponentPrecision);
  ASSERT_GE(f.upper, kLinearExponent);
  const ExponentJudgement j = exponent_verdict(f, 0.75, 1.5);  // band [0.75, ≈ 0.886]
  EXPECT_EQ(j.verdict, Verdict::inconclusive) << j.reason;
  EXPECT_NE(j.reason.find("linear growth not excluded"), std::string::npos) << j.reason;
}

TEST(Seed001ExponentsTest, BatchIsTheExactCeilingOfAPower) {
  EXPECT_EQ(batch_for(4096, Rational(0)), 1U);
  EXPECT_EQ(batch_for(4096, Rational(1)), 4096U);
  EXPECT_EQ(batch_for(std::uint64_t{1} << 20, Rational(1, 2)), 1024U);  // √T exactly
  EXPECT_EQ(batch_for(4096, Rational(3, 4)), 512U);                     // 2^9 exactly
  EXPECT_EQ(batch_for(4097, Rational(1, 2)), 65U);                      // ⌈√4097⌉
  for (std::uint64_t T : {std::uint64_t{256}, std::uint64_t{4096}, std::uint64_t{100000}, std::uint64_t{1} << 20}) {
    // The least B with B^5 >= T^3.
    const std::uint64_t B = batch_for(T, Rational(3, 5));
    const Integer T3 = boost::multiprecision::pow(Integer(T), 3);
    EXPECT_GE(boost::multiprecision::pow(Integer(B), 5), T3) << T;
    EXPECT_LT(boost::multiprecision::pow(Integer(B - 1), 5), T3) << T;
  }
}

TEST(Seed001ExponentsTest, TheExperimentConfigParsesAndStaysOutOfTheRegretList) {
  const auto c = find_exponents_experiment("001-exponents");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->horizons.size(), 9U);
  EXPECT_EQ(c->horizons.front(), std::uint64_t{1} << 12);
  EXPECT_EQ(c->horizons.back(), std::uint64_t{1} << 20);
  EXPECT_EQ(c->runs, 20U);
  EXPECT_EQ(c->eps, Rational(1));
  EXPECT_EQ(c->delta, Rational(1, 10));
  std::size_t predicted = 0;
  for (const auto& a : c->algorithms) predicted += a.predicted ? 1 : 0;
  EXPECT_EQ(predicted, c->algorithms.size());
  // The returning-user learners of 001.thm4.2.rate (Thm 4.2(i) and (ii), Remark 4.4).
  std::size_t returning = 0;
  for (const auto& a : c->algorithms)
    if (a.users == "returning") {
      ++returning;
      EXPECT_EQ(*a.predicted, Rational(2, 3)) << a.label;
      if (a.learner == "linucb-jdp") {
        EXPECT_EQ(*a.m0_exponent, Rational(1, 3));
      } else {
        EXPECT_EQ(a.batch_exponent, Rational(2, 3)) << a.label;
      }
    }
  EXPECT_EQ(returning, 3U);
  for (const auto& e : list_experiments()) EXPECT_NE(e.name, "001-exponents");
  EXPECT_FALSE(find_exponents_experiment("001-fig1").has_value());
}

TEST(Seed001ExponentsTest, BadConfigsAreRefusedNamingTheField) {
  const nlohmann::json good = find_exponents_experiment("001-exponents")->raw;
  const auto refused = [&](const std::function<void(nlohmann::json&)>& edit, const std::string& field) {
    nlohmann::json j = good;
    edit(j);
    try {
      (void)parse_exponents_config(j, "x");
      ADD_FAILURE() << "accepted: " << field;
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find("'" + field + "'"), std::string::npos) << e.what();
    }
  };
  refused([](nlohmann::json& j) { j["horizons"] = {4096, 4096, 8192}; }, "horizons[1]");
  refused([](nlohmann::json& j) { j["horizons"] = {4096, 8192}; }, "horizons");
  refused([](nlohmann::json& j) { j["algorithms"][0]["learner"] = "ucb"; }, "algorithms[0].learner");
  refused([](nlohmann::json& j) { j["algorithms"][1]["batch_exponent"] = "3/2"; }, "algorithms[1].batch_exponent");
  refused([](nlohmann::json& j) { j["delta"] = "1"; }, "delta");
  refused([](nlohmann::json& j) { j["environment"]["kind"] = "seed001-code"; }, "environment.kind");
  refused([](nlohmann::json& j) { j["runs"] = 1; }, "runs");
  refused([](nlohmann::json& j) { j["algorithms"][0]["users"] = "sometimes"; }, "algorithms[0].users");
  refused([](nlohmann::json& j) { j["algorithms"][0]["users"] = "returning"; }, "algorithms[0].users");  // linucb
  refused([](nlohmann::json& j) { j["algorithms"][1]["m0_exponent"] = "1/3"; }, "algorithms[1].m0_exponent");
  // log_power: a rational in [0, 8], only beside a predicted exponent.
  refused([](nlohmann::json& j) { j["algorithms"][1]["log_power"] = "-1/4"; }, "algorithms[1].log_power");
  refused([](nlohmann::json& j) { j["algorithms"][1]["log_power"] = "17/2"; }, "algorithms[1].log_power");
  refused([](nlohmann::json& j) { j["algorithms"][1]["log_power"] = "two"; }, "algorithms[1].log_power");
  refused([](nlohmann::json& j) { j["algorithms"][1]["log_power"] = "0x3"; }, "algorithms[1].log_power");
  refused(
      [](nlohmann::json& j) {
        j["algorithms"][1].erase("predicted");
        j["algorithms"][1]["log_power"] = "1";
      },
      "algorithms[1].log_power");
  // The boundary values are accepted and read exactly.
  nlohmann::json edge = good;
  edge["algorithms"][1]["log_power"] = "8";
  edge["algorithms"][2]["log_power"] = "0";
  const ExponentsConfig c = parse_exponents_config(edge, "x");
  EXPECT_EQ(c.algorithms[1].log_power, Rational(8));
  EXPECT_EQ(c.algorithms[2].log_power, Rational(0));
  EXPECT_EQ(find_exponents_experiment("001-exponents")->algorithms[1].log_power, Rational(7, 4));  // SDP-Amp, B.1
}

}  // namespace
}  // namespace dpb::verify::experiments
