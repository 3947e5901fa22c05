// `dpbandit calibrate VARIANT --eps E --n N --horizon T [--s S] [--p P] [--c C]`            (seed 000)
// `dpbandit calibrate VARIANT ... --returning-batches B --route approx|rdp|pure [--delta D]`   (seed 000, App. I)
// `dpbandit calibrate ldp-gauss|p-amp|p-vec|tree|fmt [flags]`                                 (seed 001)
// Seed 000: the exact calibration of its protocol for one batch as JSON (reference/protocols/calibration.hpp,
// docs/protocol-000.md): g, τ, m = n·g + 2τ + 1, the noise laws, the failure probability, ⌈log₂ m⌉ bits.
// VARIANT ∈ dist-dp, dist-rdp, dist-cdp, shuffle, central, local; --eps, --n, --horizon are required.
// Seed 001 (reference/protocols/calibration_001.hpp, docs/privacy-001.md), flags per variant:
//   ldp-gauss  --eps0 --delta0 (or --eps --delta)                       [--profile paper-code: --eps --delta]
//   p-amp      --eps --delta --n B [--returning --horizon T]           [--profile paper-code]
//   p-vec      --eps --delta --n B --d D [--vec-constant C] [--returning --horizon T] [--profile paper-code]
//   tree       --eps --delta --horizon N [--rounds-per-user M0]       [--profile paper-code: --n n instead of N]
//   fmt        --eps0 --delta0 --n --delta-prime
// Seed 003 (reference/protocols/calibration_003.hpp, docs/privacy-003.md, "The matrix trees"):
//   tree-matrix --eps --delta --horizon T --d D --kappa-star K [--link logistic|probit] [--symmetrisation half|root2] [--zeta Z]
//               [--profile theorem|paper-code] (--zeta: theorem only, default delta/2; symmetrisation default half)
// Seed 003 (reference/protocols/calibration_003_p2.hpp, docs/protocol-003.md "P₂: the matrix P_Vec"):
//   p-vec-matrix --eps --delta --n --d [--sensitivity-bound DELTA (default 1)] [--range 2delta|delta]
// Seed 003's learners (reference/protocols/calibration_003_glm.hpp, docs/privacy-003.md "Calibrations of the learners"):
//   shuffle-glm --eps --delta --horizon T --d D --kappa K --kappa-star KS --theta-norm S [--reward-bound R]
//               [--batches M] [--nu-constant C] [--link logistic|probit]                     (theorem profile only)
//   jdp-glm     --eps --delta --horizon T --d D --kappa K --kappa-star KS --theta-norm S [--reward-bound R] [--zeta Z]
//               [--beta-constant C] [--gamma-constant c] [--link …] [--profile theorem|paper-code]
// Seed 003 (reference/protocols/calibration_003_pgd.hpp, docs/privacy-003.md "P_GD"):
//   pgd --eps --delta --n --d [--radius S (default 1)] [--reward-bound R (default 1)] [--lambda-max L (default 0)]
//       [--iterations-rule log3|log1] [--step-rule 2d|d] [--step-budget paper|corrected] [--min-iterations M]
//       (theorem profile only)
// A flag that does not apply to the variant is refused. Rationals are printed as "p/q" strings, integers as decimal
// strings; "*_approx" fields are for display. Bad input: one line on stderr, nothing on stdout, exit 2.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "reference/protocols/calibration_003.hpp"
#include "reference/protocols/calibration_003_glm.hpp"
#include "reference/protocols/calibration_003_p2.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"
#include "reference/privacy/returning_users.hpp"
#include "verify/cli/commands.hpp"
#include "verify/protocol_checks/calibration_001_json.hpp"
#include "verify/protocol_checks/calibration_json.hpp"

