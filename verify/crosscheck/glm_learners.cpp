#include "verify/crosscheck/glm_learners.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <tuple>
#include <utility>

#include "reference/core/errors.hpp"
#include "reference/glm/kappa.hpp"
#include "reference/glm/link.hpp"
#include "reference/protocols/calibration_003_glm.hpp"
#include "verify/crosscheck/jdp_glm_crosscheck.hpp"
#include "verify/crosscheck/rs_glincb_crosscheck.hpp"
#include "verify/input/bounded_input.hpp"

namespace dpb::verify {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// One crosscheck run: the reference, then the optimized build on a fresh environment (fresh deferral counters),
// compared; the seconds of each.
template <class Reference, class Optimized, class Compare>
GlmRunComparison timed_run(std::uint32_t run, Reference&& reference, Optimized&& optimized, Compare&& compare) {
  auto t0 = Clock::now();
  const auto r = reference();
  const double sr = seconds_since(t0);
  t0 = Clock::now();
  const auto f = optimized();
  GlmRunComparison c = compare(r, f);
  c.run = run;
  c.seconds_reference = sr;
  c.seconds_fast = seconds_since(t0);
  return c;
}

// The fields simulate reads of any optimized trajectory with actions, pseudo-regret and reward deferrals.
template <class Trajectory>
GlmSimulateRun sim_run(Trajectory&& x, std::uint64_t deferrals) {
  GlmSimulateRun s;
  s.actions = std::move(x.actions);
  s.pseudo_regret = x.pseudo_regret;
  s.pseudo_regret_error = x.pseudo_regret_error;
  s.deferrals = deferrals;
  s.reward_deferrals = x.reward_deferrals;
  return s;
}

// ---- glm-ucb (Filippi et al. 2010) -------------------------------------------------------------------------------

void glm_ucb_parse(const GlmOptionView& v, GlmCrosscheckConfig& c) {
  if (v.given("rho")) c.params.rho = *v.number("rho");
}
void glm_ucb_prepare(GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  c.params.T = c.horizon;
  ref::validate_glm_ucb(c.params, inst.q);
}
GlmRunComparison glm_ucb_run(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst, std::uint32_t run) {
  return timed_run(
      run, [&] { return ref::glm_ucb(c.params, inst, c.seed, run, c.reference_round); },
      [&] { return fast::glm_ucb(c.params, fast::GlmEnvironment(inst), c.seed, run, c.fast_options); },
      [&](const auto& r, const auto& f) { return compare_glm(inst, r, f); });
}
void glm_ucb_header(const GlmCrosscheckReport& rep, std::ostream& out) {
  out << ", lambda = " << to_string(rep.config.params.lambda) << ", rho = " << ref::glm_ucb_rho_name(rep.config.params)
      << "\n";
}
// glm-ucb's and rs-glincb's run line
std::uint64_t ucb_print_run(const GlmRunComparison& r, std::ostream& out) {
  out << "  run " << r.run << ": " << r.rounds << " rounds, " << r.deferrals << " argmax decisions deferred, "
      << r.reward_deferrals << " reward draws deferred, " << r.refinements << " reference refinements, "
      << r.full_fits << " reference full fits, max theta bound " << r.max_theta_error << ", pseudo-regret "
      << r.regret_fast << " (reference " << r.regret_reference << "); reference " << r.seconds_reference
      << " s, optimized " << r.seconds_fast << " s";
  return r.deferrals;
}
std::string params_lambda(const GlmCrosscheckConfig& c, const ref::GlmInstance&) { return to_string(c.params.lambda); }
std::string glm_ucb_describe(const GlmCrosscheckConfig& c, const ref::GlmInstance&) {
  return "rho = " + ref::glm_ucb_rho_name(c.params);
}
GlmSimulateRun glm_ucb_simulate(const GlmCrosscheckConfig& c, const fast::GlmEnvironment& env, std::uint32_t r) {
  fast::GlmUcbFastTrajectory t = fast::glm_ucb(c.params, env, c.seed, r);
  const std::uint64_t d = t.deferrals;
  return sim_run(std::move(t), d);
}

// ---- b-glincb (Sawarni et al. 2024, Alg. 1) -------------------------------------------------------------------------

void b_glincb_parse(const GlmOptionView& v, GlmCrosscheckConfig& c) {
  if (v.given("width")) c.bglincb.gamma = *v.number("width");
  if (v.given("kappa")) c.bglincb.kappa = *v.number("kappa");
  if (v.given("batches")) c.bglincb.M = static_cast<std::uint32_t>(*v.integer("batches"));
  if (v.given("widths")) c.bglincb.widths = ref::parse_glm_widths(v.widths);
  c.bglincb.S = c.loaded ? c.loaded->S : c.instance.S;
}
void b_glincb_prepare(GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  c.params.T = c.horizon;
  c.bglincb.T = c.horizon;
  c.bglincb.lambda = c.params.lambda;
  ref::validate_b_glincb(c.bglincb, inst.q);
}
GlmRunComparison b_glincb_run(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst, std::uint32_t run) {
  return timed_run(
      run, [&] { return ref::b_glincb(c.bglincb, inst, c.seed, run, c.reference_round); },
      [&] { return fast::b_glincb(c.bglincb, fast::GlmEnvironment(inst), c.seed, run, c.bglincb_fast_options); },
      [&](const auto& r, const auto& f) { return compare_b_glincb(inst, r, f); });
}
void b_glincb_header(const GlmCrosscheckReport& rep, std::ostream& out) {
  const auto& c = rep.config;
  out << ", lambda = " << to_string(c.params.lambda) << ", gamma = " << to_string(c.bglincb.gamma)
      << ", kappa = " << to_string(c.bglincb.kappa) << ", S = " << to_string(c.bglincb.S)
      << ", M = " << ref::b_glincb_batches(c.bglincb) << ", widths = " << ref::glm_widths_name(c.bglincb.widths)
      << "\n";
}
std::uint64_t b_glincb_print_run(const GlmRunComparison& r, std::ostream& out) {
  out << "  run " << r.run << ": " << r.rounds << " rounds in batches " << r.schedule << ", " << r.eliminated
      << " arms eliminated, " << r.elimination_tests << " elimination tests (" << r.deferrals << " deferred), "
      << r.mle_deferrals << " MLE roundings deferred, " << r.weight_deferrals << " weights deferred, "
      << r.reward_deferrals << " reward draws deferred, " << r.refinements << " reference refinements, max theta bound "
      << r.max_theta_error << ", pseudo-regret " << r.regret_fast << " (reference " << r.regret_reference
      << "); reference " << r.seconds_reference << " s, optimized " << r.seconds_fast << " s";
  return r.deferrals + r.mle_deferrals + r.weight_deferrals;
}
std::string b_glincb_describe(const GlmCrosscheckConfig& c, const ref::GlmInstance&) {
  return "gamma = " + to_string(c.bglincb.gamma) + ", kappa = " + to_string(c.bglincb.kappa) +
         ", M = " + std::to_string(ref::b_glincb_batches(c.bglincb)) + ", widths " +
         std::string(ref::glm_widths_name(c.bglincb.widths));
}
GlmSimulateRun b_glincb_simulate(const GlmCrosscheckConfig& c, const fast::GlmEnvironment& env, std::uint32_t r) {
  fast::BGlincbFastTrajectory b = fast::b_glincb(c.bglincb, env, c.seed, r);
  const std::uint64_t d = b.elimination_deferrals + b.mle_deferrals + b.weight_deferrals;
  return sim_run(std::move(b), d);
}

// ---- rs-glincb (Sawarni et al. 2024, Alg. 2) ------------------------------------------------------------------------

void rs_glincb_parse(const GlmOptionView& v, GlmCrosscheckConfig& c) {
  // The optimized build carries γ√κ and β as doubles with relative error bounds: a value that a double would
  // flush to zero (1e-400) would make the builds disagree, so rs-glincb takes γ ≥ 2^-64 and β = 0 or ≥ 2^-64.
  const Rational tiny(1, Integer(1) << 64);
  c.rs_params.gamma = v.given("width") ? *v.number("width") : Rational(1, 2);
  if (c.rs_params.gamma < tiny)
    throw_parameter_error(v.command, "--width", "at least 2^-64 for rs-glincb", to_string(c.rs_params.gamma));
  c.rs_params.beta = v.given("ucb-width") ? *v.number("ucb-width") : Rational(1, 2);
  if (c.rs_params.beta != 0 && c.rs_params.beta < tiny)
    throw_parameter_error(v.command, "--ucb-width", "0 or at least 2^-64", to_string(c.rs_params.beta));
  c.rs_params.kappa = v.given("kappa") ? *v.number("kappa") : Rational(0);  // 0: the instance's
}
void rs_glincb_prepare(GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  c.params.T = c.horizon;
  c.rs_params = rs_glincb_params(c, inst);  // validates
}
GlmRunComparison rs_glincb_run(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst, std::uint32_t run) {
  return timed_run(
      run, [&] { return ref::rs_glincb(c.rs_params, inst, c.seed, run, c.reference_round); },
      [&] { return fast::rs_glincb(c.rs_params, fast::GlmEnvironment(inst), c.seed, run, c.rs_fast_options); },
      [&](const auto& r, const auto& f) { return compare_rs_glincb(inst, r, f); });
}
void rs_glincb_header(const GlmCrosscheckReport& rep, std::ostream& out) {
  const auto& c = rep.config;
  out << ", lambda = " << to_string(c.params.lambda) << ", gamma = " << to_string(c.rs_params.gamma)
      << ", kappa = " << to_string(c.rs_params.kappa) << ", beta = " << to_string(c.rs_params.beta) << "\n";
}
std::uint64_t rs_glincb_print_run(const GlmRunComparison& r, std::ostream& out) {
  const std::uint64_t d = ucb_print_run(r, out);
  out << "; |T_o| = " << r.explorations << ", switches = " << r.switches;
  return d;
}
std::string rs_glincb_describe(const GlmCrosscheckConfig& c, const ref::GlmInstance&) {
  return "gamma = " + to_string(c.rs_params.gamma) + ", kappa bound = " + to_string(c.rs_params.kappa) +
         ", beta = " + to_string(c.rs_params.beta);
}
GlmSimulateRun rs_glincb_simulate(const GlmCrosscheckConfig& c, const fast::GlmEnvironment& env, std::uint32_t r) {
  fast::RsGlincbFastTrajectory x = fast::rs_glincb(c.rs_params, env, c.seed, r);
  const std::uint64_t d = x.deferrals;
  return sim_run(std::move(x), d);
}

// ---- shuffle-glm (Sarmasarkar 2026, Alg. 1; scaled profile) ---------------------------------------------------------

// `--profile theorem`: refused naming --profile, with the theorem's B₁/T (calibrate shuffle-glm).
[[noreturn]] void refuse_shuffle_glm_theorem(const GlmCrosscheckConfig& c, std::uint32_t d, const char* command) {
  ref::CalibrationGlmInput in;
  in.variant = "shuffle-glm";
  in.eps = c.shuffle.eps;
  in.delta = c.shuffle.delta;
  in.horizon = Integer(c.shuffle.T);
  in.d = Integer(d);
  in.kappa = c.shuffle.kappa;
  in.kappa_star = c.shuffle.kappa_star;
  in.theta_norm = c.shuffle.S;
  if (c.shuffle.M != 0) in.batches = Integer(c.shuffle.M);
  in.link = std::string(ref::link_name(c.loaded ? c.loaded->link : c.instance.link));
  const ref::Calibration001 cal = ref::calibrate_glm003(in);
  const ref::Quantity* b1 = cal.find("batch_1_size");
  const std::string size = b1 && b1->exact ? to_string(*b1->exact) : "?";
  throw_parameter_error(command, "--profile",
                        "scaled (the default) for shuffle-glm: the theorem's warm-up B1 = " + size + " vs T = " +
                            std::to_string(c.shuffle.T) + " (calibrate shuffle-glm)",
                        "theorem");
}

// ε (--eps, default 1) in (0, 5), δ (--delta, default 1/100) in (0, 1/2), T = the horizon in [16, 2^24], and every
// range of ref::validate_shuffle_glm checked here first so that a refusal names the command-line option.
void shuffle_glm_parse(const GlmOptionView& v, GlmCrosscheckConfig& c) {
  const char* command = v.command;
  if (v.given("widths")) c.shuffle.widths = ref::parse_glm_widths(v.widths);
  ref::ShuffleGlmParams& p = c.shuffle;
  const ref::Link link = c.loaded ? c.loaded->link : c.instance.link;
  const unsigned q = c.loaded ? c.loaded->q : c.instance.q;
  if (q > 15) throw_parameter_error(command, "--instance", "an instance with q <= 15 for shuffle-glm", std::to_string(q));
  if (v.horizon < 16 || v.horizon > (std::uint64_t{1} << 24))
    throw_parameter_error(command, "--horizon", "in [16, 2^24] for shuffle-glm", std::to_string(v.horizon));
  p.T = v.horizon;
  p.eps = v.eps.empty() ? Rational(1) : parse_rational(v.eps, command, "--eps");
  if (p.eps <= 0 || p.eps >= 5) throw_parameter_error(command, "--eps", "in (0, 5) for shuffle-glm (Thm 5.1)", v.eps);
  p.delta = v.delta.empty() ? Rational(1, 100) : parse_rational(v.delta, command, "--delta");
  if (p.delta <= 0 || p.delta >= Rational(1, 2))
    throw_parameter_error(command, "--delta", "in (0, 1/2) for shuffle-glm (Lemma S.1)", v.delta);
  for (const auto& [x, name] : {std::pair{&p.eps, "--eps"}, {&p.delta, "--delta"}})
    require_reasonable_size(*x, command, name, 256);
  if (v.given("kappa-star")) p.kappa_star = *v.number("kappa-star");
  ref::check_kappa_star(link, p.kappa_star, command, "--kappa-star");
  p.kappa = v.given("kappa") ? *v.number("kappa") : std::max(Rational(8), p.kappa_star);
  if (p.kappa < p.kappa_star)
    throw_parameter_error(command, "--kappa", "at least --kappa-star (" + to_string(p.kappa_star) + ")", to_string(p.kappa));
  if (v.given("width")) p.gamma = *v.number("width");
  if (v.given("batches")) p.M = static_cast<std::uint32_t>(*v.integer("batches"));
  p.S = c.loaded ? c.loaded->S : c.instance.S;
  ref::validate_shuffle_glm(p, link, q);  // everything above is in range: this no longer throws for CLI input
  if (v.given("profile")) {
    if (v.profile == "theorem") refuse_shuffle_glm_theorem(c, c.loaded ? c.loaded->d : c.instance.d, command);
    throw_parameter_error(command, "--profile", "scaled (the default) for shuffle-glm", v.profile);
  }
}
void shuffle_glm_prepare(GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  c.params.T = c.horizon;
  c.shuffle.T = c.horizon;
  ref::validate_shuffle_glm(c.shuffle, inst.link, inst.q);
}
GlmRunComparison shuffle_glm_run(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst, std::uint32_t run) {
  return timed_run(
      run, [&] { return ref::shuffle_glm(c.shuffle, inst, c.seed, run, c.reference_round); },
      [&] { return fast::shuffle_glm(c.shuffle, fast::GlmEnvironment(inst), c.seed, run, c.shuffle_fast_options); },
      [&](const auto& r, const auto& f) { return compare_shuffle_glm(inst, r, f); });
}
void shuffle_glm_header(const GlmCrosscheckReport& rep, std::ostream& out) {
  const auto& c = rep.config;
  out << ", eps = " << to_string(c.shuffle.eps) << ", delta = " << to_string(c.shuffle.delta)
      << ", gamma = " << to_string(c.shuffle.gamma) << ", kappa = " << to_string(c.shuffle.kappa)
      << ", kappa* = " << to_string(c.shuffle.kappa_star) << ", S = " << to_string(c.shuffle.S)
      << ", M = " << ref::shuffle_glm_batches(c.shuffle) << ", widths = " << ref::glm_widths_name(c.shuffle.widths)
      << " (scaled profile)\n";
}
std::uint64_t shuffle_glm_print_run(const GlmRunComparison& r, std::ostream& out) {
  out << "  run " << r.run << ": " << r.rounds << " rounds in batches " << r.schedule << ", " << r.eliminated
      << " arms eliminated, " << r.clipped << " weights clipped, " << r.not_pd
      << " releases not positive definite; deferred to the reference: " << r.p2_deferrals << " P2 releases, "
      << r.pgd_deferrals << " P_GD roundings, " << r.exact_rounds << " rounds (exact core), " << r.reward_deferrals
      << " reward draws; pseudo-regret " << r.regret_fast << " (reference " << r.regret_reference << "); reference "
      << r.seconds_reference << " s, optimized " << r.seconds_fast << " s";
  return r.p2_deferrals + r.pgd_deferrals + r.exact_rounds;
}
std::string shuffle_glm_lambda(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  return to_string(ref::shuffle_glm_lambdas(c.shuffle, inst.d).first) + " (Obs. 1)";
}
std::string shuffle_glm_describe(const GlmCrosscheckConfig& c, const ref::GlmInstance&) {
  return "scaled profile, eps = " + to_string(c.shuffle.eps) + ", delta = " + to_string(c.shuffle.delta) +
         ", gamma = " + to_string(c.shuffle.gamma) + ", kappa = " + to_string(c.shuffle.kappa) +
         ", kappa* = " + to_string(c.shuffle.kappa_star) + ", M = " + std::to_string(ref::shuffle_glm_batches(c.shuffle)) +
         ", widths " + std::string(ref::glm_widths_name(c.shuffle.widths));
}
GlmSimulateRun shuffle_glm_simulate(const GlmCrosscheckConfig& c, const fast::GlmEnvironment& env, std::uint32_t r) {
  fast::ShuffleGlmFastTrajectory x = fast::shuffle_glm(c.shuffle, env, c.seed, r);
  const std::uint64_t d = x.p2_deferrals + x.pgd_deferrals + x.exact_rounds;  // every decision taken by the reference
  return sim_run(std::move(x), d);
}

// ---- gloc (Jun et al. 2017) ------------------------------------------------------------------------------------------

// --profile theorem (Jun et al.'s constants, the default) or paper-code (the baseline code's)
void gloc_parse(const GlmOptionView& v, GlmCrosscheckConfig& c) {
  if (v.given("lambda")) c.gloc.lambda = c.params.lambda;
  c.gloc.profile = v.given("profile") ? ref::parse_gloc_profile(v.profile) : ref::GlocProfile::paper;
  if (v.given("kappa")) {
    c.gloc.kappa = *v.number("kappa");
    ref::check_kappa_star(c.loaded ? c.loaded->link : c.instance.link, *c.gloc.kappa, v.command, "--kappa");
  }
  if (v.given("delta")) c.gloc.delta = *v.number("delta");
}
void gloc_prepare(GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  c.params.T = c.horizon;
  c.gloc.T = c.horizon;
  (void)ref::gloc_constants(c.gloc, inst);  // validates
}
GlmRunComparison gloc_run(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst, std::uint32_t run) {
  return timed_run(
      run, [&] { return ref::gloc(c.gloc, inst, c.seed, run, c.reference_round); },
      [&] { return fast::gloc(c.gloc, fast::GlmEnvironment(inst), c.seed, run, c.gloc_fast_options); },
      [&](const auto& r, const auto& f) { return compare_gloc(r, f); });
}
void gloc_header(const GlmCrosscheckReport& rep, std::ostream& out) {
  const ref::GlocConstants k = ref::gloc_constants(rep.config.gloc, rep.instance);
  out << ", profile " << ref::gloc_profile_name(k.profile) << ", lambda = " << to_string(k.lambda)
      << ", kappa = " << to_string(k.kappa) << ", delta = " << to_string(k.delta) << "\n";
}
std::uint64_t gloc_print_run(const GlmRunComparison& r, std::ostream& out) {
  out << "  run " << r.run << ": " << r.rounds << " rounds, " << r.deferrals << " argmax decisions deferred, "
      << r.reward_deferrals << " reward draws deferred, " << r.refinements << " reference replays, " << r.exact_rounds
      << " reference decisions exact, max radius " << r.max_theta_error << ", pseudo-regret " << r.regret_fast
      << " (reference " << r.regret_reference << "); reference " << r.seconds_reference << " s, optimized "
      << r.seconds_fast << " s";
  return r.deferrals;
}
std::string gloc_lambda(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  return to_string(ref::gloc_constants(c.gloc, inst).lambda);
}
std::string gloc_describe(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  const ref::GlocConstants k = ref::gloc_constants(c.gloc, inst);
  return "profile " + std::string(ref::gloc_profile_name(k.profile)) + ", kappa = " + to_string(k.kappa) +
         ", delta = " + to_string(k.delta);
}
GlmSimulateRun gloc_simulate(const GlmCrosscheckConfig& c, const fast::GlmEnvironment& env, std::uint32_t r) {
  fast::GlocFastTrajectory x = fast::gloc(c.gloc, env, c.seed, r);
  const std::uint64_t d = x.deferrals;
  return sim_run(std::move(x), d);
}

// ---- jdp-glm (Sarmasarkar 2026, Alg. 2; theorem and paper-code profiles) -------------------------------------------

// ε (--eps, default 1) in (0, 15], δ (--delta, default 1/100) in (0, 1/2), κ* (--kappa-star, default 4), κ (--kappa,
// default max(8, κ*)) in [κ*, 2^40], T = the horizon in [16, 2^24]; `--profile` theorem (the default) or paper-code.
// theorem: ζ (--zeta, default δ/2) in (0, δ) (Thm 6.2 needs δ > ζ), the constants C, c of Eq. 20–21
// (--beta-constant, --gamma-constant, default 1); --code-version refused.
// paper-code (spec 003 §7.3): ζ (--zeta, default δ: the authors' runs) in (0, 1/2), --code-version first (the
// default) or later, --gamma-constant and --beta-constant refused (the code's γ, β).
// Each refusal names the command-line option; the learner's constants no longer throw afterwards.
void jdp_glm_parse(const GlmOptionView& v, GlmCrosscheckConfig& c) {
  const char* command = v.command;
  ref::JdpGlmParams& p = c.jdp;
  const ref::Link link = c.loaded ? c.loaded->link : c.instance.link;
  const unsigned q = c.loaded ? c.loaded->q : c.instance.q;
  if (q > 15) throw_parameter_error(command, "--instance", "an instance with q <= 15 for jdp-glm", std::to_string(q));
  if (v.given("profile") && v.profile != "theorem" && v.profile != "paper-code")
    throw_parameter_error(command, "--profile", "theorem or paper-code for jdp-glm", v.profile);
  const bool paper = v.given("profile") && v.profile == "paper-code";
  p.profile = paper ? ref::JdpProfile::PaperCode : ref::JdpProfile::Theorem;
  p.code_version = ref::JdpCodeVersion::First;
  if (v.given("code-version")) {
    if (!paper)
      throw_parameter_error(command, "--code-version", "absent in jdp-glm's theorem profile (paper-code only)",
                            v.code_version);
    if (v.code_version != "first" && v.code_version != "later")
      throw_parameter_error(command, "--code-version", "first or later for jdp-glm --profile paper-code",
                            v.code_version);
    if (v.code_version == "later") p.code_version = ref::JdpCodeVersion::Later;
  }
  if (paper)
    for (const char* name : {"gamma-constant", "beta-constant"})
      if (v.given(name))
        throw_parameter_error(command, std::string("--") + name,
                              "absent in jdp-glm's paper-code profile (the code's gamma and beta)", "given");
  if (v.horizon < 16 || v.horizon > (std::uint64_t{1} << 24))
    throw_parameter_error(command, "--horizon", "in [16, 2^24] for jdp-glm", std::to_string(v.horizon));
  p.T = v.horizon;
  p.eps = v.eps.empty() ? Rational(1) : parse_rational(v.eps, command, "--eps");
  if (p.eps <= 0 || p.eps > 15) throw_parameter_error(command, "--eps", "in (0, 15] for jdp-glm (P_GD's range)", v.eps);
  p.delta = v.delta.empty() ? Rational(1, 100) : parse_rational(v.delta, command, "--delta");
  if (p.delta <= 0 || p.delta >= Rational(1, 2))
    throw_parameter_error(command, "--delta", "in (0, 1/2) for jdp-glm", v.delta);
  for (const auto& [x, name] : {std::pair{&p.eps, "--eps"}, {&p.delta, "--delta"}})
    require_reasonable_size(*x, command, name, 256);
  p.zeta.reset();
  if (v.given("zeta")) {
    const Rational z = *v.number("zeta");
    require_reasonable_size(z, command, "--zeta", 256);
    if (!paper && z >= p.delta)
      throw_parameter_error(command, "--zeta", "below --delta (" + to_string(p.delta) + ") in the theorem profile "
                            "(Thm 6.2 needs delta > zeta)", v.zeta);
    p.zeta = z;
  }
  if (v.given("kappa-star")) p.kappa_star = *v.number("kappa-star");
  ref::check_kappa_star(link, p.kappa_star, command, "--kappa-star");
  p.kappa = v.given("kappa") ? *v.number("kappa") : std::max(Rational(8), p.kappa_star);
  if (p.kappa < p.kappa_star)
    throw_parameter_error(command, "--kappa", "at least --kappa-star (" + to_string(p.kappa_star) + ")", to_string(p.kappa));
  for (const auto& [x, name, opt] : {std::tuple{&p.gamma_constant, "gamma-constant", "--gamma-constant"},
                                     {&p.beta_constant, "beta-constant", "--beta-constant"}}) {
    *x = v.given(name) ? *v.number(name) : Rational(1);
    require_reasonable_size(*x, command, opt, 256);
  }
  for (const auto& [x, opt] : {std::pair{&p.kappa, "--kappa"}, {&p.kappa_star, "--kappa-star"}})
    require_reasonable_size(*x, command, opt, 256);
  p.S = c.loaded ? c.loaded->S : c.instance.S;
  try {
    if (paper)
      (void)ref::jdp_glm_paper_constants(p, link, c.loaded ? c.loaded->d : c.instance.d, q);
    else
      (void)ref::jdp_glm_constants(p, link, c.loaded ? c.loaded->d : c.instance.d, q);
  } catch (const ParameterError& e) {  // every range is checked above: a refusal here names jdp-glm's parameter
    // A refusal of ε itself (at --eps 1e-9 the optimizers' per-call ε rounds to 0) names --eps and the value the
    // user gave, exactly (issue 14: it used to surface later as P_GD's "got 0").
    const std::string what = e.what(), form = "parameter 'eps' must be ";
    const std::size_t at = what.find(form), got = what.rfind(", got ");
    if (at != std::string::npos && got != std::string::npos && got > at + form.size())
      throw_parameter_error(command, "--eps", what.substr(at + form.size(), got - at - form.size()),
                            to_string(p.eps));
    throw_parameter_error(command, "--learner", "jdp-glm with parameters it accepts",
                          input::quoted_prefix(e.what(), 100));
  }
}
void jdp_glm_prepare(GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  c.params.T = c.horizon;
  c.jdp.T = c.horizon;
  // Validates; then the optimized twin's range of λ (held exactly in a double: paper-code below 2^20 on its 2^-32
  // grid, theorem at most 2^52), refused here before any run, naming ε (λ grows as 1/(ε·κ*)). It used to be
  // refused by the optimized run, after the reference run had taken its time: exit 3, "fast::jdp_glm paper-code:
  // lambda beyond 2^20" (issue 14, in-range refusals deep in a run; docs/reliability.md).
  const bool too_large =
      c.jdp.profile == ref::JdpProfile::PaperCode
          ? ref::jdp_glm_paper_constants(c.jdp, inst.link, inst.d, inst.q).lambda >= Rational(1 << 20)
          : ref::jdp_glm_constants(c.jdp, inst.link, inst.d, inst.q).lambda > Integer(1) << 52;
  if (too_large)
    throw_parameter_error(
        "jdp_glm", "eps",
        std::string("large enough (with kappa-star) that lambda, about 1/(eps·kappa*), stays within ") +
            (c.jdp.profile == ref::JdpProfile::PaperCode ? "2^20" : "2^52") + ", the optimized build's exact range",
        to_string(c.jdp.eps));
}
GlmRunComparison jdp_glm_run(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst, std::uint32_t run) {
  return timed_run(
      run, [&] { return ref::jdp_glm(c.jdp, inst, c.seed, run, c.reference_round); },
      [&] { return fast::jdp_glm(c.jdp, fast::GlmEnvironment(inst), c.seed, run, c.jdp_fast_options); },
      [&](const auto& r, const auto& f) { return compare_jdp_glm(r, f); });
}
std::uint64_t jdp_glm_print_run(const GlmRunComparison& r, std::ostream& out) {
  out << "  run " << r.run << ": " << r.rounds << " rounds, |T_o| = " << r.explorations << ", switches = "
      << r.switches << ", count1 = " << r.count1 << ", count2 = " << r.count2 << " (cutoffs " << r.cutoffs << "), "
      << r.not_pd << " rounds with a non-PD V or H_tau; deferred to the reference: " << r.deferrals << " rounds ("
      << r.deferral_kinds << "), " << r.pgd_deferrals << " P_GD roundings, " << r.weight_deferrals << " weights, "
      << r.reward_deferrals << " reward draws; pseudo-regret " << r.regret_fast << " (reference " << r.regret_reference
      << "); reference " << r.seconds_reference << " s, optimized " << r.seconds_fast << " s";
  return r.deferrals + r.pgd_deferrals + r.reward_deferrals;
}
std::string jdp_glm_lambda(const GlmCrosscheckConfig& c, const ref::GlmInstance&) {
  return c.jdp.profile == ref::JdpProfile::PaperCode ? "the authors' code's" : "Eq. 19's";
}
std::string jdp_glm_describe(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  if (c.jdp.profile == ref::JdpProfile::PaperCode)
    return std::string("paper-code profile (") +
           (c.jdp.code_version == ref::JdpCodeVersion::Later ? "later" : "first") + " commit), eps = " + to_string(c.jdp.eps) + ", delta = " + to_string(c.jdp.delta) +
           ", kappa = " + to_string(c.jdp.kappa) + ", kappa* = " + to_string(c.jdp.kappa_star) + "; " +
           jdp_glm_paper_constants_text(ref::jdp_glm_paper_constants(c.jdp, inst.link, inst.d, inst.q)) +
           (inst.link == ref::Link::probit ? " (probit: outside Def. 4.1 (F1))" : "");
  return "theorem profile, eps = " + to_string(c.jdp.eps) + ", delta = " + to_string(c.jdp.delta) +
         ", kappa = " + to_string(c.jdp.kappa) + ", kappa* = " + to_string(c.jdp.kappa_star) + "; " +
         jdp_glm_constants_text(ref::jdp_glm_constants(c.jdp, inst.link, inst.d, inst.q)) +
         (inst.link == ref::Link::probit ? " (probit: outside Def. 4.1 (F1))" : "");
}
GlmSimulateRun jdp_glm_simulate(const GlmCrosscheckConfig& c, const fast::GlmEnvironment& env, std::uint32_t r) {
  fast::JdpGlmFastTrajectory x = fast::jdp_glm(c.jdp, env, c.seed, r);
  char line[512];
  std::snprintf(line, sizeof line,
                "run %u: |T_o| = %llu, switches = %llu, count1 = %llu, count2 = %llu (k1 = %s, k2 = %s), %llu "
                "rounds with a non-PD V or H_tau, %llu P_GD/DP-SGD roundings deferred\n",
                r, static_cast<unsigned long long>(std::count(x.explore.begin(), x.explore.end(), 1)),
                static_cast<unsigned long long>(x.switches.size()), static_cast<unsigned long long>(x.count1),
                static_cast<unsigned long long>(x.count2),
                to_string(x.paper ? x.paper->count1 : x.constants.count1).c_str(),
                to_string(x.paper ? x.paper->count2 : x.constants.count2).c_str(), static_cast<unsigned long long>(x.not_pd),
                static_cast<unsigned long long>(x.pgd_deferrals + x.sgd_deferrals));
  const std::uint64_t d = x.deferrals;  // rounds with a reference decision
  GlmSimulateRun s = sim_run(std::move(x), d);
  s.note = line;
  return s;
}

// ---- ecolog (Faury et al. 2022; logistic only) --------------------------------------------------------------------

// --profile theorem (the paper's optimistic index in logit space, the default) or paper-code (the authors' code's
// index μ(⟨x, θ⟩) + γ‖x‖); --lambda λ (default 1), --delta δ (default 1/50); the link must be logistic.
void ecolog_parse(const GlmOptionView& v, GlmCrosscheckConfig& c) {
  const ref::Link link = c.loaded ? c.loaded->link : c.instance.link;
  if (link != ref::Link::logistic)
    throw_parameter_error(v.command, "--link", "logistic for ecolog (ECOLog is defined for the logistic link only)",
                          ref::link_name(link));
  if (v.given("lambda")) c.ecolog.lambda = c.params.lambda;
  c.ecolog.profile = v.given("profile") ? ref::parse_ecolog_profile(v.profile) : ref::EcologProfile::paper;
  if (v.given("delta")) {
    c.ecolog.delta = *v.number("delta");
    if (c.ecolog.delta <= 0 || c.ecolog.delta >= 1)
      throw_parameter_error(v.command, "--delta", "in (0, 1) for ecolog", to_string(c.ecolog.delta));
  }
}
void ecolog_prepare(GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  c.params.T = c.horizon;
  c.ecolog.T = c.horizon;
  (void)ref::ecolog_constants(c.ecolog, inst);  // validates
}
GlmRunComparison ecolog_run(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst, std::uint32_t run) {
  return timed_run(
      run, [&] { return ref::ecolog(c.ecolog, inst, c.seed, run, c.reference_round); },
      [&] { return fast::ecolog(c.ecolog, fast::GlmEnvironment(inst), c.seed, run, c.ecolog_fast_options); },
      [&](const auto& r, const auto& f) { return compare_ecolog(r, f); });
}
void ecolog_header(const GlmCrosscheckReport& rep, std::ostream& out) {
  const ref::EcologConstants k = ref::ecolog_constants(rep.config.ecolog, rep.instance);
  out << ", profile " << ref::ecolog_profile_name(k.profile) << ", lambda = " << to_string(k.lambda)
      << ", delta = " << to_string(k.delta) << ", grid 2^-" << ref::kEcologGridBits << "\n";
}
std::uint64_t ecolog_print_run(const GlmRunComparison& r, std::ostream& out) {
  out << "  run " << r.run << ": " << r.rounds << " rounds, " << r.deferrals << " argmax decisions deferred, "
      << r.mle_deferrals << " updates deferred, " << r.weight_deferrals << " weights deferred, "
      << r.reward_deferrals << " reward draws deferred, " << r.exact_rounds << " reference decisions exact, "
      << r.refinements << " reference comparisons on enclosures, pseudo-regret " << r.regret_fast << " (reference "
      << r.regret_reference << "); reference " << r.seconds_reference << " s, optimized " << r.seconds_fast << " s";
  return r.deferrals + r.mle_deferrals;
}
std::string ecolog_lambda(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  return to_string(ref::ecolog_constants(c.ecolog, inst).lambda);
}
std::string ecolog_describe(const GlmCrosscheckConfig& c, const ref::GlmInstance& inst) {
  const ref::EcologConstants k = ref::ecolog_constants(c.ecolog, inst);
  return "profile " + std::string(ref::ecolog_profile_name(k.profile)) + ", delta = " + to_string(k.delta);
}
GlmSimulateRun ecolog_simulate(const GlmCrosscheckConfig& c, const fast::GlmEnvironment& env, std::uint32_t r) {
  fast::EcologFastTrajectory x = fast::ecolog(c.ecolog, env, c.seed, r);
  const std::uint64_t d = x.deferrals + x.step_deferrals;  // every decision or update the reference took
  return sim_run(std::move(x), d);
}

}  // namespace

