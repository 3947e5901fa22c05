// The options of seed 003's non-private GLM learners (glm-ucb; verify/crosscheck/glm_crosscheck.hpp) for
// `dpbandit crosscheck`: --link, --S, --generator, --instance, --rho; b-glincb: --width (γ), --kappa, --batches,
// --widths (and seed 001's --d, --lambda, the shared --arms). Every bad value is a ParameterError naming the option (exit 2, nothing written).
#pragma once

#include <string>
#include <vector>

#include "verify/cli/linear_options.hpp"
#include "verify/cli/options.hpp"
#include "verify/crosscheck/glm_crosscheck.hpp"

namespace dpb::cli {

struct GlmCliArgs {
  std::string link, S, generator, instance, rho;
  std::string gamma, kappa, batches, widths;  // b-glincb (gamma, kappa also rs-glincb)
  std::string ucb_width;                      // rs-glincb
  std::string kappa_star;                     // shuffle-glm, jdp-glm
  std::string zeta, gamma_constant, beta_constant;  // jdp-glm
};

void add_glm_options(Options& options, GlmCliArgs& args, const std::vector<std::string>& companions);
// For a learner that is not a GLM learner: any GLM option given is refused naming it.
void refuse_glm_options(const Options& options, const std::string& learner, const char* command);
// The cross-check configuration (horizon, runs, seed filled by the caller); the linear options other than --d and
// --lambda are refused (shuffle-glm: --lambda too, and --profile is left to the caller).
verify::GlmCrosscheckConfig parse_glm_config(const Options& options, const GlmCliArgs& args,
                                             const LinearCliArgs& linear, const std::string& learner,
                                             const char* command);

// shuffle-glm (scaled profile): ε (--eps, default 1) in (0, 5), δ (--delta, default 1/100) in (0, 1/2), T = the
// horizon in [16, 2^24], and every range of ref::validate_shuffle_glm checked here first so that a refusal names the
// command-line option. `eps`/`delta` are the options' texts ("" when not given).
void parse_shuffle_glm(const Options& options, const std::string& eps, const std::string& delta, std::uint64_t horizon,
                       verify::GlmCrosscheckConfig& config, const char* command);
// jdp-glm (theorem profile, Sarmasarkar 2026, arXiv:2602.00417, Alg. 2): ε (--eps, default 1) in (0, 15], δ (--delta,
// default 1/100) in (0, 1/2), ζ (--zeta, default δ/2) in (0, δ) (Thm 6.2 needs δ > ζ), κ* (--kappa-star, default 4),
// κ (--kappa, default max(8, κ*)) in [κ*, 2^40], the constants C, c of Eq. 20–21 (--beta-constant, --gamma-constant,
// default 1), T = the horizon in [16, 2^24]; `--profile` theorem only (paper-code: reference learner only, no CLI yet). Each refusal
// names the command-line option; ref::jdp_glm_constants no longer throws afterwards.
void parse_jdp_glm(const Options& options, const GlmCliArgs& args, const std::string& eps, const std::string& delta,
                   const std::string& profile, std::uint64_t horizon, verify::GlmCrosscheckConfig& config,
                   const char* command);

// `--profile theorem` for shuffle-glm: refused naming --profile, with the theorem's B₁/T (calibrate shuffle-glm).
[[noreturn]] void refuse_shuffle_glm_theorem(const verify::GlmCrosscheckConfig& config, std::uint32_t d,
                                             const char* command);

}  // namespace dpb::cli
