// The body of `dpbandit verify`, as a library function so that tests can run it on a registry of their own.
//
//   dpbandit verify [--suite quick|full] [--only PATTERN] [--out DIR] [--list [--format text|markdown|json]]
//
// Runs the claims whose id matches PATTERN (fnmatch glob; default: all), prints "[i/n] id ... verdict (s)" per claim
// on `err`, the results table on `out`, and writes DIR/report.json (docs/report.md) whole or not at all.
// --list prints the claims instead of running them (markdown: the content of docs/claims.md).
// Returns the exit code: 0 when every verdict equals its expectation, 1 otherwise, 2 on a usage error (bad --suite
// or --format, a PATTERN that matches no claim, an unwritable DIR), with one line on `err` and no file written.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "verify/claims/registry.hpp"

namespace dpb::verify {

struct VerifyArgs {
  std::string suite = "quick";
  std::string only;  // empty: every claim
  std::string out = "report";
  bool list = false;
  std::string format = "text";
  std::uint64_t seed = RunOptions{}.seed;
};

int verify_main(const VerifyArgs& args, const Registry& registry, std::ostream& out, std::ostream& err);

}  // namespace dpb::verify
