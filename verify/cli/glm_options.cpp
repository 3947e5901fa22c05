#include "verify/cli/glm_options.hpp"

#include "reference/core/errors.hpp"
#include "reference/glm/link.hpp"
#include "reference/protocols/calibration_003_glm.hpp"
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
  o.number("--ucb-width", a.ucb_width, closed(0), closed(pow2(20), "2^20"), "rs-glincb: the UCB width beta, 0 or at least 2^-64 (default 1/2)")
      .companions_are({"crosscheck", "--learner", "rs-glincb", "--link", "logistic", "--horizon", "40", "--runs", "1"});
}

void refuse_glm_options(const Options& options, const std::string& learner, const char* command) {
  for (const char* name : {"link", "S", "generator", "instance", "rho", "width", "kappa", "batches", "widths", "ucb-width",
                           "kappa-star", "zeta", "gamma-constant", "beta-constant"})
    if (options.given(name))
      throw_parameter_error(command, std::string("--") + name,
                            "absent for " + (learner.empty() ? std::string("an experiment") : learner) +
                                " (a seed 003 GLM learner's option)",
                            "given");
}

verify::GlmCrosscheckConfig parse_glm_config(const Options& options, const GlmCliArgs& a, const LinearCliArgs& linear,
                                             const std::string& learner, const char* command) {
  const bool sh = learner == "shuffle-glm", gl = learner == "gloc", jdp = learner == "jdp-glm";
  for (const char* name : {"batch", "pd-policy", "profile", "confidence", "contexts", "vec-noise", "regret",
                           "vec-scale"})
    if (options.given(name) && !((sh || gl || jdp) && std::string_view(name) == "profile"))
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
    // shuffle-glm: P₂'s message grid 2^-(62-2q) needs q <= 15; jdp-glm: the trees' grid 2^-(2q+32) with σ·2^(2q+32)
    // within fast::RoundedNormal's 2^48 at the paper's sizes (σ_V ≈ 40 at T = 5000, ε = 4) needs q <= 5
    c.instance.q = sh ? 15 : jdp ? 5 : 16;
  }
  if (options.given("lambda")) {
    const Rational l = *options.number_value("lambda");
    if (denominator(Rational(l * Rational(Integer(Integer(1) << 32)))) != 1 || l > Rational(1 << 20))
      throw_parameter_error(command, "--lambda", "a multiple of 2^-32 in (0, 2^20] for " + learner, to_string(l));
    c.params.lambda = l;
    if (gl) c.gloc.lambda = l;
  }
  if (options.given("rho")) c.params.rho = *options.number_value("rho");
  const bool b = learner == "b-glincb", rs = learner == "rs-glincb";
  auto refuse = [&](const char* name) {
    if (options.given(name))
      throw_parameter_error(command, std::string("--") + name, "absent for " + learner, "given");
  };
  if (b || rs || sh || gl) refuse("rho");
  if (!b && !rs && !sh) refuse("width");
  if (!b && !rs && !sh && !gl && !jdp) refuse("kappa");
  if (!b && !sh) refuse("batches"), refuse("widths");
  if (!sh && !jdp) refuse("kappa-star");
  if (!jdp) refuse("zeta"), refuse("gamma-constant"), refuse("beta-constant");
  if (jdp) refuse("rho"), refuse("width"), refuse("batches"), refuse("widths");
  if (sh || jdp) refuse("lambda");  // λ is Obs. 1's (shuffle-glm), Eq. 19's (jdp-glm)
  if (sh && options.given("widths")) c.shuffle.widths = ref::parse_glm_widths(a.widths);
  if (!rs) refuse("ucb-width");
  if (b) {
    if (options.given("width")) c.bglincb.gamma = *options.number_value("width");
    if (options.given("kappa")) c.bglincb.kappa = *options.number_value("kappa");
    if (options.given("batches")) c.bglincb.M = static_cast<std::uint32_t>(options.u64("batches", 0));
    if (options.given("widths")) c.bglincb.widths = ref::parse_glm_widths(a.widths);
    c.bglincb.S = c.loaded ? c.loaded->S : c.instance.S;
  }
  if (gl) {  // gloc: --profile theorem (Jun et al.'s constants, the default) or paper-code (the baseline code's)
    c.gloc.profile = options.given("profile") ? ref::parse_gloc_profile(linear.profile) : ref::GlocProfile::paper;
    if (options.given("kappa")) {
      c.gloc.kappa = *options.number_value("kappa");
      ref::check_kappa_star(c.loaded ? c.loaded->link : c.instance.link, *c.gloc.kappa, command, "--kappa");
    }
  }
  if (rs) {
    // The optimized build carries γ√κ and β as doubles with relative error bounds: a value that a double would
    // flush to zero (1e-400) would make the builds disagree, so rs-glincb takes γ ≥ 2^-64 and β = 0 or ≥ 2^-64.
    const Rational tiny(1, Integer(1) << 64);
    c.rs_params.gamma = options.given("width") ? *options.number_value("width") : Rational(1, 2);
    if (c.rs_params.gamma < tiny)
      throw_parameter_error(command, "--width", "at least 2^-64 for rs-glincb", to_string(c.rs_params.gamma));
    c.rs_params.beta = options.given("ucb-width") ? *options.number_value("ucb-width") : Rational(1, 2);
    if (c.rs_params.beta != 0 && c.rs_params.beta < tiny)
      throw_parameter_error(command, "--ucb-width", "0 or at least 2^-64", to_string(c.rs_params.beta));
    c.rs_params.kappa = options.given("kappa") ? *options.number_value("kappa") : Rational(0);  // 0: the instance's
  }
  return c;
}

