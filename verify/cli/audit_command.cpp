// `dpbandit audit`: black-box privacy audits (verify/audit/, docs/audit.md).
//   dpbandit audit --list
//   dpbandit audit TARGET [--eps E] [--samples N] [--confidence C] [--seed S] [--n N] [--horizon T] [--delta D]
//                         [--borderline P] [--neighbours search|fixed] [--pairs N] [--keep K] [--threads K] [--json]
//   dpbandit audit external --d FILE --d-prime FILE --claimed-eps E [--delta D] [--confidence C] [--timeout S]
//                           [--json]
//   dpbandit audit external --mechanism tree --params FILE --inputs FILE --d FILE [--confidence C] [--json]
//     (conformance mode: another implementation's tree releases against the exact law; docs/audit.md,
//      verify/audit/conformance_tree.hpp)
//   dpbandit audit external --command 'CMD' --claimed-eps E [--samples N] [--delta D] [--confidence C] [--seed S]
//                           [--timeout S] [--pairs N [--keep K]] [--json]
//   dpbandit audit external --mechanism p-vec-matrix|p-vec|p-amp --params FILE --inputs FILE --d OUTPUTS
//                           [--confidence C] [--json]
//                           (conformance mode, verify/audit/external_p_vec_matrix.hpp: MODEL-MISMATCH or
//                           NO-MISMATCH-DETECTED with the smallest detectable deviation; --d-prime refused)
// Output: a one-line summary and the final split's events (or JSON with --json) on stdout; progress on stderr.
// Exit codes: 0 when the verdict is TIGHT or WEAK, or a VIOLATION of a non-private target's nominal ε (the
// expected outcome of a negative control); 1 on a VIOLATION or MODEL-MISMATCH of a real claim; 2 on usage errors
// (one line on stderr naming the parameter and value, nothing on stdout).
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "reference/core/error_reason.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "verify/audit/black_box.hpp"
#include "verify/audit/conformance_tree.hpp"
#include "verify/audit/external.hpp"
#include "verify/audit/external_p_vec_matrix.hpp"
#include "verify/audit/targets.hpp"
#include "verify/audit/targets_001.hpp"
#include "verify/audit/targets_001_learners.hpp"
#include "verify/audit/targets_003_learners.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cli/progress.hpp"
#include "verify/cluster/cluster.hpp"
#include "verify/input/bounded_input.hpp"

