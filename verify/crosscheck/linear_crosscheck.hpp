// Cross-check of seed 001's linear learners (Algorithm 1: linucb, linucb-sdp-amp, linucb-sdp-vec, linucb-ldp,
// linucb-jdp): the reference (exact) and the optimized build on the same §6.1 instance, reward tape and noise stream
// must take the same action at every round, aggregate the same integer statistics D·V_m and D·u_m at every update,
// see the same PD events (and apply the same policy shift), and broadcast θ̂ within the optimized build's error.
// Any disagreement is a failure (exit 1). Near ties of the optimized argmax are deferred to the reference's exact
// comparison and counted; so are the PD decisions the double Cholesky cannot certify.
//
// Streams of run r (seed S), as for the other learners (docs/learners.md): the instance from
// ChaCha20Source(S, 2^20·r), the protocol's noise from ChaCha20Source(S, 2^20·r + 1), arm a's rewards from
// ChaCha20Source(S, 2^20·r + 2 + a). With context tapes (`--contexts tape`): the contexts from 2^20·r + 2 and every
// arm's rewards from 2^20·r + 3 (make_context_tape).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "optimized/learners/shuffle_private_linucb.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"

namespace dpb::verify {

bool is_linear_learner(const std::string& name);

struct LinearCrosscheckConfig {
  std::string learner;
  std::uint64_t horizon = 2000;
  std::uint32_t runs = 20;
  std::uint64_t seed = 1;
  std::uint32_t d = 5, K = 100;
  unsigned q = 16;
  bool context_tape = false;  // true: fresh contexts per round from a ContextTape (streams 2^20·r + 2 and + 3)
  ref::LinUcbParams params;  // variant, T filled in by crosscheck_linear; B, eps, delta, alpha, policy, lambda
  fast::LearnerOptions fast_options{};  // the controls' hooks (tests only)
  bool record_updates = false;          // run_linear_fast: keep every broadcast's exact D·V_m, D·u_m (claims)
  // Optional: called with (reference rounds done, runs × horizon) after every round of every reference run
  // (LinUcbOptions::on_round; the CLI's progress line, no effect on results).
  std::function<void(std::uint64_t, std::uint64_t)> progress;
  // How a refusal of the derived noise names the user's input (prepare_linear): the command, and whether --eps and
  // --delta were given on its command line (crosscheck and simulate pass ε = 1 when --eps is absent).
  std::string command = "crosscheck";
  bool eps_given = true, delta_given = false;
};

struct LinearRunComparison {
  std::uint32_t run = 0;
  std::uint64_t rounds = 0, updates = 0, deferrals = 0, near_ties = 0, pd_failures = 0, pd_deferrals = 0;
  std::uint32_t instance_redraws = 0;
  std::optional<std::uint64_t> divergence;  // the first round (or update time) that differs
  std::string detail;
  std::string regret_reference;  // exact
  double regret_fast = 0;
  std::int64_t realized_regret = 0;  // r_t[best] − r_t[a_t] summed (paper-code: every arm drawn every round)
  double max_theta_error = 0;  // max |θ̂_fast − θ̂_ref| / (1 + |θ̂_ref|)
  double seconds_reference = 0, seconds_fast = 0;
};

struct LinearCrosscheckReport {
  LinearCrosscheckConfig config;
  ref::LinUcbConfig derived;  // of run 0's instance size (the same for every run)
  std::vector<LinearRunComparison> runs;
  bool ok() const;
  std::uint64_t deferrals() const;
};

// Runs one (reference, optimized) pair on run r's streams (exposed for tests and the vectors).
struct LinearRunPair {
  ref::LinearInstance instance;  // fixed arms (empty with a context tape)
  std::optional<ref::ContextTape> contexts;
  ref::LinUcbTrajectory reference;
  fast::LinUcbTrajectory optimized;
  double seconds_reference = 0, seconds_fast = 0;  // report-only
};
LinearRunPair run_linear_pair(const LinearCrosscheckConfig& config, std::uint32_t run);
// Run r's fixed-arm instance: §6.1's (theorem profile) or the authors' (§6.2, paper-code), from stream 2^20·r.
ref::LinearInstance linear_instance(const LinearCrosscheckConfig& config, std::uint32_t run);
// The optimized build alone on run r's streams (`dpbandit simulate --learner`), with the run's instance.
// (fixed arms only; simulate and the claims use fixed arms)
// `tape`, when given, receives the run's reward tape (arm a, round t: (a, t − 1) in the paper-code profile).
std::pair<ref::LinearInstance, fast::LinUcbTrajectory> run_linear_fast(const LinearCrosscheckConfig& config,
                                                                       std::uint32_t run,
                                                                       std::optional<ref::RewardTape>* tape = nullptr);
LinearRunComparison compare_linear(const ref::LinUcbTrajectory& reference, const fast::LinUcbTrajectory& optimized);

// Validates a run's configuration before any run, in the order a run meets it: configure_linucb (ParameterError
// naming the option), then what each build builds from it at the start of a run (ref::check_linucb_protocols,
// fast::check_linucb_run: the samplers' ranges, the optimized build's 120-bit integers). Those depend on the noise
// the privacy target calibrates, so their refusals (which named a protocol's or sampler's parameter, "PVec: 'b'",
// "fast::shuffle_private_linucb: 'D'", and used to come at the start of a run, after a reference run) are rethrown
// naming the user's option: --lambda when it was given and λ·D is what does not fit, else --eps (or --delta when
// only it was given), with the value given. Returns the configuration (run 0's instance size; L² = 2 for the
// authors' instances). `simulate --learner` and `crosscheck` both call it.
ref::LinUcbConfig prepare_linear(const LinearCrosscheckConfig& config);

// prepare_linear's second half, for a configuration already derived (simulate's experiments call it per algorithm
// and ε): the protocols both builds build and the optimized build's integers, a refusal rethrown as a ParameterError
// of `command` naming `name` (the option or config field the noise comes from) with `value`; `at` says what else it
// was calibrated at (" at --delta 1/10"); `lambda` names λ when λ·D alone does not fit.
struct LinearNoiseNames {
  std::string command, name, value, at;
  std::string lambda = "--lambda";
};
void check_linear_noise(const ref::LinUcbConfig& cfg, const ref::LinUcbParams& params, const LinearNoiseNames& names);

// Validates (ParameterError naming the option: learner, horizon, runs, d, arms, batch, …) before running.
LinearCrosscheckReport crosscheck_linear(const LinearCrosscheckConfig& config);
void print_linear_report(const LinearCrosscheckReport& report, std::ostream& out);

}  // namespace dpb::verify
