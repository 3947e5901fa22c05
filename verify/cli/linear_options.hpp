// The options of seed 001's linear learners (Algorithm 1; docs/learners.md § seed 001), shared by
// `dpbandit crosscheck` and `dpbandit simulate`. Numbers are exact rationals; every bad value is a ParameterError
// naming the option (exit 2, nothing written).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "reference/learners/shuffle_private_linucb.hpp"

namespace dpb::cli {

struct LinearCliArgs {
  std::optional<std::uint64_t> batch;  // default: 20 for the shuffle learners, 1 otherwise
  std::uint32_t d = 5;
  std::string pd_policy = "skip", profile = "theorem", alpha, lambda;
  std::string vec_noise = "aggregate";
  std::string contexts = "fixed";  // fixed (§6.1 arms) or tape (fresh contexts per round)
};

void add_linear_options(CLI::App* cmd, LinearCliArgs& args);
// eps and delta as given on the command line (delta: the shared --delta when given, else 1/10).
ref::LinUcbParams parse_linear_params(const LinearCliArgs& args, ref::LinUcbVariant variant, const std::string& eps,
                                      const std::string& delta, std::uint64_t T, const char* command);

// --contexts: false for fixed, true for tape (ParameterError naming contexts otherwise).
bool parse_context_tape(const LinearCliArgs& args, const char* command);

}  // namespace dpb::cli