namespace dpb::cli {
namespace {

constexpr const char* kFn = "audit";

struct AuditArgs {
  std::string target, eps, samples, confidence, seed, n, horizon, delta, borderline, threads;
  std::string d, d_prime, command, claimed_eps, timeout, neighbours, pairs, keep, view, arms;
  std::string mechanism, params, inputs;  // external conformance mode (verify/audit/external_p_vec_matrix.hpp)
  bool list = false, json = false;
};

// A registered, checked number (verify/cli/options.hpp) as the double the audit computes with. Exact until here;
// the conversion is correctly rounded and the registered ranges keep it finite and normal.
double as_double(const Rational& x) { return x.convert_to<double>(); }

void print_result(const verify::audit::AuditResult& r, bool json) {
  std::string out;
  if (json) {
    out = verify::audit::to_json(r).dump(2) + "\n";
  } else {
    out = verify::audit::summary_line(r) + "\n";
    if (!r.eps_exact_source.empty()) out += "  eps_exact: " + r.eps_exact_source + "\n";
    if (r.details.contains("neighbour_search") && r.details["neighbour_search"].value("mode", "") == "search") {
      const auto& ns = r.details["neighbour_search"];
      out += "  neighbours: " + std::to_string(ns.value("family_size", 0)) + " pairs, " +
             std::to_string(ns.value("screened", 0)) + " screened, " + std::to_string(ns.value("kept", 0)) +
             " kept";
      if (ns.contains("worst_pair"))
        out += "; worst: " + ns["worst_pair"].value("pattern", "") + " at " + ns["worst_pair"].value("position", "");
      out += "\n";
    }
    for (const auto& e : r.events) {
      char buf[256];
      std::snprintf(buf, sizeof buf, "  %-16s %-6s k1=%llu/%llu k0=%llu/%llu  eps_hat=%.6g  eps_lb=%.6g\n",
                    e.event.describe().c_str(), e.reverse ? "D'->D" : "D->D'", static_cast<unsigned long long>(e.k1),
                    static_cast<unsigned long long>(e.n1), static_cast<unsigned long long>(e.k0),
                    static_cast<unsigned long long>(e.n0), e.eps_hat, e.eps_lb);
      out += buf;
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  // Timings go to stderr (and to the JSON's "timing" object), so that stdout is a function of the inputs alone.
  std::fprintf(stderr, "audit: %.3g s, %.3g samples/s\n", r.seconds, r.samples_per_second);
}

int exit_code_for(const verify::audit::AuditResult& r) {
  using verify::audit::AuditVerdict;
  if (r.verdict == AuditVerdict::model_mismatch) return 1;
  if (r.verdict == AuditVerdict::violation && !r.nominal) return 1;
  return 0;
}

}  // namespace

void add_audit_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<AuditArgs>();
  auto* cmd = app.add_subcommand("audit", "Black-box privacy audit: an empirical lower bound on epsilon");
  // Registered options (verify/cli/options.hpp): type, range, requires/conflicts, and a quick command line using each.
  auto options = std::make_shared<Options>(
      cmd, "audit", context.options,
      std::vector<std::string>{"audit", "dlaplace", "--samples", "1000", "--threads", "1"});
  std::vector<std::string> target_names;
  for (const auto& t : verify::audit::audit_targets()) target_names.push_back(t.name);
  target_names.push_back("external");
  options->positional("target", args->target, target_names, "a name from `dpbandit audit --list`",
                      {"audit", "{}", "--samples", "1000", "--threads", "1"}, "a target from --list, or `external`",
                      false);
  const std::vector<std::string> external = {"audit", "external", "--command", "echo 1", "--claimed-eps", "1",
                                             "--samples", "100"};
  options->flag("--list", args->list, "list the targets and their claimed guarantees");
  options->number("--eps", args->eps, closed(1 / pow10(6), "1e-6"), closed(1000), "claimed epsilon of the target, exact rational (default 1/2)");
  options->integer("--samples", args->samples, closed(100), closed(pow10(9), "10^9"),
                   "final-split samples per side (default 100000; search split n/10)")
      .slow_values({"1000000000"});
  options->number("--confidence", args->confidence, closed(Rational(1, 2)), closed(1 - 1 / pow10(12), "1 - 1e-12"),
                  "overall confidence in [1/2, 1 - 1e-12] (default 0.95)");
  options->integer("--seed", args->seed, closed(0), max_u64(), "seed of the ChaCha20 streams (default 1)");
  // One sample of a mechanism target encodes n users' rewards: a block of 2^16 samples is 2^16·n encodings before
  // its progress line (about 4·10^7 a second on one core of the shared machine, so about 7 s at n = 2^12; it was
  // 2^20, half an hour per block). docs/reliability.md "Limits".
  options->integer("--n", args->n, closed(1), closed(pow2(12), "2^12"), "mechanisms: batch size n (default 16)");
  options->integer("--horizon", args->horizon, closed(2), closed(pow2(40), "2^40"), "horizon T of the calibration (default 4096)");
  options->number("--delta", args->delta, closed(0), open(1),
                  "delta of the (eps, delta) guarantee tested (default 0; 1e-5 for RDP/CDP)");
  options->number("--borderline", args->borderline, closed(1 / pow10(6), "1e-6"), closed(1 - 1 / pow10(6), "1 - 1e-6"),
                  "elimination learners: P_D'[elimination] the hard table aims at, in (0, 1) (default 0.4)");
  // --d without --d-prime is refused in the callback unless --mechanism is given (conformance mode).
  options->path("--d", args->d, "external: file of outputs on D, one per line (with --mechanism: the outputs, one run or analyzer output per line)");
  options->path("--d-prime", args->d_prime, "external: file of outputs on D', one per line").requires_options({"d"});
  options->text("--command", args->command, "external: shell command printing outputs (DPB_NEIGHBOUR=0|1)")
      .conflicts_with({"d", "d-prime"})
      .companions_are({"audit", "external", "--claimed-eps", "1", "--samples", "100"});
  options->number("--claimed-eps", args->claimed_eps, closed(1 / pow10(6), "1e-6"), closed(pow10(6), "10^6"),
                  "external: the claimed epsilon")
      .companions_are({"audit", "external", "--command", "echo 1", "--samples", "100"});
  options->integer("--timeout", args->timeout, closed(0), closed(pow10(9), "10^9"),
                   "external: seconds each run of --command (or the reading of each --d file) may take before its "
                   "process group is killed and the audit ends with exit 2 (default 3600; 0 = none)")
      .companions_are(external);
  options->integer("--threads", args->threads, closed(1), closed(256),
                   "worker threads of this process, 1 to 256 (default: CPUs / processes on this machine); the result "
                   "does not depend on it");
  options->choice("--neighbours", args->neighbours, {"search", "fixed"},
                  "search (default): screen --pairs pairs of the target's neighbouring relation and audit the --keep "
                  "most promising with the confidence shared; fixed: the target's one hand-built pair")
      .conflicts_with({"d", "d-prime", "command"});
  options->integer("--pairs", args->pairs, closed(1), closed(4096),
                   "pairs screened (default 32); external --command: runs CMD with DPB_PAIR=0..N-1")
      .conflicts_with({"d", "d-prime"})
      .companions_are({"audit", "dlaplace", "--samples", "1000", "--threads", "1"});
  options->integer("--keep", args->keep, closed(1), closed(4096),
                   "pairs audited in full after screening, at most --pairs (default 3)")
      .conflicts_with({"d", "d-prime"})
      .companions_are({"audit", "dlaplace", "--samples", "1000", "--threads", "1", "--pairs", "4096"});
  options->choice("--view", args->view, {"decision", "whole-output", "agent", "joint"},
                  "decision (default): the first decision that depends on the change; whole-output: learner targets "
                  "and dp-mase, the whole output up to a longer stop, events on estimated likelihood-ratio ranks; "
                  "agent (= decision) / joint: multi-agent targets (seed 004), the watched agent's messages or all "
                  "agents' messages jointly")
      .conflicts_with({"d", "d-prime", "command"})
      .companions_are({"audit", "ftnl", "--samples", "1000", "--threads", "1", "--pairs", "2", "--keep", "1"});
  options->integer("--arms", args->arms, closed(2), closed(3),
                   "multi-agent targets (seed 004): K arms, 2 or 3 (default 2)")
      .conflicts_with({"d", "d-prime", "command"})
      .companions_are({"audit", "dp-mase", "--samples", "1000", "--threads", "1", "--pairs", "2", "--keep", "1"});
  // Conformance mode (docs/audit.md "External implementations: conformance"): one output file against a declared
  // law — `tree` (seed 003's matrix trees, verify/audit/conformance_tree.hpp) or `p-vec-matrix` (P₂,
  // verify/audit/external_p_vec_matrix.hpp).
  const std::vector<std::string> conformance = {"audit", "external", "--mechanism", "p-vec-matrix", "--params", "p.json",
                                                "--inputs", "in.txt", "--d", "out.txt"};
  options->choice("--mechanism", args->mechanism, {"tree", "p-vec-matrix", "p-amp", "p-vec"},
                  "external conformance mode: the declared mechanism whose law --d's outputs must follow (tree: seed "
                  "001/003's trees; p-vec-matrix: seed 003's P2; p-amp, p-vec: seed 001's P_Amp, P_Vec)")
      .requires_options({"params", "inputs", "d"})
      .conflicts_with({"d-prime", "command", "claimed-eps", "pairs", "keep", "neighbours", "view", "timeout", "samples",
                       "seed", "n", "horizon", "delta", "borderline", "eps", "arms", "threads"})
      .companions_are({"audit", "external", "--params", "params.json", "--inputs", "inputs.txt", "--d", "runs.txt"});
  options->path("--params", args->params,
                "external --mechanism: the declared parameters (JSON; tree: {T, dim, sigma, symmetrisation}, "
                "p-vec-matrix, p-vec: {n, d, g, b, p, Delta}; p-amp: {B, d, sigma, part})")
      .requires_options({"mechanism"})
      .companions_are(conformance);
  options->path("--inputs", args->inputs,
                "external --mechanism: the declared inputs (tree: one leaf a line; p-vec-matrix: one user's upper "
                "triangle a line; p-amp, p-vec: one user's label values a line)")
      .requires_options({"mechanism"})
      .companions_are(conformance);
  options->flag("--json", args->json, "print the full result as JSON (with every pair tried, at most 100)");
  CLI::App* eta_privacy = add_eta_privacy_command(*cmd, context);
  cmd->callback([args, options, eta_privacy, &context]() {
    if (eta_privacy->parsed()) return;  // `audit eta-privacy` ran its own callback
    options->check();
    if (args->list) {
      std::string out;
      for (const auto& t : verify::audit::audit_targets())
        out += t.name + "\t" + t.kind + "\t" + t.claim + "\t" + t.description + "\n";
      out += "external\texternal\t--claimed-eps\tsamples from files (--d, --d-prime) or a command (--command)\n";
      std::fwrite(out.data(), 1, out.size(), stdout);
      context.exit_code = 0;
      return;
    }
    if (args->target.empty()) throw_parameter_error(kFn, "target", "given (see `dpbandit audit --list`)", "nothing");
    verify::audit::AuditSettings settings;
    if (const auto c = options->number_value("confidence")) settings.confidence = as_double(*c);
    const std::uint64_t seed = options->u64("seed", 1);
    if (const auto t = options->u64("threads")) settings.threads = static_cast<unsigned>(*t);
    const std::uint64_t samples = options->u64("samples", 100000);
    std::optional<double> delta;
    if (const auto d = options->number_value("delta")) {
      if (*d != 0 && *d < 1 / pow10(300))  // below, a double is subnormal and the accounting meaningless
        throw_parameter_error(kFn, "--delta", "0 or in [1e-300, 1)", verify::input::quoted_prefix(args->delta));
      delta = as_double(*d);
    }
    verify::audit::NeighbourSearch search;
    const bool external = args->target == "external";
    const bool files_mode = external && (!args->d.empty() || !args->d_prime.empty());
    if (options->given("neighbours") && args->neighbours == "fixed") search.mode = verify::audit::NeighbourMode::fixed;
    if (external && !options->given("pairs")) search.mode = verify::audit::NeighbourMode::fixed;
    if (search.mode == verify::audit::NeighbourMode::fixed && !external) {
      if (options->given("pairs")) throw_parameter_error(kFn, "--pairs", "absent with --neighbours fixed", args->pairs);
      if (options->given("keep")) throw_parameter_error(kFn, "--keep", "absent with --neighbours fixed", args->keep);
    }
    if (files_mode && options->given("pairs"))  // also a registered conflict; kept for the message
      throw_parameter_error(kFn, "--pairs", "absent with --d/--d-prime (one pair; use --command with DPB_PAIR)",
                            args->pairs);
    if (external && options->given("keep") && !options->given("pairs"))
      throw_parameter_error(kFn, "--keep", "given with --pairs for `external`", args->keep);
    if (const auto n = options->u64("pairs")) search.pairs = static_cast<unsigned>(*n);
    if (const auto k = options->u64("keep")) {
      if (*k > search.pairs)
        throw_parameter_error(kFn, "--keep", "at most --pairs (" + std::to_string(search.pairs) + ")", args->keep);
      search.keep = static_cast<unsigned>(*k);
    } else {
      search.keep = std::min(search.keep, search.pairs);
    }

    // Progress on stderr after a second (docs/reliability.md; `--samples 10^9` runs for many minutes): one line per
    // sampling pass (the screening of --pairs, then each pair kept), from the first process only. For `external`
    // only once its command has delivered samples (done > 0): until then the command may still fail at once (exit
    // 2, one line on stderr); after that the run is valid work (`--pairs 4096` ran for minutes in silence).
    struct PassProgress {
      std::unique_ptr<Progress> bar;
      std::uint64_t total = 0, done = 0;
    };
    auto pass = std::make_shared<PassProgress>();
    if (verify::cluster::is_root())
      settings.progress = [pass, external = args->target == "external"](std::uint64_t done, std::uint64_t total) {
        if (external && done == 0 && !pass->bar) return;
        if (!pass->bar || total != pass->total || done < pass->done) {
          pass->bar.reset();
          pass->bar = std::make_unique<Progress>("audit", "samples", total);
          pass->total = total;
        }
        pass->done = done;
        pass->bar->update(done);
      };
    if (!args->mechanism.empty() && args->target != "external")  // conformance mode (requires and conflicts above)
      throw_parameter_error(kFn, "--mechanism", "given with `external` only", args->mechanism);
    if (args->mechanism == "tree" || args->mechanism == "p-amp") {
      const auto c = args->mechanism == "tree"
                         ? verify::audit::audit_tree_conformance(args->params, args->inputs, args->d, settings.confidence)
                         : verify::audit::audit_p_amp_conformance(args->params, args->inputs, args->d,
                                                                  settings.confidence);
      const std::string out = args->json ? verify::audit::to_json(c).dump(2) + "\n"
                                         : verify::audit::summary_line(c) + "\n";
      std::fwrite(out.data(), 1, out.size(), stdout);
      context.exit_code = c.mismatch ? 1 : 0;
      return;
    }
    verify::audit::AuditResult r;
    if (options->given("d") && !options->given("d-prime") && !options->given("mechanism"))
      throw_parameter_error(kFn, "--d-prime", "given with --d", "nothing");
    if (args->mechanism == "p-vec-matrix" || args->mechanism == "p-vec") {
      const double conf = options->given("confidence") ? as_double(*options->number_value("confidence")) : 0.95;
      const auto c = args->mechanism == "p-vec"
                         ? verify::audit::conformance_p_vec(args->params, args->inputs, args->d, conf)
                         : verify::audit::conformance_p_vec_matrix(args->params, args->inputs, args->d, conf);
      nlohmann::json j = c.evidence;
      j["mechanism"] = args->mechanism;
      const std::string out = args->json ? j.dump(2) + "\n"
                                         : c.verdict + " (" + std::to_string(c.outputs) + " outputs; " +
                                               (c.reason.empty() ? "smallest detectable deviation of a label mean " +
                                                                       std::to_string(c.smallest_detectable_deviation)
                                                                 : c.reason) +
                                               ")\n";
      std::fwrite(out.data(), 1, out.size(), stdout);
      context.exit_code = c.verdict == "MODEL-MISMATCH" ? 1 : 0;  // as a MODEL-MISMATCH of a real claim
      return;
    }
    if (args->target == "external") {
      if (options->given("view")) throw_parameter_error(kFn, "--view", "absent with `external`", args->view);
      // Options of the built-in targets do not apply to external outputs: refused, not ignored (issue 14 class 9).
      const std::vector<std::pair<const char*, const std::string*>> builtin = {{"eps", &args->eps},
                                                                               {"n", &args->n},
                                                                               {"horizon", &args->horizon},
                                                                               {"borderline", &args->borderline},
                                                                               {"arms", &args->arms}};
      for (const auto& [name, value] : builtin)
        if (options->given(name))
          throw_parameter_error(kFn, std::string("--") + name, "absent with `external` (use --claimed-eps)", *value);
      if (args->claimed_eps.empty()) throw_parameter_error(kFn, "claimed-eps", "given", "nothing");
      const double claimed = as_double(*options->number_value("claimed-eps"));
      settings.delta = delta.value_or(0);
      const std::uint64_t timeout = options->u64("timeout", 3600);
      const bool files = !args->d.empty() || !args->d_prime.empty();
      if (files == !args->command.empty())
        throw_parameter_error(kFn, "command", "given alone, or --d and --d-prime instead (not both modes)",
                              args->command.empty() ? "nothing" : args->command);
      if (files) {
        if (args->d.empty()) throw_parameter_error(kFn, "d", "a file", "nothing");
        if (args->d_prime.empty()) throw_parameter_error(kFn, "d-prime", "a file", "nothing");
        r = verify::audit::audit_files(args->d, args->d_prime, claimed, settings, timeout);
      } else {
        r = search.mode == verify::audit::NeighbourMode::search
                ? verify::audit::audit_command_pairs(args->command, samples, seed, claimed, settings, search, timeout)
                : verify::audit::audit_command(args->command, samples, seed, claimed, settings, timeout);
      }
    } else {
      if (!args->d.empty() || !args->d_prime.empty() || !args->command.empty() || !args->claimed_eps.empty() ||
          !args->timeout.empty())
        throw_parameter_error(kFn, "target",
                              "`external` when --d, --d-prime, --command, --claimed-eps or --timeout is given",
                              args->target);
      for (const auto& t : verify::audit::audit_targets()) {  // options that do not apply to the target's kind
        if (t.name != args->target) continue;
        if (t.kind == "multi-agent" && options->given("n"))
          throw_parameter_error(kFn, "--n", "absent for the multi-agent target " + t.name, args->n);
        if (t.kind != "multi-agent" && options->given("arms"))
          throw_parameter_error(kFn, "--arms", "absent for " + t.name + " (multi-agent targets only)", args->arms);
        if (t.kind != "multi-agent" && options->given("view") && (args->view == "agent" || args->view == "joint"))
          throw_parameter_error(kFn, "--view", "decision or whole-output for " + t.name + " (agent, joint: multi-agent "
                                "targets only)", args->view);
        if (t.kind == "learner" && options->given("n"))
          throw_parameter_error(kFn, "--n", "absent for the learner target " + t.name + " (batch size of mechanisms)",
                                args->n);
        const bool fixed_learner =
            verify::audit::is_seed001_learner_target(t.name) || verify::audit::is_seed003_learner_target(t.name);
        if (fixed_learner && options->given("borderline"))
          throw_parameter_error(kFn, "--borderline", "absent for " + t.name + " (a fixed instance, no borderline search)",
                                args->borderline);
        if (fixed_learner && options->given("horizon"))
          throw_parameter_error(kFn, "--horizon",
                                "absent for " + t.name +
                                    (verify::audit::is_seed001_learner_target(t.name)
                                         ? " (a fixed instance: B = 4, T = 14)"
                                         : " (a fixed instance: T = " +
                                               std::to_string(verify::audit::seed003_learner_sizes(t.name).T) + ")"),
                                args->horizon);
        if (fixed_learner && options->given("view") && args->view == "decision")
          throw_parameter_error(kFn, "--view", "whole-output for " + t.name + " (seed 001's and 003's learners are "
                                "audited on their whole output only)", args->view);
        if (t.kind == "mechanism" && options->given("borderline"))
          throw_parameter_error(kFn, "--borderline", "absent for the mechanism target " + t.name, args->borderline);
        if (t.kind == "mechanism" && !verify::audit::is_seed001_target(t.name)) {  // a batch serves at most T users
          const std::uint64_t n = options->u64("n", 16), horizon = options->u64("horizon", 4096);
          if (n > horizon) {
            if (options->given("n"))
              throw_parameter_error(kFn, "--n", "<= --horizon (" + std::to_string(horizon) + ")", args->n);
            throw_parameter_error(kFn, "--horizon", ">= --n (16, the default)", args->horizon);
          }
        }
      }
      verify::audit::TargetOptions o;
      if (!args->eps.empty()) o.eps = parse_rational(args->eps, kFn, "eps");
      if (const auto n = options->u64("n")) {
        o.n = *n;
        o.n_given = true;
      }
      if (const auto h = options->u64("horizon")) {
        o.horizon = *h;
        o.horizon_given = true;
      }
      o.delta = delta;  // the audit's accounting computes in doubles
      o.delta_exact = options->number_value("delta");  // the calibrations take the exact δ given (`--delta 1/300`)
      if (const auto b = options->number_value("borderline")) o.borderline = as_double(*b);
      if ((options->given("view") && args->view == "whole-output") ||
          verify::audit::is_seed001_learner_target(args->target) ||
          verify::audit::is_seed003_learner_target(args->target))
        o.whole_output = true;
      if (options->given("view") && args->view == "joint") o.joint_view = true;
      if (const auto k = options->u64("arms")) o.arms = static_cast<std::uint32_t>(*k);
      try {
        r = verify::audit::audit_target(args->target, o, samples, seed, settings, search);
      } catch (const ParameterError& e) {
        // A target builds its mechanism's samplers from the options: at an extreme but valid --eps a sampler's own
        // bound refused it naming its parameter (scripts/sweep-refusals: `audit p-amp --eps 1e-6` gave
        // "RoundedNormal: parameter 'sigma'", p-vec "PVec: parameter 'b'", p-vec-matrix an internal binomial 'n'
        // renamed to --n, "its default"). When one of the options that calibrate a target was given and the
        // refusal names none the user gave, it is named by that option, the inner reason quoted.
        ParameterErrorParts inner;
        static const std::set<std::string> kOwn = {"eps", "samples", "confidence", "seed", "n", "horizon", "delta",
                                                   "borderline", "pairs", "keep", "arms", "threads"};
        if (!parse_parameter_error(e.what(), inner) || inner.function == kFn ||
            (kOwn.count(inner.name) > 0 && options->given(inner.name)))
          throw;
        std::vector<std::pair<std::string, std::string>> given;
        for (const auto& [name, value] : {std::pair<std::string, const std::string*>{"eps", &args->eps},
                                          {"n", &args->n}, {"horizon", &args->horizon}, {"delta", &args->delta}})
          if (options->given(name)) given.emplace_back(name, *value);
        if (given.size() != 1) throw;
        throw_parameter_error(kFn, "--" + given[0].first,
                              "a value " + args->target + "'s mechanism can be built at (" +
                                  parameter_error_reason(e.what()) + ")",
                              given[0].second);
      }
    }
    pass->bar.reset();  // ends its line before the summary
    settings.progress = nullptr;
    print_result(r, args->json);
    context.exit_code = exit_code_for(r);
  });
}

}  // namespace dpb::cli
