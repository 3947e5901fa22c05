#include "verify/report/claims_markdown.hpp"

#include <cstdio>

namespace dpb::verify {

namespace {

// A table cell: '|' escaped, newlines folded.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::string source_text(const Source& s) {
  std::string out = s.seed + " " + s.section;
  if (!s.equation.empty()) out += ", " + s.equation;
  return out;
}

std::string alpha_text(double alpha) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2g", alpha);
  return buf;
}

}  // namespace

std::string claims_markdown(const std::vector<const Claim*>& claims) {
  std::string out =
      "# Claims\n"
      "\n"
      "Every claim that `dpbandit verify` checks, generated from the claims registry (verify/claims/). Do not edit\n"
      "by hand: regenerate with\n"
      "\n"
      "```sh\n" +
      std::string(kClaimsDocCommand) +
      "\n```\n"
      "\n"
      "A claim's verdict is `holds`, `violated` or `inconclusive`; `dpbandit verify` exits 0 when every verdict\n"
      "equals the expected one (a checker that fails has the outcome `error`, which no expectation matches). Methods: `certified` (interval arithmetic, no sampling), `statistical`, `proof`, "
      "`audit`,\n"
      "`crosscheck`, `trend`, `vectors`. Sources name the seed (its paper is cited in docs/architecture.md §11, which\n"
      "also says how to read the section numbers), a section and the equation. The report format is described in\n"
      "docs/report.md. Claims that test hypotheses name their multiplicity family and test at the family's α over\n"
      "its size (docs/statistics.md); an expectation other than `holds` links its stored report and its section of\n"
      "docs/findings.md.\n"
      "\n"
      "| id | statement | source | method | expected | family (α) | grid |\n"
      "|---|---|---|---|---|---|---|\n";
  for (const Claim* c : claims)
    out += "| " + cell(c->id) + " | " + cell(c->statement) + " | " + cell(source_text(c->source)) + " | " +
           std::string(to_string(c->method)) + " | " + std::string(to_string(c->expected)) +
           (c->expected_full ? " (full: " + std::string(to_string(*c->expected_full)) + ")" : std::string()) +
           (c->stored_report.empty() ? std::string()
                                     : " — [evidence](../testdata/evidence/" + c->stored_report + "), [finding](findings.md)") +
           " | " + (c->family.empty() ? std::string("—") : cell(c->family) + " (" + alpha_text(c->alpha) + ")") + " | " +
           cell(c->grid) + " |\n";
  out += "\n" + std::to_string(claims.size()) + " claims.\n";
  return out;
}

}  // namespace dpb::verify
