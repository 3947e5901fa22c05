#include "verify/crosscheck/learners_crosscheck.hpp"

#include <algorithm>
#include <ostream>
#include <optional>
#include <set>
#include <string_view>

#include "optimized/environments/reward_tape.hpp"
#include "optimized/learners/anytime_lazy_ucb.hpp"
#include "optimized/learners/batched_successive_elimination.hpp"
#include "optimized/learners/dp_successive_elimination.hpp"
#include "optimized/learners/ftnl.hpp"
#include "optimized/learners/hybrid_ucb.hpp"
#include "optimized/learners/protocol_aggregator.hpp"
#include "optimized/learners/ucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/error_reason.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/anytime_lazy_ucb.hpp"
#include "reference/learners/batched_successive_elimination.hpp"
#include "reference/learners/dp_successive_elimination.hpp"
#include "reference/learners/ftnl.hpp"
#include "reference/learners/hybrid_ucb.hpp"
#include "reference/learners/protocol_aggregator.hpp"
#include "reference/learners/ucb.hpp"
#include "reference/privacy/ledger.hpp"

namespace dpb::verify {

namespace {

constexpr const char* kFunction = "crosscheck";
const Rational kPolyaTableLimit(262144);  // per-user Pólya noise: r·scale at most (validate_protocol_batches)

// Runs `body` with a NoiseSource on the run's noise stream.
template <class F>
auto with_noise(const CrosscheckInput& in, F body) {
  ChaCha20Source bits(in.seed, in.noise_stream);
  return body(NoiseSource(bits));
}

CrosscheckLearner bse(std::string name, std::string description, bool central) {
  CrosscheckLearner l;
  l.name = std::move(name);
  l.description = std::move(description);
  l.environment = "seed000-easy";
  l.run_fast = [central](const CrosscheckInput& in) {
    fast::BatchedSuccessiveEliminationParams p;
    p.K = in.tape->arms();
    p.T = in.T;
    return with_noise(in, [&](NoiseSource noise) {
      if (central)
        return fast::batched_successive_elimination(p, *in.tape, fast::CentralDiscreteLaplaceAggregator(in.eps), noise,
                                                    in.fast_options);
      return fast::batched_successive_elimination(p, *in.tape, fast::NonPrivateAggregator(), noise, in.fast_options);
    });
  };
  l.run_reference = [central](const CrosscheckInput& in, const ref::LearnerOptions& o) {
    ref::BatchedSuccessiveEliminationParams p;
    p.K = in.tape->arms();
    p.T = in.T;
    return with_noise(in, [&](NoiseSource noise) {
      if (central)
        return ref::batched_successive_elimination(p, *in.tape, ref::CentralDiscreteLaplaceAggregator(in.eps), noise,
                                                   o);
      return ref::batched_successive_elimination(p, *in.tape, ref::NonPrivateAggregator(), noise, o);
    });
  };
  return l;
}

template <class FastParams, class RefParams, class FastFn, class RefFn>
CrosscheckLearner noisy_learner(std::string name, std::string description, std::string environment, FastFn fast_fn,
                                RefFn ref_fn) {
  CrosscheckLearner l;
  l.name = std::move(name);
  l.description = std::move(description);
  l.environment = std::move(environment);
  l.run_fast = [fast_fn](const CrosscheckInput& in) {
    FastParams p;
    p.K = in.tape->arms();
    p.T = in.T;
    p.eps = in.eps;
    return with_noise(in, [&](NoiseSource noise) { return fast_fn(p, *in.tape, noise, in.fast_options); });
  };
  l.run_reference = [ref_fn](const CrosscheckInput& in, const ref::LearnerOptions& o) {
    RefParams p;
    p.K = in.tape->arms();
    p.T = in.T;
    p.eps = in.eps;
    return with_noise(in, [&](NoiseSource noise) { return ref_fn(p, *in.tape, noise, o); });
  };
  return l;
}

// Seed 000's protocol variants in Algorithm 1: the batch's R_a(b) from the protocol P = (R, S, A) calibrated for
// n = l(b) with T = the run's horizon (p = 1/T), modular S and the per-user noise path in both builds (the same bits).
CrosscheckLearner protocol_se(ref::Variant variant, std::string description) {
  CrosscheckLearner l;
  l.name = ref::protocol_learner_name(variant);
  l.description = std::move(description);
  l.environment = "seed000-easy";
  const auto params = [variant](const CrosscheckInput& in) {
    ref::ProtocolAggregatorParams a;
    a.variant = variant;
    a.eps = in.eps;
    a.horizon = Integer(std::max<std::uint64_t>(in.T, 2));
    return a;
  };
  l.run_fast = [params](const CrosscheckInput& in) {
    fast::BatchedSuccessiveEliminationParams p;
    p.K = in.tape->arms();
    p.T = in.T;
    const fast::ProtocolAggregator aggregator(params(in));
    return with_noise(in, [&](NoiseSource noise) {
      return fast::batched_successive_elimination(p, *in.tape, aggregator, noise, in.fast_options);
    });
  };
  l.run_reference = [params](const CrosscheckInput& in, const ref::LearnerOptions& o) {
    ref::BatchedSuccessiveEliminationParams p;
    p.K = in.tape->arms();
    p.T = in.T;
    const ref::ProtocolAggregator aggregator(params(in));
    return with_noise(
        in, [&](NoiseSource noise) { return ref::batched_successive_elimination(p, *in.tape, aggregator, noise, o); });
  };
  // Every batch a run without eliminations reaches, calibrated in both builds before any run
  // (validate_protocol_batches; ldp-se --eps 4e-15 --arms 2 --horizon 2^22 ran 40 s, then failed at n = 2^20).
  l.validate = [params](std::uint64_t T, std::uint32_t K, const Rational& eps, const ProtocolBatchNames& names) {
    CrosscheckInput in;
    in.T = T;
    in.eps = eps;
    validate_protocol_batches(params(in), ref::BatchedSuccessiveEliminationParams{}.eta, T, K, true, names);
  };
  return l;
}

}  // namespace

void validate_protocol_batches(const ref::ProtocolAggregatorParams& params, const Rational& eta, std::uint64_t T,
                               std::uint32_t K, bool reference, const ProtocolBatchNames& names) {
  const auto refuse = [&](const Integer& n, const std::string& where, const ParameterError& e) {
    throw_parameter_error(names.command, names.name,
                          "calibrated" + names.at + " at batch n = " + to_string(n) + ", " + where + " (" +
                              parameter_error_reason(e.what()) + ")",
                          names.value);
  };
  std::optional<fast::ProtocolAggregator> optimized;
  std::optional<ref::ProtocolAggregator> exact;
  try {  // the constructors calibrate n = 1: the first batch of every run
    optimized.emplace(params);
    if (reference) exact.emplace(params);
  } catch (const ParameterError& e) {
    // A range check of ε itself ("calibrate: parameter 'eps' must be < 1 ...") is already the user's refusal when
    // the user's option is --eps (the command line names it): kept as it is. Anything else is explained.
    if (names.name == "--eps" && names.at.empty() &&
        std::string_view(e.what()).find(": parameter 'eps' must be ") != std::string_view::npos)
      throw;
    refuse(Integer(1), "the first batch of every run", e);
  }
  // The per-user path's Pólya noise (dist-dp, shuffle: Pólya(1/n, β) differences per user) is drawn by exact
  // inversion, whose CDF table grows to the largest draw, about r·scale = scale/n entries of certified enclosures
  // (largest at n = 1). Nothing bounded it: crosscheck dist-dp-se --eps 1e-6 (r·scale = 10^6) held 1.3 GB and had
  // done 25 of 200 rounds after 30 s, 1e-9 grew until the machine's memory ran out (issue 14 class 4). Refused up
  // front beyond kPolyaTableLimit (docs/reliability.md "Limits": 2^18, about 0.4 GB).
  if (params.options.path == ref::NoisePath::PerUser) {
    const ref::NoiseLaw& law = optimized->calibration(1).per_user_noise;
    if (law.kind == ref::NoiseKind::PolyaDifference && law.polya_r * law.scale > kPolyaTableLimit)
      throw_parameter_error(names.command, names.name,
                            std::string(names.name.find("returning") != std::string::npos ? "small" : "large") +
                                " enough that the per-user Polya noise" + names.at +
                                " at batch n = 1 has r*scale <= 2^18 (its exact sampler's table grows with r*scale; "
                                "here scale = " +
                                to_string(Rational(law.scale)) + ")",
                            names.value);
  }
  if (K < 2) return;  // one arm: the survivor takes the horizon, no batch is released
  std::uint64_t rounds = 0;
  for (std::uint32_t b = 1;; ++b) {
    const Integer l = ref::batch_size(eta, b);
    if (l > T) break;
    const Integer total = Integer(rounds) + Integer(K) * l;  // exact: T <= 2^34, l <= T
    if (total > T) break;
    rounds = to_uint64(total);
    try {
      (void)optimized->calibration(to_uint64(l));
      if (exact) (void)exact->calibration(to_uint64(l));
    } catch (const ParameterError& e) {
      refuse(l, "which a run without eliminations reaches within " + names.horizon + " " + std::to_string(T), e);
    }
  }
}

namespace {

std::vector<CrosscheckLearner> make_registry() {
  std::vector<CrosscheckLearner> r;
  r.push_back(bse("se", "seed 000 Algorithm 1, non-private aggregator (sigma = h = 0), l(b) = 2^b, p = 1/T", false));
  r.push_back(
      bse("central-dlap-se",
          "seed 000 Algorithm 1, central discrete-Laplace aggregator (g = ceil(eps sqrt n), sigma = sqrt(2n)/g, "
          "h = 1/eps)",
          true));
  r.push_back(noisy_learner<fast::DpSuccessiveEliminationParams, ref::DpSuccessiveEliminationParams>(
      "dp-se", "DP-SE (Sajed & Sheffet 2019, as run in seeds 000 and 002), exact discrete Laplace, beta = 1/T",
      "seed002-setting2",
      [](const auto& p, const auto& tape, NoiseSource n, const fast::LearnerOptions& o) {
        return fast::dp_successive_elimination(p, tape, n, o);
      },
      [](const auto& p, const auto& tape, NoiseSource n, const auto& o) {
        return ref::dp_successive_elimination(p, tape, n, o);
      }));
  r.push_back(noisy_learner<fast::AnytimeLazyUcbParams, ref::AnytimeLazyUcbParams>(
      "anytime-lazy-ucb", "seed 002 Algorithm 1", "seed002-setting1",
      [](const auto& p, const auto& tape, NoiseSource n, const fast::LearnerOptions& o) {
        return fast::anytime_lazy_ucb(p, tape, n, o);
      },
      [](const auto& p, const auto& tape, NoiseSource n, const auto& o) {
        return ref::anytime_lazy_ucb(p, tape, n, o);
      }));
  r.push_back(noisy_learner<fast::HybridUcbParams, ref::HybridUcbParams>(
      "hybrid-ucb", "seed 002 Algorithm 4 (paper's tree scale 2r/eps)", "seed002-setting1",
      [](const auto& p, const auto& tape, NoiseSource n, const fast::LearnerOptions& o) {
        return fast::hybrid_ucb(p, tape, n, o);
      },
      [](const auto& p, const auto& tape, NoiseSource n, const auto& o) { return ref::hybrid_ucb(p, tape, n, o); }));
  r.push_back(noisy_learner<fast::FtnlParams, ref::FtnlParams>(
      "ftnl", "seed 002 Algorithms 2-3 (FTNL with Report-Noisy-Max, Lap(1/eps)), full information", "seed002-setting2",
      [](const auto& p, const auto& tape, NoiseSource n, const fast::LearnerOptions& o) {
        return fast::ftnl(p, tape, n, o);
      },
      [](const auto& p, const auto& tape, NoiseSource n, const auto& o) { return ref::ftnl(p, tape, n, o); }));
  r.push_back(noisy_learner<fast::FtnlParams, ref::FtnlParams>(
      "naive-ftnl", "seed 002 section 5: naive FTNL, Lap(K/eps) per action, full information", "seed002-setting2",
      [](const auto& p, const auto& tape, NoiseSource n, const fast::LearnerOptions& o) {
        return fast::naive_ftnl(p, tape, n, o);
      },
      [](const auto& p, const auto& tape, NoiseSource n, const auto& o) { return ref::naive_ftnl(p, tape, n, o); }));
  {
    CrosscheckLearner l;
    l.name = "ucb";
    l.description = "UCB1 (Auer et al. 2002), non-private baseline";
    l.environment = "seed002-setting1";
    l.run_fast = [](const CrosscheckInput& in) {
      return fast::ucb({in.tape->arms(), in.T}, *in.tape, in.fast_options);
    };
    l.run_reference = [](const CrosscheckInput& in, const ref::LearnerOptions& o) {
      return ref::ucb({in.tape->arms(), in.T}, *in.tape, o);
    };
    r.push_back(std::move(l));
  }
  r.push_back(protocol_se(ref::Variant::DistDP, "seed 000 Theorem 1 (SecAgg + Polya differences), per-user path"));
  r.push_back(protocol_se(ref::Variant::DistRDP, "seed 000 Theorem 2 (SecAgg + Skellam, s = 1), per-user path"));
  r.push_back(
      protocol_se(ref::Variant::DistCDP, "seed 000 Theorem 4 (SecAgg + discrete Gaussian, s = 1), per-user path"));
  r.push_back(protocol_se(ref::Variant::Shuffle, "seed 000 Theorem 3 (shuffling, eps' = eps/2), per-user path"));
  r.push_back(protocol_se(ref::Variant::Central, "seed 000 Theorem 5 (central, Algorithms 2-3)"));
  r.push_back(protocol_se(ref::Variant::Local, "seed 000 Theorem 6 (local, Algorithms 4-5, default Lemma 5 c)"));
  return r;
}

// Decisions and releases, compared in round order.
bool same_release(const ref::Release& a, const fast::Release& b) {
  return a.round == b.round && a.arm == b.arm && a.index == b.index && a.first == b.first && a.count == b.count &&
         b.den > 0 && a.value == Rational(Integer(b.num), Integer(b.den));
}

}  // namespace

const std::vector<CrosscheckLearner>& crosscheck_learners() {
  static const std::vector<CrosscheckLearner> registry = make_registry();
  return registry;
}

const CrosscheckLearner* find_crosscheck_learner(const std::string& name) {
  for (const auto& l : crosscheck_learners())
    if (l.name == name) return &l;
  return nullptr;
}

std::vector<std::string> crosscheck_environments() {
  return {"seed002-setting1", "seed002-setting2", "seed002-setting3", "seed000-easy", "seed000-hard"};
}

ref::BanditInstance make_crosscheck_instance(const std::string& environment, std::uint32_t K, std::uint64_t seed,
                                             std::uint64_t stream) {
  if (environment.rfind("seed002-setting", 0) == 0 && environment.size() == 16) {
    const int setting = environment.back() - '0';
    if (setting >= 1 && setting <= 3) return ref::seed002_instance(setting);
  }
  if (environment == "seed000-easy" || environment == "seed000-hard") {
    ChaCha20Source bits(seed, stream);
    const auto d = environment == "seed000-easy" ? ref::Seed000Difficulty::Easy : ref::Seed000Difficulty::Hard;
    return ref::seed000_instance(d, K, bits);
  }
  throw_parameter_error(kFunction, "env", "one of seed002-setting1|2|3, seed000-easy|hard", environment);
}

bool CrosscheckReport::ok() const { return unexplained() == 0; }

std::uint64_t CrosscheckReport::unexplained() const {
  return static_cast<std::uint64_t>(
      std::count_if(runs.begin(), runs.end(), [](const auto& r) { return !r.explained; }));
}

std::uint64_t CrosscheckReport::explained_divergences() const {
  return static_cast<std::uint64_t>(
      std::count_if(runs.begin(), runs.end(), [](const auto& r) { return r.explained && r.divergence.has_value(); }));
}

std::uint64_t CrosscheckReport::deferrals() const {
  std::uint64_t n = 0;
  for (const auto& r : runs) n += r.deferrals;
  return n;
}

std::uint64_t CrosscheckReport::flagged_rounds() const {
  std::uint64_t n = 0;
  for (const auto& r : runs) n += r.flagged.size();
  return n;
}

namespace {
RunComparison compare_decisions(const ref::Trajectory& reference, const fast::Trajectory& optimized);
}  // namespace

std::string ledger_text_of(const ref::Trajectory& t) {
  const auto entries = ref::ledger_entries(std::span<const ref::Release>(t.releases), t.laws);
  return ref::ledger_text(t.laws, entries);
}

std::string ledger_text_of(const fast::Trajectory& t) {
  const auto entries = ref::ledger_entries(std::span<const fast::Release>(t.releases), t.laws);
  return ref::ledger_text(t.laws, entries);
}

RunComparison compare_trajectories(const ref::Trajectory& reference, const fast::Trajectory& optimized) {
  RunComparison c = compare_decisions(reference, optimized);
  if (reference.laws.empty() && optimized.laws.empty()) return c;
  // The ledgers (issue 11 §3): byte-identical texts, or a failure.
  c.ledger_compared = true;
  const std::string a = ledger_text_of(reference), b = ledger_text_of(optimized);
  c.ledger_bytes = a.size();
  if (a == b) return c;
  std::size_t line = 0, i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i])
    if (a[i++] == '\n') ++line;
  c.explained = false;
  if (!c.divergence) c.divergence = 0;
  c.detail += std::string(c.detail.empty() ? "" : "; ") + "the ledgers differ (line " + std::to_string(line + 1) +
              " of the ledger text, " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " bytes)";
  return c;
}

