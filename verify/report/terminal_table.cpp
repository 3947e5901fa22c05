#include "verify/report/terminal_table.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "verify/report/json_report.hpp"

namespace dpb::verify {

std::size_t display_width(const std::string& text) {
  std::size_t n = 0;
  for (unsigned char c : text)
    if ((c & 0xC0U) != 0x80U) ++n;  // count lead bytes only
  return n;
}

namespace {

std::string pad(const std::string& text, std::size_t width) {
  const std::size_t w = display_width(text);
  return w >= width ? text : text + std::string(width - w, ' ');
}

// Renders rows (first row = header) with columns padded to their widest cell; the last column is not padded.
std::string render(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], display_width(row[i]));
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) line += i + 1 < row.size() ? pad(row[i], widths[i] + 2) : row[i];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace

std::string format_results_table(const std::vector<ClaimResult>& results, double seconds) {
  std::vector<std::vector<std::string>> rows{{"  id", "verdict", "expected", "key figure"}};
  for (const auto& r : results)
    rows.push_back({(r.as_expected() ? "  " : "! ") + r.claim->id, r.outcome_name(),
                    std::string(to_string(r.expected_verdict())), r.outcome.key_figure});
  const Summary s = summarize(results);
  const std::string errors = s.error ? fmt::format(", {} error", s.error) : "";
  return render(rows) + fmt::format("{} claims: {} holds, {} violated, {} inconclusive{}; {} unexpected ({:.1f} s)\n",
                                    s.total, s.holds, s.violated, s.inconclusive, errors, s.unexpected, seconds);
}

std::string format_claims_list(const std::vector<const Claim*>& claims) {
  std::vector<std::vector<std::string>> rows{{"id", "method", "expected", "statement"}};
  for (const Claim* c : claims)
    rows.push_back({c->id, std::string(to_string(c->method)), std::string(to_string(c->expected)), c->statement});
  return render(rows);
}

}  // namespace dpb::verify
