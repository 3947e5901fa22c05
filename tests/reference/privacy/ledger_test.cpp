// The privacy ledger (reference/privacy/ledger.hpp) against hand-computed exact values: pure sums per observation,
// the worst observation and its releases, Report-Noisy-Max calls counted once at 2Δ/t, the Rényi path against the
// accountant's own conversion, and the validation messages.
#include "reference/privacy/ledger.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "reference/core/errors.hpp"
#include "reference/privacy/seed000_bounds.hpp"

namespace dpb::ref {
namespace {

template <class F>
void expect_parameter_error(F f, const std::string& parameter) {
  try {
    f();
    ADD_FAILURE() << "no ParameterError for " << parameter;
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("parameter '" + parameter + "'"), std::string::npos) << e.what();
  }
}

TEST(LedgerTest, PureSumsPerObservationByHand) {
  const std::vector<ReleaseLaw> laws = {laplace_law(4, 1), laplace_law(3, 2)};  // ε = 1/4 and 2/3
  const std::vector<LedgerEntry> entries = {
      {0, 0, 0, 4, 0},  // stream 0, observations 0..3
      {1, 0, 2, 4, 1},  // 2..5
      {0, 0, 3, 1, 2},  // 3
      {1, 1, 0, 1, 3},  // stream 1, observation 0
  };
  const LedgerResult r = compose_ledger(laws, entries);
  EXPECT_TRUE(r.pure);
  EXPECT_FALSE(r.unbounded);
  EXPECT_EQ(r.eps_pure, Rational(7, 6));  // observation 3: 1/4 + 2/3 + 1/4
  EXPECT_EQ(r.eps_upper, Rational(7, 6));
  EXPECT_EQ(r.worst_stream, 0U);
  EXPECT_EQ(r.worst_observation, 3U);
  EXPECT_EQ(r.worst_releases, (std::vector<std::uint64_t>{0, 1, 2}));
  EXPECT_EQ(r.max_releases_per_observation, 3U);
}

TEST(LedgerTest, AnObservationInTwoReleasesCostsTwice) {
  const std::vector<ReleaseLaw> laws = {laplace_law(Rational(10), Rational(5))};  // ε = 1/2 each
  const std::vector<LedgerEntry> once = {{0, 0, 0, 8, 0}, {0, 0, 8, 8, 1}};
  EXPECT_EQ(compose_ledger(laws, once).eps_pure, Rational(1, 2));
  const std::vector<LedgerEntry> twice = {{0, 0, 0, 8, 0}, {0, 0, 7, 8, 1}};  // observation 7 in both
  const LedgerResult r = compose_ledger(laws, twice);
  EXPECT_EQ(r.eps_pure, Rational(1));
  EXPECT_EQ(r.worst_observation, 7U);
  EXPECT_EQ(r.max_releases_per_observation, 2U);
}

TEST(LedgerTest, AdjacentRangesDoNotOverlap) {
  // [0, 4) and [4, 8): the end is exclusive, so no observation is in both.
  const std::vector<ReleaseLaw> laws = {laplace_law(1, 1)};
  const std::vector<LedgerEntry> entries = {{0, 0, 4, 4, 0}, {0, 0, 0, 4, 1}};
  EXPECT_EQ(compose_ledger(laws, entries).eps_pure, Rational(1));
  EXPECT_EQ(compose_ledger(laws, entries).max_releases_per_observation, 1U);
}

TEST(LedgerTest, ReportNoisyMaxCallsCountOnceAtTwiceTheCoordinateLoss) {
  const std::vector<ReleaseLaw> laws = {report_noisy_max_law(Rational(4), Rational(1))};
  EXPECT_EQ(pure_loss(laws[0]), Rational(1, 2));  // 2Δ/t
  struct FakeRelease {
    std::uint64_t round;
    std::uint32_t arm, index;
    std::uint64_t first, count;
    std::uint32_t law;
  };
  // One RNM call over K = 3 actions (rounds 0..1), then another (rounds 2..5).
  const std::vector<FakeRelease> releases = {{2, 0, 1, 0, 2, 0}, {2, 1, 1, 0, 2, 0}, {2, 2, 1, 0, 2, 0},
                                             {6, 0, 2, 2, 4, 0}, {6, 1, 2, 2, 4, 0}, {6, 2, 2, 2, 4, 0}};
  const auto entries = ledger_entries(std::span<const FakeRelease>(releases), laws);
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].stream, 0U);
  EXPECT_EQ(entries[1].release, 3U);
  EXPECT_EQ(compose_ledger(laws, entries).eps_pure, Rational(1, 2));
}

