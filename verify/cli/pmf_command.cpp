// `dpbandit pmf DIST [--PARAM V]... --from A --to B [--digits D]`
// Prints `k value` for k = A..B, each value P[X = k] correctly rounded to D significant digits, computed from a
// certified enclosure refined until the rounding is decided (reference/pmf, docs/pmf.md).
#include <cstdio>

#include <fmt/format.h>

#include "reference/core/errors.hpp"
#include "reference/pmf/registry.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cli/distribution_options.hpp"

namespace dpb::cli {
namespace {

struct PmfArgs {
  DistributionOptions dist;
  std::string from, to;
  int digits = 17;
};

constexpr long kMaxRange = 1'000'000;

}  // namespace

void add_pmf_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<PmfArgs>();
  auto* cmd = app.add_subcommand("pmf", "Print certified pmf values P[X = k] for k in [A, B]");
  args->dist.add_to(cmd);
  cmd->add_option("--from", args->from, "first k")->required();
  cmd->add_option("--to", args->to, "last k (at most 10^6 values)")->required();
  cmd->add_option("--digits", args->digits, "correct significant digits (1 to 1000)")->check(CLI::Range(1, 1000));
  cmd->callback([args, &context]() {
    auto params = args->dist.parse("pmf");
    Integer a = parse_integer(args->from, "pmf", "from"), b = parse_integer(args->to, "pmf", "to");
    if (b < a) throw_parameter_error("pmf", "to", ">= from (" + args->from + ")", args->to);
    if (b - a >= kMaxRange) throw_parameter_error("pmf", "to", "at most from + 999999", args->to);
    auto law = ref::make_certified_distribution(args->dist.dist, params);
    // Compute everything before printing, so an error never leaves partial output.
    std::string out;
    for (Integer k = a; k <= b; ++k) {
      std::string value = correctly_rounded_decimal(
          [&](mpfr_prec_t prec) { return law->pmf(k, prec); }, args->digits,
          std::max<mpfr_prec_t>(64, static_cast<mpfr_prec_t>(args->digits * 4)));
      out += k.str() + " " + value + "\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
