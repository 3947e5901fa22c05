#include "verify/privacy_checks/ledger_checks.hpp"

#include <chrono>
#include <optional>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "optimized/learners/mase.hpp"
#include "reference/learners/mase.hpp"
#include "reference/learners/protocol_aggregator.hpp"
#include "reference/learners/release_schedule.hpp"
#include "reference/privacy/accountants.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/seed000_bounds.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/privacy_checks/dp_mase_checks.hpp"

namespace dpb::verify::privacy_checks {

namespace {

constexpr const char* kFn = "check_ledger";
constexpr std::uint32_t kArms = 2;
constexpr std::int64_t kGrid = 1;  // Bernoulli rewards; every ratio Δ/t is independent of G
constexpr std::uint32_t kMaseAgents = 1024, kMaseArms = 10;  // dp-mase: the paper's largest N, K = 10
const Rational kDelta(1, 100000);  // the claims' δ for the RDP / zCDP variants (as the audits)

std::optional<ref::Variant> protocol_variant(const std::string& learner) {
  for (ref::Variant v : {ref::Variant::DistDP, ref::Variant::DistRDP, ref::Variant::DistCDP, ref::Variant::Shuffle,
                         ref::Variant::Central, ref::Variant::Local})
    if (ref::protocol_learner_name(v) == learner) return v;
  return std::nullopt;
}

std::string decimal(const Rational& x) { return Interval(x, 64).upper_string(6); }

void apply_leak(std::vector<ref::ReleaseLaw>& laws, const Rational& leak) {
  if (leak == 1) return;
  for (ref::ReleaseLaw& l : laws) {
    switch (l.family) {
      case ref::LawFamily::discrete_laplace:
      case ref::LawFamily::report_noisy_max: l.scale /= leak; break;
      case ref::LawFamily::skellam: l.scale /= leak * leak; break;
      case ref::LawFamily::protocol_pure: l.guarantee *= leak; break;
      case ref::LawFamily::protocol_zcdp: l.guarantee *= leak * leak; break;
      case ref::LawFamily::gaussian: l.scale /= leak * leak; break;
      case ref::LawFamily::approx_dp: l.guarantee *= leak; break;  // δ (`scale`) unchanged
      case ref::LawFamily::exact: break;
    }
  }
}

nlohmann::json law_json(const ref::ReleaseLaw& l) {
  nlohmann::json j;
  j["family"] = std::string(ref::law_family_name(l.family));
  j["unit"] = std::string(ref::observation_unit_name(l.unit));
  j["scale"] = dpb::to_string(l.scale);
  j["sensitivity"] = dpb::to_string(l.sensitivity);
  j["guarantee"] = dpb::to_string(l.guarantee);
  if (ref::is_pure(l.family)) j["pure_eps"] = dpb::to_string(ref::pure_loss(l));
  return j;
}

// DP-MASE's recorded runs (both suites; the optimized engine with record_ledger, P1, δ = 1/4, β = ε's default 1/2):
// each run's releases composed by the ledger. A run's ledger is a subset of the schedule's worst case; its value is
// exact (discrete Laplace only, docs/privacy-000.md "Ledger"). When a run's value exceeds the schedule's, it
// replaces the result (so a wrongly recorded run cannot hide behind the schedule).
nlohmann::json dp_mase_recorded(const RunOptions& run, const Rational& eps, const Rational& leak,
                                ref::LedgerResult& ledger) {
  const ref::BanditInstance inst = ref::seed004_problem1();
  const std::vector<std::uint32_t> agents =
      run.suite == Suite::full ? std::vector<std::uint32_t>{4, 64} : std::vector<std::uint32_t>{4};
  const std::uint64_t runs = run.suite == Suite::full ? 5 : 2;
  nlohmann::json out = nlohmann::json::array();
  for (const std::uint32_t N : agents) {
    ref::MultiAgentParams p;
    p.agents = N;
    p.eps = eps;
    ref::MultiAgentConfig cfg = ref::configure_multi_agent(ref::MultiAgentAlgorithm::DpMase, p, inst.arms());
    cfg.record_ledger = true;
    for (std::uint64_t r = 0; r < runs; ++r) {
      poll_cancellation();
      const ref::MultiAgentOutcome o = fast::run_multi_agent(cfg, inst, ref::multi_agent_streams(run.seed, r));
      std::vector<ref::ReleaseLaw> laws = o.laws;
      apply_leak(laws, leak);
      const std::vector<ref::LedgerEntry> entries = dp_mase_ledger_entries(o, inst.arms());
      const ref::LedgerResult l = ref::compose_ledger(laws, entries);
      out.push_back({{"agents", N},
                     {"run", r},
                     {"rounds", o.rounds},
                     {"releases", entries.size()},
                     {"eps", dpb::to_string(l.empty ? Rational(0) : l.eps_upper)},
                     {"max_releases_per_observation", l.max_releases_per_observation}});
      if (!l.empty && l.eps_upper > ledger.eps_upper) {
        ledger = l;
        ledger.worst_releases.clear();  // positions in the run, not in the schedule
      }
      ledger.max_releases_per_observation =
          std::max(ledger.max_releases_per_observation, l.max_releases_per_observation);
    }
  }
  return out;
}

}  // namespace

const std::vector<std::string>& ledger_learners() {
  static const std::vector<std::string> names = {"dp-se",       "dist-dp-se", "dist-rdp-se",      "dist-cdp-se",
                                                 "shuffle-se",  "cdp-se",     "ldp-se",           "anytime-lazy-ucb",
                                                 "hybrid-ucb",  "ftnl",       "naive-ftnl",       "dp-mase"};
  return names;
}

Outcome check_ledger(const std::string& learner, const RunOptions& run, const LedgerCheckOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  bool known = false;
  for (const auto& n : ledger_learners()) known |= n == learner;
  if (!known) throw_parameter_error(kFn, "learner", "one of the ledger learners (dp-se, hybrid-ucb, ...)", learner);
  if (options.eps <= 0) throw_parameter_error(kFn, "eps", "> 0", dpb::to_string(options.eps));
  if (options.leak < 1) throw_parameter_error(kFn, "leak", ">= 1", dpb::to_string(options.leak));
  (void)run;  // the same horizon in both suites: schedules, not simulations, make 10^6 cheap (< 1 s)
  const std::uint64_t T = options.horizon != 0 ? options.horizon : 1000000;
  if (T < 4 || T > (std::uint64_t{1} << 24))
    throw_parameter_error(kFn, "horizon", "in [4, 2^24]", std::to_string(T));
  const Rational& eps = options.eps;

  // ---- the schedule ----
  ref::ReleaseSchedule schedule;
  const std::optional<ref::Variant> variant = protocol_variant(learner);
  std::optional<Rational> ftnl_c;
  std::optional<Rational> analytic_bound;  // for every horizon
  std::string analytic_note;
  if (learner == "dp-se") {
    ref::DpSuccessiveEliminationParams p;
    p.K = kArms;
    p.T = T;
    p.eps = eps;
    schedule = ref::dp_se_schedule(p, kGrid);
    analytic_bound = eps;
    analytic_note = "epochs are disjoint and fresh: every observation enters at most one release, for every T";
  } else if (learner == "dp-mase") {
    // Seed 004, Alg. 2 + 4a (issue 16 §1): N = 1024 agents, K = 10 arms, T rounds (each agent's arms: one stream
    // each, the agent active in every round in the worst case), β = 1/2 (the paper's); one reward of one agent is one
    // observation of one stream (the multi-agent relation, docs/privacy-004.md §1). Recorded runs are added below.
    schedule = ref::dp_mase_schedule(kMaseAgents, kMaseArms, T, Rational(1, 2), eps, kGrid);
    analytic_bound = eps;
    analytic_note = "for every T and every N: agent n's epochs partition its pulls of each arm (R(e) consecutive "
                    "activations, sums reset at each epoch end, the last unfinished epoch never released), and a "
                    "release holds one agent's one arm's sum of one epoch (Prop. 4.1's disjoint union D(n, e_n)); so "
                    "every reward enters at most one release, of pure eps = G q / (G q / eps) = eps";
  } else if (learner == "anytime-lazy-ucb") {
    ref::AnytimeLazyUcbParams p;
    p.K = kArms;
    p.T = T;
    p.eps = eps;
    schedule = ref::anytime_lazy_ucb_schedule(p, kGrid);
    analytic_bound = eps;
    analytic_note = "observation n of an arm is in array floor(log2(n + 1)) only: one release, for every T";
  } else if (learner == "hybrid-ucb") {
    ref::HybridUcbParams p;
    p.K = kArms;
    p.T = T;
    p.eps = eps;
    p.tree_scale = options.hybrid_levels_plus_one ? ref::TreeScale::LevelsPlusOne : ref::TreeScale::Paper;
    schedule = ref::hybrid_ucb_schedule(p, kGrid);
    analytic_bound = ref::hybrid_ucb_eps_bound_all_horizons(eps, p.tree_scale) * options.leak;
    analytic_note = "observation n >= 1 of tree r: at most r + 1 nodes of Lap(2 levels(r)/eps) and one array of "
                    "Lap(2/eps); eps (r + 1)/(2 levels(r)) + eps/2 decreases in r, its supremum is at r = 1";
  } else if (learner == "ftnl" || learner == "naive-ftnl") {
    ref::FtnlParams p;
    p.K = kArms;
    p.T = T;
    p.eps = eps;
    ftnl_c = learner == "naive-ftnl" ? Rational(kArms) : options.ftnl_noise_multiplier.value_or(Rational(1));
    p.noise_multiplier = *ftnl_c;
    schedule = ref::ftnl_schedule(p, kGrid);
    analytic_bound = 2 * eps / *ftnl_c;  // times the leak below
    analytic_note = "round t is in epoch floor(log2 t) only: one Report-Noisy-Max call, for every T";
  } else {
    ref::ProtocolAggregatorParams ap;
    ap.variant = *variant;
    ap.eps = eps;
    ap.horizon = Integer(T);
    const ref::ProtocolAggregator aggregator(ap);
    ref::BatchedSuccessiveEliminationParams p;
    p.K = kArms;
    p.T = T;
    schedule = ref::batched_se_schedule(p, aggregator);
    analytic_note = "batches are disjoint and fresh: every observation enters at most one release, for every T";
  }
  poll_cancellation();
  apply_leak(schedule.laws, options.leak);
  if (!variant && learner != "hybrid-ucb" && analytic_bound) *analytic_bound = *analytic_bound * options.leak;

  const bool approximate = variant && (*variant == ref::Variant::DistRDP || *variant == ref::Variant::DistCDP);
  ref::LedgerOptions lo;
  if (approximate) lo.delta = kDelta;
  ref::LedgerResult ledger = ref::compose_ledger(schedule.laws, schedule.entries, lo);
  poll_cancellation();
  nlohmann::json recorded;
  if (learner == "dp-mase") recorded = dp_mase_recorded(run, eps, options.leak, ledger);

  // ---- the claim ----
  Rational claim_lower;  // a lower bound of the claimed ε (exact for pure claims)
  std::string claim_text;
  if (!approximate) {
    claim_lower = eps;
    claim_text = "eps = " + dpb::to_string(eps) + " (pure)";
  } else if (*variant == ref::Variant::DistRDP) {
    // Theorem 2 as printed (s = 1), on the ledger's integer alpha grid, then Lemma 10 at delta (the paper's route).
    ref::RdpCurve printed;
    for (const Rational& a : ref::ledger_alpha_grid()) printed.emplace_back(a, ref::theorem2_printed(eps, 1, a));
    claim_lower = ref::rdp_to_dp_lemma10_enclosure(printed, kDelta).lower();
    claim_text = "Theorem 2 as printed (s = 1), (eps', delta)-DP by Lemma 10 at delta = 1e-5";
  } else {
    // Theorem 4: ½ε̂²-CDP, ξ with σ² = s² = 1 and T/2 − 1 terms; (½ε̂² + ε̂√(2 ln(1/δ)), δ)-DP as stated.
    const Interval xi = ref::xi_enclosure(Rational(1), Integer(T / 2 - 1));
    const Interval e_hat = ref::theorem4_eps_hat(eps, xi, ref::kAccountantPrecision);
    const Interval two_log = Interval(kDelta, ref::kAccountantPrecision).log().mul(Rational(-2));
    const Interval claimed = e_hat.sqr().div(Rational(2)) + e_hat * two_log.sqrt();
    claim_lower = claimed.lower();
    claim_text = "Theorem 4 (s = 1, xi over T/2 - 1 terms): 1/2 eps_hat^2-CDP, (1/2 eps_hat^2 + eps_hat sqrt(2 ln(1/delta)), "
                 "delta)-DP at delta = 1e-5";
  }

  // ---- a certified lower bound for the worst observation ----
  std::optional<Rational> lower;
  std::string lower_how;
  nlohmann::json lower_observation;  // when the bound is for another observation with the same (maximal) ledger value
  if (!ledger.unbounded && !approximate) {
    bool laplace_only = true, rnm = false;
    for (std::uint64_t pos : ledger.worst_releases) {
      const ref::LawFamily f = schedule.laws[schedule.entries[pos].law].family;
      laplace_only &= f == ref::LawFamily::discrete_laplace;
      rnm |= f == ref::LawFamily::report_noisy_max;
    }
    if (laplace_only) {
      lower = ledger.eps_pure;
      lower_how = "exact: the releases containing the observation are independent discrete-Laplace noisy sums that the "
                  "observation's change (reward 0 -> 1) moves by their full sensitivity in the same direction; the joint "
                  "view's likelihood ratio is the product, which attains e^(sensitivity/scale) per release";
    } else if (rnm && ftnl_c) {
      // The last epoch s whose RNM runs: rounds [2^s, 2^(s+1) − 1] with 2^(s+1) − 1 < T; K = 2 (docs).
      std::uint32_t s = 0;
      while ((std::uint64_t{2} << (s + 1)) - 1 < T) ++s;
      if (s >= 2) {
        const Rational bound = 2 * eps / *ftnl_c * options.leak - Rational(2, (Integer(1) << s) - 2);
        lower = bound;
        // The observation the bound is for (round 2^s, 0-based 2^s − 1) and its own ledger value.
        const std::uint64_t obs = (std::uint64_t{1} << s) - 1;
        Rational at_obs = 0;
        for (const ref::LedgerEntry& e : schedule.entries)
          if (e.first <= obs && obs < e.first + e.count) at_obs += ref::pure_loss(schedule.laws[e.law]);
        lower_observation = nlohmann::json{{"stream", 0}, {"index", obs}, {"unit", "round"},
                                           {"ledger_eps", dpb::to_string(at_obs)}};
        lower_how = "the exact law of the RNM decision after epoch s = " + std::to_string(s) +
                    " with K = 2: P(J = 1) = P(L1 - L0 >= d + 1), d = (2^s - 2) Delta under D, d + 2 Delta under D'; "
                    "log ratio >= 2 Delta/t - log(1 + 2 Delta (1 - b)/((1 + C)(1 - b) + (d + 1)(1 - b) + b)) >= "
                    "2 eps/c - 2/(2^s - 2)";
      }
    }
  }

  // ---- verdict ----
  Outcome out;
  const Rational& upper = ledger.eps_upper;
  if (ledger.unbounded) {
    out.verdict = Verdict::violated;
    out.key_figure = "a release without noise: whole-output eps = infinity";
  } else if (upper <= claim_lower) {
    out.verdict = Verdict::holds;
    out.key_figure = "ledger eps <= " + decimal(upper) + " <= claim " + decimal(claim_lower) + " (T = " +
                     std::to_string(T) + ")";
  } else if (lower && *lower > claim_lower && !approximate) {
    out.verdict = Verdict::violated;
    out.key_figure = "ledger eps " + decimal(upper) + ", certified lower " + decimal(*lower) + " > claim " +
                     decimal(claim_lower);
  } else {
    out.verdict = Verdict::inconclusive;
    out.key_figure = "ledger eps <= " + decimal(upper) + " > claim " + decimal(claim_lower) +
                     (lower ? ", lower " + decimal(*lower) : ", no lower bound");
  }

  nlohmann::json& ev = out.evidence;
  ev["learner"] = learner;
  ev["eps"] = dpb::to_string(eps);
  ev["horizon"] = T;
  ev["arms"] = learner == "dp-mase" ? kMaseArms : kArms;
  if (learner == "dp-mase") {
    ev["agents"] = kMaseAgents;
    ev["horizon_unit"] = "rounds (each stream holds at most one pull per round)";
    ev["recorded_runs"] = recorded;
  }
  ev["reward_grid"] = kGrid;
  if (options.leak != 1) ev["leak"] = dpb::to_string(options.leak);
  if (ftnl_c) ev["noise_multiplier"] = dpb::to_string(*ftnl_c);
  if (learner == "hybrid-ucb") ev["tree_scale"] = options.hybrid_levels_plus_one ? "levels+1" : "paper (levels = r)";
  ev["schedule"] = schedule.description;
  ev["releases_in_schedule"] = schedule.entries.size();
  ev["claim"] = claim_text;
  ev["claim_eps_lower"] = dpb::to_string(claim_lower);
  ev["claim_eps_lower_decimal"] = decimal(claim_lower);
  ev["ledger_eps_upper"] = dpb::to_string(upper);
  ev["ledger_eps_upper_decimal"] = decimal(upper);
  ev["conversion"] = ledger.conversion;
  if (approximate) ev["delta"] = dpb::to_string(kDelta);
  ev["max_releases_per_observation"] = ledger.max_releases_per_observation;
  ev["worst_observation"] = {{"stream", ledger.worst_stream}, {"index", ledger.worst_observation},
                             {"unit", schedule.laws.empty() ? "arm_pull"
                                                            : std::string(ref::observation_unit_name(
                                                                  schedule.laws.front().unit))}};
  nlohmann::json worst = nlohmann::json::array();
  for (std::uint64_t pos : ledger.worst_releases) {
    if (worst.size() >= 20) break;
    const ref::LedgerEntry& e = schedule.entries[pos];
    worst.push_back({{"release", pos}, {"first", e.first}, {"count", e.count}, {"law", law_json(schedule.laws[e.law])}});
  }
  ev["worst_releases"] = worst;
  if (analytic_bound) {
    ev["analytic_bound_all_horizons"] = dpb::to_string(*analytic_bound);
    ev["analytic_bound_holds_numerically"] = upper <= *analytic_bound;
  }
  ev["analytic_note"] = analytic_note;
  if (lower) {
    ev["certified_lower_bound"] = dpb::to_string(*lower);
    ev["certified_lower_bound_decimal"] = decimal(*lower);
    ev["lower_bound_how"] = lower_how;
    ev["lower_bound_observation"] =
        lower_observation.is_null() ? ev["worst_observation"] : lower_observation;
  }
  ev["verdict_rule"] = "holds iff the ledger's whole-output eps (certified upper bound) <= the claim (a lower bound of "
                       "it for converted claims); above it violated only with a certified lower bound for the same "
                       "observation above the claim, otherwise inconclusive with both bounds";
  if (out.verdict == Verdict::inconclusive)
    ev["inconclusive_because"] = approximate
                                     ? "the converted upper bound exceeds the claim and no certified lower bound of the "
                                       "joint view's delta(eps) is computed"
                                     : "no certified lower bound for the worst observation exceeds the claim";
  ev["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace dpb::verify::privacy_checks