// The selection loss of docs/privacy-000.md §8.2 against the exact decision law of RNM with K = 2 (computed here by
// direct convolution, independently of the closed form): for every gain difference d the log ratio of
// P(J = 1) under d and under d + 2Δ is at most 2Δ/t (the ledger's per-call loss), at least 2Δ/t − 2Δ/(d + 1), and
// above Δ/t (the monotone-case loss) for large d — so the non-monotone relation really costs 2Δ/t.
TEST(LedgerTest, ReportNoisyMaxLossAgainstTheExactDecisionLaw) {
  const long double t = 3, beta = std::exp(-1 / t), c0 = (1 - beta) / (1 + beta);
  const int Delta = 2, W = 1200;  // the window holds all but about e^{-W/t} = e^{-400} of the mass
  auto lap = [&](int x) { return c0 * std::pow(beta, static_cast<long double>(std::abs(x))); };
  // P(L1 − L0 >= m) by convolution, and the closed form of §8.2.
  auto tail_conv = [&](int m) {
    long double p = 0;
    for (int y = -W; y <= W; ++y) {  // L0 = y; P(L1 >= m + y)
      const int j = m + y;
      const long double upper = j >= 1 ? std::pow(beta, static_cast<long double>(j)) / (1 + beta)
                                       : 1 - std::pow(beta, static_cast<long double>(1 - j)) / (1 + beta);
      p += lap(y) * upper;
    }
    return p;
  };
  const long double C = 2 * beta * beta / (1 - beta * beta);
  auto tail_closed = [&](int m) {
    return c0 * c0 * std::pow(beta, static_cast<long double>(m)) * ((1 + C) * (1 - beta) + m * (1 - beta) + beta) /
           ((1 - beta) * (1 - beta));
  };
  const double loss = pure_loss(report_noisy_max_law(Rational(3), Rational(Delta))).convert_to<double>();
  EXPECT_DOUBLE_EQ(loss, 2.0 * Delta / 3);
  double worst = 0;
  for (int d = 0; d <= 300; d += 5) {
    const long double a = tail_conv(d + 1), b = tail_conv(d + 1 + 2 * Delta);
    EXPECT_NEAR(static_cast<double>(a / tail_closed(d + 1)), 1.0, 1e-12) << d;
    const double ratio = static_cast<double>(std::log(a / b));
    EXPECT_LE(ratio, loss + 1e-12) << d;
    EXPECT_GE(ratio, loss - 2.0 * Delta / (d + 1) - 1e-12) << d;
    worst = std::max(worst, ratio);
  }
  EXPECT_GT(worst, 0.95 * loss);         // the supremum is approached
  EXPECT_GT(worst, 1.5 * Delta / 3.0);   // well above the monotone-case Δ/t
}

TEST(LedgerTest, ProtocolPureGuaranteesAndMixedFamiliesCompose) {
  const std::vector<ReleaseLaw> laws = {
      ReleaseLaw{LawFamily::protocol_pure, ObservationUnit::arm_pull, 0, 1, Rational(1, 3)}, laplace_law(2, 1)};
  const std::vector<LedgerEntry> entries = {{0, 0, 0, 2, 0}, {1, 0, 1, 1, 1}};
  EXPECT_EQ(compose_ledger(laws, entries).eps_pure, Rational(5, 6));
}

