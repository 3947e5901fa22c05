#include "verify/report/json_report.hpp"

#include <unistd.h>

#include <cmath>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>

namespace dpb::verify {

nlohmann::json claim_metadata_json(const Claim& claim) {
  return {{"id", claim.id},
          {"statement", claim.statement},
          {"source",
           {{"seed", claim.source.seed}, {"section", claim.source.section}, {"equation", claim.source.equation}}},
          {"method", std::string(to_string(claim.method))},
          {"grid", claim.grid},
          {"expected", std::string(to_string(claim.expected))}};
}

nlohmann::json claim_result_json(const ClaimResult& result) {
  nlohmann::json j = claim_metadata_json(*result.claim);
  j["verdict"] = std::string(to_string(result.outcome.verdict));
  j["key_figure"] = result.outcome.key_figure;
  j["evidence"] = result.outcome.evidence;
  j["seconds"] = std::round(result.seconds * 1000) / 1000;
  return j;
}

Summary summarize(const std::vector<ClaimResult>& results) {
  Summary s;
  s.total = results.size();
  for (const auto& r : results) {
    switch (r.outcome.verdict) {
      case Verdict::holds: ++s.holds; break;
      case Verdict::violated: ++s.violated; break;
      case Verdict::inconclusive: ++s.inconclusive; break;
    }
    if (!r.as_expected()) ++s.unexpected;
  }
  return s;
}

nlohmann::json report_json(const std::vector<ClaimResult>& results, Suite suite, double seconds) {
  nlohmann::json claims = nlohmann::json::array();
  for (const auto& r : results) claims.push_back(claim_result_json(r));
  const Summary s = summarize(results);
  return {{"claims", claims},
          {"summary",
           {{"total", s.total},
            {"holds", s.holds},
            {"violated", s.violated},
            {"inconclusive", s.inconclusive},
            {"unexpected", s.unexpected},
            {"suite", std::string(to_string(suite))},
            {"seconds", std::round(seconds * 1000) / 1000}}}};
}

void write_file_atomically(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::path tmp = file;
  tmp += ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + tmp.string());
    out << text;
    out.close();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(tmp, ignored);
      throw std::runtime_error("cannot write " + tmp.string());
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, file, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw std::runtime_error("cannot rename " + tmp.string() + " to " + file.string() + ": " + ec.message());
  }
}

}  // namespace dpb::verify
