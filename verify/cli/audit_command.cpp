// `dpbandit audit`: black-box privacy audits (verify/audit/, docs/audit.md).
//   dpbandit audit --list
//   dpbandit audit TARGET [--eps E] [--samples N] [--confidence C] [--seed S] [--n N] [--horizon T] [--delta D]
//                         [--borderline P] [--neighbours search|fixed] [--pairs N] [--keep K] [--threads K] [--json]
//   dpbandit audit external --d FILE --d-prime FILE --claimed-eps E [--delta D] [--confidence C] [--timeout S]
//                           [--json]
//   dpbandit audit external --command 'CMD' --claimed-eps E [--samples N] [--delta D] [--confidence C] [--seed S]
//                           [--timeout S] [--pairs N [--keep K]] [--json]
// Output: a one-line summary and the final split's events (or JSON with --json) on stdout; progress on stderr.
// Exit codes: 0 when the verdict is TIGHT or WEAK, or a VIOLATION of a non-private target's nominal ε (the
// expected outcome of a negative control); 1 on a VIOLATION or MODEL-MISMATCH of a real claim; 2 on usage errors
// (one line on stderr naming the parameter and value, nothing on stdout).
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "verify/audit/black_box.hpp"
#include "verify/audit/external.hpp"
#include "verify/audit/targets.hpp"
#include "verify/cli/commands.hpp"