const std::vector<std::string>& glm_learner_option_names() {
  static const std::vector<std::string> names = {"rho",          "width",          "kappa",         "batches",
                                                 "widths",       "kappa-star",     "zeta",          "gamma-constant",
                                                 "beta-constant", "lambda",        "ucb-width",
                                                 "code-version"};
  return names;
}

// The table (fields in GlmLearner's order; what is not named keeps its default).
const std::vector<GlmLearner>& glm_learners() {
  static const std::vector<GlmLearner> table = {
      {.name = "glm-ucb", .options = {"lambda", "rho"}, .parse = glm_ucb_parse, .prepare = glm_ucb_prepare,
       .run = glm_ucb_run, .print_header = glm_ucb_header, .print_run = ucb_print_run, .lambda_text = params_lambda,
       .describe = glm_ucb_describe, .simulate = glm_ucb_simulate, .simulate_deferred = "argmax decisions deferred"},
      {.name = "b-glincb", .options = {"lambda", "width", "kappa", "batches", "widths"}, .parse = b_glincb_parse,
       .prepare = b_glincb_prepare, .run = b_glincb_run, .print_header = b_glincb_header,
       .print_run = b_glincb_print_run, .agreement = "survivors, weights, batch estimates",
       .lambda_text = params_lambda, .describe = b_glincb_describe, .simulate = b_glincb_simulate},
      {.name = "rs-glincb", .options = {"lambda", "width", "kappa", "ucb-width"}, .parse = rs_glincb_parse,
       .prepare = rs_glincb_prepare, .run = rs_glincb_run, .print_header = rs_glincb_header,
       .print_run = rs_glincb_print_run, .lambda_text = params_lambda, .describe = rs_glincb_describe,
       .simulate = rs_glincb_simulate},
      // P₂'s message grid 2^-(62-2q) needs q <= 15
      {.name = "shuffle-glm", .profiles = {"scaled"}, .takes_eps = true, .takes_delta = true,
       .options = {"width", "kappa", "batches", "widths", "kappa-star"}, .q = 15, .parse = shuffle_glm_parse,
       .prepare = shuffle_glm_prepare, .run = shuffle_glm_run, .print_header = shuffle_glm_header,
       .print_run = shuffle_glm_print_run, .agreement = "survivors, weights, P2 and P_GD releases and bits",
       .lambda_text = shuffle_glm_lambda, .describe = shuffle_glm_describe, .simulate = shuffle_glm_simulate},
      {.name = "gloc", .profiles = {"theorem", "paper-code"}, .takes_delta = true, .options = {"lambda", "kappa"},
       .parse = gloc_parse, .prepare = gloc_prepare, .run = gloc_run, .print_header = gloc_header,
       .print_run = gloc_print_run, .lambda_text = gloc_lambda, .describe = gloc_describe, .simulate = gloc_simulate,
       .simulate_deferred = "argmax decisions deferred"},
      // the trees' grid 2^-(2q+32) with σ·2^(2q+32) within fast::RoundedNormal's 2^48 at the paper's sizes
      // (σ_V ≈ 40 at T = 5000, ε = 4) needs q <= 5; the profiles' branches are in jdp_glm_parse
      {.name = "jdp-glm", .profiles = {"theorem", "paper-code"}, .takes_eps = true, .takes_delta = true,
       .options = {"kappa", "kappa-star", "zeta", "gamma-constant", "beta-constant", "code-version"}, .q = 5,
       .parse = jdp_glm_parse,
       .prepare = jdp_glm_prepare, .run = jdp_glm_run, .print_header = print_jdp_glm_header,
       .print_run = jdp_glm_print_run,
       .agreement = "Criterion I/II events, weights, tree releases, P_GD estimates and bits",
       .lambda_text = jdp_glm_lambda, .describe = jdp_glm_describe, .simulate = jdp_glm_simulate},
      {.name = "ecolog", .profiles = {"theorem", "paper-code"}, .takes_delta = true, .options = {"lambda"},
       .parse = ecolog_parse, .prepare = ecolog_prepare, .run = ecolog_run, .print_header = ecolog_header,
       .print_run = ecolog_print_run, .agreement = "grid roots, weights, final theta", .lambda_text = ecolog_lambda,
       .describe = ecolog_describe, .simulate = ecolog_simulate, .simulate_deferred = "decisions and updates deferred"},
  };
  return table;
}

const GlmLearner* find_glm_learner(const std::string& name) {
  for (const auto& l : glm_learners())
    if (l.name == name) return &l;
  return nullptr;
}

}  // namespace dpb::verify
