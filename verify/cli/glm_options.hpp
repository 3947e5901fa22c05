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
  std::string code_version;                         // jdp-glm --profile paper-code
};

void add_glm_options(Options& options, GlmCliArgs& args, const std::vector<std::string>& companions);
// For a learner that is not a GLM learner: any GLM option given is refused naming it.
void refuse_glm_options(const Options& options, const std::string& learner, const char* command);
// The cross-check configuration shared by every GLM learner (instance, --lambda; horizon, runs, seed filled by the
// caller); the linear options other than --d and --lambda are refused (--profile only for a learner with profiles),
// and so is every GLM option the learner's entry (verify/crosscheck/glm_learners.hpp) does not take.
verify::GlmCrosscheckConfig parse_glm_config(const Options& options, const GlmCliArgs& args,
                                             const LinearCliArgs& linear, const std::string& learner,
                                             const char* command);
// The learner's own options through its entry's hook (eps/delta: the options' texts, used only when given).
void parse_glm_learner_options(const Options& options, const GlmCliArgs& args, const LinearCliArgs& linear,
                               const std::string& eps, const std::string& delta, std::uint64_t horizon,
                               verify::GlmCrosscheckConfig& config, const char* command);

}  // namespace dpb::cli
