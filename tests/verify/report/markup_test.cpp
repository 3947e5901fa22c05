// Escaping and encoding helpers of the HTML and JUnit writers.
#include "verify/report/markup.hpp"

#include <gtest/gtest.h>

namespace dpb::verify {
namespace {

TEST(MarkupTest, Base64MatchesTheRfc4648TestVectors) {
  // RFC 4648 §10.
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64(std::string("\xff\xfe\x00", 3)), "//4A");
}

TEST(MarkupTest, EscapesTheFiveSpecialCharacters) {
  EXPECT_EQ(markup_escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(markup_escape("</script><script>alert(1)</script>"),
            "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  EXPECT_EQ(markup_escape("&amp;"), "&amp;amp;");  // already-escaped text is escaped again, not trusted
}

TEST(MarkupTest, KeepsUnicodeAndWhitespaceButReplacesForbiddenControls) {
  EXPECT_EQ(markup_escape("ε ≤ 1, σ²\t\n\r"), "ε ≤ 1, σ²\t\n\r");
  EXPECT_EQ(markup_escape(std::string("a\0b\x01\x1b", 5)), "a\xEF\xBF\xBD" "b\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(MarkupTest, RepairsMalformedUtf8) {
  EXPECT_EQ(valid_utf8("ok ε"), "ok ε");
  EXPECT_EQ(valid_utf8("\xff"), "\xEF\xBF\xBD");                    // never valid
  EXPECT_EQ(valid_utf8("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");   // overlong '/'
  EXPECT_EQ(valid_utf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate U+D800
  EXPECT_EQ(valid_utf8("\xCE"), "\xEF\xBF\xBD");                    // truncated ε
  EXPECT_EQ(valid_utf8("\xF4\x8F\xBF\xBF"), "\xF4\x8F\xBF\xBF");    // U+10FFFF is the last valid one
  EXPECT_EQ(valid_utf8("\xF4\x90\x80\x80").size(), 12U);            // above U+10FFFF: four replacements
}

}  // namespace
}  // namespace dpb::verify
