// report.html as text: one row per claim with its filter attributes, everything escaped, the audit figures read from
// the evidence, plots embedded as data: URIs (and unsafe or missing ones refused), self-contained (no URL fetched).
// The page's JavaScript is exercised in a real browser by report_html_browser_test.cpp.
#include "verify/report/html_report.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "tests/support/temp_files.hpp"
#include "verify/report/json_report.hpp"
#include "verify/report/markup.hpp"

namespace dpb::verify {
namespace {

namespace fs = std::filesystem;

std::size_t count(const std::string& text, const std::string& what) {
  return test::count_occurrences(text, what);
}

Claim claim(const std::string& id, Method method, Verdict expected, const std::string& statement = "s") {
  return Claim{id, statement, {id.substr(0, id.find('.')), "§1", "eq. (2)"}, method, "g", expected, nullptr};
}

class HtmlReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("dpb-html-report-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "plots");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(HtmlReportTest, OneRowPerClaimWithFilterAttributesAndHeader) {
  const Claim a = claim("000.a", Method::certified, Verdict::holds),
              b = claim("002.b", Method::statistical, Verdict::violated),
              c = claim("core.c", Method::proof, Verdict::holds);
  const std::vector<ClaimResult> results{{&a, {Verdict::holds, "k1", {{"n", 1}}}, 0.25},
                                         {&b, {Verdict::violated, "k2", {}}, 1.5},
                                         {&c, {Verdict::inconclusive, "k3", {}}, 2.0}};
  nlohmann::json report = report_json(results, Suite::quick, 3.75);
  report["summary"]["version"] = "9.8.7";
  report["summary"]["date"] = "2026-11-21T08:00:00Z";
  const std::string html = report_html(report);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0U);
  EXPECT_EQ(count(html, "<tr class=\"claim"), 3U);
  EXPECT_NE(html.find("<table id=\"claims\" data-rows=\"3\""), std::string::npos);
  EXPECT_NE(html.find("id=\"claim-000.a\" data-seed=\"000\" data-verdict=\"holds\" data-expected=\"holds\" "
                      "data-unexpected=\"0\""),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<tr class=\"claim unexpected\" id=\"claim-core.c\" data-seed=\"core\" "
                      "data-verdict=\"inconclusive\" data-expected=\"holds\" data-unexpected=\"1\""),
            std::string::npos);
  EXPECT_NE(html.find("<span id=\"version\">9.8.7</span>"), std::string::npos);
  EXPECT_NE(html.find("<span id=\"suite\">quick</span>"), std::string::npos);
  EXPECT_NE(html.find("<span id=\"date\">2026-11-21T08:00:00Z</span>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"num\" id=\"total-total\">3</td>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"num\" id=\"total-unexpected\">1</td>"), std::string::npos);
  EXPECT_NE(html.find("1 verdict(s) differ from expected"), std::string::npos);
  EXPECT_NE(html.find("000 §1, eq. (2)"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"num\">1.5</td>"), std::string::npos);  // per-claim seconds
  // Evidence as pretty JSON, escaped, in a collapsible element.
  EXPECT_NE(html.find("<details><summary>evidence</summary><pre>{\n  &quot;n&quot;: 1\n}</pre></details>"),
            std::string::npos);
  // Every seed (000–004, core) and every verdict is a filter choice.
  for (const char* s : {"000", "001", "002", "003", "004", "core"})
    EXPECT_NE(html.find(std::string("<option value=\"") + s + "\">"), std::string::npos) << s;
  for (const char* v : {"holds", "violated", "inconclusive", "unexpected"})
    EXPECT_NE(html.find(std::string("<option value=\"") + v + "\">"), std::string::npos) << v;
}

TEST_F(HtmlReportTest, IsSelfContained) {
  const Claim a = claim("000.a", Method::certified, Verdict::holds);
  const std::string html = report_html(report_json({{&a, {Verdict::holds, "k", {}}, 0.1}}, Suite::quick, 0.1));
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("src=\"http"), std::string::npos);
  EXPECT_EQ(html.find("<script src"), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_EQ(count(html, "<script>"), 1U);
}

TEST_F(HtmlReportTest, EscapesClaimTextEverywhere) {
  const std::string nasty = "<script>alert('x')</script> & \"q\"";
  Claim a = claim("core.a", Method::certified, Verdict::holds, nasty);
  a.grid = nasty;
  a.source.section = nasty;
  const std::vector<ClaimResult> results{{&a, {Verdict::holds, nasty, {{"why", nasty}, {nasty, 1}}}, 0.1}};
  const std::string html = report_html(report_json(results, Suite::quick, 0.1));
  EXPECT_EQ(count(html, "<script>"), 1U) << "only the page's own script";
  EXPECT_EQ(html.find("alert('x')"), std::string::npos);
  // statement, grid, section, key figure, and twice in the evidence (a value and a key; quotes escaped inside JSON)
  EXPECT_EQ(count(html, "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; "), 6U) << html;
}

