// The body of `dpbandit verify`, as a library function so that tests can run it on a registry of their own.
//
//   dpbandit verify [--suite quick|full] [--only PATTERN] [--out DIR] [--jobs N] [--plots DIR]
//                   [--claim-timeout S] [--list [--format text|markdown|json]]
//
// Runs the claims whose id matches PATTERN (fnmatch glob; default: all) in N worker threads (default: the number of
// hardware threads), prints one progress line per claim on `err` ("[i/n] id ... verdict (s)"; with N > 1 also a
// "started" line and the running total), the results table on `out` (registry order whatever N), and writes
// DIR/report.json, DIR/report.html and DIR/junit.xml (docs/report.md) all or none: each to a temporary name first,
// renamed only once all three are written. --plots names where the plots listed in evidence are found (default DIR).
// --list prints the claims instead of running them (markdown: the content of docs/claims.md).
// A claim still running after S seconds (--claim-timeout, default 600, 0: none) is stopped and reported `error`.
// Returns the exit code: 0 when every verdict equals its expectation, 1 otherwise (an `error` included), 2 on a
// usage error (bad --suite, --format, --jobs or --claim-timeout, a PATTERN that matches no claim, an unwritable DIR, a --plots that is not a directory), with
// one line on `err` and no file written.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "verify/claims/registry.hpp"

namespace dpb::verify {

struct VerifyArgs {
  std::string suite = "quick";
  std::string only;  // empty: every claim
  bool only_given = false;  // --only was on the command line (an empty value is then a usage error, not "all")
  std::string out = "report";
  bool list = false;
  std::string format = "text";
  std::uint64_t seed = RunOptions{}.seed;
  std::string jobs;   // worker threads, an integer in [1, kMaxJobs]; empty: std::thread::hardware_concurrency()
  std::string plots;  // directory of the plots named in evidence; empty: `out`
  std::string claim_timeout = "600";  // seconds per claim, a decimal number >= 0 (0: no limit); see RunOptions
  bool claim_timeout_given = false;   // not given: 600 s in the quick suite, 7200 s in the full one
  std::vector<std::string> command_line;  // recorded in report.json (the CLI passes argv)
};

inline constexpr unsigned kMaxJobs = 256;

// The default of --jobs: the number of CPUs this process may run on, as nproc(1) counts them (1 when unknown).
unsigned default_jobs();

int verify_main(const VerifyArgs& args, const Registry& registry, std::ostream& out, std::ostream& err);

}  // namespace dpb::verify
