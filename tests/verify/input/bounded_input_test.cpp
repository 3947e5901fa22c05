// verify/input/bounded_input.hpp: the JSON nesting pre-scan, the bounded read and the escaped quoting of hostile
// input (issue 14, docs/reliability.md).
#include "verify/input/bounded_input.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "reference/core/errors.hpp"

namespace dpb::verify::input {
namespace {

TEST(BoundedInputTest, JsonDepthCountsArraysAndObjectsButNotBracketsInStrings) {
  EXPECT_EQ(json_depth("1"), 0U);
  EXPECT_EQ(json_depth(R"({"a": [1, {"b": []}]})"), 4U);
  EXPECT_EQ(json_depth(R"({"a": "[[[[{{{{", "b": "\"[[[["})"), 1U);
  EXPECT_EQ(json_depth(R"(["\\", [[]]])"), 3U);  // an escaped backslash ends before the closing quote
  EXPECT_EQ(json_depth(std::string(1000, '[')), kMaxJsonDepth + 1);  // the scan stops past the limit
}

TEST(BoundedInputTest, RequireJsonDepthRefusesOneLevelPastTheLimitNamingTheParameter) {
  const std::string at_limit = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
  EXPECT_NO_THROW(require_json_depth(at_limit, "simulate", "config", "f.json"));
  const std::string past = "[" + at_limit + "]";
  try {
    require_json_depth(past, "simulate", "config", "f.json");
    FAIL() << "accepted " << kMaxJsonDepth + 1 << " levels";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("parameter 'config'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("64"), std::string::npos) << e.what();
  }
}

TEST(BoundedInputTest, QuotedPrefixEscapesAndBoundsWhatItQuotes) {
  EXPECT_EQ(quoted_prefix("abc"), "\"abc\"");
  EXPECT_EQ(quoted_prefix(std::string("a\"b\\c\n\0\xff", 8)), "\"a\\\"b\\\\c\\x0A\\x00\\xFF\"");
  const std::string huge(5000000, '7');
  const std::string q = quoted_prefix(huge, 10);
  EXPECT_EQ(q, "\"7777777777\"... (5000000 bytes)");
  const std::string binary(100, '\0');
  EXPECT_LE(quoted_prefix(binary, 40).size(), 40U + 3 + 2 + 20);
}

TEST(BoundedInputTest, ReadAtMostStopsOneBytePastTheBound) {
  std::istringstream small("hello");
  EXPECT_EQ(read_at_most(small, 10), "hello");
  std::istringstream big(std::string(200000, 'x'));
  EXPECT_EQ(read_at_most(big, 100000).size(), 100001U);
}

}  // namespace
}  // namespace dpb::verify::input
