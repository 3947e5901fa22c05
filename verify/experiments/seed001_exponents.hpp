// Seed 001's regret exponents (Chowdhury & Zhou, "Shuffle Private Linear Contextual Bandits", ICML 2022,
// arXiv:2202.05567; spec 001 §7 items 11, 12 and 15; issue 18 "Experiments", errata "Issue 18"): experiments of kind
// `exponents` (testdata/experiments/001-exponents.json), the final pseudo-regret Reg(T) of each learner at every T of
// a grid, and the exponent γ of Reg(T) ≍ T^γ fitted on the log–log scale. The claims 001.thm3.2.rate,
// 001.thm3.5.rate, 001.remark3.10.local, 001.remark3.10.central, 001.remarkf2, 001.remarkf4 and 001.thm4.2.rate
// (verify/claims/claims_experiments.cpp) judge these fits by `exponent_verdict` below.
//
// A config:
//   {"kind": "exponents", "description", "source", "figure", "environment": {"kind": "seed001-paper", "d", "arms"},
//    "horizons": [4096, …], "runs": 20, "seed": 1, "eps": "1", "delta": "1/10", "level": "19/20",
//    "algorithms": [{"label", "learner", "batch_exponent": "3/5", "predicted": "3/5", "users": "returning",
//                    "m0_exponent": "1/3", "log_power": "7/4"}]}
// `users` (default unique) selects the learner's user model (ref::UserModel: returning users, Thms E.3/E.5, Prop.
// 4.3); `m0_exponent` k gives linucb-jdp's M₀ = ⌈T^k⌉ (users = returning only).
// `batch_exponent` k gives B = ⌈T^k⌉ (exact: the least B with B^q >= T^p for k = p/q; absent or 0: B = 1);
// `predicted` is the exponent the paper states (absent: reported, not claimed); `log_power` k (default 0) is the
// power of ln T that the theorem's explicit bound carries beside T^predicted (the log factors that Õ hides, with
// α = 1/T and δ, d fixed; docs/statistics.md "Fitted exponents" derives each), so that the claimed shape is
// Reg(T) ≍ T^γ·(ln T)^j for some j in [0, k]. Only the theorem profile (§6.1's
// instances, pseudo-regret, the learners' certified calibrations) is run: the rates are the theorems' rates.
//
// Each T of the grid is one run of verify/experiments/simulation.hpp with horizon T (optimized learners, which
// `dpbandit crosscheck` checks against the exact reference): run r draws its instance from stream 2^20·r whatever
// T is, so the runs are the same instances at every T (paired across the grid), and its reward tape and noise from
// the streams simulation.hpp names. Every (learner, T) point is checked against its theorem's range by the
// learner's own configuration (ref::configure_linucb: in_range and privacy_note, e.g. "outside Thm 3.2's range
// (…): no privacy guarantee"; a failed Lemma B.4 precondition counts as outside) and labelled; a point outside runs
// with the theorem's calibration as written (never recalibrated) and stays in the fit.
//
// Fit (docs/statistics.md "Fitted exponents"): ordinary least squares of y_i = ln(mean_r Reg_r(T_i)) on
// x_i = ln T_i over the n points of the grid: γ̂ = Sxy/Sxx, residual variance s² = Σ e_i²/(n − 2),
// se(γ̂) = s/√Sxx, and the two-sided interval γ̂ ± t_{n−2}(1 − a/2)·se(γ̂) with the exact Student-t quantile
// (Boost.Math; exact under independent normal errors of the log-means around the line, the stated model).
// Model check (the same section): the quadratic OLS fit y = a + b·u + c·u² (u = x − x̄); the two-sided t test of
// c at the claim's level with n − 3 degrees of freedom says whether the log–log curve bends over the grid (a power
// law, with or without its log factors at these T, is a near-straight line); the quadratic's slopes at the grid's
// ends are reported. And the OLS slope s_ll of ln ln T_i on ln T_i: a factor (ln T)^j adds j·s_ll to the fitted
// exponent exactly.
// Doubles here are statistics of simulated regret (display and verdicts on trends; no privacy decision).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::experiments {

struct ExponentAlgorithm {
  std::string label;    // e.g. "Batched-Local-LinUCB"
  std::string learner;  // linucb, linucb-sdp-amp, linucb-sdp-vec, linucb-ldp, linucb-jdp
  Rational batch_exponent{0};         // B = ⌈T^k⌉ (0: B = 1)
  std::optional<Rational> predicted;  // the paper's exponent
  std::string users = "unique";       // "users": unique | returning (linucb-sdp-amp, linucb-sdp-vec, linucb-jdp)
  std::optional<Rational> m0_exponent;  // "m0_exponent" (linucb-jdp, returning): M₀ = ⌈T^k⌉ (absent: the default)
  Rational log_power{0};                // "log_power": the bound's power of ln T beside T^predicted, in [0, 8]
};

