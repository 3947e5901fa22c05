// The `001.<learner>.ledger` checker (verify/privacy_checks/ledger_001_checks.hpp): the verdicts the claims expect on
// the claims' runs, and per learner a negative control that must come out over the claim — a twin calibrated for a
// larger ε than claimed, or a trajectory with one user placed in two batches — plus a noiseless release (violated).
#include "verify/privacy_checks/ledger_001_checks.hpp"

#include <gtest/gtest.h>

#include "reference/core/errors.hpp"

namespace dpb::verify::privacy_checks {
namespace {

// The evidence's decimals: an exact rational when short ("1/2"), else a decimal rounded up.
double number(const std::string& s) {
  return s.find('/') != std::string::npos ? Rational(s).convert_to<double>() : std::stod(s);
}

RunOptions quick() { return RunOptions{}; }

TEST(Ledger001ChecksTest, VerdictsAsRegistered) {
  for (const std::string& learner : ledger_001_learners()) {
    const Ledger001Options o = ledger_001_defaults(learner);
    const Outcome out = check_ledger_001(learner, quick(), o);
    const Verdict expected = learner == "linucb-sdp-amp" ? Verdict::inconclusive : Verdict::holds;
    EXPECT_EQ(out.verdict, expected) << learner << ": " << out.key_figure << "\n" << out.evidence.dump(1);
    // Unique users, read off the trajectory: one release per aggregated user (tree: at most m = 4 nodes, leaf 1 in
    // all four), the trailing batch in none.
    EXPECT_TRUE(out.evidence["users"]["as_expected"].get<bool>()) << learner;
    EXPECT_EQ(out.evidence["users"]["trailing_unaggregated"].get<std::uint64_t>(), o.T % o.B) << learner;
    EXPECT_EQ(out.evidence["users"]["trailing_in_a_release"].get<std::uint64_t>(), 0U) << learner;
    EXPECT_EQ(out.evidence["max_releases_per_observation"].get<std::uint64_t>(), learner == "linucb-jdp" ? 4U : 1U)
        << learner;
  }
}

TEST(Ledger001ChecksTest, SdpAmpIsLemmaB4sPairPerUser) {
  const Ledger001Options o = ledger_001_defaults("linucb-sdp-amp");
  const Outcome out = check_ledger_001("linucb-sdp-amp", quick(), o);
  // One batch per user: the ledger is the batch's (ε̃, δ̃) of Lemma B.4 at the errata point, ≈ (0.4428, 3.778e-5).
  const double e = number(out.evidence["ledger_eps_upper_decimal"].get<std::string>());
  EXPECT_NEAR(e, 0.44277, 1e-4);
  EXPECT_TRUE(out.evidence.contains("certified_delta_lower_at_eps"));
  EXPECT_EQ(out.evidence["releases"].get<std::uint64_t>(), 2U);  // T = 837, B = 400
}

// Negative controls: a learner calibrated for a larger ε than its claim is never `holds`.
TEST(Ledger001ChecksTest, TwinsCalibratedForMoreEpsAreOverTheClaim) {
  for (const std::string learner : {"linucb-ldp", "linucb-jdp", "linucb-sdp-vec"}) {
    Ledger001Options o = ledger_001_defaults(learner);
    // jdp: 2ε (its calibration is tight: the ledger's ε is the claim's to 2^−24). ldp: 4ε — at 2ε the exact joint
    // profile still gives 0.4985 < ε (the calibration's slack: per part Δ = 2 with ε₀/2 each and Dwork–Roth's
    // sufficient σ; the ledger's exact joint profile at 2√2 needs about half). sdp-vec: its calibration is ~500 times
    // tighter than needed (docs/privacy-001.md §6), so the twin is calibrated for 1000ε (b divided by 10⁶).
    o.calibration_eps = o.eps * (learner == "linucb-sdp-vec" ? 1000 : learner == "linucb-ldp" ? 4 : 2);
    const Outcome out = check_ledger_001(learner, quick(), o);
    EXPECT_NE(out.verdict, Verdict::holds) << learner << ": " << out.key_figure;
    EXPECT_GT(Rational(out.evidence["ledger_eps_upper"].get<std::string>()), o.eps) << learner;
  }
}

TEST(Ledger001ChecksTest, LdpTwinAtTwiceEpsLosesMoreButStaysWithin) {
  Ledger001Options o = ledger_001_defaults("linucb-ldp");
  const Rational honest(check_ledger_001("linucb-ldp", quick(), o).evidence["ledger_eps_upper"].get<std::string>());
  o.calibration_eps = 2 * o.eps;
  const Outcome twin = check_ledger_001("linucb-ldp", quick(), o);
  const Rational e(twin.evidence["ledger_eps_upper"].get<std::string>());
  EXPECT_GT(e, 2 * honest * Rational(9, 10));  // σ halves: μ doubles, ε(δ) about doubles
  EXPECT_LE(e, o.eps);
}

// One user placed in two batches (a tampered trajectory): the ledger composes both of that user's releases.
TEST(Ledger001ChecksTest, AUserInTwoBatchesComposesTwice) {
  const Ledger001Options o = ledger_001_defaults("linucb-sdp-amp");
  ref::LinUcbTrajectory t = run_ledger_001("linucb-sdp-amp", o, quick().seed);
  const Outcome honest = assess_ledger_001("linucb-sdp-amp", t, o);
  ASSERT_EQ(t.releases.size(), 2U);
  t.releases[1].first -= 1;  // user 399 now also in batch 2
  t.releases[1].count += 1;
  const Outcome tampered = assess_ledger_001("linucb-sdp-amp", t, o);
  EXPECT_NE(tampered.verdict, Verdict::holds);
  EXPECT_FALSE(tampered.evidence["users"]["as_expected"].get<bool>());
  EXPECT_EQ(tampered.evidence["users"]["users_in_more_than_one_release"].get<std::uint64_t>(), 1U);
  EXPECT_EQ(tampered.evidence["worst_user"].get<std::uint64_t>(), 399U);
  // Basic composition: exactly twice the batch's ε̃ and δ̃.
  EXPECT_EQ(Rational(tampered.evidence["ledger_eps_upper"].get<std::string>()),
            2 * Rational(honest.evidence["ledger_eps_upper"].get<std::string>()));
  EXPECT_EQ(Rational(tampered.evidence["ledger_delta"].get<std::string>()),
            2 * Rational(honest.evidence["ledger_delta"].get<std::string>()));
  // LDP: a user with two messages has μ² doubled.
  const Ledger001Options l = ledger_001_defaults("linucb-ldp");
  ref::LinUcbTrajectory lt = run_ledger_001("linucb-ldp", l, quick().seed);
  lt.releases.push_back(lt.releases.front());
  const Outcome twice = assess_ledger_001("linucb-ldp", lt, l);
  EXPECT_FALSE(twice.evidence["users"]["as_expected"].get<bool>());
  const Outcome once = assess_ledger_001("linucb-ldp", run_ledger_001("linucb-ldp", l, quick().seed), l);
  EXPECT_EQ(Rational(twice.evidence["gaussian_mu2"].get<std::string>()),
            2 * Rational(once.evidence["gaussian_mu2"].get<std::string>()));
  // The trailing batch released: caught by the structure check.
  ref::LinUcbTrajectory tr = run_ledger_001("linucb-ldp", l, quick().seed);
  tr.releases.back().count += 1;
  EXPECT_GT(assess_ledger_001("linucb-ldp", tr, l).evidence["users"]["trailing_in_a_release"].get<std::uint64_t>(), 0U);
}

TEST(Ledger001ChecksTest, ANoiselessReleaseIsViolated) {
  const Ledger001Options o = ledger_001_defaults("linucb-ldp");
  ref::LinUcbTrajectory t = run_ledger_001("linucb-ldp", o, quick().seed);
  t.laws.push_back(ref::ReleaseLaw{ref::LawFamily::exact, ref::ObservationUnit::round, Rational(0), Rational(8),
                                   Rational(0)});
  t.releases.back().law = 1;
  EXPECT_EQ(assess_ledger_001("linucb-ldp", t, o).verdict, Verdict::violated);
  EXPECT_THROW(ledger_001_defaults("linucb"), ParameterError);
}

}  // namespace
}  // namespace dpb::verify::privacy_checks
