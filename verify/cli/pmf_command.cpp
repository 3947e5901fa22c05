// `dpbandit pmf DIST [--PARAM V]... --from A --to B [--digits D]`
// Prints `k value` for k = A..B, each value P[X = k] correctly rounded to D significant digits, computed from a
// certified enclosure refined until the rounding is decided (reference/pmf, docs/pmf.md).
#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "reference/core/errors.hpp"
#include "reference/pmf/registry.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cli/distribution_options.hpp"
#include "verify/cli/progress.hpp"

namespace dpb::cli {
namespace {

struct PmfArgs {
  DistributionOptions dist;
  std::string from, to;
  std::string digits;
};

constexpr long kMaxRange = 1'000'000;

}  // namespace

void add_pmf_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<PmfArgs>();
  auto* cmd = app.add_subcommand("pmf", "Print certified pmf values P[X = k] for k in [A, B]");
  auto options = std::make_shared<Options>(
      cmd, "pmf", context.options,
      std::vector<std::string>{"pmf", "dlaplace", "--scale", "1", "--from", "0", "--to", "1", "--digits", "5"});
  // Ranges where a larger (or smaller) value takes more than seconds per value (docs/reliability.md "Limits").
  args->dist.add_to(cmd, *options, {"pmf"}, {"--from", "0", "--to", "1", "--digits", "5"},
                    {{"p", {closed(0), closed(1)}},
                     {"sigma2", {closed(1 / pow10(9), "1e-9"), closed(pow10(12), "10^12")}},
                     {"var", {closed(0), closed(pow10(9), "10^9")}}});
  const Rational k_max = pow10(18);
  options->integer("--from", args->from, closed(-k_max, "-10^18"), closed(k_max, "10^18"), "first k");
  options->integer("--to", args->to, closed(-k_max, "-10^18"), closed(k_max, "10^18"), "last k (at most 10^6 values)");
  options->integer("--digits", args->digits, closed(1), closed(1000), "correct significant digits (1 to 1000)");
  cmd->callback([args, options, &context]() {
    options->check();
    for (const char* name : {"from", "to"})
      if (!options->given(name)) throw_parameter_error("pmf", std::string("--") + name, "given", "nothing");
    auto params = args->dist.parse("pmf");
    const Integer a = *options->integer_value("from"), b = *options->integer_value("to");
    const int digits = static_cast<int>(options->u64("digits", 17));
    if (b < a) throw_parameter_error("pmf", "--to", ">= --from (" + a.str() + ")", b.str());
    if (b - a >= kMaxRange) throw_parameter_error("pmf", "--to", "at most --from + 999999", b.str());
    // Issue 14 class 4: P[X = k] of a Pólya difference sums over the support, its cost grows with the scale (r = 1,
    // scale = 2^16: 4 s per value; 2^20: no value within 30 s). Refused up front beyond scale·max(r, 1) = 2^14.
    if (args->dist.dist == "polya-diff") {
      const Rational r = params.at("r"), scale = params.at("scale");
      if (scale > 0 && r > 0 && scale * std::max(r, Rational(1)) > pow2(14))
        throw_parameter_error("pmf", "--scale", "such that scale*max(r, 1) <= 2^14 for polya-diff (the cost per value grows with it)",
                              "--r " + to_string(r) + " --scale " + to_string(scale));
    }
    auto law = ref::make_certified_distribution(args->dist.dist, params);
    // Compute everything before printing, so an error never leaves partial output.
    std::string out;
    // The parameters as given, for a refusal that is about their combination (DIST's law at k).
    std::string given;
    for (const auto& [name, value] : params) given += (given.empty() ? "--" : " --") + name + " " + to_string(value);
    if (given.size() > 60) given = given.substr(0, 60) + "...";
    // Which of them is to blame is not known (the law at k depends on all): the message names each of them.
    std::string blamed = "--from";
    if (!params.empty()) {
      blamed.clear();
      for (const auto& [name, value] : params) blamed += (blamed.empty() ? "--" : "' or '--") + name;
    }
    Progress progress("pmf", "values", (b - a + 1).convert_to<std::uint64_t>());  // stderr, after a second
    for (Integer k = a; k <= b; ++k) {
      progress.update((k - a).convert_to<std::uint64_t>());
      std::string value;
      try {
        value = correctly_rounded_decimal([&](mpfr_prec_t prec) { return law->pmf(k, prec); }, digits,
                                          std::max<mpfr_prec_t>(64, static_cast<mpfr_prec_t>(digits * 4)));
      } catch (const std::range_error&) {  // P[X = k] below MPFR's exponent range (about 10^-323228496)
        throw_parameter_error("pmf", blamed, "such that P[X = " + k.str() + "] is above 2^-1073741824 (MPFR's range)",
                              given);
      } catch (const std::runtime_error&) {  // undecided at the maximum precision: an extreme, valid parameter
        throw_parameter_error("pmf", blamed,
                              "such that P[X = " + k.str() + "] can be rounded to " + std::to_string(digits) +
                                  " digits within 2^16 bits",
                              given);
      }
      out += k.str() + " " + value + "\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