struct ExponentsConfig {
  std::string name, description, source, figure;
  std::uint32_t d = 5, arms = 100;
  std::vector<std::uint64_t> horizons;  // increasing, at least 3
  std::uint32_t runs = 20;
  std::uint64_t seed = 1;
  Rational eps{1}, delta{1, 10};
  Rational level{19, 20};  // the reported intervals' confidence (the claims use their own α)
  std::vector<ExponentAlgorithm> algorithms;
  nlohmann::json raw;
};

// {"kind": "exponents", …} (is_exponents_file is defined in config.cpp, whose list_experiments skips these files).
bool is_exponents_file(const nlohmann::json& j);
bool is_exponents_json(const nlohmann::json& j);
ExponentsConfig parse_exponents_config(const nlohmann::json& j, const std::string& name);
std::vector<ExponentsConfig> list_exponents_experiments();
std::optional<ExponentsConfig> find_exponents_experiment(const std::string& name);

// ⌈T^k⌉ for a rational k in [0, 1], exact (the least B >= 1 with B^q >= T^p, k = p/q).
std::uint64_t batch_for(std::uint64_t T, const Rational& k);

struct ExponentsOptions {
  std::optional<std::uint32_t> runs;
  std::optional<std::uint64_t> seed;
  std::optional<std::vector<std::uint64_t>> horizons;  // replaces the grid
  unsigned threads = 0;                                // 0: the simulation's default
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
};

// Applies the overrides (ParameterError naming the option: --runs, --horizon).
ExponentsConfig effective_exponents_config(const ExponentsConfig& config, const ExponentsOptions& options);

struct ExponentPoint {
  std::uint64_t T = 0, B = 1;
  double mean = 0, se = 0;     // final pseudo-regret over the runs
  std::vector<double> per_run;
  bool in_range = true;        // the theorem's range holds at this point
  std::string privacy_note;    // the learner's label for it
  // Lemma A.2's regret bound at this point's calibration (learner_checks::lemma_a2_bound, the bound
  // 001.lemma-a2.regret checks): vacuous when its certified lower end is ≥ T (§6.1's means lie in [0, 1], so no
  // regret exceeds T and the theorem predicts nothing here); bound_over_T is for reports.
  bool bound_vacuous = false;
  double bound_over_T = 0;
};

struct ExponentFit {
  bool valid = false;          // false: fewer than 3 points or a non-positive mean (problem says which)
  std::string problem;
  std::size_t points = 0;
  double exponent = 0, intercept = 0, standard_error = 0;
  double level = 0;            // two-sided confidence of [lower, upper]
  double t_quantile = 0;       // t_{n−2}(1 − (1 − level)/2)
  double lower = 0, upper = 0;
  // The model check (valid with at least 4 points): the quadratic fit's coefficient c of u², its standard error,
  // t = c/se, the quantile t_{n−3}(1 − (1 − kModelCheckLevel)/2), and the quadratic's slope at the first and last
  // ln T.
  bool curvature_valid = false;
  double curvature = 0, curvature_se = 0, curvature_t = 0, curvature_t_quantile = 0;
  double slope_first = 0, slope_last = 0;
  double loglog_slope = 0;      // OLS slope of ln ln T on ln T over the grid (every T > 1)
  double loglog_curvature = 0;  // the quadratic term of ln ln T in the same fit (< 0): (ln T)^j contributes j·this
  // The curve bends: the interval c ± t·se misses [k·c_ll, 0] (the quadratic terms of T^γ·(ln T)^j, j in [0, k]),
  // and the slope change over the grid, |2c·(x_n − x_1)|, is at least kSlopeResolution (a bend below the reported
  // figures' resolution is not one; exact power laws give c ≈ 1e−17).
  bool bends(double log_power) const;
  // The top of the band [γ, γ + k·s_ll] that T^γ·(ln T)^j, j in [0, k], spans in the fitted exponent.
  double band_top(double predicted, double log_power) const { return predicted + log_power * loglog_slope; }
};
// Every field of a fit, for reports (claims' evidence and the experiment's summary JSON).
nlohmann::json fit_json(const ExponentFit& fit);
inline constexpr double kSlopeResolution = 1e-6;
// The model check guards the verdicts, so it errs toward seeing a bend: a two-sided 5 % test, not the claim's α
// (a strict level would let a real bend pass as a straight line and become a `violated` or a `holds`).
inline constexpr double kModelCheckLevel = 0.95;

