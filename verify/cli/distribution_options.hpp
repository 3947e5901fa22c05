// Options shared by `dpbandit sample` and `dpbandit pmf`: the distribution name and its parameters.
// Parameters stay text until parsed as exact rationals (never through double), then are checked against the
// distribution's list of required and optional parameters.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "reference/core/rational.hpp"

namespace dpb::cli {

struct DistributionSpec {
  std::string name;
  std::vector<std::string> required;
  std::vector<std::string> optional;
  std::vector<std::string> integer_params;  // parameters that must be integers (n, g)
  std::string summary;
};

// Every DIST of `dpbandit sample` / `dpbandit pmf`, in the order the help lists them.
const std::vector<DistributionSpec>& distribution_specs();
std::string distribution_help();

struct DistributionOptions {
  std::string dist;
  std::map<std::string, std::string> text;  // parameter -> text as given

  // Adds the positional DIST and one --PARAM option per parameter name to `cmd`.
  void add_to(CLI::App* cmd);
  // Parses and checks the parameters of `dist` (unknown DIST, missing, extra, non-numeric → ParameterError
  // naming the command, the parameter and the value).
  std::map<std::string, Rational> parse(const std::string& command) const;
};

}  // namespace dpb::cli