namespace dpb::cli {
namespace {

constexpr const char* kFn = "calibrate";

struct CalibrateArgs {
  std::string variant, eps, n, horizon, s, p, c;
  std::string delta, d, vec_constant, profile, rounds_per_user, eps0, delta0, delta_prime;
  std::string kappa_star, zeta, symmetrisation, link;  // seed 003 tree-matrix
  std::string sensitivity_bound, range;           // seed 003 p-vec-matrix
  std::string kappa, theta_norm, reward_bound, batches, beta_constant, gamma_constant, nu_constant;  // seed 003 learners
  std::string radius, lambda_max, iterations_rule, step_rule, step_budget, min_iterations;  // 003 pgd (and reward_bound)
  std::string returning_batches, route;  // seed 000 returning users (App. I)
  bool returning = false;
};

bool is_variant_000(const std::string& v) {
  for (const char* name : {"dist-dp", "dist-rdp", "dist-cdp", "shuffle", "central", "local"})
    if (v == name) return true;
  return false;
}

std::optional<Rational> optional_rational(const std::string& text, const char* name) {
  if (text.empty()) return std::nullopt;
  return parse_rational(text, kFn, name);
}

std::optional<Integer> optional_integer(const std::string& text, const char* name) {
  if (text.empty()) return std::nullopt;
  return parse_integer(text, kFn, name);
}

// Seed 001: the flags of CalibrateArgs into the calibration's input (which checks them per variant).
void run_001(const CalibrateArgs& a) {
  ref::Calibration001Input in;
  in.variant = a.variant;
  if (!a.profile.empty()) {
    if (a.profile == "paper-code") in.profile = ref::Profile001::PaperCode;
    else if (a.profile != "theorem") throw_parameter_error(kFn, "profile", "theorem or paper-code", a.profile);
  }
  if (!a.s.empty()) throw_parameter_error(kFn, "s", "absent for " + a.variant + " (seed 000 only)", a.s);
  if (!a.p.empty()) throw_parameter_error(kFn, "p", "absent for " + a.variant + " (seed 000 only)", a.p);
  if (!a.c.empty()) throw_parameter_error(kFn, "c", "absent for " + a.variant + " (seed 000 only)", a.c);
  in.eps = optional_rational(a.eps, "eps");
  in.delta = optional_rational(a.delta, "delta");
  in.n = optional_integer(a.n, "n");
  in.horizon = optional_integer(a.horizon, "horizon");
  in.d = optional_integer(a.d, "d");
  in.vec_constant = optional_rational(a.vec_constant, "vec-constant");
  in.returning = a.returning;
  in.rounds_per_user = optional_integer(a.rounds_per_user, "rounds-per-user");
  in.eps0 = optional_rational(a.eps0, "eps0");
  in.delta0 = optional_rational(a.delta0, "delta0");
  in.delta_prime = optional_rational(a.delta_prime, "delta-prime");
  const std::string out = verify::to_json(ref::calibrate_001(in)).dump(2) + "\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
}

// The seed-003 flags refused by the other seeds' variants.
void refuse_003_flags(const CalibrateArgs& a) {
  for (const auto& [value, name] : {std::pair{a.kappa_star, "kappa-star"}, {a.zeta, "zeta"},
                                    {a.symmetrisation, "symmetrisation"}, {a.link, "link"}})
    if (!value.empty()) throw_parameter_error(kFn, name, "absent for " + a.variant + " (seed 003 tree-matrix only)", value);
}

// The seed-003 learner flags refused by the other variants.
void refuse_glm_flags(const CalibrateArgs& a, bool allow_reward_bound = false) {
  if (!allow_reward_bound && !a.reward_bound.empty())
    throw_parameter_error(kFn, "reward-bound", "absent for " + a.variant + " (seed 003 pgd, shuffle-glm, jdp-glm only)",
                          a.reward_bound);
  for (const auto& [value, name] :
       {std::pair{a.kappa, "kappa"}, {a.theta_norm, "theta-norm"},
        {a.batches, "batches"}, {a.beta_constant, "beta-constant"}, {a.gamma_constant, "gamma-constant"},
        {a.nu_constant, "nu-constant"}})
    if (!value.empty())
      throw_parameter_error(kFn, name, "absent for " + a.variant + " (seed 003 shuffle-glm, jdp-glm only)", value);
}

// Seed 003's learners: shuffle-glm, jdp-glm.
void run_glm(const CalibrateArgs& a) {
  for (const auto& [value, name] :
       {std::pair{a.n, "n"}, {a.s, "s"}, {a.p, "p"}, {a.c, "c"}, {a.vec_constant, "vec-constant"},
        {a.rounds_per_user, "rounds-per-user"}, {a.eps0, "eps0"}, {a.delta0, "delta0"},
        {a.delta_prime, "delta-prime"}, {a.symmetrisation, "symmetrisation"},
        {a.sensitivity_bound, "sensitivity-bound"}, {a.range, "range"}, {a.radius, "radius"},
        {a.lambda_max, "lambda-max"}, {a.iterations_rule, "iterations-rule"}, {a.step_rule, "step-rule"},
        {a.step_budget, "step-budget"}, {a.min_iterations, "min-iterations"}})
    if (!value.empty()) throw_parameter_error(kFn, name, "absent for " + a.variant, value);
  if (a.returning) throw_parameter_error(kFn, "returning", "absent for " + a.variant, "set");
  ref::CalibrationGlmInput in;
  in.variant = a.variant;
  if (a.profile == "paper-code") in.profile = ref::Profile003::PaperCode;
  else if (!a.profile.empty() && a.profile != "theorem")
    throw_parameter_error(kFn, "profile", "theorem or paper-code", a.profile);
  in.eps = optional_rational(a.eps, "eps");
  in.delta = optional_rational(a.delta, "delta");
  in.horizon = optional_integer(a.horizon, "horizon");
  in.d = optional_integer(a.d, "d");
  in.kappa = optional_rational(a.kappa, "kappa");
  in.kappa_star = optional_rational(a.kappa_star, "kappa-star");
  in.theta_norm = optional_rational(a.theta_norm, "theta-norm");
  in.reward_bound = optional_rational(a.reward_bound, "reward-bound");
  in.zeta = optional_rational(a.zeta, "zeta");
  in.batches = optional_integer(a.batches, "batches");
  in.beta_constant = optional_rational(a.beta_constant, "beta-constant");
  in.gamma_constant = optional_rational(a.gamma_constant, "gamma-constant");
  in.nu_constant = optional_rational(a.nu_constant, "nu-constant");
  if (!a.link.empty()) in.link = a.link;
  // Everything is computed before anything is printed: an error leaves stdout empty.
  const std::string out = verify::to_json(ref::calibrate_glm003(in)).dump(2) + "\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
}

// The seed-003 P₂ flags refused by the other variants.
void refuse_p2_flags(const CalibrateArgs& a) {
  for (const auto& [value, name] : {std::pair{a.sensitivity_bound, "sensitivity-bound"}, {a.range, "range"}})
    if (!value.empty()) throw_parameter_error(kFn, name, "absent for " + a.variant + " (p-vec-matrix only)", value);
}

// Seed 003: tree-matrix.
void run_003(const CalibrateArgs& a) {
  for (const auto& [value, name] : {std::pair{a.n, "n"}, {a.s, "s"}, {a.p, "p"}, {a.c, "c"},
                                    {a.vec_constant, "vec-constant"}, {a.rounds_per_user, "rounds-per-user"},
                                    {a.eps0, "eps0"}, {a.delta0, "delta0"}, {a.delta_prime, "delta-prime"}})
    if (!value.empty()) throw_parameter_error(kFn, name, "absent for " + a.variant, value);
  if (a.returning) throw_parameter_error(kFn, "returning", "absent for " + a.variant, "set");
  refuse_p2_flags(a);
  refuse_glm_flags(a);
  ref::Calibration003Input in;
  in.variant = a.variant;
  if (a.profile == "paper-code") in.profile = ref::Profile003::PaperCode;
  else if (!a.profile.empty() && a.profile != "theorem")
    throw_parameter_error(kFn, "profile", "theorem or paper-code", a.profile);
  in.eps = optional_rational(a.eps, "eps");
  in.delta = optional_rational(a.delta, "delta");
  in.horizon = optional_integer(a.horizon, "horizon");
  in.d = optional_integer(a.d, "d");
  in.kappa_star = optional_rational(a.kappa_star, "kappa-star");
  in.zeta = optional_rational(a.zeta, "zeta");
  if (!a.symmetrisation.empty()) in.symmetrisation = a.symmetrisation;
  if (!a.link.empty()) in.link = a.link;
  // Everything is computed before anything is printed: an error leaves stdout empty.
  const std::string out = verify::to_json(ref::calibrate_003(in)).dump(2) + "\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
}

// Seed 003's P₂: Eq. 127 and the derived quantities (calibration_003_p2.hpp); flags of other variants refused.
void run_p2(const CalibrateArgs& a) {
  for (const auto& [value, name] :
       {std::pair{a.horizon, "horizon"}, {a.s, "s"}, {a.p, "p"}, {a.c, "c"}, {a.vec_constant, "vec-constant"},
        {a.rounds_per_user, "rounds-per-user"}, {a.eps0, "eps0"}, {a.delta0, "delta0"},
        {a.delta_prime, "delta-prime"}})
    if (!value.empty()) throw_parameter_error(kFn, name, "absent for p-vec-matrix", value);
  if (a.returning) throw_parameter_error(kFn, "returning", "absent for p-vec-matrix", "set");
  refuse_003_flags(a);
  refuse_glm_flags(a);
  if (!a.profile.empty() && a.profile != "theorem")
    throw_parameter_error(kFn, "profile", "theorem for p-vec-matrix (Lemma S.2)", a.profile);
  ref::CalibrationP2Input in;
  in.eps = optional_rational(a.eps, "eps");
  in.delta = optional_rational(a.delta, "delta");
  in.n = optional_integer(a.n, "n");
  in.d = optional_integer(a.d, "d");
  if (!a.sensitivity_bound.empty()) in.Delta = parse_rational(a.sensitivity_bound, kFn, "sensitivity-bound");
  if (a.range == "delta") in.range = ref::PVecRange::Delta;
  const std::string out = verify::to_json(ref::calibrate_p2(in)).dump(2) + "\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
}

// The seed-003 P_GD flags refused by the other variants.
void refuse_pgd_flags(const CalibrateArgs& a) {
  for (const auto& [value, name] :
       {std::pair{a.radius, "radius"}, {a.reward_bound, "reward-bound"}, {a.lambda_max, "lambda-max"},
        {a.iterations_rule, "iterations-rule"}, {a.step_rule, "step-rule"}, {a.step_budget, "step-budget"},
        {a.min_iterations, "min-iterations"}})
    if (!value.empty()) throw_parameter_error(kFn, name, "absent for " + a.variant + " (pgd only)", value);
}

// Seed 003's P_GD: T_it, eta, the per-step budget, Eq. 127 and the composed budget (calibration_003_pgd.hpp).
void run_pgd(const CalibrateArgs& a) {
  for (const auto& [value, name] :
       {std::pair{a.horizon, "horizon"}, {a.s, "s"}, {a.p, "p"}, {a.c, "c"}, {a.vec_constant, "vec-constant"},
        {a.rounds_per_user, "rounds-per-user"}, {a.eps0, "eps0"}, {a.delta0, "delta0"},
        {a.delta_prime, "delta-prime"}})
    if (!value.empty()) throw_parameter_error(kFn, name, "absent for pgd", value);
  if (a.returning) throw_parameter_error(kFn, "returning", "absent for pgd", "set");
  refuse_003_flags(a);
  refuse_p2_flags(a);
  refuse_glm_flags(a, true);
  if (!a.profile.empty() && a.profile != "theorem")
    throw_parameter_error(kFn, "profile", "theorem for pgd (Alg. 7)", a.profile);
  ref::CalibrationPgdInput in;
  in.eps = optional_rational(a.eps, "eps");
  in.delta = optional_rational(a.delta, "delta");
  in.n = optional_integer(a.n, "n");
  in.d = optional_integer(a.d, "d");
  if (!a.radius.empty()) in.S = parse_rational(a.radius, kFn, "radius");
  if (!a.reward_bound.empty()) in.R = parse_rational(a.reward_bound, kFn, "reward-bound");
  if (!a.lambda_max.empty()) in.lambda_max = parse_rational(a.lambda_max, kFn, "lambda-max");
  if (!a.min_iterations.empty()) in.min_iterations = parse_integer(a.min_iterations, kFn, "min-iterations");
  if (a.iterations_rule == "log1") in.iterations_rule = ref::PgdIterationsRule::Log1;
  if (a.step_rule == "d") in.step_rule = ref::PgdStepRule::D;
  if (a.step_budget == "corrected") in.step_budget = ref::PgdStepBudget::Corrected;
  const std::string out = verify::to_json(ref::calibrate_pgd(in).report).dump(2) + "\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
}

}  // namespace

void add_calibrate_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<CalibrateArgs>();
  auto* cmd = app.add_subcommand("calibrate", "Print the exact calibration (g, tau, m, noise) of seed 000's protocol");
  const std::vector<std::string> seed000 = {"calibrate", "dist-dp", "--eps", "1", "--n", "10", "--horizon", "100"};
  auto options = std::make_shared<Options>(cmd, "calibrate", context.options, seed000);
  options->positional("variant", args->variant,
                      {"dist-dp", "dist-rdp", "dist-cdp", "shuffle", "central", "local", "ldp-gauss", "p-amp", "p-vec",
                       "tree", "fmt", "tree-matrix", "p-vec-matrix", "pgd", "shuffle-glm", "jdp-glm"},
                      "one of dist-dp|dist-rdp|dist-cdp|shuffle|central|local|ldp-gauss|p-amp|p-vec|tree|fmt|tree-matrix|"
                      "p-vec-matrix|pgd|shuffle-glm|jdp-glm",
                      {"calibrate", "{}", "--eps", "1", "--n", "10", "--horizon", "100"},
                      "dist-dp | dist-rdp | dist-cdp | shuffle | central | local (seed 000); ldp-gauss | p-amp | "
                      "p-vec | tree | fmt (seed 001); tree-matrix, p-vec-matrix, pgd, shuffle-glm, jdp-glm (seed 003)",
                      true);
  const std::vector<std::string> amp = {"calibrate", "p-amp", "--eps", "1", "--delta", "1/100000", "--n", "1000"};
  const std::vector<std::string> vec = {"calibrate", "p-vec",  "--eps", "1", "--delta", "1/100000",
                                        "--n",       "1000",   "--d",   "5"};
  const std::vector<std::string> tree = {"calibrate", "tree", "--eps", "1", "--delta", "1/100000", "--horizon", "100"};
  const Rational big_n = pow2(40);
  options->number("--eps", args->eps, open(0), closed(1000), "privacy parameter epsilon > 0 (exact rational: 1/2, 0.5, 5e-1)");
  options->integer("--n", args->n, closed(1), closed(big_n, "2^40"), "batch size n >= 1 (fmt: users; tree paper-code: horizon)");
  options->integer("--horizon", args->horizon, closed(1), closed(big_n, "2^40"),
                   "horizon T >= n (seed 000: default p = 1/T; tree: leaves N)");
  options->number("--delta", args->delta, open(0), open(1),
                  "seed 001: delta; seed 000 with --returning-batches and --route approx|rdp: the total delta").companions_are(
      {"calibrate", "p-amp", "--eps", "1", "--n", "1000"});
  options->integer("--d", args->d, closed(1), closed(65536), "seed 001: dimension d (p-vec)")
      .companions_are({"calibrate", "p-vec", "--eps", "1", "--delta", "1/100000", "--n", "1000"});
  options->number("--vec-constant", args->vec_constant, open(0), closed(pow10(6), "10^6"),
                  "seed 001 p-vec: the main text's constant C")
      .companions_are(vec);
  options->choice("--profile", args->profile, {"theorem", "paper-code"}, "seed 001: theorem (default) | paper-code")
      .companions_are(amp);
  options->flag("--returning", args->returning, "seed 001 p-amp, p-vec: returning users (needs --horizon)")
      .companions_are(amp);
  options->integer("--rounds-per-user", args->rounds_per_user, closed(1), closed(big_n, "2^40"),
                   "seed 001 tree: M0, rounds per user (default 1)")
      .companions_are(tree);
  options->number("--eps0", args->eps0, open(0), closed(100), "seed 001 fmt, ldp-gauss: the local epsilon_0")
      .companions_are({"calibrate", "fmt", "--delta0", "1e-8", "--n", "400", "--delta-prime", "1/100000"});
  options->number("--delta0", args->delta0, closed(0), open(1), "seed 001 fmt, ldp-gauss: the local delta_0")
      .companions_are({"calibrate", "fmt", "--eps0", "1/2", "--n", "400", "--delta-prime", "1/100000"});
  options->number("--delta-prime", args->delta_prime, open(0), closed(1), "seed 001 fmt: delta'")
      .companions_are({"calibrate", "fmt", "--eps0", "1/2", "--delta0", "1e-8", "--n", "400"});
  const std::vector<std::string> tm = {"calibrate", "tree-matrix", "--eps", "1", "--delta", "1/50",
                                      "--horizon", "1000", "--d", "5"};
  options->number("--kappa-star", args->kappa_star, closed(Rational(5, 2)), closed(pow10(6), "10^6"),
                  "seed 003 tree-matrix, shuffle-glm, jdp-glm: kappa* = 1/max mu' over the arms, >= 4 (logistic) or sqrt(2 pi) (probit)")
      .companions_are(tm);
  options->choice("--link", args->link, {"logistic", "probit"},
                  "seed 003 tree-matrix, shuffle-glm, jdp-glm: the link kappa* is checked against (default logistic)")
      .companions_are({"calibrate", "tree-matrix", "--eps", "1", "--delta", "1/50", "--horizon", "1000", "--d", "5",
                       "--kappa-star", "4"});
  options->number("--zeta", args->zeta, open(0), open(1),
                  "seed 003 tree-matrix, jdp-glm: failure probability zeta (theorem: < delta, default delta/2; jdp-glm paper-code: default delta)")
      .companions_are({"calibrate", "tree-matrix", "--eps", "1", "--delta", "1/50", "--horizon", "1000", "--d", "5",
                       "--kappa-star", "4"});
  options->choice("--symmetrisation", args->symmetrisation, {"half", "root2"},
                  "seed 003 tree-matrix: half (Lemma I.4, default) | root2 (App. P)")
      .companions_are({"calibrate", "tree-matrix", "--eps", "1", "--delta", "1/50", "--horizon", "1000", "--d", "5",
                       "--kappa-star", "4"});
  options->number("--s", args->s, closed(1), closed(pow10(6), "10^6"), "scaling factor s >= 1 (dist-rdp, dist-cdp; default 1)")
      .companions_are({"calibrate", "dist-rdp", "--eps", "1", "--n", "10", "--horizon", "100"});
  options->number("--p", args->p, open(0), open(1), "accuracy failure probability in (0, 1) (default 1/T)");
  options->number("--c", args->c, open(0), closed(pow10(6), "10^6"),
                  "Lemma 5's constant c > 0 (local; default 159421/100000, ref::lemma5_constant())")
      .companions_are({"calibrate", "local", "--eps", "1/2", "--n", "10", "--horizon", "100"});
  const std::vector<std::string> p2 = {"calibrate", "p-vec-matrix", "--eps", "1", "--delta", "1/100000",
                                       "--n",       "1000",         "--d",   "3"};
  options->number("--sensitivity-bound", args->sensitivity_bound, open(0), closed(pow10(6), "10^6"),
                  "seed 003 p-vec-matrix: Frobenius bound Delta of a user matrix (default 1)")
      .companions_are(p2);
  options->choice("--range", args->range, {"2delta", "delta"},
                  "seed 003 p-vec-matrix: encoding range r (2delta default; delta as printed, 2g + b bits)")
      .companions_are(p2);
  const std::vector<std::string> jdp = {"calibrate", "jdp-glm", "--eps", "1", "--delta", "1/50", "--horizon", "1000",
                                       "--d", "3", "--kappa", "20", "--kappa-star", "4", "--theta-norm", "2"};
  const std::vector<std::string> shg = {"calibrate", "shuffle-glm", "--eps", "1", "--delta", "1/50", "--horizon", "100000",
                                       "--d", "3", "--kappa", "20", "--kappa-star", "4", "--theta-norm", "2"};
  const auto without = [](std::vector<std::string> v, const std::string& flag) {
    for (std::size_t i = 0; i + 1 < v.size(); ++i)
      if (v[i] == flag) {
        v.erase(v.begin() + static_cast<long>(i), v.begin() + static_cast<long>(i) + 2);
        break;
      }
    return v;
  };
  options->number("--kappa", args->kappa, closed(Rational(5, 2)), closed(Rational(Integer(1) << 60), "2^60"),
                  "seed 003 shuffle-glm, jdp-glm: kappa = max 1/mu' over the arms (>= kappa*)")
      .companions_are(without(jdp, "--kappa"));
  options->number("--theta-norm", args->theta_norm, open(0), closed(64),
                  "seed 003 shuffle-glm, jdp-glm: the bound S on ||theta*||")
      .companions_are(without(jdp, "--theta-norm"));
  options->number("--reward-bound", args->reward_bound, open(0), closed(pow10(6), "10^6"),
                  "seed 003 pgd (R >= 1), shuffle-glm, jdp-glm (R <= 1000): rewards in [0, R] (default 1)")
      .companions_are(jdp);
  options->integer("--batches", args->batches, closed(2), closed(8),
                   "seed 003 shuffle-glm: the number of batches M (default floor(log2 log2 T))")
      .companions_are(shg);
  options->number("--beta-constant", args->beta_constant, open(0), closed(pow10(6), "10^6"),
                  "seed 003 jdp-glm (theorem): Eq. 20's constant C (default 1)")
      .companions_are(jdp);
  options->number("--gamma-constant", args->gamma_constant, open(0), closed(pow10(6), "10^6"),
                  "seed 003 jdp-glm (theorem): Eq. 21's constant c (default 1)")
      .companions_are(jdp);
  options->number("--nu-constant", args->nu_constant, open(0), closed(pow10(6), "10^6"),
                  "seed 003 shuffle-glm: Eq. 10's constant of nu (default 1)")
      .companions_are(shg);
  const std::vector<std::string> pgd = {"calibrate", "pgd", "--eps", "1/2", "--delta", "1/200", "--n", "100000",
                                        "--d",       "3"};
  options->number("--radius", args->radius, open(0), closed(4096), "seed 003 pgd: the ball's radius S (default 1)")
      .companions_are(pgd);
  options->number("--lambda-max", args->lambda_max, closed(0), closed(pow10(12), "10^12"),
                  "seed 003 pgd: lambda_max of the regulariser (lambda_max/(2n))|theta|^2 (default 0)")
      .companions_are(pgd);
  options->choice("--iterations-rule", args->iterations_rule, {"log3", "log1"},
                  "seed 003 pgd: T_it with ln^3 (Alg. 7, default) or ln (Lemma E.4)")
      .companions_are(pgd);
  options->choice("--step-rule", args->step_rule, {"2d", "d"},
                  "seed 003 pgd: eta = 2D/(L sqrt(T_it)) (Alg. 7, default) or D/(L sqrt(T_it))")
      .companions_are(pgd);
  options->choice("--step-budget", args->step_budget, {"paper", "corrected"},
                  "seed 003 pgd: eps_step with ln(1/delta) (Alg. 7, default) or ln((T_it + 1)/delta)")
      .companions_are(pgd);
  options->integer("--min-iterations", args->min_iterations, closed(0), closed(big_n, "2^40"),
                   "seed 003 pgd: T_it = max(formula, M) (default 0: T_it = 0 releases nothing)")
      .companions_are(pgd);
  options->integer("--returning-batches", args->returning_batches, closed(1), closed(big_n, "2^40"),
                   "seed 000: B, the batches a returning user may enter (App. I, Assumption 2; B may exceed T); "
                   "needs --route")
      .companions_are({"calibrate", "dist-dp", "--eps", "1", "--n", "10", "--horizon", "100", "--route", "pure"});
  options->choice("--route", args->route, {"approx", "rdp", "pure"},
                  "seed 000 with --returning-batches: approx (advanced composition, every variant; needs --delta) | "
                  "rdp (Renyi composition, dist-rdp and dist-cdp; needs --delta) | pure (B eps/B; dist-dp, shuffle, "
                  "central, local)")
      .companions_are({"calibrate", "dist-dp", "--eps", "1", "--n", "10", "--horizon", "100", "--returning-batches",
                       "4"});
  cmd->callback([args, options, &context]() {
    options->check();
    if (!is_variant_000(args->variant)) {
      if (!args->returning_batches.empty())
        throw_parameter_error(kFn, "returning-batches", "absent for " + args->variant + " (seed 000 only)",
                              args->returning_batches);
      if (!args->route.empty())
        throw_parameter_error(kFn, "route", "absent for " + args->variant + " (seed 000 only)", args->route);
    }
    // Each names itself when the other is missing (a refusal names an option the user gave).
    if (!args->returning_batches.empty() && args->route.empty())
      throw_parameter_error(kFn, "returning-batches", "given with --route approx|rdp|pure", args->returning_batches);
    if (args->returning_batches.empty() && !args->route.empty())
      throw_parameter_error(kFn, "route", "given with --returning-batches B", args->route);
    if (args->variant == "pgd") {
      run_pgd(*args);
      context.exit_code = 0;
      return;
    }
    if (ref::is_variant_glm003(args->variant)) {
      run_glm(*args);
      context.exit_code = 0;
      return;
    }
    refuse_pgd_flags(*args);
    if (ref::is_variant_003(args->variant)) {
      run_003(*args);
      context.exit_code = 0;
      return;
    }
    if (args->variant == "p-vec-matrix") {
      run_p2(*args);
      context.exit_code = 0;
      return;
    }
    refuse_003_flags(*args);
    refuse_p2_flags(*args);
    refuse_glm_flags(*args);
    if (ref::is_variant_001(args->variant)) {
      run_001(*args);
      context.exit_code = 0;
      return;
    }
    const CalibrateArgs& a = *args;
    (void)ref::parse_variant(a.variant, kFn);  // an unknown variant is named first
    const bool returning = !a.returning_batches.empty();
    if (!returning && !a.delta.empty())
      throw_parameter_error(kFn, "delta", "absent for " + a.variant + " (seed 001; seed 000 only with --returning-batches)",
                            a.delta);
    for (const auto& [value, name] : {std::pair{a.d, "d"}, {a.vec_constant, "vec-constant"},
                                      {a.profile, "profile"}, {a.rounds_per_user, "rounds-per-user"},
                                      {a.eps0, "eps0"}, {a.delta0, "delta0"}, {a.delta_prime, "delta-prime"}})
      if (!value.empty()) throw_parameter_error(kFn, name, "absent for " + a.variant + " (seed 001 only)", value);
    if (a.returning)
      throw_parameter_error(kFn, "returning",
                            "absent for " + a.variant + " (seed 001 only; seed 000: --returning-batches B --route R)",
                            "set");
    for (const auto& [value, name] : {std::pair{a.eps, "eps"}, {a.n, "n"}, {a.horizon, "horizon"}})
      if (value.empty()) throw_parameter_error(kFn, name, "given for " + a.variant, "nothing");
    const ref::Variant variant = ref::parse_variant(args->variant, kFn);
    ref::CalibrationInput in;
    in.eps = parse_rational(args->eps, kFn, "eps");
    in.n = parse_integer(args->n, kFn, "n");
    in.horizon = parse_integer(args->horizon, kFn, "horizon");
    in.s = optional_rational(args->s, "s");
    in.p = optional_rational(args->p, "p");
    in.c = optional_rational(args->c, "c");
    // Everything is computed before anything is printed: an error leaves stdout empty.
    std::string out;
    if (returning) {
      ref::ReturningInput rin;
      rin.base = in;
      rin.B = parse_integer(a.returning_batches, kFn, "returning-batches");
      rin.route = ref::parse_returning_route(a.route, kFn);
      rin.delta = optional_rational(a.delta, "delta");
      const ref::ReturningCalibration rc = ref::calibrate_returning(variant, rin);
      nlohmann::json j = verify::to_json(rc);
      if (variant == ref::Variant::DistRDP && rin.route == ref::ReturningRoute::Rdp) {
        // The exact Skellam curve beside Lemma 3's (not in to_json: the committed vectors keep their records).
        const ref::ExactSkellamTotal e = ref::exact_skellam_rdp_total(rc);
        j["total"]["exact_curve"] = {{"computed", e.computed}, {"note", e.note},
                                     {"alphas_evaluated", e.alphas_evaluated}};
        if (e.computed) {
          j["total"]["exact_curve"]["eps_upper"] = to_string(e.eps_upper);
          j["total"]["exact_curve"]["eps_upper_approx"] = e.eps_upper.convert_to<double>();
          j["total"]["exact_curve"]["alpha"] = to_string(e.alpha);
        }
      }
      out = j.dump(2) + "\n";
    } else {
      out = verify::to_json(ref::calibrate(variant, in)).dump(2) + "\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
