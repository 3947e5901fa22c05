// The registry of seed 003's GLM learners (Sarmasarkar 2026, "Shuffle and Joint Differential Privacy for
// Generalized Linear Contextual Bandits", arXiv:2602.00417, Sec. 7–8, and the baselines its figures run): one table
// entry per learner — its name, the profiles and options it takes, its options hook, its validation, its run of both
// builds on shared streams with their comparison, and its lines in `dpbandit crosscheck` and `dpbandit simulate`.
// verify/crosscheck/glm_crosscheck.cpp and the two commands (verify/cli/crosscheck_command.cpp,
// simulate_command.cpp) read every per-learner step from here, so a new learner is one entry plus its runners.
//
// The command line reaches an options hook through GlmOptionView (verify/cli/glm_options.cpp implements it over the
// option registry), so this layer does not include verify/cli/. Hooks throw ParameterError naming the option.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "optimized/environments/glm_instance.hpp"
#include "verify/crosscheck/glm_crosscheck.hpp"

namespace dpb::verify {

// The command line as a learner's options hook reads it: which options were given and their checked values, and the
// texts of the options the hooks quote ("" when not given).
struct GlmOptionView {
  virtual ~GlmOptionView() = default;
  virtual bool given(const std::string& name) const = 0;
  virtual std::optional<Rational> number(const std::string& name) const = 0;     // a given number option
  virtual std::optional<std::uint64_t> integer(const std::string& name) const = 0;  // a given integer option
  std::string eps, delta, zeta, profile, widths, code_version;
  std::uint64_t horizon = 0;
  const char* command = "";
};

// What `simulate` reads of one optimized run.
struct GlmSimulateRun {
  std::vector<std::uint32_t> actions;
  double pseudo_regret = 0, pseudo_regret_error = 0;
  std::uint64_t deferrals = 0, reward_deferrals = 0;  // deferrals: every decision the reference took
  std::string note;                                   // a line printed before the run's line ("" for none)
};

struct GlmLearner {
  std::string name{};
  // --profile values the options hook handles (empty: --profile is refused as a seed 001 option)
  std::vector<std::string> profiles{};
  bool takes_eps = false, takes_delta = false;
  // the GLM options it takes (others are refused naming them): lambda, rho, width, kappa, batches, widths,
  // kappa-star, zeta, gamma-constant, beta-constant, ucb-width, code-version
  std::vector<std::string> options{};
  unsigned q = 16;  // the generated instance's grid 2^-q
  // its options after the shared ones (instance, --lambda): fills its parameters in the configuration
  void (*parse)(const GlmOptionView& view, GlmCrosscheckConfig& config) = nullptr;
  // T = horizon, derived parameters, validation against the instance (ParameterError)
  void (*prepare)(GlmCrosscheckConfig& config, const ref::GlmInstance& instance) = nullptr;
  // the crosscheck of one run: reference, optimized build, comparison, timings
  GlmRunComparison (*run)(const GlmCrosscheckConfig& config, const ref::GlmInstance& instance,
                          std::uint32_t run) = nullptr;
  // crosscheck's header after "…, seed = S" (ends with a newline), its line per run (without the newline; returns
  // the deferrals it counts) and what "agree" covers
  void (*print_header)(const GlmCrosscheckReport& report, std::ostream& out) = nullptr;
  std::uint64_t (*print_run)(const GlmRunComparison& run, std::ostream& out) = nullptr;
  const char* agreement = "estimates within bounds";
  // simulate: the λ text and the parameters text of its header, one optimized run, the wording of its run line
  std::string (*lambda_text)(const GlmCrosscheckConfig& config, const ref::GlmInstance& instance) = nullptr;
  std::string (*describe)(const GlmCrosscheckConfig& config, const ref::GlmInstance& instance) = nullptr;
  GlmSimulateRun (*simulate)(const GlmCrosscheckConfig& config, const fast::GlmEnvironment& env,
                             std::uint32_t run) = nullptr;
  const char* simulate_deferred = "decisions deferred";
};

// The table, in `crosscheck --list` order; find: nullptr for another name.
const std::vector<GlmLearner>& glm_learners();
const GlmLearner* find_glm_learner(const std::string& name);
// The GLM options a learner may take, in the order refusals are checked.
const std::vector<std::string>& glm_learner_option_names();

}  // namespace dpb::verify