namespace {

RunComparison compare_decisions(const ref::Trajectory& reference, const fast::Trajectory& optimized) {
  RunComparison c;
  c.rounds = reference.actions.size();
  c.regret_reference = to_string(reference.pseudo_regret);
  c.regret_fast = optimized.pseudo_regret;
  constexpr std::uint64_t kNone = ~std::uint64_t{0};

  std::uint64_t action_round = kNone;
  const std::size_t na = std::min(reference.actions.size(), optimized.actions.size());
  for (std::size_t i = 0; i < na; ++i)
    if (reference.actions[i] != optimized.actions[i]) {
      action_round = i + 1;
      break;
    }
  if (action_round == kNone && reference.actions.size() != optimized.actions.size()) action_round = na + 1;

  std::uint64_t elimination_round = kNone;
  const std::size_t ne = std::min(reference.eliminations.size(), optimized.eliminations.size());
  for (std::size_t i = 0; i < ne; ++i) {
    const auto& a = reference.eliminations[i];
    const auto& b = optimized.eliminations[i];
    if (a.round != b.round || a.arm != b.arm || a.batch != b.batch) {
      elimination_round = std::min(a.round, b.round);
      break;
    }
  }
  if (elimination_round == kNone && reference.eliminations.size() != optimized.eliminations.size())
    elimination_round =
        ne < reference.eliminations.size() ? reference.eliminations[ne].round : optimized.eliminations[ne].round;

  std::uint64_t release_round = kNone;
  std::string release_detail;
  const std::size_t nr = std::min(reference.releases.size(), optimized.releases.size());
  for (std::size_t i = 0; i < nr; ++i)
    if (!same_release(reference.releases[i], optimized.releases[i])) {
      release_round = std::min(reference.releases[i].round, optimized.releases[i].round);
      release_detail = "release " + std::to_string(i) + " (arm " + std::to_string(reference.releases[i].arm) +
                       ", index " + std::to_string(reference.releases[i].index) + "): reference " +
                       to_string(reference.releases[i].value) + ", optimized " +
                       std::to_string(optimized.releases[i].num) + "/" + std::to_string(optimized.releases[i].den);
      break;
    }
  if (release_round == kNone && reference.releases.size() != optimized.releases.size()) {
    release_round = nr < reference.releases.size() ? reference.releases[nr].round : optimized.releases[nr].round;
    release_detail = "release counts differ: " + std::to_string(reference.releases.size()) + " vs " +
                     std::to_string(optimized.releases.size());
  }
  c.releases = release_round == kNone ? reference.releases.size() : nr;
  c.eliminations = reference.eliminations.size();
  c.deferrals = optimized.deferrals;

  std::set<std::uint64_t> flagged_rounds;
  for (const auto& tie : optimized.near_ties) flagged_rounds.insert(tie.round);
  for (const auto& tie : optimized.near_ties) {
    FlaggedDecision fd{tie, {}};
    for (const auto& m : reference.margins)
      if (m.round == tie.round) fd.margins.push_back(m);
    c.flagged.push_back(std::move(fd));
  }

  const std::uint64_t decision = std::min(action_round, elimination_round);
  if (decision == kNone && release_round == kNone) {
    if (reference.pulls != optimized.pulls) {
      c.explained = false;
      c.detail = "pull counts differ although every action agrees";
    }
    return c;
  }
  if (decision == kNone || release_round < decision || (release_round == decision && elimination_round == decision)) {
    c.divergence = release_round;
    c.explained = false;
    c.detail = "a noisy statistic differs before any decision does: " + release_detail;
    return c;
  }
  c.divergence = decision;
  const bool by_elimination = elimination_round <= action_round;
  c.detail = std::string("first differing ") + (by_elimination ? "elimination" : "action") + " at round " +
             std::to_string(decision);
  // No excuse: the optimized build defers every near tie to the certified path, so the decisions must agree.
  c.explained = false;
  c.detail += flagged_rounds.count(decision) > 0 ? " (at a flagged near tie the optimized build did not defer)"
                                                 : " (not a flagged near tie)";
  return c;
}

}  // namespace

