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
};

void add_glm_options(Options& options, GlmCliArgs& args, const std::vector<std::string>& companions);
// For a learner that is not a GLM learner: any GLM option given is refused naming it.
void refuse_glm_options(const Options& options, const std::string& learner, const char* command);
// The cross-check configuration (horizon, runs, seed filled by the caller); the linear options other than --d and
// --lambda are refused.
verify::GlmCrosscheckConfig parse_glm_config(const Options& options, const GlmCliArgs& args,
                                             const LinearCliArgs& linear, const std::string& learner,
                                             const char* command);

}  // namespace dpb::cli
