#include "verify/privacy_checks/ledger_003_jdp_checks.hpp"

#include <algorithm>
#include <chrono>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/environments/glm_instance.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"
#include "verify/cluster/cancellation.hpp"

namespace dpb::verify::privacy_checks {

namespace {

constexpr const char* kFn = "check_ledger_jdp";

std::string decimal(const Rational& x) {
  const std::string exact = dpb::to_string(x);
  return exact.size() <= 12 ? exact : Interval(x, 64).upper_string(6);
}

// One P_GD call as the run made it: the round, which estimate, its data set's size and T_it.
struct Call {
  std::uint64_t round = 0;
  bool theta_o = true;  // θ̂_o (T_o data, rounds <= round) or θ̂_τ (the other rounds < round)
  std::uint64_t n = 0;
  Integer T_it;
};

}  // namespace

ref::JdpGlmParams ledger_jdp_params(const LedgerJdpOptions& o) {
  ref::JdpGlmParams p;
  p.T = o.T;
  p.eps = o.calibration_eps.value_or(o.eps);
  p.delta = o.delta;
  p.kappa_star = Rational(4);
  p.kappa = Rational(10);
  p.S = Rational(2);
  p.gamma_constant = o.gamma_constant;
  p.lambda_override = o.lambda_override;
  return p;
}

ref::JdpGlmTrajectory run_ledger_jdp(const LedgerJdpOptions& o, std::uint64_t seed) {
  ref::GlmInstanceParams p;
  p.link = ref::Link::logistic;
  p.generator = ref::GlmGenerator::authors;
  p.d = o.d;
  p.K = o.K;
  p.q = 12;
  p.sets = o.T;
  p.S = Rational(2);
  p.seed = seed;
  p.stream = 0;
  return ref::jdp_glm(ledger_jdp_params(o), ref::make_glm_instance(p), seed, 0);
}

Outcome assess_ledger_jdp(const ref::JdpGlmTrajectory& t, const LedgerJdpOptions& o) {
  const ref::JdpGlmParams jp = ledger_jdp_params(o);
  const ref::JdpGlmConstants& k = t.constants;
  const std::uint64_t T = o.T;
  if (t.actions.size() != T || t.explore.size() != T)
    throw_parameter_error(kFn, "trajectory", "a run of T = " + std::to_string(T) + " rounds",
                          std::to_string(t.actions.size()) + " actions");
  // ---- structure: clipped weights, the calls reconstructed in round order ----
  const Integer wcap = floor(Rational(Integer(Integer(1) << ref::kJdpWeightBits)) / jp.kappa_star);
  std::uint64_t exploit_rounds = 0;
  for (std::uint8_t e : t.explore) exploit_rounds += e == 0 ? 1 : 0;
  // one weight per exploitation leaf (explore = 0; a non-PD H_τ round counts as exploration and writes a V leaf)
  bool weights_ok = t.weights.size() == exploit_rounds;
  for (const Integer& w : t.weights) weights_ok = weights_ok && w >= 0 && w <= wcap;
  std::vector<Call> calls;
  {
    std::uint64_t n_o = 0, n_x = 0, count1 = 0;
    std::size_t sw = 0;
    for (std::uint64_t r = 1; r <= T; ++r) {
      if (sw < t.switches.size() && t.switches[sw] == r) {
        ++sw;
        if (n_x > 0) calls.push_back(Call{r, false, n_x, Integer(0)});
      }
      if (t.explore[r - 1]) {
        ++n_o;
        if (Integer(count1) < k.count1) {
          calls.push_back(Call{r, true, n_o, Integer(0)});
          ++count1;
        }
      } else {
        ++n_x;
      }
    }
  }
  bool calls_ok = calls.size() == t.pgd_iterations.size();
  for (std::size_t j = 0; j < calls.size() && calls_ok; ++j) calls[j].T_it = t.pgd_iterations[j];
  // ---- the P_GD calls: zero loss when T_it = 0 at n and n ± 1, else their calibrated law to every earlier user ----
  std::vector<Rational> eps_user(T, Rational(0)), delta_user(T, Rational(0));
  std::uint64_t silent = 0, charged = 0;
  nlohmann::json charged_calls = nlohmann::json::array();
  for (const Call& c : calls) {
    poll_cancellation();
    const Rational& e = c.theta_o ? k.eps_o : k.eps_tau;
    const Rational& dl = c.theta_o ? k.delta_o : k.delta_tau;
    bool zero = c.T_it == 0;
    for (std::uint64_t n : {c.n + 1, c.n > 1 ? c.n - 1 : c.n})
      zero = zero && ref::pgd_iterations(e, dl, Integer(n), Integer(o.d), 3) == 0;
    if (zero) {
      ++silent;
      continue;
    }
    ++charged;
    ref::CalibrationPgdInput ci;
    ci.eps = e;
    ci.delta = dl;
    ci.n = Integer(c.n + 1);  // the larger data set: T_it and so the composed budget are largest there
    ci.d = Integer(o.d);
    ci.S = jp.S;
    ci.lambda_max = Rational(k.lambda_max);
    const ref::PgdCalibration cal = ref::calibrate_pgd(ci);
    const std::uint64_t last_user = c.theta_o ? c.round : c.round - 1;  // users 1..last_user may be in the data
    for (std::uint64_t u = 0; u < last_user; ++u) {
      eps_user[u] += cal.eps_total_upper;
      delta_user[u] += cal.delta_total;
    }
    if (charged_calls.size() < 20)
      charged_calls.push_back({{"round", c.round}, {"estimate", c.theta_o ? "theta_o" : "theta_tau"}, {"n", c.n},
                               {"T_it", dpb::to_string(c.T_it)}, {"eps_total_upper", decimal(cal.eps_total_upper)},
                               {"delta_total", decimal(cal.delta_total)}});
  }
  Rational eps_calls = 0, delta_calls = 0;
  for (std::uint64_t u = 0; u < T; ++u) {
    eps_calls = std::max(eps_calls, eps_user[u]);
    delta_calls = std::max(delta_calls, delta_user[u]);
  }
  // ---- the trees: one Gaussian release per node pair, every complete node (h, j) ----
  const Rational ks2 = jp.kappa_star * jp.kappa_star;
  const Rational v = 1 / (k.sigma_V * k.sigma_V), h = 1 / (ks2 * k.sigma_H * k.sigma_H);
  const Rational v2(2 * v), h2(2 * h), vh(v + h);
  const Rational s2 = o.d >= 2 ? std::max({v2, h2, vh}) : std::max({v, h, vh});
  const std::vector<ref::ReleaseLaw> laws = {ref::gaussian_law(Rational(1), s2)};
  std::vector<ref::LedgerEntry> entries;
  for (std::uint64_t size = 1; size <= T; size *= 2)
    for (std::uint64_t j = 0; (j + 1) * size <= T; ++j)
      entries.push_back(ref::LedgerEntry{0, 0, j * size, size, entries.size()});
  Outcome out;
  nlohmann::json& ev = out.evidence;
  const bool structure_ok = weights_ok && calls_ok && t.count1 <= k.count1 && t.count2 <= k.count2;
  Rational eps_total = 0, delta_total = 0;
  std::optional<ref::LedgerResult> trees;
  if (delta_calls < o.delta) {
    ref::LedgerOptions lo;
    lo.delta = o.delta - delta_calls;
    trees = ref::compose_ledger(laws, entries, lo);
    eps_total = trees->eps_upper + eps_calls;
    delta_total = trees->delta + delta_calls;
  }
  const bool within = trees && eps_total <= o.eps && delta_total <= o.delta;
  const std::string claim = "(" + dpb::to_string(o.eps) + ", " + dpb::to_string(o.delta) + ")";
  if (!structure_ok) {
    out.verdict = Verdict::inconclusive;
    out.key_figure = "the run's structure is not as expected (weights above the clip or calls not as reconstructed)";
  } else if (within) {
    out.verdict = Verdict::holds;
    out.key_figure = std::string(charged > 0 ? "holds, conditional on Lemma I.7 (a membership change charged at the "
                                               "calls' replace-one law): "
                                             : "") +
                     "ledger (eps, delta) <= (" + decimal(eps_total) + ", " + decimal(delta_total) +
                     ") within the claim " + claim + "; trees mu = sqrt(" + decimal(*trees->gaussian_mu2) + "), " +
                     std::to_string(silent) + " of " + std::to_string(calls.size()) + " P_GD calls with T_it = 0";
  } else {
    out.verdict = Verdict::inconclusive;
    out.key_figure = "ledger (eps, delta) <= (" + (trees ? decimal(eps_total) : std::string("-")) + ", " +
                     (trees ? decimal(delta_total) : std::string("-")) + ") above the claim " + claim +
                     "; no lower bound computed";
  }
  ev["learner"] = "jdp-glm";
  ev["profile"] = "theorem";
  ev["eps"] = dpb::to_string(o.eps);
  ev["delta"] = dpb::to_string(o.delta);
  if (o.calibration_eps) ev["calibration_eps"] = dpb::to_string(*o.calibration_eps);
  ev["T"] = T;
  ev["d"] = o.d;
  ev["K"] = o.K;
  ev["constants"] = {{"lambda", dpb::to_string(k.lambda)},
                     {"sigma_V", decimal(k.sigma_V)},
                     {"sigma_H", decimal(k.sigma_H)},
                     {"threshold", decimal(k.threshold)},
                     {"count1_cutoff", dpb::to_string(k.count1)},
                     {"count2_cutoff", dpb::to_string(k.count2)},
                     {"eps_o", decimal(k.eps_o)},
                     {"eps_tau", decimal(k.eps_tau)}};
  ev["run"] = {{"explorations", T - exploit_rounds}, {"exploitations", exploit_rounds},
               {"switches", t.switches.size()}, {"not_pd", t.not_pd}, {"count1", t.count1}, {"count2", t.count2}};
  ev["trees"] = {{"nodes_per_tree", entries.size()},
                 {"node_pair_sensitivity_sq", dpb::to_string(s2)},
                 {"node_pair_sensitivity_sq_decimal", decimal(s2)},
                 {"rule", "max(2/sigma_V^2, 2/(kappa*^2 sigma_H^2), 1/sigma_V^2 + 1/(kappa*^2 sigma_H^2)) per node pair "
                          "(half symmetrisation, d >= 2; d = 1: 1 for 2)"},
                 {"delta_trees", trees ? decimal(o.delta - delta_calls) : std::string("-")}};
  if (trees) {
    ev["trees"]["mu2"] = dpb::to_string(*trees->gaussian_mu2);
    ev["trees"]["mu2_decimal"] = decimal(*trees->gaussian_mu2);
    ev["trees"]["eps_upper"] = decimal(trees->eps_upper);
    ev["trees"]["max_nodes_per_user"] = trees->max_releases_per_observation;
    ev["trees"]["worst_user"] = trees->worst_observation + 1;
    ev["trees"]["conversion"] = trees->conversion;
  }
  ev["switching_set"] = "post-processing of the V tree's nodes (charged above): no separate budget, Lemma 6.1 not used";
  ev["pgd"] = {{"calls", calls.size()},
               {"silent_T_it_0", silent},
               {"charged", charged},
               {"eps_max_per_user", decimal(eps_calls)},
               {"delta_max_per_user", decimal(delta_calls)},
               {"charged_calls_first_20", charged_calls},
               {"rule", "T_it = 0 at n and n +- 1: returns theta_0 (no data read), loss 0; otherwise calibrate_pgd's "
                        "(eps_total, delta_total) at n + 1 to every user of an earlier round (conditional on Lemma "
                        "I.7: the law is replace-one at fixed n)"}};
  ev["structure"] = {{"weights_within_clip", weights_ok}, {"calls_as_reconstructed", calls_ok},
                     {"weight_clip", dpb::to_string(wcap)}};
  ev["ledger_eps_upper"] = dpb::to_string(eps_total);
  ev["ledger_eps_upper_decimal"] = decimal(eps_total);
  ev["ledger_delta"] = dpb::to_string(delta_total);
  ev["ledger_delta_decimal"] = decimal(delta_total);
  ev["view"] = "both trees' complete nodes and the P_GD outputs; the switching set, the broadcast (V_t, H_t, theta_o, "
               "theta_tau) and every other user's action are post-processing";
  return out;
}

Outcome check_ledger_jdp(const RunOptions& run, const LedgerJdpOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const ref::JdpGlmTrajectory t = run_ledger_jdp(options, run.seed);
  poll_cancellation();
  Outcome out = assess_ledger_jdp(t, options);
  out.evidence["seed"] = run.seed;
  out.evidence["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace dpb::verify::privacy_checks