namespace dpb::cli {
namespace {

constexpr const char* kFn = "audit";

struct AuditArgs {
  std::string target, eps, samples, confidence, seed, n, horizon, delta, borderline, threads;
  std::string d, d_prime, command, claimed_eps, timeout, neighbours, pairs, keep, view;
  bool list = false, json = false;
};

std::uint64_t parse_count(const std::string& text, const char* name, std::uint64_t lo, std::uint64_t hi) {
  const auto v = try_parse_integer(text);
  if (!v || *v < lo || *v > hi)
    throw_parameter_error(kFn, name, "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]", text);
  return v->convert_to<std::uint64_t>();
}

double parse_real(const std::string& text, const char* name, double lo, double hi, bool lo_open, bool hi_open) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  const bool ok = !text.empty() && end == text.c_str() + text.size() && std::isfinite(v) &&
                  (lo_open ? v > lo : v >= lo) && (hi_open ? v < hi : v <= hi);
  if (!ok) {
    std::ostringstream cond;
    cond << "a number in " << (lo_open ? "(" : "[") << lo << ", " << hi << (hi_open ? ")" : "]");
    throw_parameter_error(kFn, name, cond.str(), text);
  }
  return v;
}

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
  cmd->add_option("target", args->target, "a target from --list, or `external`");
  cmd->add_flag("--list", args->list, "list the targets and their claimed guarantees");
  cmd->add_option("--eps", args->eps, "claimed epsilon of the target, exact rational (default 1/2)");
  cmd->add_option("--samples", args->samples, "final-split samples per side (default 100000; search split n/10)");
  cmd->add_option("--confidence", args->confidence, "overall confidence in (0, 1) (default 0.95)");
  cmd->add_option("--seed", args->seed, "seed of the ChaCha20 streams (default 1)");
  cmd->add_option("--n", args->n, "mechanisms: batch size n (default 16)");
  cmd->add_option("--horizon", args->horizon, "horizon T of the calibration (default 4096)");
  cmd->add_option("--delta", args->delta, "delta of the (eps, delta) guarantee tested (default 0; 1e-5 for RDP/CDP)");
  cmd->add_option("--borderline", args->borderline,
                  "elimination learners: P_D'[elimination] the hard table aims at, in (0, 1) (default 0.4)");
  cmd->add_option("--d", args->d, "external: file of outputs on D, one per line");
  cmd->add_option("--d-prime", args->d_prime, "external: file of outputs on D', one per line");
  cmd->add_option("--command", args->command, "external: shell command printing outputs (DPB_NEIGHBOUR=0|1)");
  cmd->add_option("--claimed-eps", args->claimed_eps, "external: the claimed epsilon");
  cmd->add_option("--timeout", args->timeout,
                  "external: seconds each run of --command (or the reading of each --d file) may take before its "
                  "process group is killed and the audit ends with exit 2 (default 3600; 0 = none)");
  cmd->add_option("--threads", args->threads,
                  "worker threads of this process, 1 to 256 (default: CPUs / processes on this machine); the result "
                  "does not depend on it");
  cmd->add_option("--neighbours", args->neighbours,
                  "search (default): screen --pairs pairs of the target's neighbouring relation and audit the --keep "
                  "most promising with the confidence shared; fixed: the target's one hand-built pair");
  cmd->add_option("--pairs", args->pairs,
                  "pairs screened, 1 to 4096 (default 32); external --command: runs CMD with DPB_PAIR=0..N-1");
  cmd->add_option("--view", args->view,
                  "decision (default): the first decision that depends on the change; whole-output: index learners and "
                  "FTNL, the whole action sequence up to a longer stop, events on estimated likelihood-ratio ranks");
  cmd->add_option("--keep", args->keep, "pairs audited in full after screening, 1 to --pairs (default 3)");
  cmd->add_flag("--json", args->json, "print the full result as JSON (with every pair tried, at most 100)");
  cmd->callback([args, &context]() {
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
    if (!args->confidence.empty())
      settings.confidence = parse_real(args->confidence, "confidence", 0, 1, true, true);
    const std::uint64_t seed = args->seed.empty() ? 1 : parse_count(args->seed, "seed", 0, ~std::uint64_t{0});
    if (!args->threads.empty()) settings.threads = static_cast<unsigned>(parse_count(args->threads, "threads", 1, 256));
    const std::uint64_t samples =
        args->samples.empty() ? 100000 : parse_count(args->samples, "samples", 100, 1000000000);
    std::optional<double> delta;
    if (!args->delta.empty()) delta = parse_real(args->delta, "delta", 0, 1, false, true);
    verify::audit::NeighbourSearch search;
    const bool external = args->target == "external";
    const bool files_mode = external && (!args->d.empty() || !args->d_prime.empty());
    if (!args->neighbours.empty()) {
      if (external)
        throw_parameter_error(kFn, "neighbours", "not given with `external` (use --pairs N with --command)",
                              args->neighbours);
      if (args->neighbours == "fixed") search.mode = verify::audit::NeighbourMode::fixed;
      else if (args->neighbours != "search")
        throw_parameter_error(kFn, "neighbours", "search or fixed", args->neighbours);
    }
    if (external && !files_mode && args->pairs.empty()) search.mode = verify::audit::NeighbourMode::fixed;
    if (!args->pairs.empty() || !args->keep.empty()) {
      const char* which = !args->pairs.empty() ? "pairs" : "keep";
      const std::string& value = !args->pairs.empty() ? args->pairs : args->keep;
      if (search.mode == verify::audit::NeighbourMode::fixed && !external)
        throw_parameter_error(kFn, which, "not given with --neighbours fixed", value);
      if (files_mode)
        throw_parameter_error(kFn, which, "not given with --d/--d-prime (one pair; use --command with DPB_PAIR)",
                              value);
      if (external && args->pairs.empty()) throw_parameter_error(kFn, "keep", "given with --pairs", args->keep);
    }
    if (!args->pairs.empty()) search.pairs = static_cast<unsigned>(parse_count(args->pairs, "pairs", 1, 4096));
    if (!args->keep.empty()) {
      search.keep = static_cast<unsigned>(parse_count(args->keep, "keep", 1, 4096));
      if (search.keep > search.pairs)
        throw_parameter_error(kFn, "keep", "at most --pairs (" + std::to_string(search.pairs) + ")", args->keep);
    } else {
      search.keep = std::min(search.keep, search.pairs);
    }

    verify::audit::AuditResult r;
    if (args->target == "external") {
      if (!args->view.empty()) throw_parameter_error(kFn, "view", "not given with `external`", args->view);
      if (args->claimed_eps.empty()) throw_parameter_error(kFn, "claimed-eps", "given", "nothing");
      const double claimed = parse_real(args->claimed_eps, "claimed-eps", 0, 1e6, true, false);
      settings.delta = delta.value_or(0);
      const std::uint64_t timeout =
          args->timeout.empty() ? 3600 : parse_count(args->timeout, "timeout", 0, 1000000000);
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
      verify::audit::TargetOptions o;
      if (!args->eps.empty()) o.eps = parse_rational(args->eps, kFn, "eps");
      if (!args->n.empty()) o.n = parse_count(args->n, "n", 1, std::uint64_t{1} << 20);
      if (!args->horizon.empty()) o.horizon = parse_count(args->horizon, "horizon", 2, std::uint64_t{1} << 40);
      o.delta = delta;
      if (!args->borderline.empty()) o.borderline = parse_real(args->borderline, "borderline", 0, 1, true, true);
      if (!args->view.empty()) {
        if (args->view == "whole-output") o.whole_output = true;
        else if (args->view != "decision")
          throw_parameter_error(kFn, "view", "decision or whole-output", args->view);
      }
      r = verify::audit::audit_target(args->target, o, samples, seed, settings, search);
    }
    print_result(r, args->json);
    context.exit_code = exit_code_for(r);
  });
}

}  // namespace dpb::cli
