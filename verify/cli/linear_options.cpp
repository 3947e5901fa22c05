#include "verify/cli/linear_options.hpp"

#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"

namespace dpb::cli {

void add_linear_options(Options& o, LinearCliArgs& a, const std::vector<std::string>& companions) {
  o.integer("--batch", a.batch, closed(1), closed(pow2(40), "2^40"),
            "Seed 001 learners: batch size B in [1, T] (default 20 for linucb-sdp-*, else 1)")
      .companions_are(companions);
  o.integer("--d", a.d, closed(2), closed(64), "Seed 001 learners: dimension d in [2, 64] (default 5)")
      .companions_are(companions)
      .slow_values({"64"});
  o.choice("--pd-policy", a.pd_policy, {"skip", "raise-lambda", "project"},
           "Seed 001 learners: V_m not positive definite: skip (default), raise-lambda, project")
      .companions_are(companions);
  o.choice("--profile", a.profile, {"theorem", "paper-code"},
           "Seed 001 learners: theorem (default) or paper-code (the authors' constants and environment; no privacy claim)")
      .companions_are(companions);
  o.number("--confidence", a.alpha, open(0), closed(1),
           "Seed 001 learners: the confidence alpha in (0, 1] of the radii beta_m (default 1/T; --alpha is seed 004's)")
      .companions_are(companions);
  o.number("--lambda", a.lambda, open(0), closed(pow10(6), "10^6"), "Seed 001 learners: override the regularizer lambda > 0")
      .companions_are(companions);
  o.choice("--contexts", a.contexts, {"fixed", "tape"},
           "Seed 001 learners: fixed (default; K fixed arms of §6.1) or tape (K fresh contexts per round, every arm's "
           "reward drawn)")
      .companions_are(companions);
  o.choice("--regret", a.regret, {"pseudo", "realized"},
           "Seed 001 learners: pseudo (theorem's default) or realized (paper-code's default: r_t[best] - r_t[a_t])")
      .companions_are(companions);
  o.number("--vec-scale", a.vec_scale, open(0), closed(pow10(6), "10^6"),
           "paper-code linucb-sdp-vec: the code's scale C of b (default 1 at eps = 1/5, else 10)")
      .companions_are(std::vector<std::string>{"simulate", "--learner", "linucb-sdp-vec", "--profile", "paper-code",
                                               "--runs", "1", "--horizon", "40", "--arms", "10"});
  // The companions of --users and --m0: the command's quick line with linucb-jdp (and --users returning).
  std::vector<std::string> jdp = companions;
  for (std::size_t i = 0; i + 1 < jdp.size(); ++i)
    if (jdp[i] == "--learner") jdp[i + 1] = "linucb-jdp";
  std::vector<std::string> jdp_returning = jdp;
  jdp_returning.insert(jdp_returning.end(), {"--users", "returning"});
  o.choice("--users", a.users, {"unique", "returning"},
           "linucb-sdp-amp, linucb-sdp-vec, linucb-jdp (theorem profile): unique (default) or returning users (Thms "
           "E.3, E.5: per-batch (eps_m, delta_m) as calibrate --returning; linucb-jdp: user-level, Prop. 4.3)")
      .companions_are(jdp);
  o.integer("--m0", a.m0, closed(1), closed(pow2(40), "2^40"),
            "linucb-jdp --users returning: M0 >= 1, the most rounds a user takes part in (default ceil(T^(1/3)); node "
            "std x M0)")
      .companions_are(jdp_returning);
  o.choice("--vec-noise", a.vec_noise, {"aggregate", "per-user"},
           "linucb-sdp-vec: aggregate (default: one Bin(B·b, 1/4) per label and batch) or per-user (R as written)")
      .companions_are(companions);
}

void refuse_linear_options(const Options& options, const std::string& learner, const char* command) {
  for (const char* name : {"batch", "d", "pd-policy", "profile", "confidence", "lambda", "contexts", "vec-noise",
                           "regret", "vec-scale", "users", "m0"})
    if (options.given(name))
      throw_parameter_error(command, std::string("--") + name,
                            "absent for " + (learner.empty() ? std::string("an experiment") : learner) +
                                " (a seed 001 learner's option)",
                            "given");
}

std::uint32_t linear_dimension(const LinearCliArgs& a) {
  if (a.d.empty()) return 5;
  const auto v = try_parse_integer(a.d);
  if (!v || *v < 2 || *v > 64) throw_parameter_error("linear", "--d", "an integer in [2, 64]", a.d);
  return v->convert_to<std::uint32_t>();
}

ref::LinUcbParams parse_linear_params(const LinearCliArgs& a, ref::LinUcbVariant variant, const std::string& eps,
                                      const std::string& delta, std::uint64_t T, const char* command) {
  ref::LinUcbParams p;
  p.variant = variant;
  p.T = T;
  const bool shuffle = variant == ref::LinUcbVariant::SdpAmp || variant == ref::LinUcbVariant::SdpVec;
  if (a.batch.empty()) {
    p.B = shuffle ? 20 : 1;
  } else {
    const auto b = try_parse_integer(a.batch);
    if (!b || *b < 1) throw_parameter_error(command, "--batch", "an integer >= 1", a.batch);
    p.B = b->convert_to<std::uint64_t>();
  }
  if (!eps.empty()) p.eps = parse_rational(eps, command, "eps");
  p.delta = parse_rational(delta.empty() ? "1/10" : delta, command, "delta");
  p.pd_policy = ref::parse_pd_policy(a.pd_policy.empty() ? "skip" : a.pd_policy, command);
  p.profile = ref::parse_profile_001(a.profile.empty() ? "theorem" : a.profile, command);
  if (!a.alpha.empty()) {
    p.alpha = parse_rational(a.alpha, command, "confidence");
    if (*p.alpha <= 0 || *p.alpha > 1) throw_parameter_error(command, "confidence", "in (0, 1]", a.alpha);
  }
  if (!a.lambda.empty()) p.lambda = parse_rational(a.lambda, command, "lambda");
  if (!a.vec_scale.empty()) p.vec_scale = parse_rational(a.vec_scale, command, "vec-scale");
  p.users = ref::parse_user_model(a.users.empty() ? "unique" : a.users, command);
  // The combinations configure_linucb refuses, named by the user's options.
  if (p.users == ref::UserModel::Returning) {
    if (variant != ref::LinUcbVariant::SdpAmp && variant != ref::LinUcbVariant::SdpVec &&
        variant != ref::LinUcbVariant::Jdp)
      throw_parameter_error(command, "--users",
                            "unique for " + std::string(ref::linucb_variant_name(variant)) +
                                " (returning: linucb-sdp-amp, linucb-sdp-vec, linucb-jdp)",
                            a.users);
    if (a.profile == "paper-code")
      throw_parameter_error(command, "--users", "unique with --profile paper-code (the returning-user calibrations "
                                                "are the theorems')", a.users);
  }
  if (!a.m0.empty() && (variant != ref::LinUcbVariant::Jdp || p.users != ref::UserModel::Returning))
    throw_parameter_error(command, "--m0", "absent (linucb-jdp with --users returning only)", a.m0);
  if (!a.m0.empty()) {
    const auto m = try_parse_integer(a.m0);
    if (!m || *m < 1 || *m > Integer(T)) throw_parameter_error(command, "--m0", "an integer in [1, T = " + std::to_string(T) + "]", a.m0);
    p.m0 = m->convert_to<std::uint64_t>();
  }
  if (a.vec_noise.empty() || a.vec_noise == "aggregate") p.vec_noise_path = ref::NoisePath::Aggregate;
  else if (a.vec_noise == "per-user") p.vec_noise_path = ref::NoisePath::PerUser;
  else throw_parameter_error(command, "vec-noise", "per-user or aggregate", a.vec_noise);
  return p;
}

bool parse_realized_regret(const LinearCliArgs& a, ref::Profile001 profile, const char* command) {
  if (a.regret.empty()) return profile == ref::Profile001::PaperCode;
  if (a.regret == "realized") {
    if (profile != ref::Profile001::PaperCode)
      throw_parameter_error(command, "--regret", "pseudo in the theorem profile (rewards are drawn per pull)",
                            "realized");
    return true;
  }
  if (a.regret == "pseudo") return false;
  throw_parameter_error(command, "regret", "pseudo or realized", a.regret);
}

bool parse_context_tape(const LinearCliArgs& a, const char* command) {
  if (a.contexts.empty() || a.contexts == "fixed") return false;
  if (a.contexts == "tape") return true;
  throw_parameter_error(command, "contexts", "fixed or tape", a.contexts);
}

}  // namespace dpb::cli
