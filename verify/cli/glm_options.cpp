#include "verify/cli/glm_options.hpp"

#include <algorithm>

#include "reference/core/errors.hpp"
#include "reference/glm/link.hpp"
#include "verify/crosscheck/glm_learners.hpp"
#include "verify/experiments/glm_instance_io.hpp"
#include "verify/input/bounded_input.hpp"

namespace dpb::cli {

namespace {

Rational pow10_6() { return Rational(1000000); }

}  // namespace

void add_glm_options(Options& o, GlmCliArgs& a, const std::vector<std::string>& companions) {
  o.choice("--link", a.link, {"logistic", "probit"}, "GLM learners: the link (required unless --instance)")
      .companions_are(companions);
  o.number("--S", a.S, open(0), closed(Rational(ref::kGlmMaxS)), "GLM learners: the radius of theta* (default 2)")
      .companions_are(companions);
  o.choice("--generator", a.generator, {"authors", "sphere"},
           "GLM learners: theta* from the authors' normalised cube (default) or uniform on the sphere")
      .companions_are(companions);
  o.path("--instance", a.instance, "GLM learners: an exported instance (dpbandit glm-instance --format json)")
      .conflicts_with({"link", "S", "generator"})
      .companions_are({"crosscheck", "--learner", "glm-ucb", "--instance", "{}", "--horizon", "5", "--runs", "1"});
  o.number("--rho", a.rho, closed(0), closed(pow2(20), "2^20"), "glm-ucb: a constant width rho of the bonus (default: Filippi et al. 2010 Thm 1, rho(t), delta = 1/50)")
      .companions_are(companions);
  const std::vector<std::string> b = {"crosscheck", "--learner", "b-glincb", "--link", "logistic", "--horizon", "40",
                                      "--runs", "1"};
  o.number("--width", a.gamma, closed(0), closed(pow2(20), "2^20"),
           "b-glincb: the confidence width gamma of Eq. 13-14; rs-glincb (> 0): gamma of Criterion I's threshold "
           "1/(gamma^2 kappa) and the elimination width gamma sqrt(kappa) (default 1/2)")
      .companions_are(b);
  o.number("--kappa", a.kappa, closed(1), closed(pow2(40), "2^40"),
           "b-glincb, rs-glincb: the learner's upper bound on kappa (default: b-glincb 4, rs-glincb the instance's "
           "kappa rounded up)")
      .companions_are(b);
  o.integer("--batches", a.batches, closed(2), closed(8),
            "b-glincb: the number of batches M in [2, 8] (default floor(log2 log2 T))")
      .companions_are(b);
  o.choice("--widths", a.widths, {"paper", "sqrt-kappa"},
           "b-glincb: gamma sqrt(kappa) for the warm-up estimate and gamma after (paper, default) or gamma sqrt(kappa) "
           "for every estimate")
      .companions_are(b);
  o.number("--kappa-star", a.kappa_star, closed(1), closed(pow10_6(), "10^6"),
           "shuffle-glm: kappa* >= 1/sup mu' of the link (4 logistic, sqrt(2 pi) probit), the clip of line 15's "
           "weights at 1/kappa* (default 4)")
      .companions_are({"crosscheck", "--learner", "shuffle-glm", "--link", "probit", "--horizon", "16", "--runs", "1"});
  const std::vector<std::string> j = {"crosscheck", "--learner", "jdp-glm", "--link", "logistic", "--horizon", "16",
                                      "--runs", "1"};
  o.number("--zeta", a.zeta, open(0), open(Rational(1, 2)),
           "jdp-glm: the failure probability zeta < delta (Thm 6.2 needs delta > zeta; default delta/2)")
      .companions_are({"crosscheck", "--learner", "jdp-glm", "--link", "logistic", "--horizon", "16", "--runs", "1",
                       "--delta", "49/100"});
  o.number("--gamma-constant", a.gamma_constant, open(0), closed(pow10_6(), "10^6"),
           "jdp-glm: the unspecified constant c of gamma (Eq. 21; default 1)")
      .companions_are(j);
  o.number("--beta-constant", a.beta_constant, open(0), closed(pow10_6(), "10^6"),
           "jdp-glm: the unspecified constant C of beta (Eq. 20; default 1)")
      .companions_are(j);
  o.choice("--code-version", a.code_version, {"first", "later"},
           "jdp-glm --profile paper-code: the authors' code's commit (first, the default; later: its count cutoffs, "
           "PSD-dominance Criterion II and DP-SGD calibrated by sampled-without-replacement RDP)")
      .companions_are({"crosscheck", "--learner", "jdp-glm", "--profile", "paper-code", "--link", "logistic",
                       "--horizon", "16", "--runs", "1"});
  o.number("--ucb-width", a.ucb_width, closed(0), closed(pow2(20), "2^20"), "rs-glincb: the UCB width beta, 0 or at least 2^-64 (default 1/2)")
      .companions_are({"crosscheck", "--learner", "rs-glincb", "--link", "logistic", "--horizon", "40", "--runs", "1"});
}

void refuse_glm_options(const Options& options, const std::string& learner, const char* command) {
  for (const char* name : {"link", "S", "generator", "instance", "rho", "width", "kappa", "batches", "widths", "ucb-width",
                           "kappa-star", "zeta", "gamma-constant", "beta-constant", "code-version"})
    if (options.given(name))
      throw_parameter_error(command, std::string("--") + name,
                            "absent for " + (learner.empty() ? std::string("an experiment") : learner) +
                                " (a seed 003 GLM learner's option)",
                            "given");
}

verify::GlmCrosscheckConfig parse_glm_config(const Options& options, const GlmCliArgs& a, const LinearCliArgs& linear,
                                             const std::string& learner, const char* command) {
  const verify::GlmLearner* entry = verify::find_glm_learner(learner);
  if (!entry) throw_parameter_error(command, "--learner", "a GLM learner", learner);
  for (const char* name : {"batch", "pd-policy", "profile", "confidence", "contexts", "vec-noise", "regret",
                           "vec-scale"})
    if (options.given(name) && !(!entry->profiles.empty() && std::string_view(name) == "profile"))
      throw_parameter_error(command, std::string("--") + name, "absent for " + learner + " (a seed 001 option)",
                            "given");
  verify::GlmCrosscheckConfig c;
  c.learner = learner;
  if (options.given("instance")) {
    try {
      c.loaded = verify::read_glm_instance(a.instance);
    } catch (const ParameterError& e) {
      throw_parameter_error(command, "--instance", "a valid instance file", verify::input::quoted_prefix(e.what(), 100));
    }
    if (options.given("d") || options.given("arms"))
      throw_parameter_error(command, options.given("d") ? "--d" : "--arms", "absent with --instance", "given");
  } else {
    if (!options.given("link")) throw_parameter_error(command, "--link", "given for " + learner, "nothing");
    c.instance.link = ref::parse_link(a.link);
    c.instance.generator = options.given("generator") ? ref::parse_glm_generator(a.generator) : ref::GlmGenerator::authors;
    c.instance.d = linear.d.empty() ? 3 : linear_dimension(linear);
    c.instance.K = static_cast<std::uint32_t>(options.u64("arms", 20));
    c.instance.S = options.given("S") ? *options.number_value("S") : Rational(2);
    c.instance.q = entry->q;
  }
  if (options.given("lambda")) {
    const Rational l = *options.number_value("lambda");
    if (denominator(Rational(l * Rational(Integer(Integer(1) << 32)))) != 1 || l > Rational(1 << 20))
      throw_parameter_error(command, "--lambda", "a multiple of 2^-32 in (0, 2^20] for " + learner, to_string(l));
    c.params.lambda = l;
  }
  for (const auto& name : verify::glm_learner_option_names())
    if (options.given(name) &&
        std::find(entry->options.begin(), entry->options.end(), name) == entry->options.end())
      throw_parameter_error(command, "--" + name, "absent for " + learner, "given");
  return c;
}

namespace {

// The command line as the learners' options hooks read it (verify/crosscheck/glm_learners.hpp).
class OptionsView final : public verify::GlmOptionView {
 public:
  explicit OptionsView(const Options& options) : options_(options) {}
  bool given(const std::string& name) const override { return options_.given(name); }
  std::optional<Rational> number(const std::string& name) const override { return options_.number_value(name); }
  std::optional<std::uint64_t> integer(const std::string& name) const override { return options_.u64(name); }

 private:
  const Options& options_;
};

}  // namespace

void parse_glm_learner_options(const Options& options, const GlmCliArgs& a, const LinearCliArgs& linear,
                               const std::string& eps, const std::string& delta, std::uint64_t horizon,
                               verify::GlmCrosscheckConfig& config, const char* command) {
  OptionsView view(options);
  view.eps = options.given("eps") ? eps : "";
  view.delta = options.given("delta") ? delta : "";
  view.zeta = a.zeta;
  view.code_version = a.code_version;
  view.profile = linear.profile;
  view.widths = a.widths;
  view.horizon = horizon;
  view.command = command;
  verify::find_glm_learner(config.learner)->parse(view, config);
}

}  // namespace dpb::cli
