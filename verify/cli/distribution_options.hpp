// Options shared by `dpbandit sample` and `dpbandit pmf`: the distribution name and its parameters.
// Parameters stay text until parsed as exact rationals (never through double), then are checked against the
// distribution's list of required and optional parameters.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "reference/core/rational.hpp"
#include "verify/cli/options.hpp"

namespace dpb::cli {

struct DistributionSpec {
  std::string name;
  std::vector<std::string> required;
  std::vector<std::string> optional;
  std::vector<std::string> integer_params;  // parameters that must be integers (n, g)
  std::string summary;
  // The registered range of each parameter (the sampler or law checks its own domain inside it).
};

// Every DIST of `dpbandit sample` / `dpbandit pmf`, in the order the help lists them.
const std::vector<DistributionSpec>& distribution_specs();
std::string distribution_help();

struct DistributionOptions {
  std::string dist;
  std::map<std::string, std::string> text;  // parameter -> text as given

  // Adds the positional DIST to `cmd` and one --PARAM option per parameter name to `options` (each registered with
  // `companions`, a command line of `command` before DIST, and the DIST that uses it).
  // `ranges`: the registered range of a real-valued parameter where the command has one (else any number).
  using Ranges = std::map<std::string, std::pair<std::optional<Bound>, std::optional<Bound>>>;
  void add_to(CLI::App* cmd, Options& options, const std::vector<std::string>& before,
              const std::vector<std::string>& after, const Ranges& ranges = {});
  // Parses and checks the parameters of `dist` (unknown DIST, missing, extra, non-numeric → ParameterError
  // naming the command, the parameter and the value).
  std::map<std::string, Rational> parse(const std::string& command) const;

 private:
  const Options* options_ = nullptr;
};

}  // namespace dpb::cli
