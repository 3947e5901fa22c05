// `dpbandit glm-instance --link L [--generator authors|sphere] --d D --K K --sets N --S S [--q Q] [--seed X]
//  [--stream Y] [--instance FILE] [--format text|json] [--digits P]`
// Seed 003's GLM instances (reference/environments/glm_instance.hpp; Sarmasarkar 2026, arXiv:2602.00417, Sec. 8,
// spec 003 §7.2): generates one (or loads an exported one with --instance) and prints its κ and κ* over every arm
// (certified, correctly rounded), with the paper's value beside it when the parameters are one of the paper's
// settings (Table 2, Figure 1); --format json prints the instance itself in the export format
// (verify/experiments/glm_instance_io.hpp), for `--instance FILE`. Bad input (K = 0, an unknown link, a defective
// file): one line naming the option, exit 2, nothing on stdout — everything is computed before anything is printed.
#include <cstdio>
#include <string>

#include "optimized/environments/glm_instance.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/glm_instance.hpp"
#include "verify/cli/commands.hpp"
#include "verify/experiments/glm_instance_io.hpp"
#include "verify/input/bounded_input.hpp"

namespace dpb::cli {
namespace {

struct GlmInstanceArgs {
  std::string link, generator, d, K, sets, S, q, seed, stream, instance, format, digits;
};

// The paper's κ for its settings (spec 003 §7.2: κ over all generated arms, T arm sets).
std::string paper_kappa(const ref::GlmInstance& inst) {
  struct Setting {
    ref::Link link;
    std::uint32_t d;
    Rational S;
    std::uint64_t sets;
    const char* kappa;
    const char* where;
  };
  static const Setting settings[] = {
      {ref::Link::probit, 3, Rational(2), 5000, "18.39", "Table 2, S = 2"},
      {ref::Link::probit, 3, Rational(5, 2), 5000, "56.44", "Table 2, S = 2.5"},
      {ref::Link::probit, 3, Rational(3), 5000, "222.15", "Table 2, S = 3"},
      {ref::Link::logistic, 5, Rational(7, 2), 15000, "33.76", "Figure 1(a)"},
      {ref::Link::probit, 5, Rational(3), 5000, "193.18", "Figure 1(b)"},
  };
  for (const Setting& s : settings)
    if (s.link == inst.link && s.d == inst.d && s.S == inst.S && s.sets == inst.sets && inst.K == 20)
      return std::string("paper_kappa ") + s.kappa + " (" + s.where + ", numpy's instance)\n";
  return {};
}

}  // namespace

void add_glm_instance_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<GlmInstanceArgs>();
  auto* cmd = app.add_subcommand("glm-instance", "Generate or load a seed 003 GLM instance; print kappa, kappa*");
  auto options = std::make_shared<Options>(
      cmd, "glm-instance", context.options,
      std::vector<std::string>{"glm-instance", "--link", "probit", "--d", "3", "--K", "4", "--sets", "2", "--S", "2"});
  options->choice("--link", args->link, {"logistic", "probit"}, "the link (required unless --instance)");
  options->choice("--generator", args->generator, {"authors", "sphere"},
                  "theta*: the authors' normalised cube (default) or uniform on the sphere");
  options->integer("--d", args->d, closed(1), closed(ref::kGlmMaxDim), "dimension");
  options->integer("--K", args->K, closed(1), closed(ref::kGlmMaxArms, "2^16"), "arms per set");
  options->integer("--sets", args->sets, closed(1), closed(Rational(Integer(ref::kGlmMaxSets)), "2^24"),
                   "number of arm sets (the authors: T); sets*K*d <= 2^25")
      .slow_values({"16777216"});
  options->number("--S", args->S, open(0), closed(ref::kGlmMaxS), "the radius of theta*");
  options->integer("--q", args->q, closed(1), closed(ref::kGlmMaxGridBits), "grid 2^-q (default 16)");
  options->integer("--seed", args->seed, closed(0), max_u64(), "seed (default 109832, the authors' env seed)");
  options->integer("--stream", args->stream, closed(0), max_u64(), "stream (default 0)");
  options->path("--instance", args->instance, "load an exported instance (JSON) instead of generating one")
      .conflicts_with({"link", "generator", "d", "K", "sets", "S", "q", "seed", "stream"})
      .companions_are({"glm-instance", "--instance", "{}"});
  options->choice("--format", args->format, {"text", "json"}, "text (default): kappa, kappa*; json: the instance");
  options->integer("--digits", args->digits, closed(1), closed(100), "significant digits (default 8)");
  cmd->callback([args, options, &context]() {
    options->check();
    ref::GlmInstance inst;
    if (options->given("instance")) {
      try {
        inst = verify::read_glm_instance(args->instance);
      } catch (const ParameterError& e) {  // the file's defect, quoted (bounded) under the option's name
        throw_parameter_error("glm-instance", "--instance", "a valid instance file",
                              verify::input::quoted_prefix(e.what(), 100));
      }
    } else {
      for (const char* required : {"link", "d", "K", "sets", "S"})
        if (!options->given(required))
          throw_parameter_error("glm-instance", std::string("--") + required, "given", "nothing");
      ref::GlmInstanceParams p;
      p.link = ref::parse_link(args->link);
      p.generator = options->given("generator") ? ref::parse_glm_generator(args->generator) : ref::GlmGenerator::authors;
      p.d = static_cast<std::uint32_t>(*options->u64("d"));
      p.K = static_cast<std::uint32_t>(*options->u64("K"));
      p.sets = *options->u64("sets");
      p.S = *options->number_value("S");
      p.q = static_cast<unsigned>(options->u64("q", 16));
      p.seed = options->u64("seed", 109832);
      p.stream = options->u64("stream", 0);
      if (p.sets * p.K * p.d > ref::kGlmMaxCoordinates)
        throw_parameter_error("glm-instance", "--sets", "such that sets*K*d <= 2^25", std::to_string(p.sets));
      inst = fast::make_glm_instance(p).instance;  // the reference's instance (glm_instance_cross_test.cpp)
    }
    std::string out;
    if (options->given("format") && args->format == "json") {
      out = verify::glm_instance_to_json(inst);
    } else {
      const int digits = static_cast<int>(options->u64("digits", 8));
      const mpfr_prec_t start = std::max<mpfr_prec_t>(64, static_cast<mpfr_prec_t>(digits * 4));
      const ref::KappaEnclosure k = ref::glm_instance_kappa(inst, 64);
      auto decimal = [&](const Rational& z) {
        const ref::Link link = inst.link;
        return correctly_rounded_decimal(
            [link, z](mpfr_prec_t p) { return Interval(1L, p) / ref::mu_dot_enclosure(link, z, p); }, digits, start);
      };
      out = inst.describe() + "\nseed " + std::to_string(inst.seed) + " stream " + std::to_string(inst.stream) +
            "\nkappa " + decimal(k.z_far) + "\nkappa_star " +
            decimal(k.z_near) + "\n" + paper_kappa(inst);
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
