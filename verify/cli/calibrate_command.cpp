// `dpbandit calibrate VARIANT --eps E --n N --horizon T [--s S] [--p P] [--c C]`
// Prints the exact calibration of seed 000's protocol for one batch as JSON (reference/protocols/calibration.hpp,
// docs/protocol-000.md): g, τ, m = n·g + 2τ + 1, the noise laws, the failure probability, ⌈log₂ m⌉ bits.
// VARIANT ∈ dist-dp, dist-rdp, dist-cdp, shuffle, central, local. Rationals are printed as "p/q" strings, integers
// as decimal strings; "*_approx" fields are for display. Bad input: one line on stderr, nothing on stdout, exit 2.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"
#include "verify/cli/commands.hpp"
#include "verify/protocol_checks/calibration_json.hpp"

namespace dpb::cli {
namespace {

constexpr const char* kFn = "calibrate";

struct CalibrateArgs {
  std::string variant, eps, n, horizon, s, p, c;
};

std::optional<Rational> optional_rational(const std::string& text, const char* name) {
  if (text.empty()) return std::nullopt;
  return parse_rational(text, kFn, name);
}

}  // namespace

void add_calibrate_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<CalibrateArgs>();
  auto* cmd = app.add_subcommand("calibrate", "Print the exact calibration (g, tau, m, noise) of seed 000's protocol");
  cmd->add_option("variant", args->variant, "dist-dp | dist-rdp | dist-cdp | shuffle | central | local")->required();
  cmd->add_option("--eps", args->eps, "privacy parameter epsilon > 0 (exact rational: 1/2, 0.5, 5e-1)")->required();
  cmd->add_option("--n", args->n, "batch size n >= 1")->required();
  cmd->add_option("--horizon", args->horizon, "horizon T >= n (default p = 1/T)")->required();
  cmd->add_option("--s", args->s, "scaling factor s >= 1 (dist-rdp, dist-cdp; default 1)");
  cmd->add_option("--p", args->p, "accuracy failure probability in (0, 1) (default 1/T)");
  cmd->add_option("--c", args->c, "Lemma 5's constant c > 0 (local; default 159421/100000, ref::lemma5_constant())");
  cmd->callback([args, &context]() {
    const ref::Variant variant = ref::parse_variant(args->variant, kFn);
    ref::CalibrationInput in;
    in.eps = parse_rational(args->eps, kFn, "eps");
    in.n = parse_integer(args->n, kFn, "n");
    in.horizon = parse_integer(args->horizon, kFn, "horizon");
    in.s = optional_rational(args->s, "s");
    in.p = optional_rational(args->p, "p");
    in.c = optional_rational(args->c, "c");
    // Everything is computed before anything is printed: an error leaves stdout empty.
    const std::string out = verify::to_json(ref::calibrate(variant, in)).dump(2) + "\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
