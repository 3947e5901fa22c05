#include "verify/experiments/seed001_exponents.hpp"

#include <algorithm>
#include <array>
#include <boost/math/distributions/students_t.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "reference/core/errors.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"
#include "verify/experiments/config.hpp"
#include "verify/experiments/internal/config_reader.hpp"
#include "verify/experiments/output.hpp"
#include "verify/experiments/simulation.hpp"
#include "verify/learner_checks/linear_checks.hpp"
#include "verify/input/publish.hpp"
#include "verify/experiments/experiment_files.hpp"

namespace dpb::verify::experiments {

namespace {

using Field = internal::Reader;

// The feature grid 2^−q of seed001_instance as the simulation draws it (simulation.cpp: q = 16).
constexpr unsigned kFeatureBits = 16;

std::string num(double x, const char* f = "%.4f") {
  char b[64];
  std::snprintf(b, sizeof b, f, x);
  return b;
}

bool in_unit_interval(const Rational& k) { return k >= 0 && k <= 1; }

}  // namespace

bool is_exponents_json(const nlohmann::json& j) { return is_exponents_file(j); }

std::uint64_t batch_for(std::uint64_t T, const Rational& k) {
  if (T == 0) throw std::invalid_argument("batch_for: T = 0");
  if (!in_unit_interval(k)) throw std::invalid_argument("batch_for: k outside [0, 1]: " + dpb::to_string(k));
  if (k == 0) return 1;
  const Integer p = boost::multiprecision::numerator(k), q = boost::multiprecision::denominator(k);
  const unsigned pu = p.convert_to<unsigned>(), qu = q.convert_to<unsigned>();
  const Integer target = boost::multiprecision::pow(Integer(T), pu);  // B^q >= T^p
  // A double estimate, then exact correction.
  std::uint64_t B = static_cast<std::uint64_t>(std::ceil(std::pow(static_cast<double>(T), k.convert_to<double>())));
  B = std::max<std::uint64_t>(B, 1);
  while (B > 1 && boost::multiprecision::pow(Integer(B - 1), qu) >= target) --B;
  while (boost::multiprecision::pow(Integer(B), qu) < target) ++B;
  return B;
}

ExponentsConfig parse_exponents_config(const nlohmann::json& j, const std::string& name) {
  const Field f{"experiment " + name};
  if (!j.is_object()) f.fail("config", "a JSON object", j);
  static const std::set<std::string> kKeys = {"kind", "description", "source", "figure",     "environment", "horizons",
                                              "runs", "seed",        "eps",    "delta",      "level",       "algorithms",
                                              "comment"};
  for (const auto& [key, value] : j.items())
    if (!kKeys.count(key)) f.fail(key, "a known key of an exponents experiment", key);
  if (!is_exponents_json(j)) f.fail("kind", "\"exponents\"", j.contains("kind") ? j.at("kind") : nlohmann::json());
  ExponentsConfig c;
  c.name = name;
  c.raw = j;
  c.description = f.string(j, "description", "description", true);
  c.source = f.string(j, "source", "source", true);
  c.figure = f.string(j, "figure", "figure", false);
  if (!j.contains("environment")) f.fail("environment", "given", nullptr);
  const auto& env = f.object(j.at("environment"), "environment");
  for (const auto& [key, value] : env.items())
    if (key != "kind" && key != "d" && key != "arms") f.fail("environment." + key, "one of kind, d, arms", key);
  if (f.string(env, "kind", "environment.kind", true) != "seed001-paper")
    f.fail("environment.kind", "\"seed001-paper\" (the theorem profile's instances, spec 001 §6.1)", env.at("kind"));
  c.d = static_cast<std::uint32_t>(f.unsigned_integer(env, "d", "environment.d", 2, 64, 5));
  c.arms = static_cast<std::uint32_t>(f.unsigned_integer(env, "arms", "environment.arms", 2, 1000, 100));
  if (!j.contains("horizons") || !j.at("horizons").is_array() || j.at("horizons").size() < 3)
    f.fail("horizons", "an array of at least 3 increasing integers", j.contains("horizons") ? j.at("horizons") : nlohmann::json());
  for (std::size_t i = 0; i < j.at("horizons").size(); ++i) {
    const std::uint64_t T =
        f.integer(j.at("horizons")[i], "horizons[" + std::to_string(i) + "]", 2, std::uint64_t{1} << 34);
    if (!c.horizons.empty() && T <= c.horizons.back())
      f.fail("horizons[" + std::to_string(i) + "]", "larger than the previous horizon", j.at("horizons")[i]);
    c.horizons.push_back(T);
  }
  c.runs = static_cast<std::uint32_t>(f.unsigned_integer(j, "runs", "runs", 2, 10000, 20));
  c.seed = f.unsigned_integer(j, "seed", "seed", 0, ~std::uint64_t{0}, 1);
  if (j.contains("eps")) {
    c.eps = f.rational(j.at("eps"), "eps");
    if (c.eps <= 0) f.fail("eps", "> 0", j.at("eps"));
  }
  if (j.contains("delta")) {
    c.delta = f.rational(j.at("delta"), "delta");
    if (c.delta <= 0 || c.delta >= 1) f.fail("delta", "in (0, 1)", j.at("delta"));
  }
  if (j.contains("level")) {
    c.level = f.rational(j.at("level"), "level");
    if (c.level <= 0 || c.level >= 1) f.fail("level", "in (0, 1)", j.at("level"));
  }
  if (!j.contains("algorithms") || !j.at("algorithms").is_array() || j.at("algorithms").empty())
    f.fail("algorithms", "a non-empty array", j.contains("algorithms") ? j.at("algorithms") : nlohmann::json());
  std::set<std::string> labels;
  for (std::size_t i = 0; i < j.at("algorithms").size(); ++i) {
    const std::string at = "algorithms[" + std::to_string(i) + "]";
    const auto& a = f.object(j.at("algorithms")[i], at);
    for (const auto& [key, value] : a.items())
      if (key != "label" && key != "learner" && key != "batch_exponent" && key != "predicted" && key != "users" &&
          key != "m0_exponent" && key != "log_power")
        f.fail(at + "." + key, "one of label, learner, batch_exponent, predicted, users, m0_exponent, log_power", key);
    ExponentAlgorithm alg;
    alg.label = f.string(a, "label", at + ".label", true);
    if (!labels.insert(alg.label).second) f.fail(at + ".label", "unique", a.at("label"));
    alg.learner = f.string(a, "learner", at + ".learner", true);
    if (!ref::parse_linucb_variant(alg.learner))
      f.fail(at + ".learner", "one of " + internal::joined(ref::linucb_variant_names()), a.at("learner"));
    if (a.contains("batch_exponent")) {
      alg.batch_exponent = f.rational(a.at("batch_exponent"), at + ".batch_exponent");
      if (alg.batch_exponent < 0 || alg.batch_exponent > 1 ||
          boost::multiprecision::denominator(alg.batch_exponent) > 64)
        f.fail(at + ".batch_exponent", "a rational in [0, 1] with denominator at most 64", a.at("batch_exponent"));
    }
    if (a.contains("predicted")) {
      alg.predicted = f.rational(a.at("predicted"), at + ".predicted");
      if (*alg.predicted <= 0 || *alg.predicted > 1) f.fail(at + ".predicted", "in (0, 1]", a.at("predicted"));
    }
    if (a.contains("users")) {
      alg.users = f.string(a, "users", at + ".users", true);
      if (alg.users != "unique" && alg.users != "returning") f.fail(at + ".users", "unique or returning", a.at("users"));
      if (alg.users == "returning" && alg.learner != "linucb-sdp-amp" && alg.learner != "linucb-sdp-vec" &&
          alg.learner != "linucb-jdp")
        f.fail(at + ".users", "unique for " + alg.learner + " (returning: linucb-sdp-amp, linucb-sdp-vec, linucb-jdp)",
               a.at("users"));
    }
    if (a.contains("m0_exponent")) {
      if (alg.learner != "linucb-jdp" || alg.users != "returning")
        f.fail(at + ".m0_exponent", "absent (linucb-jdp with users returning only)", a.at("m0_exponent"));
      alg.m0_exponent = f.rational(a.at("m0_exponent"), at + ".m0_exponent");
      if (*alg.m0_exponent < 0 || *alg.m0_exponent > 1 || boost::multiprecision::denominator(*alg.m0_exponent) > 64)
        f.fail(at + ".m0_exponent", "a rational in [0, 1] with denominator at most 64", a.at("m0_exponent"));
    }
    if (a.contains("log_power")) {
      if (!alg.predicted) f.fail(at + ".log_power", "absent (no predicted exponent)", a.at("log_power"));
      alg.log_power = f.rational(a.at("log_power"), at + ".log_power");
      if (alg.log_power < 0 || alg.log_power > 8) f.fail(at + ".log_power", "in [0, 8]", a.at("log_power"));
    }
    c.algorithms.push_back(alg);
  }
  return c;
}

std::vector<ExponentsConfig> list_exponents_experiments() {
  return list_experiments_of_kind<ExponentsConfig>([](const nlohmann::json& j) { return is_exponents_json(j); },
                                      [](const nlohmann::json& j, const std::string& name) { return parse_exponents_config(j, name); });
}

std::optional<ExponentsConfig> find_exponents_experiment(const std::string& name) {
  return find_experiment_of_kind<ExponentsConfig>(name, [](const nlohmann::json& j) { return is_exponents_json(j); },
                                     [](const nlohmann::json& j, const std::string& n) { return parse_exponents_config(j, n); });
}

ExponentsConfig effective_exponents_config(const ExponentsConfig& config, const ExponentsOptions& o) {
  ExponentsConfig c = config;
  if (o.runs) {
    if (*o.runs < 2 || *o.runs > 10000)
      throw_parameter_error("simulate", "--runs", "in [2, 10000] (an exponents experiment needs a standard error)",
                            std::to_string(*o.runs));
    c.runs = *o.runs;
  }
  if (o.seed) c.seed = *o.seed;
  if (o.horizons) {
    std::string text;
    for (const auto T : *o.horizons) text += (text.empty() ? "" : ",") + std::to_string(T);
    if (o.horizons->size() < 3) throw_parameter_error("simulate", "horizons", "at least 3 values", text);
    for (std::size_t i = 0; i < o.horizons->size(); ++i)
      if ((*o.horizons)[i] < 2 || (i > 0 && (*o.horizons)[i] <= (*o.horizons)[i - 1]))
        throw_parameter_error("simulate", "horizons", "increasing values >= 2", text);
    c.horizons = *o.horizons;
  }
  return c;
}

ExponentFit fit_exponent(const std::vector<std::uint64_t>& horizons, const std::vector<double>& mean_regret,
                         double level) {
  if (horizons.size() != mean_regret.size()) throw std::logic_error("fit_exponent: sizes differ");
  if (!(level > 0 && level < 1)) throw std::invalid_argument("fit_exponent: level outside (0, 1)");
  ExponentFit f;
  f.points = horizons.size();
  f.level = level;
  if (f.points < 3) {
    f.problem = "fewer than 3 points";
    return f;
  }
  std::vector<double> x, y;
  for (std::size_t i = 0; i < f.points; ++i) {
    if (!(mean_regret[i] > 0) || !std::isfinite(mean_regret[i])) {
      f.problem = "mean regret " + num(mean_regret[i], "%g") + " at T = " + std::to_string(horizons[i]) +
                  " (no logarithm)";
      return f;
    }
    x.push_back(std::log(static_cast<double>(horizons[i])));
    y.push_back(std::log(mean_regret[i]));
  }
  const double n = static_cast<double>(f.points);
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < f.points; ++i) mx += x[i] / n, my += y[i] / n;
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < f.points; ++i) sxx += (x[i] - mx) * (x[i] - mx), sxy += (x[i] - mx) * (y[i] - my);
  if (!(sxx > 0)) {
    f.problem = "the horizons do not vary";
    return f;
  }
  f.exponent = sxy / sxx;
  f.intercept = my - f.exponent * mx;
  double sse = 0;
  for (std::size_t i = 0; i < f.points; ++i) {
    const double e = y[i] - f.intercept - f.exponent * x[i];
    sse += e * e;
  }
  f.standard_error = std::sqrt(sse / (n - 2) / sxx);
  const boost::math::students_t t(n - 2);
  f.t_quantile = boost::math::quantile(boost::math::complement(t, (1 - level) / 2));
  f.lower = f.exponent - f.t_quantile * f.standard_error;
  f.upper = f.exponent + f.t_quantile * f.standard_error;
  f.valid = true;
  // s_ll: the OLS slope of ln ln T on ln T (a factor (ln T)^j adds exactly j·s_ll to the fitted exponent).
  if (x.front() > 0) {
    double mlx = 0, slx = 0;
    for (std::size_t i = 0; i < f.points; ++i) mlx += std::log(x[i]) / n;
    for (std::size_t i = 0; i < f.points; ++i) slx += (x[i] - mx) * (std::log(x[i]) - mlx);
    f.loglog_slope = slx / sxx;
  }
  // The model check: y = a + b·u + c·u² with u = x − x̄ (and the same fit of ln x for c_ll). The normal equations in (a, b, c) have the matrix
  // [[n, 0, S2], [0, S2, S3], [S2, S3, S4]] (Σu = 0); c and (X'X)⁻¹[2][2] by Cramer's rule.
  if (f.points >= 4) {
    double s2 = 0, s3 = 0, s4 = 0;
    for (std::size_t i = 0; i < f.points; ++i) {
      const double u = x[i] - mx, u2 = u * u;
      s2 += u2, s3 += u2 * u, s4 += u2 * u2;
    }
    // det of [[n, 0, s2], [0, s2, s3], [s2, s3, s4]]
    const double det = n * (s2 * s4 - s3 * s3) - s2 * (s2 * s2);
    // The quadratic coefficient of a series v over u (Cramer: the third column replaced by Σv, Σu·v, Σu²·v).
    const auto quadratic_term = [&](const std::function<double(std::size_t)>& v) {
      double tv = 0, uv = 0, u2v = 0;
      for (std::size_t i = 0; i < f.points; ++i) {
        const double u = x[i] - mx;
        tv += v(i), uv += u * v(i), u2v += u * u * v(i);
      }
      return std::array<double, 3>{(n * (s2 * u2v - s3 * uv) - tv * s2 * s2) / det, tv, uv};
    };
    if (det > 0) {
      const auto [c, ty, uy] = quadratic_term([&](std::size_t i) { return y[i]; });
      const double b = (uy - s3 * c) / s2;
      const double a = (ty - s2 * c) / n;
      double sse2 = 0;
      for (std::size_t i = 0; i < f.points; ++i) {
        const double u = x[i] - mx;
        const double e = y[i] - a - b * u - c * u * u;
        sse2 += e * e;
      }
      const double inv22 = (n * s2) / det;  // cofactor of (2, 2) over det
      f.curvature = c;
      f.curvature_se = std::sqrt(sse2 / (n - 3) * inv22);
      f.curvature_t = f.curvature_se > 0 ? c / f.curvature_se : (c == 0 ? 0 : std::copysign(INFINITY, c));
      const boost::math::students_t t3(n - 3);
      f.curvature_t_quantile = boost::math::quantile(boost::math::complement(t3, (1 - kModelCheckLevel) / 2));
      if (x.front() > 0) f.loglog_curvature = quadratic_term([&](std::size_t i) { return std::log(x[i]); })[0];
      f.slope_first = b + 2 * c * (x.front() - mx);
      f.slope_last = b + 2 * c * (x.back() - mx);
      f.curvature_valid = true;
    }
  }
  return f;
}

