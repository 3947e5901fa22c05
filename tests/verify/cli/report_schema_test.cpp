// report.json against its JSON Schema (testdata/schema/report.schema.json, validated by Debian's python3-jsonschema):
// a run of certified claims, and a run whose claim is stopped by --claim-timeout (an `error` with its family and α).
// Negative controls: the validator rejects a report without schema_version and one with an unknown verdict.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "reference/core/build_info.hpp"
#include "tests/support/cli_path.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"

namespace dpb::test {
namespace {

namespace fs = std::filesystem;

const std::string kCli = cli_path();

// Exit code of validating `report` against the schema (0: valid).
CommandResult validate(const fs::path& report) {
  const fs::path schema = dpb::data_dir() / "testdata" / "schema" / "report.schema.json";
  return run_command("python3 -c 'import json, sys, jsonschema; "
                     "jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))' " +
                     report.string() + " " + schema.string());
}

TEST(ReportSchemaTest, ReportsOfRealRunsFollowTheSchemaAndBrokenOnesDoNot) {
  const fs::path dir = fresh_temp_dir("report_schema");
  auto r = run_command(kCli + " verify --jobs 1 --only '000.c[lo]*' --out " + (dir / "a").string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto v = validate(dir / "a" / "report.json");
  EXPECT_EQ(v.exit_code, 0) << v.err;

  r = run_command(kCli + " verify --jobs 1 --claim-timeout 0.05 --only '000.fact1.sampled' --out " +
                  (dir / "b").string());
  ASSERT_EQ(r.exit_code, 1) << r.err;
  v = validate(dir / "b" / "report.json");
  EXPECT_EQ(v.exit_code, 0) << v.err;
  std::ifstream in(dir / "b" / "report.json");
  nlohmann::json report = nlohmann::json::parse(in);
  EXPECT_EQ(report["schema_version"], 2);
  EXPECT_EQ(report["claims"][0]["family"], "sampled-laws");
  EXPECT_GT(report["claims"][0]["alpha"].get<double>(), 0.0);
  EXPECT_LE(report["claims"][0]["alpha"].get<double>(), 1e-6);
  EXPECT_EQ(report["command_line"][1], "verify");

  // Negative controls: the schema has teeth.
  nlohmann::json broken = report;
  broken.erase("schema_version");
  std::ofstream(dir / "broken1.json") << broken.dump();
  EXPECT_NE(validate(dir / "broken1.json").exit_code, 0);
  broken = report;
  broken["claims"][0]["verdict"] = "passed";
  std::ofstream(dir / "broken2.json") << broken.dump();
  EXPECT_NE(validate(dir / "broken2.json").exit_code, 0);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dpb::test
