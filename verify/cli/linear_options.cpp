#include "verify/cli/linear_options.hpp"

#include "reference/core/errors.hpp"

namespace dpb::cli {

void add_linear_options(CLI::App* cmd, LinearCliArgs& a) {
  cmd->add_option("--batch", a.batch, "Seed 001 learners: batch size B in [1, T] (default 20 for linucb-sdp-*, else 1)");
  cmd->add_option("--d", a.d, "Seed 001 learners: dimension d >= 2 (default 5)");
  cmd->add_option("--pd-policy", a.pd_policy,
                  "Seed 001 learners: V_m not positive definite: skip (default), raise-lambda, project");
  cmd->add_option("--profile", a.profile, "Seed 001 learners: theorem (default); paper-code is not implemented yet");
  cmd->add_option("--confidence", a.alpha,
                  "Seed 001 learners: the confidence alpha in (0, 1] of the radii beta_m (default 1/T; --alpha is "
                  "seed 004's)");
  cmd->add_option("--lambda", a.lambda, "Seed 001 learners: override the regularizer lambda > 0");
  cmd->add_option("--contexts", a.contexts,
                  "Seed 001 learners: fixed (default; K fixed arms of §6.1) or tape (K fresh contexts per round, every "
                  "arm's reward drawn)");
  cmd->add_option("--vec-noise", a.vec_noise, "linucb-sdp-vec: aggregate (default: one Bin(B·b, 1/4) per label and batch) or per-user (R as written)");
}

ref::LinUcbParams parse_linear_params(const LinearCliArgs& a, ref::LinUcbVariant variant, const std::string& eps,
                                      const std::string& delta, std::uint64_t T, const char* command) {
  ref::LinUcbParams p;
  p.variant = variant;
  p.T = T;
  const bool shuffle = variant == ref::LinUcbVariant::SdpAmp || variant == ref::LinUcbVariant::SdpVec;
  p.B = a.batch.value_or(shuffle ? 20 : 1);
  if (!eps.empty()) p.eps = parse_rational(eps, command, "eps");
  p.delta = parse_rational(delta.empty() ? "1/10" : delta, command, "delta");
  p.pd_policy = ref::parse_pd_policy(a.pd_policy, command);
  p.profile = ref::parse_profile_001(a.profile, command);
  if (!a.alpha.empty()) {
    p.alpha = parse_rational(a.alpha, command, "confidence");
    if (*p.alpha <= 0 || *p.alpha > 1) throw_parameter_error(command, "confidence", "in (0, 1]", a.alpha);
  }
  if (!a.lambda.empty()) p.lambda = parse_rational(a.lambda, command, "lambda");
  if (a.vec_noise == "per-user") p.vec_noise_path = ref::NoisePath::PerUser;
  else if (a.vec_noise == "aggregate") p.vec_noise_path = ref::NoisePath::Aggregate;
  else throw_parameter_error(command, "vec-noise", "per-user or aggregate", a.vec_noise);
  return p;
}

bool parse_context_tape(const LinearCliArgs& a, const char* command) {
  if (a.contexts == "fixed") return false;
  if (a.contexts == "tape") return true;
  throw_parameter_error(command, "contexts", "fixed or tape", a.contexts);
}

}  // namespace dpb::cli