bool ExponentFit::bends(double log_power) const {
  if (!curvature_valid || std::abs(slope_last - slope_first) < kSlopeResolution) return false;
  const double half = curvature_t_quantile * curvature_se;
  const double low = std::min(0.0, log_power * loglog_curvature);  // the log factors' range [k·c_ll, 0]
  return curvature - half > 0 || curvature + half < low;
}

ExponentJudgement exponent_verdict(const ExponentFit& fit, double predicted, double log_power,
                                   std::size_t vacuous_points) {
  if (!(log_power >= 0 && log_power <= 8))
    throw std::invalid_argument("exponent_verdict: log power " + num(log_power) + " outside [0, 8]");
  const std::string interval = "[" + num(fit.lower) + ", " + num(fit.upper) + "]";
  if (!fit.valid) return {Verdict::inconclusive, "no fit: " + fit.problem};
  if (!fit.curvature_valid)
    return {Verdict::inconclusive, "fewer than 4 points (" + std::to_string(fit.points) +
                                       "): the power-law model cannot be checked against a bend"};
  if (vacuous_points > 0)
    return {Verdict::inconclusive,
            "the theorem's own regret bound is vacuous (>= T, the most any run can lose) at " +
                std::to_string(vacuous_points) + " of " + std::to_string(fit.points) +
                " grid points: it predicts nothing there, so no shape fitted through them tests it (the constants "
                "dominate at these T)"};
  if (fit.bends(log_power))
    return {Verdict::inconclusive,
            "the log-log curve bends (quadratic term " + num(fit.curvature, "%.5f") + " ± " +
                num(fit.curvature_t_quantile * fit.curvature_se, "%.5f") + " at 95 %, outside [" +
                num(std::min(0.0, log_power * fit.loglog_curvature), "%.5f") +
                ", 0], the range of the theorem's log factors): its slope goes from " + num(fit.slope_first, "%.3f") +
                " to " + num(fit.slope_last, "%.3f") +
                " along the grid, so the regret is not yet in a power regime and no single exponent describes it"};
  if (fit.exponent >= kLinearExponent)
    return {Verdict::inconclusive, "fitted exponent " + num(fit.exponent) + " >= " + num(kLinearExponent, "%.2f") +
                                       ": regret linear at these T (the constants dominate; the shape is not visible)"};
  const double top = fit.band_top(predicted, log_power);
  const std::string band = log_power > 0 ? "the band [" + num(predicted) + ", " + num(top) + "] (T^" + num(predicted, "%g") +
                                               " times (ln T)^j, j in [0, " + num(log_power, "%g") + "])"
                                         : "the predicted " + num(predicted);
  if (fit.lower > top)
    return {Verdict::violated, "the interval " + interval + " lies above " + band +
                                   " (steeper than predicted, even with the bound's log factors)"};
  if (fit.upper < predicted)
    return {Verdict::violated, "the interval " + interval + " lies below " + band + " (flatter than predicted)"};
  const double half = (fit.upper - fit.lower) / 2;
  if (half <= kExponentPrecision && fit.upper < kLinearExponent)
    return {Verdict::holds, "the interval " + interval + " meets " + band + ", its half-width " + num(half) +
                                " <= " + num(kExponentPrecision, "%.2f") + " and it stays below " +
                                num(kLinearExponent, "%.2f") + " (no bend)"};
  return {Verdict::inconclusive,
          "the interval " + interval + " meets " + band +
              (half > kExponentPrecision
                   ? " but its half-width " + num(half) + " > " + num(kExponentPrecision, "%.2f") +
                         " (too few points or too noisy to resolve the exponent)"
                   : " but reaches " + num(kLinearExponent, "%.2f") + " (linear growth not excluded)")};
}

