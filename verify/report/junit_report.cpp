#include "verify/report/junit_report.hpp"

#include <fmt/format.h>

#include <vector>

#include "verify/report/markup.hpp"

namespace dpb::verify {

namespace {

std::string text_of(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

double seconds_of(const nlohmann::json& j) {
  const auto it = j.find("seconds");
  return it != j.end() && it->is_number() ? it->get<double>() : 0.0;
}

struct SeedSuite {
  std::string seed;
  std::string body;
  std::size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0;
};

}  // namespace

std::string junit_xml(const nlohmann::json& report) {
  std::vector<SeedSuite> suites;
  const nlohmann::json claims = report.value("claims", nlohmann::json::array());
  for (const auto& c : claims) {
    const std::string id = text_of(c, "id");
    std::string seed = c.contains("source") ? text_of(c["source"], "seed") : std::string();
    if (seed.empty()) seed = id.substr(0, id.find('.'));
    SeedSuite* suite = nullptr;
    for (auto& s : suites)
      if (s.seed == seed) suite = &s;
    if (suite == nullptr) suite = &suites.emplace_back(SeedSuite{seed, {}, 0, 0, 0, 0, 0});
    const std::string verdict = text_of(c, "verdict"), expected = text_of(c, "expected");
    const double seconds = seconds_of(c);
    ++suite->tests;
    suite->seconds += seconds;
    std::string& b = suite->body;
    b += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\">\n", markup_escape(seed),
                     markup_escape(id), seconds);
    if (verdict == "error") {  // the checker failed: never a match, reported as a JUnit error
      ++suite->errors;
      b += fmt::format("      <error type=\"checker-error\" message=\"{}\">{}</error>\n",
                       markup_escape(text_of(c, "error")), markup_escape(text_of(c, "key_figure")));
    } else if (verdict != expected) {
      ++suite->failures;
      b += fmt::format("      <failure type=\"unexpected-verdict\" message=\"verdict {}, expected {}\">{}</failure>\n",
                       markup_escape(verdict), markup_escape(expected), markup_escape(text_of(c, "key_figure")));
    } else if (verdict == "inconclusive") {
      ++suite->skipped;
      b += "      <skipped message=\"inconclusive, as expected\"/>\n";
    }
    b += fmt::format("      <system-out>{}</system-out>\n", markup_escape(text_of(c, "key_figure")));
    b += "    </testcase>\n";
  }
  std::size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0;
  std::string body;
  for (const auto& s : suites) {
    tests += s.tests;
    failures += s.failures;
    errors += s.errors;
    skipped += s.skipped;
    seconds += s.seconds;
    body += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3f}\">\n",
        markup_escape(s.seed), s.tests, s.failures, s.errors, s.skipped, s.seconds);
    body += s.body;
    body += "  </testsuite>\n";
  }
  if (report.contains("summary") && report["summary"].contains("seconds") && report["summary"]["seconds"].is_number())
    seconds = report["summary"]["seconds"].get<double>();  // wall clock of the run (less than the sum with --jobs)
  return fmt::format(
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<testsuites name=\"dpbandit verify\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" "
             "time=\"{:.3f}\">\n",
             tests, failures, errors, skipped, seconds) +
         body + "</testsuites>\n";
}

}  // namespace dpb::verify