// The OLS fit above, with a two-sided interval of confidence `level` (in (0, 1)).
ExponentFit fit_exponent(const std::vector<std::uint64_t>& horizons, const std::vector<double>& mean_regret,
                         double level);

// The verdict rule of the rate claims (docs/statistics.md "Fitted exponents"; checker version 2), on a fit at the
// claim's level, for the predicted exponent γ and the bound's log power k (the band [γ, γ + k·s_ll] is the fitted
// exponent of T^γ·(ln T)^j over the grid, j in [0, k]); in order:
//   inconclusive  the fit is invalid, or fewer than 4 points (the model cannot be checked);
//   inconclusive  the theorem's own bound is vacuous (≥ T) at `vacuous_points` > 0 points of the grid: it predicts
//                 nothing there, so no shape fitted through them tests it (0: none, or not computed — seed 003's
//                 bounds have unspecified constants);
//   inconclusive  the curve bends (fit.bends(log_power)): its quadratic term lies outside [k·c_ll, 0], the range
//                 of T^γ·(ln T)^j (c_ll the quadratic term of ln ln T), at the lenient kModelCheckLevel — not yet
//                 in a power regime, no single exponent describes it;
//   inconclusive  γ̂ >= kLinearExponent (regret linear at these T: the constants dominate — never `holds`);
//   violated      the interval misses the band (steeper: above γ + k·s_ll, even with every log factor the bound
//                 allows; flatter: below γ);
//   holds         the interval meets the band, its half-width is at most kExponentPrecision (enough to tell 1/2,
//                 3/5, 2/3, 3/4 apart) and its upper end is below kLinearExponent (linear growth excluded);
//   inconclusive  otherwise (too wide, or linear growth not excluded).
inline constexpr double kLinearExponent = 0.95;
// The rule above in one line, for the claims' evidence.
inline constexpr const char* kExponentRule =
    "OLS of ln(mean final regret) on ln T, two-sided interval exponent ± t_{n-2}(1 - α/2)·se (exact Student t); "
    "in order: inconclusive if no fit or fewer than 4 points; inconclusive if the theorem's own bound is vacuous "
    "(>= T) at some grid point (when computed); inconclusive if the log-log curve bends (the quadratic term's 95 % "
    "interval misses [k·c_ll, 0], the range of T^γ·(ln T)^j); inconclusive if the exponent >= 0.95 (linear: constants dominate); violated "
    "if the interval misses the band [γ, γ + k·s_ll] (γ predicted, k the bound's power of ln T, s_ll the OLS slope "
    "of ln ln T on ln T); holds if it meets the band with half-width <= 0.1 and stays below 0.95; else inconclusive "
    "(docs/statistics.md \"Fitted exponents\")";
inline constexpr double kExponentPrecision = 0.1;
struct ExponentJudgement {
  Verdict verdict = Verdict::inconclusive;
  std::string reason;
};
// std::invalid_argument for a log power outside [0, 8].
ExponentJudgement exponent_verdict(const ExponentFit& fit, double predicted, double log_power,
                                   std::size_t vacuous_points = 0);

struct ExponentsResult {
  ExponentsConfig config;                        // effective
  std::vector<std::vector<ExponentPoint>> points;  // [algorithm][horizon]
  std::vector<ExponentFit> fits;                 // per algorithm, at config.level
  double wall_seconds = 0;
  unsigned threads = 0;
  std::size_t algorithm_index(const std::string& label) const;  // std::out_of_range when absent
};

ExponentsResult run_exponents(const ExponentsConfig& config, const ExponentsOptions& options = {});

// A fit of one algorithm's points at another level (the claims' α).
ExponentFit refit(const ExponentsResult& result, std::size_t algorithm, double level);

// Outputs (docs/experiments.md): <name>-points.csv (algorithm, learner, T, B, mean, se, in_range, privacy note),
// <name>-fits.csv (algorithm, predicted, γ̂, se, interval), <name>-summary.json (config, every point with its runs,
// the fits), <name>.png/.svg (log–log, mean ± se, the fitted lines; gnuplot) and <name>.gp. All or nothing
// (verify/input/publish.hpp).
struct ExponentsFiles {
  std::vector<std::filesystem::path> files, plots;
  std::string plot_error;
};
nlohmann::json exponents_summary_json(const ExponentsResult& result);
std::string exponents_table(const ExponentsResult& result);  // the console table
ExponentsFiles write_exponents_outputs(const ExponentsResult& result, const std::filesystem::path& dir, bool plots);

}  // namespace dpb::verify::experiments