CrosscheckReport crosscheck_learner(const CrosscheckConfig& config) {
  const CrosscheckLearner* learner = find_crosscheck_learner(config.learner);
  if (learner == nullptr)
    throw_parameter_error(kFunction, "learner", "a name from `dpbandit crosscheck --list`", config.learner);
  if (learner->pending)
    throw_parameter_error(kFunction, "learner", "a learner whose protocol has landed (this one is pending protocol)",
                          config.learner);
  if (config.horizon == 0 || config.horizon > (std::uint64_t{1} << 24))
    throw_parameter_error(kFunction, "horizon", "in [1, 2^24]", std::to_string(config.horizon));
  if (config.runs == 0 || config.runs > 100000)
    throw_parameter_error(kFunction, "runs", "in [1, 100000]", std::to_string(config.runs));
  if (config.eps <= 0) throw_parameter_error(kFunction, "eps", "> 0", to_string(config.eps));
  if (config.arms == 0 || config.arms > 1000)
    throw_parameter_error(kFunction, "arms", "in [1, 1000]", std::to_string(config.arms));
  const std::string environment = config.environment.empty() ? learner->environment : config.environment;
  const std::uint32_t arms = make_crosscheck_instance(environment, config.arms, config.seed, 0).arms();  // validates
  // With returning users --eps is the total over a user's B batches; the batches are checked below at the per-batch ε.
  ProtocolBatchNames names;  // a refusal of the batches' calibration names the user's --eps
  names.command = kFunction;
  names.name = "--eps";
  names.value = to_string(config.eps);
  if (learner->validate && !config.returning) learner->validate(config.horizon, arms, config.eps, names);

  CrosscheckReport report;
  report.config = config;
  report.environment = environment;
  Rational eps = config.eps;  // the ε both builds' aggregators are calibrated at
  if (config.returning) {
    std::optional<ref::Variant> variant;
    for (const ref::Variant v : {ref::Variant::DistDP, ref::Variant::DistRDP, ref::Variant::DistCDP,
                                 ref::Variant::Shuffle, ref::Variant::Central, ref::Variant::Local})
      if (ref::protocol_learner_name(v) == config.learner) variant = v;
    if (!variant)
      throw_parameter_error(kFunction, "--returning-batches",
                            "absent for " + config.learner + " (returning users: seed 000's protocol SE learners)",
                            std::to_string(config.returning->B));
    ref::ProtocolAggregatorParams base;  // protocol_se's parameters at the total ε
    base.variant = *variant;
    base.eps = config.eps;
    base.horizon = Integer(std::max<std::uint64_t>(config.horizon, 2));
    const std::string B = std::to_string(config.returning->B);
    try {
      eps = ref::calibrate_returning_se(base, Rational(2), config.horizon, *config.returning).eps_batch;
    } catch (const ParameterError& e) {
      // Each refusal names the user's option it is about, with the option's value and the condition alone (issue
      // 14: "--returning-batches must be a setting calibrate accepts here: calibrate's route must be ...", got 2
      // nested a refusal of the route in one of B and showed B as the route's value).
      ParameterErrorParts inner;
      if (!parse_parameter_error(e.what(), inner)) throw;
      const std::string route(ref::returning_route_name(config.returning->route));
      if (inner.name == "route") throw_parameter_error(kFunction, "--route", inner.condition, route);
      if (inner.name == "delta")
        throw_parameter_error(kFunction, "--delta", inner.condition,
                              config.returning->delta ? to_string(*config.returning->delta) : "nothing");
      if (inner.name == "returning-batches") throw_parameter_error(kFunction, "--returning-batches", inner.condition, B);
      // ε (the total, or the per-batch ε it gives) or what a batch's calibration at it refuses: named --eps
      const std::string user =
          to_string(config.eps) + (config.eps_given ? "" : " (its default: --eps not given)");
      const std::string at = " (the per-batch eps over --returning-batches " + B + ", route " + route + ")";
      if (inner.name == "eps")
        throw_parameter_error(kFunction, "--eps",
                              inner.value == to_string(config.eps) ? inner.condition
                                                                   : inner.condition + " at " + inner.value + at,
                              user);
      throw_parameter_error(kFunction, "--eps",
                            "calibrated at its per-batch eps over --returning-batches " + B + " (" +
                                parameter_error_reason(e.what()) + ")",
                            user);
    }
    report.returning_eps_batch = eps;
    // The per-batch ε is ε/B on the pure route: past some B no sampler takes its noise (Pólya scale > 2^32, …).
    // The batches a run reaches are calibrated here, before any run, at that ε and refused naming the total ε given.
    if (learner->validate) {
      names.at = " at its per-batch eps " + to_string(eps);
      if (!config.eps_given) names.value += " (its default: --eps not given)";
      learner->validate(config.horizon, arms, eps, names);
    }
  }
  for (std::uint32_t r = 0; r < config.runs; ++r) {
    const std::uint64_t base = std::uint64_t{r} << 20;
    const ref::BanditInstance instance = make_crosscheck_instance(environment, config.arms, config.seed, base);
    const ref::RewardTape tape = fast::make_reward_tape(instance, config.horizon, config.seed, base + 2);
    CrosscheckInput in{&tape, config.horizon, eps, config.seed, base + 1, config.fast_options};
    if (config.ledger) in.fast_options.record_ledger = true;
    const fast::Trajectory optimized = learner->run_fast(in);
    ref::LearnerOptions options;
    options.record_ledger = config.ledger;
    for (const auto& tie : optimized.near_ties) options.margin_rounds.push_back(tie.round);
    std::sort(options.margin_rounds.begin(), options.margin_rounds.end());
    const std::uint64_t before = std::uint64_t{r} * config.horizon, total = std::uint64_t{config.runs} * config.horizon;
    auto on_round = [&](std::uint64_t t) { config.progress(before + t, total); };
    if (config.progress) options.on_round = ref::round_hook(on_round);
    const ref::Trajectory reference = learner->run_reference(in, options);
    RunComparison c = compare_trajectories(reference, optimized);
    if (config.returning) {  // the placement of users on the reference's batches (the builds' releases are compared)
      const auto spans = ref::batch_spans(std::span<const ref::Release>(reference.releases));
      const auto users = ref::place_returning_users(config.horizon, spans, config.returning->B);
      const ref::PlacementReport p = ref::check_placement(users, spans);
      if (!p.first_problem.empty() || p.max_batches_per_user > config.returning->B) {
        c.explained = false;
        c.divergence = c.divergence.value_or(0);
        c.detail += (c.detail.empty() ? "" : "; ") + std::string("placement of returning users: ") +
                    (p.first_problem.empty() ? "a user in more than B batches" : p.first_problem);
      }
    }
    c.run = r;
    c.instance = instance.describe();
    report.runs.push_back(std::move(c));
  }
  return report;
}