void parse_shuffle_glm(const Options& options, const std::string& eps, const std::string& delta, std::uint64_t horizon,
                       verify::GlmCrosscheckConfig& c, const char* command) {
  ref::ShuffleGlmParams& p = c.shuffle;
  const ref::Link link = c.loaded ? c.loaded->link : c.instance.link;
  const unsigned q = c.loaded ? c.loaded->q : c.instance.q;
  if (q > 15) throw_parameter_error(command, "--instance", "an instance with q <= 15 for shuffle-glm", std::to_string(q));
  if (horizon < 16 || horizon > (std::uint64_t{1} << 24))
    throw_parameter_error(command, "--horizon", "in [16, 2^24] for shuffle-glm", std::to_string(horizon));
  p.T = horizon;
  p.eps = eps.empty() ? Rational(1) : parse_rational(eps, command, "--eps");
  if (p.eps <= 0 || p.eps >= 5) throw_parameter_error(command, "--eps", "in (0, 5) for shuffle-glm (Thm 5.1)", eps);
  p.delta = delta.empty() ? Rational(1, 100) : parse_rational(delta, command, "--delta");
  if (p.delta <= 0 || p.delta >= Rational(1, 2))
    throw_parameter_error(command, "--delta", "in (0, 1/2) for shuffle-glm (Lemma S.1)", delta);
  for (const auto& [v, name] : {std::pair{&p.eps, "--eps"}, {&p.delta, "--delta"}})
    require_reasonable_size(*v, command, name, 256);
  if (options.given("kappa-star")) p.kappa_star = *options.number_value("kappa-star");
  ref::check_kappa_star(link, p.kappa_star, command, "--kappa-star");
  p.kappa = options.given("kappa") ? *options.number_value("kappa") : std::max(Rational(8), p.kappa_star);
  if (p.kappa < p.kappa_star)
    throw_parameter_error(command, "--kappa", "at least --kappa-star (" + to_string(p.kappa_star) + ")", to_string(p.kappa));
  if (options.given("width")) p.gamma = *options.number_value("width");
  if (options.given("batches")) p.M = static_cast<std::uint32_t>(options.u64("batches", 0));
  p.S = c.loaded ? c.loaded->S : c.instance.S;
  ref::validate_shuffle_glm(p, link, q);  // everything above is in range: this no longer throws for CLI input
}

