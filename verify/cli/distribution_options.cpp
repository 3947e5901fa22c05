#include "verify/cli/distribution_options.hpp"

#include <algorithm>
#include <set>

#include "reference/core/errors.hpp"

namespace dpb::cli {

const std::vector<DistributionSpec>& distribution_specs() {
  static const std::vector<DistributionSpec> specs = {
      {"bernoulli", {"p"}, {}, {}, "Bernoulli(p): 1 with probability p"},
      {"bernoulli-exp", {"gamma"}, {}, {}, "Bernoulli(exp(-gamma)), gamma >= 0"},
      {"geometric", {"scale"}, {}, {}, "P[k] ∝ exp(-k/scale), k >= 0"},
      {"dlaplace", {"scale"}, {}, {}, "discrete Laplace, P[x] ∝ exp(-|x|/scale)"},
      {"dgauss", {"sigma2"}, {"mu"}, {}, "discrete Gaussian N_Z(mu, sigma2), P[x] ∝ exp(-(x-mu)^2/(2 sigma2))"},
      {"binomial", {"n", "p"}, {}, {"n"},
       "binomial(n, p); --method large: p in {1/2, 1/4}, n up to 2^80; --method split: any p, n up to 2^63-1 "
       "(default: n Bernoulli draws, n <= 10^9)"},
      {"poisson", {"mean"}, {}, {}, "Poisson(mean)"},
      {"skellam", {"var"}, {}, {}, "Skellam Sk(0, var) = Pois(var/2) - Pois(var/2)"},
      {"polya", {"r", "scale"}, {}, {}, "Pólya(r, beta), beta = exp(-1/scale)"},
      {"polya-diff", {"r", "scale"}, {}, {}, "difference of two independent Pólya(r, exp(-1/scale))"},
      {"round", {"x", "g"}, {}, {"g"}, "randomized rounding: floor(x g) + Bernoulli(x g - floor(x g))"},
      {"normal", {"sigma", "grid-bits"}, {}, {"grid-bits"},
       "rounded Gaussian: k = round(sigma X 2^grid-bits), X ~ N(0,1) exact (the value is k 2^-grid-bits)"},
  };
  return specs;
}

std::string distribution_help() {
  std::string s = "DIST and its parameters:\n";
  for (const auto& d : distribution_specs()) {
    std::string params;
    for (const auto& p : d.required) params += " --" + p + " V";
    for (const auto& p : d.optional) params += " [--" + p + " V]";
    s += "  " + d.name + params + "\n      " + d.summary + "\n";
  }
  return s;
}

namespace {
std::set<std::string> all_parameter_names() {
  std::set<std::string> names;
  for (const auto& d : distribution_specs()) {
    names.insert(d.required.begin(), d.required.end());
    names.insert(d.optional.begin(), d.optional.end());
  }
  return names;
}
}  // namespace

void DistributionOptions::add_to(CLI::App* cmd, Options& options, const std::vector<std::string>& before,
                                 const std::vector<std::string>& after, const Ranges& ranges) {
  {  // DIST: registered, so that the bad-input table feeds it hostile values too (issue 14)
    std::vector<std::string> names;
    std::string listed;
    for (const auto& d : distribution_specs()) {
      names.push_back(d.name);
      listed += (listed.empty() ? "" : ", ") + d.name;
    }
    std::vector<std::string> companions = before;
    companions.insert(companions.end(), {"{}", "--scale", "1"});
    companions.insert(companions.end(), after.begin(), after.end());
    options.positional("DIST", dist, names, "one of " + listed, companions, "distribution (see below)", true);
  }
  // A minimal command line for each parameter: a DIST that takes it and values of its other parameters.
  const std::map<std::string, std::vector<std::string>> uses = {
      {"p", {"binomial", "--n", "3"}},        {"gamma", {"bernoulli-exp"}},     {"scale", {"dlaplace"}},
      {"sigma2", {"dgauss"}},                 {"mu", {"dgauss", "--sigma2", "1"}}, {"n", {"binomial", "--p", "1/2"}},
      {"mean", {"poisson"}},                  {"var", {"skellam"}},             {"r", {"polya", "--scale", "1"}},
      {"x", {"round", "--g", "4"}},           {"g", {"round", "--x", "1/2"}},   {"sigma", {"normal", "--grid-bits", "4"}},
      {"grid-bits", {"normal", "--sigma", "1"}}};
  const Rational big = pow2(63) - 1;
  for (const auto& name : all_parameter_names()) {
    text[name];  // every parameter has its text slot; `given` tells which were on the command line
    OptionSpec* spec = nullptr;
    if (name == "n") {
      // Up to BinomialLarge's limit (`--method large`, issue 20); the other binomial methods refuse above theirs.
      spec = &options.integer("--n", text[name], closed(0), closed(pow2(80), "2^80"), "parameter n (integer)");
    } else if (name == "g") {
      spec = &options.integer("--g", text[name], closed(1), closed(big, "2^63 - 1"), "parameter g (integer)");
    } else if (name == "grid-bits") {
      spec = &options.integer("--grid-bits", text[name], closed(0), closed(62), "parameter grid-bits (integer)");
    } else {
      const auto range = ranges.find(name);
      spec = range == ranges.end()
                 ? &options.number("--" + name, text[name], std::nullopt, std::nullopt, "parameter " + name)
                 : &options.number("--" + name, text[name], range->second.first, range->second.second,
                                   "parameter " + name);
    }
    std::vector<std::string> companions = before;
    const auto& use = uses.at(name);
    companions.insert(companions.end(), use.begin(), use.end());
    companions.insert(companions.end(), after.begin(), after.end());
    spec->companions_are(companions);
  }
  options_ = &options;
  cmd->footer(distribution_help());
}

std::map<std::string, Rational> DistributionOptions::parse(const std::string& command) const {
  const auto& specs = distribution_specs();
  auto it = std::find_if(specs.begin(), specs.end(), [&](const DistributionSpec& d) { return d.name == dist; });
  if (it == specs.end()) {
    std::string names;
    for (const auto& d : specs) names += (names.empty() ? "" : ", ") + d.name;
    throw_parameter_error(command, "DIST", "one of " + names, dist);
  }
  std::map<std::string, Rational> values;
  auto is = [](const std::vector<std::string>& v, const std::string& x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  for (const auto& [name, value] : text) {
    if (!options_->given(name)) continue;
    if (!is(it->required, name) && !is(it->optional, name))
      throw_parameter_error(command, name, "absent for " + dist + " (it takes no --" + name + ")", value);
    values[name] = *options_->number_value(name);  // checked by Options::check (integers where registered so)
  }
  for (const auto& name : it->required)
    if (!values.count(name)) throw_parameter_error(command, name, "given for " + dist, "nothing");
  return values;
}

}  // namespace dpb::cli
