// report.html (docs/report.md): one self-contained page (inline CSS and JavaScript, no network access) rendered from
// report.json's content, for a person to read: a header (version, suite, date, totals), the audit figures of the
// claims of method `audit`, the experiment plots, and the claims table with one row per claim (id, verdict vs
// expected, method, source, statement, key figure, seconds, evidence as collapsible pretty JSON), filterable by seed
// and verdict. The filters can be preset from the URL fragment: report.html#seed=000&verdict=violated
// (verdict: holds, violated, inconclusive or unexpected).
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace dpb::verify {

struct HtmlOptions {
  // Where the relative paths listed under a claim's evidence key "plots" are looked up (absolute paths are taken as
  // they are); PNG and SVG files found are embedded as data: URIs (at most kMaxPlotBytes each), others are listed
  // with the reason they are not shown.
  std::filesystem::path plots_dir = ".";
};

inline constexpr std::size_t kMaxPlotBytes = 8U << 20U;

// The evidence keys read as audit figures (first match in a depth-first walk of the evidence, an object's own keys
// before its children's), in column order. Binary floating-point numbers are shown to 6 significant digits (display
// only; the evidence below keeps every digit).
struct AuditFigureKeys {
  const char* column;
  const char* keys[3];
};
inline constexpr AuditFigureKeys kAuditFigureKeys[] = {
    {"ε_lb", {"eps_lb", "epsilon_lb", "eps_lower_bound"}},
    {"ε_claimed", {"eps_claimed", "epsilon_claimed", "claimed_eps"}},
    {"ε_exact", {"eps_exact", "epsilon_exact", "exact_eps"}},
    {"audit verdict", {"audit_verdict", "verdict", "audit_verdict"}},
};

// `report` is report_json(...) (json_report.hpp), optionally with summary.version, summary.date, summary.jobs.
std::string report_html(const nlohmann::json& report, const HtmlOptions& options = {});

}  // namespace dpb::verify