void print_report(const CrosscheckReport& report, std::ostream& out) {
  const auto& cfg = report.config;
  out << "crosscheck " << cfg.learner << ": env " << report.environment << ", T = " << cfg.horizon
      << ", eps = " << to_string(cfg.eps) << ", runs = " << cfg.runs << ", seed = " << cfg.seed << "\n";
  if (cfg.returning && report.returning_eps_batch)
    out << "  returning users: B = " << cfg.returning->B << ", route "
        << ref::returning_route_name(cfg.returning->route)
        << (cfg.returning->delta ? ", delta = " + to_string(*cfg.returning->delta) : std::string())
        << ": both builds at the per-batch theorem eps " << to_string(*report.returning_eps_batch)
        << " (total eps over B batches " << to_string(cfg.eps) << "); placement audited per run\n";
  for (const auto& r : report.runs) {
    out << "  run " << r.run << ": " << (r.divergence ? (r.explained ? "DIVERGED (explained)" : "FAIL") : "agree")
        << "  rounds " << r.rounds << ", releases " << r.releases << ", eliminations " << r.eliminations
        << ", near ties " << r.flagged.size() << " (deferred " << r.deferrals << "), pseudo-regret "
        << r.regret_reference << " (optimized "
        << r.regret_fast << ")" << (r.ledger_compared ? ", ledger compared (" + std::to_string(r.ledger_bytes) + " bytes)" : "")
        << "\n";
    if (!r.detail.empty()) out << "    " << r.detail << "\n";
    for (const auto& f : r.flagged) {
      out << "    round " << f.tie.round << ": near tie" << (f.tie.deferred ? " (deferred)" : "") << ", arm "
          << f.tie.arm << " vs " << f.tie.other
          << " (optimized gap " << f.tie.gap << ", error bound " << f.tie.bound << ")";
      for (const auto& m : f.margins)
        out << "; reference margin [" << m.margin.lower << ", " << m.margin.upper << "]"
            << (m.margin.exact_tie ? " exact tie" : "") << " (arm " << m.arm << ")";
      out << "\n";
    }
  }
  out << (report.ok() ? "OK" : "FAILED") << ": " << report.runs.size() - report.unexplained() << "/"
      << report.runs.size() << " runs consistent (" << report.explained_divergences() << " explained divergences, "
      << report.flagged_rounds() << " flagged rounds, " << report.deferrals() << " deferred to the certified path, "
      << report.unexplained() << " divergences)\n";
}

void print_learner_list(std::ostream& out) {
  for (const auto& l : crosscheck_learners())
    out << l.name << "\t" << (l.pending ? "pending protocol" : "ready") << "\t" << l.description << "\n";
}

}  // namespace dpb::verify