TEST_F(HtmlReportTest, AuditFiguresComeFromTheEvidenceOfAuditClaims) {
  const Claim a = claim("001.audit.x", Method::audit, Verdict::holds),
              b = claim("001.audit.y", Method::audit, Verdict::holds),
              c = claim("001.cert", Method::certified, Verdict::holds);
  const std::vector<ClaimResult> results{
      {&a,
       {Verdict::holds, "k",
        {{"eps_claimed", "1"}, {"directions", {{{"eps_lb", 0.93000000000000001}}}}, {"eps_exact", 0.5000000000000001},
         {"verdict", "TIGHT"}, {"z", {{"verdict", "WEAK"}}}}},
       1},
      {&b, {Verdict::holds, "k", {{"samples", 10}}}, 1},
      {&c, {Verdict::holds, "k", {{"eps_lb", 5}}}, 1}};
  const std::string html = report_html(report_json(results, Suite::quick, 3));
  const auto table = html.substr(html.find("<table id=\"audit-table\">"));
  const auto rows = table.substr(0, table.find("</table>"));
  EXPECT_EQ(count(rows, "<tr><td>"), 2U) << rows;  // the audit claims only
  EXPECT_NE(rows.find("<a href=\"#claim-001.audit.x\">001.audit.x</a></td><td class=\"v-holds\">holds</td>"
                      "<td class=\"num\">0.93</td><td class=\"num\">1</td><td class=\"num\">0.5</td>"
                      "<td class=\"num\">TIGHT</td></tr>"),
            std::string::npos)
      << rows;
  EXPECT_NE(rows.find("001.audit.y</a></td><td class=\"v-holds\">holds</td><td class=\"num\">—</td>"),
            std::string::npos);
  EXPECT_EQ(rows.find(">5<"), std::string::npos);
}

TEST_F(HtmlReportTest, NoAuditClaimSaysSo) {
  const Claim a = claim("000.a", Method::certified, Verdict::holds);
  const std::string html = report_html(report_json({{&a, {Verdict::holds, "k", {}}, 0.1}}, Suite::quick, 0.1));
  EXPECT_EQ(html.find("audit-table"), std::string::npos);
  EXPECT_NE(html.find("No claim of method <code>audit</code> in this run."), std::string::npos);
}

TEST_F(HtmlReportTest, PlotsAreEmbeddedAsDataUrisOnceEach) {
  const std::string png("\x89PNG\r\n\x1a\nfake", 12), png2("\x89PNG\r\n\x1a\nother", 13);
  std::ofstream(dir_ / "plots" / "regret.png", std::ios::binary) << png;
  std::ofstream(dir_ / "plots" / "regret.svg", std::ios::binary) << "<svg id=\"twin\"/>";
  std::ofstream(dir_ / "plots" / "curve.svg", std::ios::binary) << "<svg xmlns=\"http://www.w3.org/2000/svg\"/>";
  std::ofstream(dir_ / "elsewhere.png", std::ios::binary) << png2;
  const Claim a = claim("003.trend", Method::trend, Verdict::holds), b = claim("003.other", Method::trend,
                                                                                Verdict::holds);
  const std::string absolute = (dir_ / "elsewhere.png").string();
  const nlohmann::json evidence_a = {
      {"plots", {"plots/regret.png", "plots/regret.svg", "plots/curve.svg", "plots/absent.png", absolute,
                 "plots/notes.txt"}}};
  const nlohmann::json evidence_b = {{"plots", {"plots/regret.png"}}};
  const std::vector<ClaimResult> results{{&a, {Verdict::holds, "k", evidence_a}, 0.1},
                                         {&b, {Verdict::holds, "k", evidence_b}, 0.1}};
  const std::string html = report_html(report_json(results, Suite::quick, 0.2), HtmlOptions{dir_});
  EXPECT_EQ(count(html, "<figure class=\"plot\""), 6U);  // regret.svg is regret.png's twin
  EXPECT_EQ(count(html, "<img "), 3U);
  EXPECT_EQ(count(html, "data:image/png;base64," + base64(png) + "\""), 1U);  // once, although listed twice
  EXPECT_NE(html.find("<img src=\"data:image/png;base64," + base64(png) + "\" alt=\"plots/regret.png\">"),
            std::string::npos);
  EXPECT_NE(html.find("<img src=\"data:image/svg+xml;base64," + base64("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")),
            std::string::npos);
  EXPECT_EQ(html.find(base64("<svg id=\"twin\"/>")), std::string::npos);
  EXPECT_NE(html.find("<img src=\"data:image/png;base64," + base64(png2) + "\""), std::string::npos);
  EXPECT_NE(html.find("plots/absent.png: not found (looked for "), std::string::npos);
  EXPECT_NE(html.find("plots/notes.txt: not a .png or .svg file"), std::string::npos);
  EXPECT_NE(html.find("<figure class=\"plot\" data-claim=\"003.other\"><p class=\"plot-again\">the same plot as "
                      "under <a href=\"#claim-003.trend\">003.trend</a></p>"),
            std::string::npos);
}

}  // namespace
}  // namespace dpb::verify