void parse_jdp_glm(const Options& options, const GlmCliArgs& a, const std::string& eps, const std::string& delta,
                   const std::string& profile, std::uint64_t horizon, verify::GlmCrosscheckConfig& c,
                   const char* command) {
  ref::JdpGlmParams& p = c.jdp;
  const ref::Link link = c.loaded ? c.loaded->link : c.instance.link;
  const unsigned q = c.loaded ? c.loaded->q : c.instance.q;
  if (q > 15) throw_parameter_error(command, "--instance", "an instance with q <= 15 for jdp-glm", std::to_string(q));
  if (options.given("profile") && profile != "theorem")
    throw_parameter_error(command, "--profile", "theorem for jdp-glm (paper-code runs in the reference learner only: no optimized twin or CLI yet)", profile);
  if (horizon < 16 || horizon > (std::uint64_t{1} << 24))
    throw_parameter_error(command, "--horizon", "in [16, 2^24] for jdp-glm", std::to_string(horizon));
  p.T = horizon;
  p.eps = eps.empty() ? Rational(1) : parse_rational(eps, command, "--eps");
  if (p.eps <= 0 || p.eps > 15) throw_parameter_error(command, "--eps", "in (0, 15] for jdp-glm (P_GD's range)", eps);
  p.delta = delta.empty() ? Rational(1, 100) : parse_rational(delta, command, "--delta");
  if (p.delta <= 0 || p.delta >= Rational(1, 2))
    throw_parameter_error(command, "--delta", "in (0, 1/2) for jdp-glm", delta);
  for (const auto& [v, name] : {std::pair{&p.eps, "--eps"}, {&p.delta, "--delta"}})
    require_reasonable_size(*v, command, name, 256);
  p.zeta.reset();
  if (options.given("zeta")) {
    const Rational z = *options.number_value("zeta");
    require_reasonable_size(z, command, "--zeta", 256);
    if (z >= p.delta)
      throw_parameter_error(command, "--zeta", "below --delta (" + to_string(p.delta) + ") in the theorem profile "
                            "(Thm 6.2 needs delta > zeta)", a.zeta);
    p.zeta = z;
  }
  if (options.given("kappa-star")) p.kappa_star = *options.number_value("kappa-star");
  ref::check_kappa_star(link, p.kappa_star, command, "--kappa-star");
  p.kappa = options.given("kappa") ? *options.number_value("kappa") : std::max(Rational(8), p.kappa_star);
  if (p.kappa < p.kappa_star)
    throw_parameter_error(command, "--kappa", "at least --kappa-star (" + to_string(p.kappa_star) + ")", to_string(p.kappa));
  for (const auto& [v, name, opt] : {std::tuple{&p.gamma_constant, "gamma-constant", "--gamma-constant"},
                                     {&p.beta_constant, "beta-constant", "--beta-constant"}}) {
    *v = options.given(name) ? *options.number_value(name) : Rational(1);
    require_reasonable_size(*v, command, opt, 256);
  }
  for (const auto& [v, opt] : {std::pair{&p.kappa, "--kappa"}, {&p.kappa_star, "--kappa-star"}})
    require_reasonable_size(*v, command, opt, 256);
  p.S = c.loaded ? c.loaded->S : c.instance.S;
  try {
    (void)ref::jdp_glm_constants(p, link, c.loaded ? c.loaded->d : c.instance.d, q);
  } catch (const ParameterError& e) {  // every range is checked above: a refusal here names jdp-glm's parameter
    throw_parameter_error(command, "--learner", "jdp-glm with parameters it accepts",
                          verify::input::quoted_prefix(e.what(), 100));
  }
}

void refuse_shuffle_glm_theorem(const verify::GlmCrosscheckConfig& c, std::uint32_t d, const char* command) {
  ref::CalibrationGlmInput in;
  in.variant = "shuffle-glm";
  in.eps = c.shuffle.eps;
  in.delta = c.shuffle.delta;
  in.horizon = Integer(c.shuffle.T);
  in.d = Integer(d);
  in.kappa = c.shuffle.kappa;
  in.kappa_star = c.shuffle.kappa_star;
  in.theta_norm = c.shuffle.S;
  if (c.shuffle.M != 0) in.batches = Integer(c.shuffle.M);
  in.link = std::string(ref::link_name(c.loaded ? c.loaded->link : c.instance.link));
  const ref::Calibration001 cal = ref::calibrate_glm003(in);
  const ref::Quantity* b1 = cal.find("batch_1_size");
  const std::string size = b1 && b1->exact ? to_string(*b1->exact) : "?";
  throw_parameter_error(command, "--profile",
                        "scaled (the default) for shuffle-glm: the theorem's warm-up B1 = " + size + " vs T = " +
                            std::to_string(c.shuffle.T) + " (calibrate shuffle-glm)",
                        "theorem");
}

}  // namespace dpb::cli
