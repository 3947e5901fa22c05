// junit.xml: one testsuite per seed, one testcase per claim, failure iff the verdict differs from its expectation,
// skipped for an expected inconclusive; well-formed XML (checked by Python's XML parser, independent of our writer).
#include "verify/report/junit_report.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"
#include "verify/report/json_report.hpp"

namespace dpb::verify {
namespace {

namespace fs = std::filesystem;

std::size_t count(const std::string& text, const std::string& what) {
  return test::count_occurrences(text, what);
}

Claim claim(const std::string& id, Verdict expected) {
  return Claim{id, "s", {id.substr(0, id.find('.')), "§1", ""}, Method::certified, "g", expected, nullptr};
}

TEST(JunitReportTest, OneSuitePerSeedOneCasePerClaimWithFailuresAndSkips) {
  const Claim a = claim("000.a", Verdict::holds), b = claim("000.b", Verdict::violated),
              c = claim("core.c", Verdict::inconclusive), d = claim("001.d", Verdict::holds),
              e = claim("000.e", Verdict::holds);
  const std::vector<ClaimResult> results{{&a, {Verdict::holds, "fine", {}}, 0.25},
                                         {&b, {Verdict::violated, "found x", {}}, 1.5},
                                         {&c, {Verdict::inconclusive, "?", {}}, 0.0},
                                         {&d, {Verdict::inconclusive, "timeout", {}}, 2.0},
                                         {&e, {Verdict::violated, "oops", {}}, 0.125}};
  const std::string xml = junit_xml(report_json(results, Suite::quick, 3.0));
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", 0), 0U);
  EXPECT_NE(xml.find("<testsuites name=\"dpbandit verify\" tests=\"5\" failures=\"2\" errors=\"0\" skipped=\"1\" "
                     "time=\"3.000\">"),
            std::string::npos)
      << xml;
  EXPECT_EQ(count(xml, "<testsuite "), 3U);
  EXPECT_EQ(count(xml, "<testcase "), 5U);
  // Seeds in order of first appearance; 000 has a, b, e with one failure (e).
  EXPECT_LT(xml.find("<testsuite name=\"000\""), xml.find("<testsuite name=\"core\""));
  EXPECT_LT(xml.find("<testsuite name=\"core\""), xml.find("<testsuite name=\"001\""));
  EXPECT_NE(xml.find("<testsuite name=\"000\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"1.875\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<testcase classname=\"000\" name=\"000.b\" time=\"1.500\">"), std::string::npos);
  EXPECT_NE(xml.find("<failure type=\"unexpected-verdict\" message=\"verdict violated, expected holds\">oops"),
            std::string::npos);
  EXPECT_NE(xml.find("message=\"verdict inconclusive, expected holds\">timeout"), std::string::npos);
  EXPECT_EQ(count(xml, "<failure "), 2U);
  EXPECT_EQ(count(xml, "<skipped "), 1U);
  const auto skipped = xml.find("<skipped ");
  EXPECT_GT(skipped, xml.find("name=\"core.c\""));
}

TEST(JunitReportTest, EscapesEverythingAndParsesAsXml) {
  Claim a = claim("core.a", Verdict::holds);
  const std::vector<ClaimResult> results{
      {&a, {Verdict::violated, std::string("<b>&\"quoted\" 'x' ]]> \x01 \xff ε"), {}}, 0.5}};
  const std::string xml = junit_xml(report_json(results, Suite::full, 0.5));
  EXPECT_EQ(xml.find("<b>"), std::string::npos);
  EXPECT_EQ(xml.find("]]>"), std::string::npos);
  EXPECT_NE(xml.find("&lt;b&gt;&amp;&quot;quoted&quot; &#39;x&#39; ]]&gt;"), std::string::npos) << xml;

  const fs::path file = fs::temp_directory_path() / ("dpb-junit-" + std::to_string(::getpid()) + ".xml");
  std::ofstream(file, std::ios::binary) << xml;
  const auto r = dpb::test::run_command(
      "python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "
      "c = r.find(\"testsuite/testcase\"); print(r.tag, c.get(\"name\"), c.find(\"failure\").text)' " +
      file.string());
  fs::remove(file);
  ASSERT_EQ(r.exit_code, 0) << r.err << xml;
  EXPECT_EQ(r.out, "testsuites core.a <b>&\"quoted\" 'x' ]]> \xEF\xBF\xBD \xEF\xBF\xBD ε\n");
}

}  // namespace
}  // namespace dpb::verify
