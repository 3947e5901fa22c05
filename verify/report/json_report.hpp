// report.json (schema: docs/report.md):
//   {"claims":[{"id","statement","source":{"seed","section","equation"},"method","grid","verdict","expected",
//               "key_figure","evidence":{...},"seconds"}],
//    "summary":{"total","holds","violated","inconclusive","unexpected","suite","seconds"[,"version","date","jobs"]}}
// (verify_main adds version, date and jobs; report_json leaves them out so that its output depends on its arguments.)
// Files are written whole or not at all: to a temporary name in the same directory, then renamed.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "verify/claims/runner.hpp"

namespace dpb::verify {

// report.json's format version (docs/report.md; testdata/schema/report.schema.json). Bump on incompatible changes.
inline constexpr int kReportSchemaVersion = 2;

// The claim's registered metadata: id, statement, source, method, grid, expected.
nlohmann::json claim_metadata_json(const Claim& claim);
nlohmann::json claim_result_json(const ClaimResult& result);

struct Summary {
  // error: claims whose checker failed (counted in unexpected too, never in holds/violated/inconclusive)
  std::size_t total = 0, holds = 0, violated = 0, inconclusive = 0, error = 0, unexpected = 0;
};
Summary summarize(const std::vector<ClaimResult>& results);

nlohmann::json report_json(const std::vector<ClaimResult>& results, Suite suite, double seconds);

// Writes `text` to `file` via `file`.tmp-<pid> and rename(2). Throws std::runtime_error (nothing left behind) on
// failure.
void write_file_atomically(const std::filesystem::path& file, const std::string& text);

// Several files, all or none: every file is written to its temporary name first; only when all are written are they
// renamed (rename(2) within one directory). On a write failure every temporary is removed and no target is touched.
void write_files_atomically(const std::vector<std::pair<std::filesystem::path, std::string>>& files);

}  // namespace dpb::verify