TEST(LedgerTest, RenyiPathMatchesTheAccountantsConversion) {
  const Rational delta(1, 100000);
  const ReleaseLaw sk{LawFamily::skellam, ObservationUnit::arm_pull, Rational(4), Rational(1), 0};
  const std::vector<ReleaseLaw> laws = {sk};
  const RdpCurve one = release_rdp_curve(sk);
  ASSERT_EQ(one.size(), ledger_alpha_grid().size());
  EXPECT_EQ(one[0].second, lemma3_bound(1, 4, 2));  // Lemma 3, exact
  LedgerOptions o;
  o.delta = delta;
  const LedgerResult single = compose_ledger(laws, std::vector<LedgerEntry>{{0, 0, 0, 3, 0}}, o);
  EXPECT_FALSE(single.pure);
  EXPECT_EQ(single.eps_upper, rdp_to_dp_lemma10_upper_bound(one, delta));
  RdpCurve two = one;
  for (auto& p : two) p.second *= 2;
  const LedgerResult doubled = compose_ledger(laws, std::vector<LedgerEntry>{{0, 0, 0, 3, 0}, {0, 0, 2, 3, 1}}, o);
  EXPECT_EQ(doubled.eps_upper, rdp_to_dp_lemma10_upper_bound(two, delta));
  EXPECT_EQ(doubled.worst_observation, 2U);
  EXPECT_GT(doubled.eps_upper, single.eps_upper);
  // The enclosure's upper end is the accountant's value; its lower end is below.
  const Interval enc = rdp_to_dp_lemma10_enclosure(one, delta);
  EXPECT_EQ(enc.upper(), single.eps_upper);
  EXPECT_LT(enc.lower(), enc.upper());
  // zCDP: αρ.
  const ReleaseLaw z{LawFamily::protocol_zcdp, ObservationUnit::arm_pull, 0, 1, Rational(1, 8)};
  EXPECT_EQ(release_rdp_curve(z)[1].second, Rational(3, 8));  // α = 3
}

TEST(LedgerTest, NoiselessReleaseIsUnboundedAndEmptyLedgerIsZero) {
  const std::vector<ReleaseLaw> laws = {ReleaseLaw{LawFamily::exact, ObservationUnit::arm_pull, 0, 1, 0}};
  EXPECT_TRUE(compose_ledger(laws, std::vector<LedgerEntry>{{0, 0, 5, 1, 0}}).unbounded);
  const LedgerResult empty = compose_ledger(laws, std::vector<LedgerEntry>{});
  EXPECT_TRUE(empty.empty);
  EXPECT_EQ(empty.eps_upper, 0);
}

TEST(LedgerTest, ValidationNamesTheParameter) {
  const std::vector<ReleaseLaw> laws = {ReleaseLaw{LawFamily::skellam, ObservationUnit::arm_pull, 4, 1, 0}};
  const std::vector<LedgerEntry> entries = {{0, 0, 0, 1, 0}};
  expect_parameter_error([&] { compose_ledger(laws, entries); }, "delta");
  LedgerOptions bad;
  bad.delta = Rational(1);
  expect_parameter_error([&] { compose_ledger(laws, entries, bad); }, "delta");
  expect_parameter_error([&] { compose_ledger(laws, std::vector<LedgerEntry>{{3, 0, 0, 1, 0}}); }, "entries");
  expect_parameter_error([&] { pure_loss(laws[0]); }, "law");
  expect_parameter_error([&] { pure_loss(laplace_law(0, 1)); }, "scale");
}

TEST(LedgerTest, LedgerTextIsCanonical) {
  const std::vector<ReleaseLaw> laws = {laplace_law(Rational(4, 2), 1)};
  const std::vector<LedgerEntry> entries = {{0, 1, 2, 3, 0}};
  EXPECT_EQ(ledger_text(laws, entries),
            "ledger v1: 1 laws, 1 entries\n"
            "law 0 discrete_laplace arm_pull scale=2 sensitivity=1 guarantee=0\n"
            "release 0 law 0 stream 1 first 2 count 3\n");
}

TEST(LedgerTest, XiEnclosureContainsTheExactSum) {
  for (const Rational& s2 : {Rational(1, 4), Rational(1)}) {
    const Interval exact = xi_sum(s2, Integer(300), kAccountantPrecision);
    const Interval enc = xi_enclosure(s2, Integer(300));
    EXPECT_LE(enc.lower(), exact.lower());
    EXPECT_GE(enc.upper(), exact.upper());
    EXPECT_TRUE(xi_enclosure(s2, Integer(100)).contains(xi_sum(s2, Integer(100), kAccountantPrecision)));
  }
}

}  // namespace
}  // namespace dpb::ref
