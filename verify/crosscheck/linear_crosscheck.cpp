#include "verify/crosscheck/linear_crosscheck.hpp"

#include <chrono>
#include <cmath>
#include <ostream>
#include <sstream>

#include "reference/bits/chacha20.hpp"
#include "reference/core/error_reason.hpp"
#include "reference/core/errors.hpp"

namespace dpb::verify {

namespace {
constexpr std::uint64_t kRunStride = std::uint64_t{1} << 20;
constexpr const char* kFn = "crosscheck";
}  // namespace

bool is_linear_learner(const std::string& name) { return ref::parse_linucb_variant(name).has_value(); }

bool LinearCrosscheckReport::ok() const {
  for (const auto& r : runs)
    if (r.divergence) return false;
  return true;
}

std::uint64_t LinearCrosscheckReport::deferrals() const {
  std::uint64_t n = 0;
  for (const auto& r : runs) n += r.deferrals;
  return n;
}

ref::LinearInstance linear_instance(const LinearCrosscheckConfig& c, std::uint32_t run) {
  ChaCha20Source bits(c.seed, kRunStride * run);
  return c.params.profile == ref::Profile001::PaperCode ? ref::seed001_code_instance(c.d, c.K, c.q, bits)
                                                        : ref::seed001_instance(c.d, c.K, c.q, bits);
}

LinearRunPair run_linear_pair(const LinearCrosscheckConfig& c, std::uint32_t run) {
  const std::uint64_t base = kRunStride * run;
  LinearRunPair p;
  std::optional<ref::RewardTape> tape;
  if (c.context_tape) {
    p.contexts = ref::make_context_tape(c.d, c.K, c.q, c.horizon, c.seed, base + 2);
  } else {
    p.instance = linear_instance(c, run);
    tape = ref::make_reward_tape(p.instance.bandit(), c.horizon, c.seed, base + 2);
  }
  ref::LinUcbParams params = c.params;
  params.variant = *ref::parse_linucb_variant(c.learner);
  params.T = c.horizon;
  using Clock = std::chrono::steady_clock;
  {
    ChaCha20Source noise(c.seed, base + 1);
    const auto start = Clock::now();
    ref::LinUcbOptions o;
    const std::uint64_t before = std::uint64_t{run} * c.horizon, total = std::uint64_t{c.runs} * c.horizon;
    auto on_round = [&](std::uint64_t t) { c.progress(before + t, total); };
    if (c.progress) o.on_round = ref::round_hook(on_round);
    p.reference = c.context_tape ? ref::shuffle_private_linucb(params, *p.contexts, NoiseSource(noise), o)
                                 : ref::shuffle_private_linucb(params, p.instance, *tape, NoiseSource(noise), o);
    p.seconds_reference = std::chrono::duration<double>(Clock::now() - start).count();  // report-only
  }
  {
    ChaCha20Source noise(c.seed, base + 1);
    fast::LinUcbOptions o;
    o.base = c.fast_options;
    const auto start = Clock::now();
    p.optimized = c.context_tape ? fast::shuffle_private_linucb(params, *p.contexts, NoiseSource(noise), o)
                                 : fast::shuffle_private_linucb(params, p.instance, *tape, NoiseSource(noise), o);
    p.seconds_fast = std::chrono::duration<double>(Clock::now() - start).count();  // report-only
  }
  return p;
}

std::pair<ref::LinearInstance, fast::LinUcbTrajectory> run_linear_fast(const LinearCrosscheckConfig& c,
                                                                       std::uint32_t run,
                                                                       std::optional<ref::RewardTape>* tape_out) {
  const std::uint64_t base = kRunStride * run;
  ref::LinearInstance inst = linear_instance(c, run);
  const ref::RewardTape tape = ref::make_reward_tape(inst.bandit(), c.horizon, c.seed, base + 2);
  ref::LinUcbParams params = c.params;
  params.variant = *ref::parse_linucb_variant(c.learner);
  params.T = c.horizon;
  ChaCha20Source noise(c.seed, base + 1);
  fast::LinUcbOptions o;
  o.base = c.fast_options;
  o.record_updates = c.record_updates;
  fast::LinUcbTrajectory t = fast::shuffle_private_linucb(params, inst, tape, NoiseSource(noise), o);
  if (tape_out) tape_out->emplace(tape);
  return {std::move(inst), std::move(t)};
}

LinearRunComparison compare_linear(const ref::LinUcbTrajectory& r, const fast::LinUcbTrajectory& f) {
  LinearRunComparison c;
  c.rounds = r.horizon;
  c.updates = r.updates.size();
  c.deferrals = f.base.deferrals;
  c.near_ties = f.base.near_ties.size();
  c.pd_failures = r.pd_failures;
  c.pd_deferrals = f.pd_deferrals;
  c.regret_reference = to_string(r.pseudo_regret);
  c.regret_fast = f.base.pseudo_regret;
  c.realized_regret = r.realized_regret;
  auto diverge = [&](std::uint64_t at, const std::string& what) {
    if (!c.divergence) {
      c.divergence = at;
      c.detail = what;
    }
  };
  if (r.actions.size() != f.base.actions.size()) diverge(0, "different numbers of actions");
  for (std::size_t t = 0; t < std::min(r.actions.size(), f.base.actions.size()); ++t)
    if (r.actions[t] != f.base.actions[t]) {
      std::ostringstream o;
      o << "round " << t + 1 << ": reference arm " << r.actions[t] << ", optimized arm " << f.base.actions[t];
      diverge(t + 1, o.str());
      break;
    }
  if (r.updates.size() != f.updates.size()) diverge(0, "different numbers of updates");
  if (r.realized_regret != f.realized_regret) diverge(0, "different realized regrets");
  for (std::size_t i = 0; i < std::min(r.updates.size(), f.updates.size()); ++i) {
    const auto& a = r.updates[i];
    const auto& b = f.updates[i];
    std::ostringstream o;
    o << "update m = " << a.m << " (t = " << a.t << "): ";
    if (a.t != b.t) { diverge(a.t, o.str() + "different times"); break; }
    bool same = a.V_num.size() == b.V_num.size() && a.u_num.size() == b.u_num.size();
    for (std::size_t k = 0; same && k < a.V_num.size(); ++k) same = a.V_num[k] == fast::from_i128(b.V_num[k]);
    if (!same) { diverge(a.t, o.str() + "D·V_m differs"); break; }
    for (std::size_t k = 0; same && k < a.u_num.size(); ++k) same = a.u_num[k] == fast::from_i128(b.u_num[k]);
    if (!same) { diverge(a.t, o.str() + "D·u_m differs"); break; }
    if (a.positive_definite != b.positive_definite || a.policy_shift != b.policy_shift ||
        a.broadcast_changed != b.broadcast_changed) {
      diverge(a.t, o.str() + "PD event or policy differs");
      break;
    }
    for (std::size_t k = 0; k < a.theta.size() && k < b.theta.size(); ++k) {
      const double ref_theta = a.theta[k].convert_to<double>();
      const double e = std::abs(b.theta[k] - ref_theta) / (1 + std::abs(ref_theta));
      if (e > c.max_theta_error) c.max_theta_error = e;
    }
  }
  if (c.max_theta_error > 1e-6) diverge(0, "theta differs by more than 1e-6 (relative)");
  return c;
}

void check_linear_noise(const ref::LinUcbConfig& cfg, const ref::LinUcbParams& params, const LinearNoiseNames& n) {
  const std::string at = n.at + " and batch " + std::to_string(cfg.B);
  const Integer int63 = (Integer(1) << 63) - 1;
  if (cfg.variant == ref::LinUcbVariant::SdpVec && cfg.b > int63)  // P_Vec's constructor: "PVec: parameter 'b'"
    throw_parameter_error(n.command, n.name,
                          "large enough that P_Vec's noise bits per message b (" + std::to_string(cfg.b.str().size()) +
                              " digits" + at + ") fit the sampler's 2^63 - 1",
                          n.value);
  try {
    ref::check_linucb_protocols(cfg);
  } catch (const ParameterError& e) {
    throw_parameter_error(n.command, n.name,
                          "large enough that the run's noise" + at + " fits the reference samplers (" +
                              parameter_error_reason(e.what()) + ")",
                          n.value);
  }
  try {
    fast::check_linucb_run(cfg);
  } catch (const ParameterError& e) {
    // λ·D (λ given, 2^-256 to 2^256) can pass 2^120 on its own: then --lambda is what does not fit.
    if (params.lambda && bit_length(abs(cfg.lambda_num())) > 120)
      throw_parameter_error(n.command, n.lambda,
                            "such that lambda*D fits the optimized build's 120 bits (D has " +
                                std::to_string(bit_length(cfg.D)) + " bits)",
                            to_string(*params.lambda));
    throw_parameter_error(n.command, n.name,
                          "large enough that the run's noise" + at + " fits the optimized build (" +
                              parameter_error_reason(e.what()) + ")",
                          n.value);
  }
}

ref::LinUcbConfig prepare_linear(const LinearCrosscheckConfig& c) {
  ref::LinUcbParams params = c.params;
  params.variant = *ref::parse_linucb_variant(c.learner);
  params.T = c.horizon;
  // The authors' instances have L² = 2 exactly (row 0 is e_1 + e_d).
  const bool code = params.profile == ref::Profile001::PaperCode && !c.context_tape;
  const ref::LinUcbConfig cfg = ref::configure_linucb(params, c.d, c.K, c.q, Rational(code ? 2 : 1));
  // The option a refusal of the derived noise names: the privacy target's (the user's value, exactly): --eps, or
  // --delta when only it was given.
  LinearNoiseNames names;
  names.command = c.command;
  const bool blame_delta = c.delta_given && !c.eps_given;
  names.name = blame_delta ? "--delta" : "--eps";
  names.value = to_string(blame_delta ? params.delta : params.eps);
  if (params.variant != ref::LinUcbVariant::NonPrivate)
    names.at = blame_delta ? " at --eps " + to_string(params.eps) : " at --delta " + to_string(params.delta);
  check_linear_noise(cfg, params, names);
  return cfg;
}

LinearCrosscheckReport crosscheck_linear(const LinearCrosscheckConfig& config) {
  if (!is_linear_learner(config.learner))
    throw_parameter_error(kFn, "learner", "a seed 001 learner", config.learner);
  if (config.runs < 1 || config.runs > 100000)
    throw_parameter_error(kFn, "runs", "in 1..100000", std::to_string(config.runs));
  if (config.horizon < 1 || config.horizon > (std::uint64_t{1} << 24))
    throw_parameter_error(kFn, "horizon", "in 1..2^24", std::to_string(config.horizon));
  if (config.d < 2) throw_parameter_error(kFn, "d", ">= 2", std::to_string(config.d));
  if (config.d > 64) throw_parameter_error(kFn, "d", "<= 64", std::to_string(config.d));
  if (config.K < 1) throw_parameter_error(kFn, "arms", ">= 1", std::to_string(config.K));
  if (config.K > 100000) throw_parameter_error(kFn, "arms", "<= 100000", std::to_string(config.K));
  LinearCrosscheckReport report;
  report.config = config;
  report.derived = prepare_linear(config);  // validates, before any output
  for (std::uint32_t r = 0; r < config.runs; ++r) {
    const LinearRunPair p = run_linear_pair(config, r);
    LinearRunComparison c = compare_linear(p.reference, p.optimized);
    c.run = r;
    c.instance_redraws = p.contexts ? static_cast<std::uint32_t>(p.contexts->redraws) : p.instance.redraws;
    c.seconds_reference = p.seconds_reference;
    c.seconds_fast = p.seconds_fast;
    report.runs.push_back(std::move(c));
  }
  return report;
}

void print_linear_report(const LinearCrosscheckReport& rep, std::ostream& out) {
  const auto& c = rep.config;
  const auto& g = rep.derived;
  out << "crosscheck " << c.learner << " ("
      << (g.profile == ref::Profile001::PaperCode ? "paper-code profile, the authors' environment, "
                                                 : "theorem profile, ")
      << (c.context_tape ? "context tape" : "fixed arms")
      << "): d = " << c.d << ", K = " << c.K << ", T = " << c.horizon
      << ", B = " << g.B << ", M = " << g.M << ", runs = " << c.runs << ", seed = " << c.seed << "\n";
  if (g.profile == ref::Profile001::PaperCode)
    out << "  paper-code: Gamma ~ " << g.gamma_upper.convert_to<double>() << ", s ~ " << g.sigma.convert_to<double>()
        << (g.variant == ref::LinUcbVariant::SdpVec
                ? ", g/L ~ " + std::to_string(Rational(g.g, Integer(1) << 20).convert_to<double>()) + ", b = " +
                      to_string(g.b) + " (scale " + to_string(g.vec_scale) + ")"
                : std::string())
        << (g.variant == ref::LinUcbVariant::Jdp
                ? ", " + std::to_string(g.jdp_nodes) + " node noises (a simulation of the tree, no privacy claim)"
                : std::string())
        << "; rewards of every arm every round, realized regret\n";
  if (g.users == ref::UserModel::Returning) {
    out << "  returning users: ";
    if (g.variant == ref::LinUcbVariant::Jdp)
      out << "user-level tree, M0 = " << g.M0 << " rounds per user, sigma_node = " << to_string(g.sigma) << "\n";
    else
      out << "calibrated per batch at eps_m ~ " << g.batch_eps.convert_to<double>() << ", delta_m = "
          << to_string(g.batch_delta) << " over ceil(T/B) = " << g.calibration_batches << " batches\n";
  }
  out << "  lambda = " << to_string(g.lambda) << " (~" << g.lambda.convert_to<double>() << "), beta_0 ~ "
      << g.beta.front().convert_to<double>() << ", beta_M ~ " << g.beta.back().convert_to<double>()
      << ", pd-policy = " << ref::pd_policy_name(g.pd_policy) << "; " << g.privacy_note << "\n";
  std::uint64_t bad = 0, pd = 0, pdd = 0, ties = 0;
  for (const auto& r : rep.runs) {
    out << "  run " << r.run << ": " << r.rounds << " rounds, " << r.updates << " updates, " << r.pd_failures
        << " PD failures, " << r.near_ties << " near ties (" << r.deferrals << " deferred), " << r.pd_deferrals
        << " PD decisions deferred, max theta error " << r.max_theta_error << ", regret " << r.regret_fast << " (realized " << r.realized_regret << ")"
        << "; reference " << r.seconds_reference << " s, optimized " << r.seconds_fast << " s";
    if (r.divergence) {
      ++bad;
      out << "  DISAGREEMENT: " << r.detail;
    }
    out << "\n";
    pd += r.pd_failures;
    pdd += r.pd_deferrals;
    ties += r.near_ties;
  }
  out << (bad ? "FAIL" : "OK") << ": " << bad << " of " << rep.runs.size() << " runs disagree; " << ties
      << " near ties deferred, " << pd << " PD failures, " << pdd << " PD decisions deferred\n";
}

}  // namespace dpb::verify
