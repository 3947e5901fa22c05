// A claim (docs/architecture.md §6): a statement from a paper, or one of our own invariants, that `dpbandit verify`
// checks and gives a verdict. A claim carries its id `<seed>.<label>` (seed 000–004 or `core`), the statement as a
// formula in plain Unicode text, its source (seed, section, equation), the method that checks it, the parameter grid
// it is checked on, the verdict the project expects, and the checker itself.
//
// A checker is a plain function of the run options. It returns an Outcome: a verdict, a short key figure for the
// terminal table, and its evidence as JSON (numbers: certified bounds, p-values with α, worst cases). A checker may
// throw; the runner turns that into the outcome `error`, which no expectation matches (verify/claims/runner.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace dpb::verify {

enum class Verdict { holds, violated, inconclusive };
enum class Method { certified, statistical, proof, audit, crosscheck, trend, vectors };
enum class Suite { quick, full };

std::string_view to_string(Verdict v);
std::string_view to_string(Method m);
std::string_view to_string(Suite s);
std::optional<Verdict> parse_verdict(std::string_view text);
std::optional<Method> parse_method(std::string_view text);
std::optional<Suite> parse_suite(std::string_view text);

// What a checker is asked to do. `quick` must keep the whole quick suite well under a minute; `full` may take longer
// and covers the whole grid. `seed` is for checkers that sample (statistical, audit); certified checkers ignore it.
struct RunOptions {
  Suite suite = Suite::quick;
  std::uint64_t seed = 20261121;
  // The claim's significance level: its family's α divided by the family's size (Bonferroni over the family,
  // Registry::add_family), set by the runner from Claim::alpha; 0 for claims outside any family (certified, proof,
  // cross-check, vectors). Checkers that test hypotheses must use it, not a constant of their own.
  double alpha = 0;
  // The runner's limit per claim in seconds (0: none; `verify --claim-timeout`). When it passes, the claim is
  // `error` ("timed out"); checkers poll verify/cluster/cancellation.hpp's poll_cancellation() in long loops.
  double claim_timeout = 0;
};

struct Source {
  std::string seed;      // "000" … "004", or "core"
  std::string section;   // "§4.2", "App. K"
  std::string equation;  // "Fact 1", "Proposition 1", "eq. (3)"; may be empty
};

struct Outcome {
  Verdict verdict = Verdict::inconclusive;
  std::string key_figure;                              // short, for the table: "sup|Δpmf| ≤ 2.1e-12"
  nlohmann::json evidence = nlohmann::json::object();  // the numbers behind the verdict
};

// Checkers run concurrently (`dpbandit verify --jobs N`, verify/claims/runner.hpp): a checker must be thread-safe —
// no mutable static or global state (caches behind a mutex or std::call_once), no chdir/setenv/locale changes, its
// own random stream seeded from RunOptions::seed, and temporary files under unique names.
using Checker = std::function<Outcome(const RunOptions&)>;

struct Claim {
  std::string id;  // "<seed>.<label>", e.g. "000.fact1"
  std::string statement;  // formula, plain Unicode: "Σ_{i=1}^n (γ⁺_i − γ⁻_i) ~ Lap_Z(t), γ ~ Pólya(1/n, e^{−1/t})"
  Source source;
  Method method = Method::certified;
  std::string grid;  // parameter grid, e.g. "n ∈ {1,2,3,8,64,1024} × t ∈ {1/2,1,4,32} (quick: t ≤ 4)"
  Verdict expected = Verdict::holds;
  Checker check;
  // The expected verdict of the full suite when it differs from the quick one (a trend measured at both sizes:
  // e.g. 002.fig.small-eps is violated at the quick size and holds at the papers' size). Set after registration
  // (Registry::add returns the stored claim), so that aggregate initialisations need not name it.
  std::optional<Verdict> expected_full{};

  // The multiplicity family (empty: none). Fixed at registration; Registry::add_family gives its total α, and the
  // registry sets `alpha` = that α / the family's size, whatever `--only` selects.
  std::string family{};
  double alpha = 0;  // set by the registry (do not set by hand)
  // The checker's version: bump it when the checker's method or grid changes, so stored evidence (below) that was
  // produced by an older checker is detected as stale by the evidence test (tests/verify/claims/evidence_test.cpp).
  int version = 1;
  // The stored report behind an expectation other than `holds` (a path relative to testdata/evidence/, e.g.
  // "000.fig23.central-match.json"): the claim's result of a recorded run, with its seed, suite and commit, and a
  // paragraph in docs/findings.md. Every claim expecting anything but `holds` (quick or full) must name one; the
  // evidence test checks that it exists, names the claim, and matches its grid and checker version.
  std::string stored_report{};

  Verdict expected_for(Suite suite) const { return suite == Suite::full && expected_full ? *expected_full : expected; }
};

// Combines per-case verdicts: violated if any case is violated, else inconclusive if any is, else holds.
Verdict combine(Verdict a, Verdict b);

}  // namespace dpb::verify
