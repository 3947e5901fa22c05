// `dpbandit glm --link logistic|probit (--z Z | --x LIST --theta LIST) [--S S] [--kappa-star K] [--digits D]`
// Seed 003's GLM layer (reference/glm/link.hpp, docs/protocol-003.md "GLM layer and exact rewards"): prints z and
// μ(z), μ̇(z), μ̈(z), b(z), each correctly rounded to D significant digits from certified enclosures; with --S, κ and
// κ* over the S-ball (κ = 1/μ̇(S), κ* = 1/μ̇(0)), θ checked inside it; --kappa-star is checked against 1/sup μ̇
// (4 for logistic, √(2π) for probit). x and θ must be dyadic, x in the unit ball. Bad input: one line naming the
// option, exit 2, nothing on stdout.
#include <cstdio>
#include <string>

#include "reference/core/errors.hpp"
#include "reference/glm/kappa.hpp"
#include "reference/glm/link.hpp"
#include "verify/cli/commands.hpp"

namespace dpb::cli {
namespace {

struct GlmArgs {
  std::string link, z, x, theta, S, kappa_star, digits;
};

// Runs f; a ParameterError of the library naming `param` is rethrown as the command's, naming the option `flag`.
template <class F>
auto as_option(const std::string& param, const std::string& flag, F&& f) {
  try {
    return f();
  } catch (const ParameterError& e) {
    std::string m = e.what();
    const std::string from = "parameter '" + param + "'";
    const auto at = m.find(from);
    if (at != std::string::npos) m.replace(at, from.size(), "parameter '" + flag + "'");
    const auto colon = m.find(": ");
    throw ParameterError("glm" + (colon == std::string::npos ? ": " + m : m.substr(colon)));
  }
}

}  // namespace

void add_glm_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<GlmArgs>();
  auto* cmd = app.add_subcommand("glm", "Print certified GLM link values of seed 003: mu, mu', mu'', b at z");
  auto options = std::make_shared<Options>(cmd, "glm", context.options,
                                           std::vector<std::string>{"glm", "--link", "probit", "--z", "1/2"});
  const Rational zmax(ref::kGlmMaxAbsZ);
  options->choice("--link", args->link, {"logistic", "probit"}, "the link (required)");
  options->number("--z", args->z, closed(-zmax, "-4096"), closed(zmax, "4096"), "z = <x, theta>")
      .conflicts_with({"x", "theta"});
  OptionSpec* x_spec = &options->number_list("--x", args->x, closed(-1), closed(1),
                                             "a context x, comma-separated dyadic numbers, ||x|| <= 1");
  x_spec->requires_options({"theta"}).companions_are({"glm", "--link", "logistic", "--x", "{}", "--theta", "1"});
  OptionSpec* theta_spec = &options->number_list("--theta", args->theta, closed(-zmax, "-4096"), closed(zmax, "4096"),
                                                 "a parameter theta, comma-separated dyadic numbers");
  theta_spec->requires_options({"x"}).companions_are({"glm", "--link", "logistic", "--x", "1/2", "--theta", "{}"});
  options->number("--S", args->S, open(0), closed(zmax, "4096"), "bound S on ||theta||: also print kappa, kappa*");
  options->number("--kappa-star", args->kappa_star, open(0), closed(pow10(6), "10^6"),
                  "a kappa* to check against 1/sup mu'");
  options->integer("--digits", args->digits, closed(1), closed(100), "significant digits (default 8)");
  cmd->callback([args, options, x_spec, theta_spec, zmax, &context]() {
    options->check();
    if (!options->given("link")) throw_parameter_error("glm", "--link", "given", "nothing");
    const ref::Link link = ref::parse_link(args->link);
    const int digits = static_cast<int>(options->u64("digits", 8));
    Rational z;
    if (options->given("z")) {
      z = *options->number_value("z");
    } else if (options->given("x")) {
      const std::vector<Rational> x = checked_list(*x_spec, args->x), theta = checked_list(*theta_spec, args->theta);
      as_option("x", "--x", [&] { ref::check_context(x, 64, "glm"); });
      if (options->given("S"))
        as_option("theta", "--theta", [&] { ref::check_parameter(theta, *options->number_value("S"), 64, "glm"); });
      z = as_option("theta", "--theta", [&] { return ref::inner(x, theta); });
      if (z > zmax || z < -zmax) throw_parameter_error("glm", "--theta", "such that |<x, theta>| <= 4096", to_string(z));
    } else {
      throw_parameter_error("glm", "--z", "given (or --x and --theta)", "nothing");
    }
    if (options->given("kappa-star"))
      as_option("kappa_star", "--kappa-star",
                [&] { ref::check_kappa_star(link, *options->number_value("kappa-star"), "glm"); });
    // Everything is computed before anything is printed.
    const mpfr_prec_t start = std::max<mpfr_prec_t>(64, static_cast<mpfr_prec_t>(digits * 4));
    auto decimal = [&](const ref::CertifiedReal& v) {
      return correctly_rounded_decimal([&](mpfr_prec_t p) { return v.enclose(p); }, digits, start);
    };
    std::string out = "link " + std::string(ref::link_name(link)) + "\nz " + to_string(z) + "\n";
    out += "mu " + decimal(ref::mu(link, z)) + "\nmu_dot " + decimal(ref::mu_dot(link, z)) + "\nmu_ddot " +
           decimal(ref::mu_ddot(link, z)) + "\nb " + decimal(ref::b(link, z)) + "\n";
    if (options->given("S")) {
      const Rational S = *options->number_value("S");
      auto kappa = [&](const Rational& at) {
        return ref::CertifiedReal([link, at](mpfr_prec_t p) { return Interval(1L, p) / ref::mu_dot_enclosure(link, at, p); });
      };
      out += "kappa " + decimal(kappa(S)) + "\nkappa_star " + decimal(kappa(Rational(0))) + "\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