nlohmann::json fit_json(const ExponentFit& f) {
  nlohmann::json j = {{"valid", f.valid},
                      {"points", f.points},
                      {"exponent", f.exponent},
                      {"intercept", f.intercept},
                      {"standard_error", f.standard_error},
                      {"level", f.level},
                      {"t_quantile", f.t_quantile},
                      {"lower", f.lower},
                      {"upper", f.upper},
                      {"curvature", f.curvature},
                      {"curvature_se", f.curvature_se},
                      {"curvature_t", f.curvature_t},
                      {"curvature_t_quantile", f.curvature_t_quantile},
                      {"slope_first", f.slope_first},
                      {"slope_last", f.slope_last},
                      {"loglog_slope", f.loglog_slope},
                      {"loglog_curvature", f.loglog_curvature}};
  if (!f.valid) j["problem"] = f.problem;
  return j;
}

std::size_t ExponentsResult::algorithm_index(const std::string& label) const {
  for (std::size_t i = 0; i < config.algorithms.size(); ++i)
    if (config.algorithms[i].label == label) return i;
  throw std::out_of_range("exponents result: no algorithm '" + label + "' in " + config.name);
}

ExponentFit refit(const ExponentsResult& r, std::size_t algorithm, double level) {
  std::vector<double> means;
  for (const auto& p : r.points.at(algorithm)) means.push_back(p.mean);
  return fit_exponent(r.config.horizons, means, level);
}

