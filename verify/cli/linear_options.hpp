// The options of seed 001's linear learners (Algorithm 1; docs/learners.md § seed 001), shared by
// `dpbandit crosscheck` and `dpbandit simulate`. Numbers are exact rationals; every bad value is a ParameterError
// naming the option (exit 2, nothing written).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/learners/shuffle_private_linucb.hpp"
#include "verify/cli/options.hpp"

namespace dpb::cli {

// Registered options (verify/cli/options.hpp): empty = absent, defaults applied when parsed.
struct LinearCliArgs {
  std::string batch;  // default: 20 for the shuffle learners, 1 otherwise
  std::string d;      // default 5
  std::string pd_policy, profile, alpha, lambda;  // skip, theorem, 1/T, derived
  std::string vec_noise;  // aggregate
  std::string contexts;   // fixed (§6.1 arms) or tape (fresh contexts per round)
  std::string regret;     // pseudo | realized (default: pseudo for theorem, realized for paper-code)
  std::string vec_scale;  // paper-code linucb-sdp-vec's C (default 1 at eps = 1/5, else 10)
  std::string users;      // unique (default) | returning (linucb-sdp-amp, linucb-sdp-vec, linucb-jdp; theorem profile)
  std::string m0;         // linucb-jdp --users returning: M0, rounds per user (default ceil(T^(1/3)))
};

// Registers --batch, --d, --pd-policy, --profile, --confidence, --lambda, --contexts, --vec-noise, --regret,
// --vec-scale, --users, --m0; `companions` is a
// quick command line that uses them (the bad-input table).
void add_linear_options(Options& options, LinearCliArgs& args, const std::vector<std::string>& companions);
// For a learner that is not one of seed 001's: any of those options given is refused naming it (class 9).
void refuse_linear_options(const Options& options, const std::string& learner, const char* command);
// d (default 5); the registry has checked the range.
std::uint32_t linear_dimension(const LinearCliArgs& args);
// eps and delta as given on the command line (delta: the shared --delta when given, else 1/10).
ref::LinUcbParams parse_linear_params(const LinearCliArgs& args, ref::LinUcbVariant variant, const std::string& eps,
                                      const std::string& delta, std::uint64_t T, const char* command);

// --regret: true for realized (default: the profile's, realized for paper-code; realized needs paper-code, whose
// rewards are drawn for every arm every round).
bool parse_realized_regret(const LinearCliArgs& args, ref::Profile001 profile, const char* command);
// --contexts: false for fixed, true for tape (ParameterError naming contexts otherwise).
bool parse_context_tape(const LinearCliArgs& args, const char* command);

}  // namespace dpb::cli
