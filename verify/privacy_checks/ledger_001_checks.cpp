#include "verify/privacy_checks/ledger_001_checks.hpp"

#include <algorithm>
#include <chrono>
#include <span>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/release_law_001.hpp"
#include "reference/privacy/seed001.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "reference/protocols/tree_mechanism.hpp"
#include "verify/cluster/cancellation.hpp"

namespace dpb::verify::privacy_checks {

namespace {

constexpr const char* kFn = "check_ledger_001";
constexpr mpfr_prec_t kPrec = 256;

// The exact rational when it is short (1/100000), else 6 digits rounded up.
std::string decimal(const Rational& x) {
  const std::string exact = dpb::to_string(x);
  return exact.size() <= 12 ? exact : Interval(x, 64).upper_string(6);
}

ref::LinUcbVariant variant_of(const std::string& learner) {
  for (const auto& n : ledger_001_learners())
    if (n == learner) return *ref::parse_linucb_variant(learner);
  throw_parameter_error(kFn, "learner", "one of linucb-sdp-amp, linucb-sdp-vec, linucb-ldp, linucb-jdp", learner);
}

// P_Amp: a certified lower bound of the batch view's δ(ε) from the released vector sum (a post-processing of the
// view; docs/privacy-001.md §9): the pair φ = e₁, y = −1 ↔ +1 moves the vector part by 2 and the matrix part not at
// all; unrounded the sum's shift is μ = 2/(σ̄√B); the rounded sum lies within η = √L·√B·2^−r/(2σ̄) (normalised) of
// it along any unit direction, so δ ≥ Φ(μ/2 − ε/μ − η) − e^ε Φ(−μ/2 − ε/μ + η) (0 when negative).
Rational p_amp_sum_delta_lower(const Rational& sigma_bar, const Integer& B, std::uint32_t d, unsigned r,
                               const Rational& eps) {
  const Interval sqrtB = Interval(Rational(B), kPrec).sqrt();
  const Interval mu = Interval(Rational(2) / sigma_bar, kPrec) / sqrtB;
  const Rational labels(d + std::uint64_t{d} * (d + 1) / 2);
  const Interval eta = Interval(labels, kPrec).sqrt() * sqrtB / Interval(Rational(2 * sigma_bar * (Integer(1) << r)), kPrec);
  const Interval half = mu.div(Rational(2)), shift = Interval(eps, kPrec) / mu;
  const Interval v = ref::normal_cdf(half - shift - eta) - Interval(eps, kPrec).exp() * ref::normal_cdf(-half - shift + eta);
  return std::max(Rational(0), v.lower());
}

// The learner's configuration for the run (the same call the run made).
ref::LinUcbConfig config_of(const std::string& learner, const Ledger001Options& o) {
  ref::LinUcbParams p;
  p.variant = variant_of(learner);
  p.profile = ref::Profile001::Theorem;
  p.T = o.T;
  p.B = o.B;
  p.eps = o.calibration_eps.value_or(o.eps);
  p.delta = o.delta;
  p.users = o.users;
  p.m0 = o.m0;
  return ref::configure_linucb(p, o.d, o.K, o.q);
}

// The run's parameters, first in both ledger outcomes' evidence.
void put_run_parameters(nlohmann::json& ev, const std::string& learner, const Ledger001Options& o, std::uint64_t M) {
  ev["learner"] = learner;
  ev["profile"] = "theorem";
  ev["eps"] = dpb::to_string(o.eps);
  ev["delta"] = dpb::to_string(o.delta);
  if (o.calibration_eps) ev["calibration_eps"] = dpb::to_string(*o.calibration_eps);
  ev["T"] = o.T;
  ev["B"] = o.B;
  ev["M"] = M;
  ev["d"] = o.d;
  ev["K"] = o.K;
  ev["q"] = o.q;
}

// Returning users: the user-level composition (header comment; ref::compose_user_level_001) and, for P_Amp, the
// person's k messages composed exactly (each batch's shuffled view is a post-processing of the messages, one per
// person and batch: gaussian(σ̄², 8) each, μ² = 8k/σ̄² — the "messages" accountant of 001.thm-e3.privacy).
Outcome assess_returning(ref::LinUcbVariant v, const std::string& learner, const ref::LinUcbTrajectory& t,
                         const Ledger001Options& o, const std::vector<ref::LedgerEntry>& entries, bool structure_ok,
                         std::uint32_t max_in) {
  const std::uint64_t M = o.T / o.B;
  const ref::LinUcbConfig cfg = config_of(learner, o);
  const bool tree = v == ref::LinUcbVariant::Jdp;
  const std::uint64_t k = tree ? cfg.M0 : M;
  Outcome out;
  nlohmann::json& ev = out.evidence;
  put_run_parameters(ev, learner, o, M);
  ev["users"] = "returning";
  ev["privacy_note"] = cfg.privacy_note;
  ev["in_range"] = cfg.in_range;
  if (tree) {
    ev["m0"] = cfg.M0;
    ev["sigma_node"] = dpb::to_string(cfg.sigma);
  } else {
    ev["calibration_batches"] = cfg.calibration_batches;
    ev["eps_batch"] = decimal(cfg.batch_eps);
    ev["delta_batch"] = dpb::to_string(cfg.batch_delta);
  }
  nlohmann::json laws = nlohmann::json::array();
  for (std::size_t i = 0; i < t.laws.size(); ++i)
    laws.push_back({{"law", ref::describe(t.laws[i])}, {"how", i < t.law_notes.size() ? t.law_notes[i] : ""}});
  ev["laws"] = laws;
  ev["releases"] = t.releases.size();
  ev["structure"] = {{"as_expected", structure_ok}, {"max_releases_per_round", max_in}};
  ev["person"] = tree ? "one person is at most M0 = " + std::to_string(k) +
                            " rounds (Prop. 4.3), anywhere in the run (rounds may share leaves and nodes)"
                      : "one person is a user of every batch, at most once per batch (Thms E.3, E.5): at most M = "
                        "floor(T/B) = " + std::to_string(k) + " batch releases";
  if (entries.empty()) {
    out.verdict = Verdict::inconclusive;
    out.key_figure = "no release";
    return out;
  }
  const ref::UserLevel001 u = ref::compose_user_level_001(
      t.laws, entries, k, o.delta, tree ? ref::UserLevelMode::Rounds : ref::UserLevelMode::Batches);
  std::optional<Rational> delta_at_eps;
  if (u.gaussian_mu2) delta_at_eps = ref::gaussian_delta_upper_at(*u.gaussian_mu2, o.eps);
  const bool ledger_ok = (u.eps_upper <= o.eps && u.delta <= o.delta) || (delta_at_eps && *delta_at_eps <= o.delta);
  ev["ledger_eps_upper"] = dpb::to_string(u.eps_upper);
  ev["ledger_eps_upper_decimal"] = decimal(u.eps_upper);
  ev["ledger_delta"] = dpb::to_string(u.delta);
  ev["ledger_delta_decimal"] = decimal(u.delta);
  ev["conversion"] = u.conversion;
  ev["charged"] = u.charged;
  if (u.gaussian_mu2) {
    ev["gaussian_mu2"] = dpb::to_string(*u.gaussian_mu2);
    ev["gaussian_delta_at_claim_eps_upper"] = decimal(*delta_at_eps);
  }
  nlohmann::json worst = nlohmann::json::array();
  for (std::uint64_t w : u.worst) {
    if (worst.size() >= 20) break;
    worst.push_back(w);
  }
  ev[tree ? "worst_rounds" : "worst_releases"] = worst;
  // P_Amp: the messages accountant.
  bool messages_ok = false;
  Rational msg_eps, msg_mu2;
  if (v == ref::LinUcbVariant::SdpAmp) {
    msg_mu2 = Rational(8 * Integer(k)) / (cfg.sigma * cfg.sigma);
    msg_eps = ref::gaussian_eps_upper_bound(msg_mu2, o.delta);
    messages_ok = msg_eps <= o.eps || ref::gaussian_delta_upper_at(msg_mu2, o.eps) <= o.delta;
    ev["messages_accountant"] = {{"how", "the person's k = " + std::to_string(k) +
                                             " R_Amp messages (one per batch, gaussian(sigma_bar^2, 8) each), "
                                             "composed exactly; every shuffled view is their post-processing"},
                                 {"mu2", dpb::to_string(msg_mu2)},
                                 {"eps_upper", decimal(msg_eps)}};
  }
  if (ledger_ok || messages_ok) {
    out.verdict = Verdict::holds;
    out.key_figure = "user-level (eps, delta) <= (" + decimal(ledger_ok ? u.eps_upper : msg_eps) + ", " +
                     decimal(ledger_ok ? u.delta : o.delta) + ") within the claim (" + dpb::to_string(o.eps) + ", " +
                     dpb::to_string(o.delta) + ")" + (ledger_ok ? "" : " by the messages accountant") + "; k = " +
                     std::to_string(k) + (tree ? " rounds" : " batches") + " per person";
    if (!structure_ok) out.key_figure += " (release structure differs from the learner's: see evidence)";
  } else {
    out.verdict = Verdict::inconclusive;
    out.key_figure = "user-level (eps, delta) <= (" + decimal(u.eps_upper) + ", " + decimal(u.delta) +
                     ") above the claim (" + dpb::to_string(o.eps) + ", " + dpb::to_string(o.delta) + "); k = " +
                     std::to_string(k);
    ev["inconclusive_because"] = "the certified user-level upper bounds exceed the claim and no certified lower bound "
                                 "above it is computed";
  }
  ev["verdict_rule"] = "holds iff a certified user-level (eps, delta) upper bound is within the claim (issue 11 "
                       "errata: holds needs a certified upper bound); otherwise inconclusive with the bounds";
  return out;
}

}  // namespace

const std::vector<std::string>& ledger_001_learners() {
  static const std::vector<std::string> names = {"linucb-sdp-amp", "linucb-sdp-vec", "linucb-ldp", "linucb-jdp"};
  return names;
}

Ledger001Options ledger_001_defaults(const std::string& learner) {
  const ref::LinUcbVariant v = variant_of(learner);
  Ledger001Options o;
  switch (v) {
    case ref::LinUcbVariant::SdpAmp: o.eps = Rational(1, 10); o.B = 400; o.T = 837; break;
    case ref::LinUcbVariant::SdpVec: o.eps = Rational(1); o.B = 20; o.T = 67; break;
    case ref::LinUcbVariant::Ldp: o.eps = Rational(1, 2); o.B = 20; o.T = 67; break;
    case ref::LinUcbVariant::Jdp: o.eps = Rational(1, 2); o.B = 10; o.T = 85; break;
    case ref::LinUcbVariant::NonPrivate: break;
  }
  return o;
}

Ledger001Options ledger_001_returning_defaults(const std::string& learner) {
  const ref::LinUcbVariant v = variant_of(learner);
  if (v == ref::LinUcbVariant::Ldp || v == ref::LinUcbVariant::NonPrivate)
    throw_parameter_error(kFn, "learner", "one of linucb-sdp-amp, linucb-sdp-vec, linucb-jdp (returning users)",
                          learner);
  Ledger001Options o = ledger_001_defaults(learner);
  o.eps = Rational(1, 2);
  o.users = ref::UserModel::Returning;
  return o;
}

ref::LinUcbTrajectory run_ledger_001(const std::string& learner, const Ledger001Options& o, std::uint64_t seed) {
  ref::LinUcbParams p;
  p.variant = variant_of(learner);
  p.profile = ref::Profile001::Theorem;
  p.T = o.T;
  p.B = o.B;
  p.eps = o.calibration_eps.value_or(o.eps);
  p.delta = o.delta;
  p.users = o.users;
  p.m0 = o.m0;
  ChaCha20Source bits(seed, 0);
  const ref::LinearInstance inst = ref::seed001_instance(o.d, o.K, o.q, bits);
  const ref::RewardTape tape = ref::make_reward_tape(inst.bandit(), o.T, seed, 2);
  ChaCha20Source noise(seed, 1);
  ref::LinUcbOptions lo;
  lo.record_ledger = true;
  lo.record_updates = false;
  return ref::shuffle_private_linucb(p, inst, tape, NoiseSource(noise), lo);
}

Outcome assess_ledger_001(const std::string& learner, const ref::LinUcbTrajectory& t, const Ledger001Options& o) {
  const ref::LinUcbVariant v = variant_of(learner);
  if (o.B == 0 || o.T < o.B) throw_parameter_error(kFn, "B", "in [1, T]", std::to_string(o.B));
  const std::uint64_t M = o.T / o.B, aggregated = M * o.B;
  const unsigned levels = ref::tree_levels(Integer(M));
  // ---- unique users, from the trajectory ----
  std::vector<std::uint32_t> per_user(t.horizon, 0);
  bool outside = false;
  for (const ref::Release& r : t.releases) {
    if (r.first + r.count > t.horizon) {
      outside = true;
      continue;
    }
    for (std::uint64_t u = r.first; u < r.first + r.count; ++u) ++per_user[u];
  }
  std::uint32_t max_in = 0, min_in = ~0u;
  std::uint64_t trailing_released = 0, twice = 0;
  for (std::uint64_t u = 0; u < t.horizon; ++u) {
    if (u < aggregated) {
      max_in = std::max(max_in, per_user[u]);
      min_in = std::min(min_in, per_user[u]);
      twice += per_user[u] > 1;
    } else {
      trailing_released += per_user[u] > 0;
    }
  }
  if (aggregated == 0) min_in = 0;
  const bool tree = v == ref::LinUcbVariant::Jdp;
  const bool structure_ok = !outside && trailing_released == 0 && t.unaggregated == t.horizon - aggregated &&
                            (tree ? max_in <= levels : (max_in == 1 && min_in == 1));

  // ---- the ledger ----
  const std::vector<ref::LedgerEntry> entries =
      ref::ledger_entries(std::span<const ref::Release>(t.releases), std::span<const ref::ReleaseLaw>(t.laws));
  if (o.users == ref::UserModel::Returning) return assess_returning(v, learner, t, o, entries, structure_ok, max_in);
  ref::LedgerOptions lo;
  lo.delta = o.delta;
  const ref::LedgerResult ledger = ref::compose_ledger(t.laws, entries, lo);
  // Gaussian releases only: the exact composition's certified δ at the claim's ε decides too (the ε_up of the
  // ledger is on the grid 2^−24; a claim ε off that grid is decided here exactly).
  bool gauss_only = ledger.gaussian_mu2.has_value();
  for (const ref::ReleaseLaw& l : t.laws) gauss_only &= l.family == ref::LawFamily::gaussian;
  std::optional<Rational> gauss_delta_at_eps;
  if (ledger.gaussian_mu2) gauss_delta_at_eps = ref::gaussian_delta_upper_at(*ledger.gaussian_mu2, o.eps);

  Outcome out;
  std::optional<Rational> lower;
  if (ledger.unbounded) {
    out.verdict = Verdict::violated;
    out.key_figure = "a release without noise: whole-output eps = infinity";
  } else if (!ledger.empty && ((ledger.eps_upper <= o.eps && ledger.delta <= o.delta) ||
                               (gauss_only && *gauss_delta_at_eps <= o.delta))) {
    out.verdict = Verdict::holds;
    out.key_figure = "ledger (eps, delta) <= (" + decimal(ledger.eps_upper) + ", " + decimal(ledger.delta) +
                     ") within the claim (" + dpb::to_string(o.eps) + ", " + dpb::to_string(o.delta) + "); max releases per user " +
                     std::to_string(max_in);
  } else {
    out.verdict = Verdict::inconclusive;
    if (v == ref::LinUcbVariant::SdpAmp) {
      const ref::AmpSigma a = ref::thm32_sigma(o.calibration_eps.value_or(o.eps), o.delta, Integer(o.B));
      lower = p_amp_sum_delta_lower(a.sigma_bar, Integer(o.B), o.d, 2 * o.q, o.eps);
    }
    out.key_figure = ledger.empty ? "no release" : "ledger (eps, delta) <= (" + decimal(ledger.eps_upper) + ", " +
                                                       decimal(ledger.delta) + ") above the claim (" + dpb::to_string(o.eps) +
                                                       ", " + dpb::to_string(o.delta) + ")" +
                                                       (lower ? "; certified delta(eps) >= " + decimal(*lower) : "");
  }
  if (!structure_ok && out.verdict == Verdict::holds) {
    // The releases do not have the shape the calibration assumed; the composition above still bounds them, but say so.
    out.key_figure += " (release structure differs from the learner's: see evidence)";
  }

  nlohmann::json& ev = out.evidence;
  put_run_parameters(ev, learner, o, M);
  nlohmann::json laws = nlohmann::json::array();
  for (std::size_t i = 0; i < t.laws.size(); ++i)
    laws.push_back({{"law", ref::describe(t.laws[i])}, {"how", i < t.law_notes.size() ? t.law_notes[i] : ""}});
  ev["laws"] = laws;
  ev["releases"] = t.releases.size();
  ev["users"] = {{"aggregated", aggregated},
                 {"trailing_unaggregated", t.unaggregated},
                 {"trailing_in_a_release", trailing_released},
                 {"max_releases_per_user", max_in},
                 {"min_releases_per_aggregated_user", min_in},
                 {"users_in_more_than_one_release", twice},
                 {"coverage_outside_horizon", outside},
                 {"expected", tree ? "each user in at most m = " + std::to_string(levels) + " tree nodes"
                                   : std::string("each aggregated user in exactly one batch release (unique users), "
                                                 "the trailing partial batch in none")},
                 {"as_expected", structure_ok}};
  if (tree)
    ev["view"] = "Def. D.3 (JDP): the other users' actions. They are functions of the broadcasts (the Billboard lemma, "
                 "Hsu et al. 2016; select_action takes the broadcast and the user's own context only), the broadcasts of "
                 "the released prefixes, the prefixes sums of tree nodes: the ledger composes every node the tree "
                 "drew noise for (exactly the left nodes the prefixes use), so it bounds the actions' view by "
                 "post-processing";
  else if (v == ref::LinUcbVariant::Ldp)
    ev["view"] = "Def. 2.2 (LDP) and the central view of all messages: each user's data is in its own message only";
  else
    ev["view"] = "Def. 2.3/2.4 (SDP): every batch's shuffled view (analyzer input); broadcasts and actions are "
                 "post-processing";
  ev["ledger_eps_upper"] = dpb::to_string(ledger.eps_upper);
  ev["ledger_eps_upper_decimal"] = decimal(ledger.eps_upper);
  ev["ledger_delta"] = dpb::to_string(ledger.delta);
  ev["ledger_delta_decimal"] = decimal(ledger.delta);
  ev["conversion"] = ledger.conversion;
  if (ledger.gaussian_mu2) {
    ev["gaussian_mu2"] = dpb::to_string(*ledger.gaussian_mu2);
    ev["gaussian_delta_at_claim_eps_upper"] = decimal(*gauss_delta_at_eps);
  }
  ev["max_releases_per_observation"] = ledger.max_releases_per_observation;
  ev["worst_user"] = ledger.worst_observation;
  nlohmann::json worst = nlohmann::json::array();
  for (std::uint64_t pos : ledger.worst_releases) {
    if (worst.size() >= 20) break;
    const ref::Release& r = t.releases[pos];
    worst.push_back({{"release", pos}, {"round", r.round}, {"first_user", r.first}, {"users", r.count},
                     {"law", ref::describe(t.laws[r.law])}});
  }
  ev["worst_releases"] = worst;
  if (lower) {
    ev["certified_delta_lower_at_eps"] = dpb::to_string(*lower);
    ev["certified_delta_lower_at_eps_decimal"] = decimal(*lower);
    ev["lower_bound_how"] = "the released vector sum of the batch (a post-processing of its shuffled view) for the "
                            "pair phi = e1, y = -1 vs +1: Phi(mu/2 - eps/mu - eta) - e^eps Phi(-mu/2 - eps/mu + eta), "
                            "mu = 2/(sigma_bar sqrt B), eta the rounding margin (docs/privacy-001.md section 9)";
  }
  ev["verdict_rule"] = "holds iff the ledger's certified (eps, delta) is within the claim; violated only for a "
                       "release without noise or a certified lower bound above the claim; otherwise inconclusive with "
                       "both bounds";
  if (out.verdict == Verdict::inconclusive)
    ev["inconclusive_because"] =
        v == ref::LinUcbVariant::SdpAmp
            ? "the batch's only certified guarantee at this size is Lemma B.4's (eps~, delta~), about 4.4 eps and "
              "3.8 delta (Thm 3.2 claims O(eps, delta)); the released sum's certified delta(eps) is far below delta. "
              "Deciding it needs a certified upper bound of the shuffled view's delta(eps) within (eps, delta) (a "
              "tighter amplification bound, or the view's exact law: permanents at B = 400 are out of reach) or a "
              "certified lower bound above delta"
            : "the ledger's upper bound exceeds the claim and no certified lower bound above it is computed";
  return out;
}

Outcome check_ledger_001(const std::string& learner, const RunOptions& run, const Ledger001Options& options) {
  const auto started = std::chrono::steady_clock::now();
  const ref::LinUcbTrajectory t = run_ledger_001(learner, options, run.seed);
  poll_cancellation();
  Outcome out = assess_ledger_001(learner, t, options);
  out.evidence["seed"] = run.seed;
  out.evidence["streams"] = "instance ChaCha20(seed, 0), rewards (seed, 2), noise (seed, 1); reference build";
  out.evidence["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace dpb::verify::privacy_checks
