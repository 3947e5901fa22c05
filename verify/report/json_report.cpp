#include "verify/report/json_report.hpp"

#include <unistd.h>

#include <cmath>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>

namespace dpb::verify {

nlohmann::json claim_metadata_json(const Claim& claim) {
  nlohmann::json j = {
      {"id", claim.id},
      {"statement", claim.statement},
      {"source", {{"seed", claim.source.seed}, {"section", claim.source.section}, {"equation", claim.source.equation}}},
      {"method", std::string(to_string(claim.method))},
      {"grid", claim.grid},
      {"expected", std::string(to_string(claim.expected))}};
  if (claim.expected_full) j["expected_full"] = std::string(to_string(*claim.expected_full));
  j["checker_version"] = claim.version;
  if (!claim.family.empty()) {
    j["family"] = claim.family;
    j["alpha"] = claim.alpha;
  }
  if (!claim.stored_report.empty()) j["stored_report"] = "testdata/evidence/" + claim.stored_report;
  return j;
}

nlohmann::json claim_result_json(const ClaimResult& result) {
  nlohmann::json j = claim_metadata_json(*result.claim);
  j["expected"] = std::string(to_string(result.expected_verdict()));  // of the suite run
  j["verdict"] = result.outcome_name();  // "error" when the checker failed (not a verdict: never expected)
  if (!result.error.empty()) j["error"] = result.error;
  j["key_figure"] = result.outcome.key_figure;
  j["evidence"] = result.outcome.evidence;
  j["seconds"] = std::round(result.seconds * 1000) / 1000;
  return j;
}

Summary summarize(const std::vector<ClaimResult>& results) {
  Summary s;
  s.total = results.size();
  for (const auto& r : results) {
    if (!r.error.empty()) {
      ++s.error;
      ++s.unexpected;
      continue;
    }
    switch (r.outcome.verdict) {
      case Verdict::holds:
        ++s.holds;
        break;
      case Verdict::violated:
        ++s.violated;
        break;
      case Verdict::inconclusive:
        ++s.inconclusive;
        break;
    }
    if (!r.as_expected()) ++s.unexpected;
  }
  return s;
}

nlohmann::json report_json(const std::vector<ClaimResult>& results, Suite suite, double seconds) {
  nlohmann::json claims = nlohmann::json::array();
  for (const auto& r : results) claims.push_back(claim_result_json(r));
  const Summary s = summarize(results);
  return {{"schema_version", kReportSchemaVersion},
          {"claims", claims},
          {"summary",
           {{"total", s.total},
            {"holds", s.holds},
            {"violated", s.violated},
            {"inconclusive", s.inconclusive},
            {"error", s.error},
            {"unexpected", s.unexpected},
            {"suite", std::string(to_string(suite))},
            {"seconds", std::round(seconds * 1000) / 1000}}}};
}

void write_file_atomically(const std::filesystem::path& file, const std::string& text) {
  write_files_atomically({{file, text}});
}

void write_files_atomically(const std::vector<std::pair<std::filesystem::path, std::string>>& files) {
  std::vector<std::filesystem::path> temporaries;
  auto remove_temporaries = [&temporaries](std::size_t from) {
    std::error_code ignored;
    for (std::size_t i = from; i < temporaries.size(); ++i) std::filesystem::remove(temporaries[i], ignored);
  };
  for (const auto& [file, text] : files) {
    std::filesystem::path tmp = file;
    tmp += ".tmp-" + std::to_string(::getpid());
    temporaries.push_back(tmp);
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (out) {
      out << text;
      out.close();
    }
    if (!out) {
      remove_temporaries(0);
      throw std::runtime_error("cannot write " + tmp.string());
    }
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::error_code ec;
    std::filesystem::rename(temporaries[i], files[i].first, ec);
    if (ec) {
      remove_temporaries(i);
      throw std::runtime_error("cannot rename " + temporaries[i].string() + " to " + files[i].first.string() + ": " +
                               ec.message());
    }
  }
}

}  // namespace dpb::verify