ExponentsResult run_exponents(const ExponentsConfig& config, const ExponentsOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  ExponentsResult result;
  result.config = effective_exponents_config(config, options);
  const ExponentsConfig& c = result.config;
  const std::size_t A = c.algorithms.size();
  result.points.assign(A, {});
  const std::uint64_t total = static_cast<std::uint64_t>(c.horizons.size()) * c.runs * A;
  std::uint64_t before = 0;
  for (const std::uint64_t T : c.horizons) {
    ExperimentConfig e;
    e.name = c.name + "-T" + std::to_string(T);
    e.description = c.description;
    e.source = c.source;
    e.figure = c.figure;
    e.environment.kind = "seed001-paper";
    e.environment.d = c.d;
    e.environment.arms = c.arms;
    e.horizon = T;
    e.runs = c.runs;
    e.seed = c.seed;
    e.epsilons = {c.eps};
    e.realized = false;
    e.grid_points = 2;
    e.y_axis = "cumulative";
    for (const auto& a : c.algorithms) {
      AlgorithmConfig alg;
      alg.label = a.label;
      alg.learner = a.learner;
      alg.batch = batch_for(T, a.batch_exponent);
      alg.delta = c.delta;
      alg.users = a.users;
      if (a.m0_exponent) alg.m0 = batch_for(T, *a.m0_exponent);
      e.algorithms.push_back(alg);
    }
    SimulationOptions so;
    so.threads = options.threads;
    if (options.progress)
      so.progress = [&](std::uint64_t done, std::uint64_t) { options.progress(before + done, total); };
    const SimulationResult s = simulate(e, so);
    before += static_cast<std::uint64_t>(c.runs) * A;
    result.threads = std::max(result.threads, s.threads);
    for (std::size_t i = 0; i < A; ++i) {
      ExponentPoint p;
      p.T = T;
      p.B = *e.algorithms[i].batch;
      p.per_run = s.final_regret(i, 0);
      std::tie(p.mean, p.se) = mean_and_se(p.per_run);
      // The theorem's range, as the learner's own configuration decides it (the same call the run made).
      ref::LinUcbParams lp;
      lp.variant = *ref::parse_linucb_variant(c.algorithms[i].learner);
      lp.profile = ref::Profile001::Theorem;
      lp.T = T;
      lp.B = p.B;
      lp.eps = c.eps;
      lp.delta = c.delta;
      lp.users = ref::parse_user_model(e.algorithms[i].users, "exponents");
      lp.m0 = e.algorithms[i].m0;
      const ref::LinUcbConfig cfg = ref::configure_linucb(lp, c.d, c.arms, kFeatureBits);
      p.in_range = cfg.in_range;
      p.privacy_note = cfg.privacy_note;
      const Interval bound = learner_checks::lemma_a2_bound(cfg, c.d);
      p.bound_vacuous = !(bound.lower() < Rational(T));
      p.bound_over_T = bound.midpoint_for_report() / static_cast<double>(T);  // report-only
      result.points[i].push_back(std::move(p));
    }
  }
  const double level = c.level.convert_to<double>();
  for (std::size_t i = 0; i < A; ++i) result.fits.push_back(refit(result, i, level));
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

nlohmann::json exponents_summary_json(const ExponentsResult& r) {
  const auto& c = r.config;
  nlohmann::json j;
  j["experiment"] = c.name;
  j["kind"] = "exponents";
  j["config"] = c.raw;
  nlohmann::json horizons = nlohmann::json::array();
  for (const auto T : c.horizons) horizons.push_back(T);
  j["effective"] = {{"horizons", horizons}, {"runs", c.runs}, {"seed", c.seed}, {"eps", dpb::to_string(c.eps)},
                    {"delta", dpb::to_string(c.delta)}, {"level", dpb::to_string(c.level)}, {"d", c.d}, {"arms", c.arms},
                    {"profile", "theorem"}, {"regret", "pseudo"}};
  j["fit"] = "OLS of ln(mean final pseudo-regret) on ln T; interval: exponent ± t_{n-2}(1 - (1 - level)/2)·se; model "
             "check: the quadratic term of ln Reg on (ln T - mean), its t and t_{n-3}(0.975) (95 %, whatever the level); "
             "loglog_slope, loglog_curvature: the same fits of ln ln T";
  nlohmann::json algs = nlohmann::json::array();
  for (std::size_t i = 0; i < c.algorithms.size(); ++i) {
    const auto& a = c.algorithms[i];
    const auto& f = r.fits[i];
    nlohmann::json pts = nlohmann::json::array();
    std::size_t outside = 0;
    for (const auto& p : r.points[i]) {
      outside += p.in_range ? 0 : 1;
      pts.push_back({{"T", p.T}, {"B", p.B}, {"regret_mean", p.mean}, {"regret_se", p.se}, {"regret", p.per_run},
                     {"in_range", p.in_range}, {"privacy_note", p.privacy_note}, {"bound_over_T", p.bound_over_T},
                     {"bound_vacuous", p.bound_vacuous}});
    }
    nlohmann::json e = {{"label", a.label},   {"learner", a.learner}, {"batch_exponent", dpb::to_string(a.batch_exponent)},
                        {"points", pts},      {"fit", fit_json(f)},   {"points_outside_range", outside}};
    if (a.predicted) e["predicted"] = dpb::to_string(*a.predicted);
    e["users"] = a.users;
    if (a.m0_exponent) e["m0_exponent"] = dpb::to_string(*a.m0_exponent);
    e["log_power"] = dpb::to_string(a.log_power);
    algs.push_back(e);
  }
  j["algorithms"] = algs;
  j["wall_seconds"] = r.wall_seconds;
  j["threads"] = r.threads;
  return j;
}

std::string exponents_table(const ExponentsResult& r) {
  std::ostringstream o;
  const auto& c = r.config;
  char line[512];
  std::snprintf(line, sizeof line, "%-24s %9s %7s %14s %10s  %s\n", "algorithm", "T", "B", "final regret", "± se",
                "range");
  o << line;
  for (std::size_t i = 0; i < c.algorithms.size(); ++i)
    for (const auto& p : r.points[i]) {
      std::snprintf(line, sizeof line, "%-24s %9llu %7llu %14.1f %10.1f  %s\n", c.algorithms[i].label.c_str(),
                    static_cast<unsigned long long>(p.T), static_cast<unsigned long long>(p.B), p.mean, p.se,
                    p.privacy_note.c_str());
      o << line;
    }
  std::snprintf(line, sizeof line, "%-24s %10s %10s %24s %10s\n", "algorithm", "predicted", "exponent",
                ("interval (" + dpb::to_string(c.level) + ")").c_str(), "se");
  o << line;
  for (std::size_t i = 0; i < c.algorithms.size(); ++i) {
    const auto& f = r.fits[i];
    const std::string pred = c.algorithms[i].predicted ? dpb::to_string(*c.algorithms[i].predicted) : "-";
    if (!f.valid) {
      std::snprintf(line, sizeof line, "%-24s %10s  no fit: %s\n", c.algorithms[i].label.c_str(), pred.c_str(),
                    f.problem.c_str());
    } else {
      const std::string interval = "[" + num(f.lower) + ", " + num(f.upper) + "]";
      std::snprintf(line, sizeof line, "%-24s %10s %10.4f %24s %10.4f\n", c.algorithms[i].label.c_str(), pred.c_str(),
                    f.exponent, interval.c_str(), f.standard_error);
    }
    o << line;
  }
  return o.str();
}

namespace {

std::string points_csv(const ExponentsResult& r) {
  std::ostringstream o;
  o << "algorithm,learner,T,B,regret_mean,regret_se,in_range,privacy_note\n";
  o.precision(10);
  for (std::size_t i = 0; i < r.config.algorithms.size(); ++i)
    for (const auto& p : r.points[i]) {
      std::string note = p.privacy_note;
      std::replace(note.begin(), note.end(), '"', '\'');
      o << r.config.algorithms[i].label << ',' << r.config.algorithms[i].learner << ',' << p.T << ',' << p.B << ','
        << p.mean << ',' << p.se << ',' << (p.in_range ? "true" : "false") << ",\"" << note << "\"\n";
    }
  return o.str();
}

std::string fits_csv(const ExponentsResult& r) {
  std::ostringstream o;
  o << "algorithm,learner,batch_exponent,predicted,exponent,standard_error,level,lower,upper,points\n";
  o.precision(10);
  for (std::size_t i = 0; i < r.config.algorithms.size(); ++i) {
    const auto& a = r.config.algorithms[i];
    const auto& f = r.fits[i];
    o << a.label << ',' << a.learner << ',' << dpb::to_string(a.batch_exponent) << ','
      << (a.predicted ? dpb::to_string(*a.predicted) : "") << ',';
    if (f.valid)
      o << f.exponent << ',' << f.standard_error << ',' << f.level << ',' << f.lower << ',' << f.upper;
    else
      o << ",,,,";
    o << ',' << f.points << '\n';
  }
  return o.str();
}

}  // namespace

ExponentsFiles write_exponents_outputs(const ExponentsResult& r, const std::filesystem::path& dir, bool plots) {
  const std::string name = r.config.name;
  output::Publication pub(dir, name);
  ExponentsFiles w;
  pub.write(name + "-points.csv", points_csv(r));
  pub.write(name + "-fits.csv", fits_csv(r));
  if (plots && gnuplot_available()) {
    const std::string data = name + "-plot.dat", png = name + ".png", svg = name + ".svg";
    std::ostringstream d, s;
    for (std::size_t i = 0; i < r.config.algorithms.size(); ++i) {
      for (const auto& p : r.points[i])
        d << p.T << ' ' << p.mean << ' ' << std::max(p.mean - p.se, p.mean * 1e-3) << ' ' << p.mean + p.se << "\n";
      d << "\n\n";
    }
    s << "# gnuplot script written by `dpbandit simulate` (" << name << ")\n";
    for (int pass = 0; pass < 2; ++pass) {
      s << (pass == 0 ? "set terminal pngcairo noenhanced size 900,650 font ',9'\n"
                      : "set terminal svg noenhanced size 900,650 font 'sans,9'\n");
      s << "set output " << gnuplot_quote(pass == 0 ? png : svg) << "\n";
      s << "set title " << gnuplot_quote(name + ": final pseudo-regret against T (mean +- se), fitted T^gamma") << "\n";
      s << "set logscale xy 2\nset grid\nset key top left font ',8'\nset xlabel 'T'\n"
           "set ylabel 'final pseudo-regret'\nset format x '2^%L'\n";
      s << "plot ";
      for (std::size_t i = 0; i < r.config.algorithms.size(); ++i) {
        const auto& f = r.fits[i];
        std::string title = r.config.algorithms[i].label;
        if (f.valid) title += " (gamma = " + num(f.exponent, "%.3f") + ")";
        s << (i ? ", \\\n  " : "") << gnuplot_quote(data) << " index " << i
          << " using 1:2:3:4 with yerrorbars lc " << i + 1 << " pt 7 ps 0.6 title " << gnuplot_quote(title);
        if (f.valid)
          s << ", \\\n  " << gnuplot_quote(data) << " index " << i << " using 1:(exp(" << f.intercept << ")*$1**"
            << f.exponent << ") with lines lc " << i + 1 << " notitle";
      }
      s << "\nunset output\n";
    }
    pub.write(data, d.str());
    pub.write(name + ".gp", s.str());
    const std::string command =
        "cd " + shell_quote(pub.staged("").string()) + " && gnuplot " + shell_quote(name + ".gp") + " > gnuplot.log 2>&1";
    const int status = std::system(command.c_str());
    if (status == 0 && std::filesystem::exists(pub.staged(png)) && std::filesystem::exists(pub.staged(svg))) {
      for (const auto& f : {png, svg}) {
        pub.add(f);
        w.plots.push_back(dir / f);
      }
    } else {
      std::ifstream in(pub.staged("gnuplot.log"));
      std::ostringstream ss;
      ss << in.rdbuf();
      w.plot_error = "gnuplot failed: " + ss.str().substr(0, 400);
    }
  } else {
    w.plot_error = plots ? "gnuplot not found on the PATH" : "plots not requested";
  }
  nlohmann::json summary = exponents_summary_json(r);
  nlohmann::json list = nlohmann::json::array();
  for (const auto& p : w.plots) list.push_back(p.string());
  summary["plots"] = list;
  if (!w.plot_error.empty()) summary["plot_error"] = w.plot_error;
  pub.write(name + "-summary.json", summary.dump(2) + "\n");
  w.files = pub.commit();
  return w;
}

}  // namespace dpb::verify::experiments
