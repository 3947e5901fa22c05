#include "reference/core/rational.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "reference/core/double_text.hpp"
#include "reference/core/errors.hpp"

namespace dpb {
namespace {

TEST(RationalTest, ParsesDecimalExactly) {
  EXPECT_EQ(*try_parse_rational("0.1"), Rational(1, 10));
  EXPECT_EQ(*try_parse_rational("-1.25"), Rational(-5, 4));
  EXPECT_EQ(*try_parse_rational("3/2"), Rational(3, 2));
  EXPECT_EQ(*try_parse_rational("-6/4"), Rational(-3, 2));
  EXPECT_EQ(*try_parse_rational("1e-3"), Rational(1, 1000));
  EXPECT_EQ(*try_parse_rational("2.5E+2"), Rational(250));
  EXPECT_EQ(*try_parse_rational(".5"), Rational(1, 2));
  EXPECT_EQ(*try_parse_rational("7."), Rational(7));
}

TEST(RationalTest, LeadingZerosAreDecimalNotOctal) {
  // Boost's mpz_int reads "057" as octal 47: the parser must strip leading zeros.
  EXPECT_EQ(*try_parse_rational("0.57"), Rational(57, 100));
  EXPECT_EQ(*try_parse_rational("0.57246"), Rational(57246, 100000));
  EXPECT_EQ(*try_parse_rational("0.089"), Rational(89, 1000));
  EXPECT_EQ(*try_parse_rational("007.5"), Rational(15, 2));
  EXPECT_EQ(*try_parse_rational("010/3"), Rational(10, 3));
  EXPECT_EQ(*try_parse_rational("1/010"), Rational(1, 10));
  EXPECT_EQ(*try_parse_integer("0400"), Integer(400));
  EXPECT_EQ(*try_parse_rational("0.0"), Rational(0));
}

TEST(RationalTest, RejectsMalformedText) {
  for (const char* bad : {"", "nan", "inf", "-inf", "1/0", "0x10", "1.2.3", "1e", "e5", "1/2/3", "abc", "1 ", " 1",
                          "+", "-", ".", "1/-2", "1e99999999", "--1"})
    EXPECT_FALSE(try_parse_rational(bad).has_value()) << "accepted '" << bad << "'";
}

TEST(RationalTest, ParseRationalNamesParameterAndValue) {
  try {
    parse_rational("zz", "sample", "scale");
    FAIL() << "no exception";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("sample: parameter 'scale'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("got zz"), std::string::npos);
  }
}

TEST(RationalTest, FloorAndCeilHandleNegatives) {
  EXPECT_EQ(floor(Rational(-3, 2)), -2);
  EXPECT_EQ(ceil(Rational(-3, 2)), -1);
  EXPECT_EQ(floor(Rational(3, 2)), 1);
  EXPECT_EQ(ceil(Rational(3, 2)), 2);
  EXPECT_EQ(floor(Rational(4)), 4);
  EXPECT_EQ(ceil(Rational(4)), 4);
}

TEST(RationalTest, ValidatorsRejectOutOfRange) {
  EXPECT_THROW(require_positive(Rational(0), "f", "x"), ParameterError);
  EXPECT_THROW(require_positive(Rational(-1), "f", "x"), ParameterError);
  EXPECT_THROW(require_probability(Rational(11, 10), "f", "p"), ParameterError);
  EXPECT_THROW(require_probability(Rational(-1, 10), "f", "p"), ParameterError);
  EXPECT_NO_THROW(require_probability(Rational(1), "f", "p"));
  EXPECT_THROW(require_nonnegative(Integer(-1), "f", "n"), ParameterError);
}

TEST(RationalTest, BitLengthMatchesDefinition) {
  EXPECT_EQ(bit_length(Integer(0)), 0U);
  EXPECT_EQ(bit_length(Integer(1)), 1U);
  EXPECT_EQ(bit_length(Integer(255)), 8U);
  EXPECT_EQ(bit_length(Integer(256)), 9U);
}

// Issue 14: a refusal shows the value as given. A double is printed as the shortest decimal that reads back as the
// same double (std::to_string printed six decimals: 1e-9 as "0.000000", 0.9999995 as "1.000000").
TEST(RefusalValueTest, DoubleTextIsTheShortestRoundTrip) {
  EXPECT_EQ(double_text(1e-9), "1e-9");
  EXPECT_EQ(double_text(1.5e-6), "1.5e-6");
  EXPECT_EQ(double_text(0.9999995), "0.9999995");
  EXPECT_EQ(double_text(0.4), "0.4");
  EXPECT_EQ(double_text(0.0), "0");
  EXPECT_EQ(double_text(-2.5e-320), "-2.5e-320");  // subnormal
  EXPECT_EQ(double_text(1e300), "1e300");
  for (const double x : {1e-9, 1.5e-6, 0.1, 1.0 / 3, 2.0 / 3e-300, 123456.789e10, -4.9e-324, 1.7976931348623157e308})
    EXPECT_EQ(std::strtod(double_text(x).c_str(), nullptr), x) << double_text(x);
}

// A rational too large to accept is shown whole when short, cut with its length when long; never with a "..." that
// makes a whole value look cut (1/10^30 used to print as "1/1000000000000000000000000000000...").
TEST(RefusalValueTest, ReasonableSizeShowsTheValueWholeOrSaysItIsCut) {
  const Rational tiny(Integer(1), Integer("1000000000000000000000000000000"));
  try {
    require_reasonable_size(tiny, "f", "eps", 64);
    FAIL() << "not refused";
  } catch (const ParameterError& e) {
    EXPECT_EQ(std::string(e.what()),
              "f: parameter 'eps' must be a rational with at most 64-bit terms, got 1/1000000000000000000000000000000");
  }
  const Rational huge(Integer(1) << 300);
  try {
    require_reasonable_size(huge, "f", "x", 64);
    FAIL() << "not refused";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("... (" + std::to_string(to_string(huge).size()) + " chars)"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace dpb
