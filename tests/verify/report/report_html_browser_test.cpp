// report.html in a real headless browser (Debian's chromium; scripts/install-deps installs it): after the page's
// JavaScript has run, the claims table is there with one row per claim, and the seed and verdict filters, preset from
// the URL fragment, hide exactly the rows they should. Label `browser` (tests/CMakeLists.txt); a missing chromium is
// a failure, not a skip. DPB_CHROMIUM overrides the browser's path.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "tests/support/run_command.hpp"
#include "verify/report/verify_main.hpp"

namespace dpb::verify {
namespace {

namespace fs = std::filesystem;

std::string chromium_path() {
  const char* env = std::getenv("DPB_CHROMIUM");
  return env != nullptr && *env != '\0' ? env : "/usr/bin/chromium";
}

struct Row {
  std::string id;
  bool hidden = false;
};

struct Dom {
  std::string text;
  std::vector<Row> rows;  // every <tr class="claim..."> of the claims table, in document order
  std::size_t visible() const {
    std::size_t n = 0;
    for (const auto& r : rows) n += r.hidden ? 0 : 1;
    return n;
  }
  std::vector<std::string> visible_ids() const {
    std::vector<std::string> ids;
    for (const auto& r : rows)
      if (!r.hidden) ids.push_back(r.id);
    return ids;
  }
};

Claim fake(const std::string& id, Verdict expected, Verdict verdict) {
  return Claim{id, "statement of " + id + " <b>not bold</b>", {id.substr(0, id.find('.')), "§1", ""},
               Method::certified, "no grid", expected,
               [verdict](const RunOptions&) { return Outcome{verdict, "k", {{"x", 1}}}; }};
}

class ReportHtmlBrowserTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("dpb-report-browser-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    registry_.add(fake("000.a", Verdict::holds, Verdict::holds));
    registry_.add(fake("000.b", Verdict::violated, Verdict::violated));
    registry_.add(fake("001.c", Verdict::holds, Verdict::holds));
    registry_.add(fake("core.d", Verdict::holds, Verdict::violated));  // unexpected
    registry_.add(fake("core.e", Verdict::inconclusive, Verdict::inconclusive));
    VerifyArgs args;
    args.out = (dir_ / "report").string();
    args.jobs = "2";
    std::ostringstream out, err;
    ASSERT_EQ(verify_main(args, registry_, out, err), 1) << err.str();
    ASSERT_TRUE(fs::exists(dir_ / "report" / "report.html"));
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The DOM after load, as chromium serialises it.
  Dom dump(const std::string& fragment) {
    const std::string chromium = chromium_path();
    if (::access(chromium.c_str(), X_OK) != 0) {
      ADD_FAILURE() << chromium << " is not there: run scripts/install-deps (it installs Debian's chromium)";
      return {};
    }
    const std::string url = "file://" + (dir_ / "report" / "report.html").string() + fragment;
    const auto r = dpb::test::run_command("timeout 120 " + chromium +
                                          " --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"
                                          " --no-first-run --user-data-dir=" +
                                          (dir_ / "chromium-profile").string() + " --dump-dom '" + url + "'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    Dom dom{r.out, {}};
    static const std::regex kRow("<tr class=\"claim[^\"]*\"([^>]*)>");
    static const std::regex kId("id=\"claim-([^\"]+)\"");
    for (std::sregex_iterator it(r.out.begin(), r.out.end(), kRow), end; it != end; ++it) {
      const std::string attributes = (*it)[1].str();
      std::smatch id;
      Row row;
      if (std::regex_search(attributes, id, kId)) row.id = id[1].str();
      row.hidden = attributes.find(" hidden") != std::string::npos;
      dom.rows.push_back(row);
    }
    return dom;
  }

  fs::path dir_;
  Registry registry_;
};

TEST_F(ReportHtmlBrowserTest, ClaimsTableHasOneRowPerClaimAfterTheScriptRan) {
  const Dom dom = dump("");
  EXPECT_NE(dom.text.find("data-ready=\"1\""), std::string::npos) << "the page's script did not run:\n" << dom.text;
  EXPECT_NE(dom.text.find("<table id=\"claims\""), std::string::npos);
  ASSERT_EQ(dom.rows.size(), 5U) << dom.text;
  EXPECT_EQ(dom.visible(), 5U);
  EXPECT_EQ(dom.visible_ids(), (std::vector<std::string>{"000.a", "000.b", "001.c", "core.d", "core.e"}));
  EXPECT_NE(dom.text.find("data-shown=\"5\""), std::string::npos);
  EXPECT_NE(dom.text.find("<span id=\"shown-count\">5</span>"), std::string::npos);
  EXPECT_EQ(dom.text.find("<b>not bold</b>"), std::string::npos) << "claim text must be escaped";
}

TEST_F(ReportHtmlBrowserTest, VerdictFilterFromTheFragmentHidesTheOtherRows) {
  const Dom dom = dump("#verdict=violated");
  ASSERT_EQ(dom.rows.size(), 5U) << dom.text;
  EXPECT_EQ(dom.visible_ids(), (std::vector<std::string>{"000.b", "core.d"}));
  EXPECT_NE(dom.text.find("data-shown=\"2\""), std::string::npos);
  EXPECT_NE(dom.text.find("<span id=\"shown-count\">2</span>"), std::string::npos);
}

TEST_F(ReportHtmlBrowserTest, SeedAndUnexpectedFiltersCombine) {
  const Dom seed = dump("#seed=000");
  EXPECT_EQ(seed.visible_ids(), (std::vector<std::string>{"000.a", "000.b"}));
  const Dom both = dump("#seed=core&verdict=unexpected");
  EXPECT_EQ(both.visible_ids(), (std::vector<std::string>{"core.d"}));
  const Dom none = dump("#seed=004");
  ASSERT_EQ(none.rows.size(), 5U);
  EXPECT_EQ(none.visible(), 0U);
  const Dom bogus = dump("#verdict=nonsense");  // an unknown value is ignored: everything shown
  EXPECT_EQ(bogus.visible(), 5U);
}

}  // namespace
}  // namespace dpb::verify
