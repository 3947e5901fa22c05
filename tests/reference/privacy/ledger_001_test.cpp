// The ledger's seed-001 families (reference/privacy/ledger.hpp: gaussian, approx_dp), seed 001's release laws
// (reference/privacy/release_law_001.hpp) and the learner's recording of its releases (LinUcbOptions::record_ledger,
// reference/learners/shuffle_private_linucb.hpp), each against a hand derivation.
#include <gtest/gtest.h>

#include <cmath>
#include <span>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/release_law_001.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::ref {
namespace {

double Phi(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
double to_double(const Rational& x) { return x.convert_to<double>(); }

LedgerEntry entry(std::uint32_t law, std::uint64_t first, std::uint64_t count, std::uint64_t release) {
  return LedgerEntry{law, 0, first, count, release};
}

TEST(Ledger001Test, GaussianReleasesComposeExactly) {
  // Two releases N(·, σ² = 4) of squared sensitivity 8 over users [0, 2) and [1, 3): user 1 is in both, so
  // μ² = 8/4 + 8/4 = 4 (μ = 2). Balle–Wang: δ(1) = Φ(μ/2 − 1/μ) − e Φ(−μ/2 − 1/μ) = Φ(0.5) − e Φ(−1.5).
  const std::vector<ReleaseLaw> laws{gaussian_law(Rational(4), Rational(8))};
  const std::vector<LedgerEntry> entries{entry(0, 0, 2, 0), entry(0, 1, 2, 1)};
  const double by_hand = Phi(0.5) - std::exp(1.0) * Phi(-1.5);  // 0.50986...
  LedgerOptions o;
  o.delta = Rational(1, 2);
  const LedgerResult r = compose_ledger(laws, entries, o);
  ASSERT_TRUE(r.gaussian_mu2.has_value());
  EXPECT_EQ(*r.gaussian_mu2, Rational(4));
  EXPECT_EQ(r.worst_observation, 1U);
  EXPECT_EQ(r.max_releases_per_observation, 2U);
  EXPECT_EQ(r.worst_releases, (std::vector<std::uint64_t>{0, 1}));
  EXPECT_NEAR(to_double(gaussian_delta_upper_at(Rational(4), Rational(1))), by_hand, 1e-12);
  EXPECT_LE(gaussian_delta_lower_at(Rational(4), Rational(1)), gaussian_delta_upper_at(Rational(4), Rational(1)));
  // ε at δ = 1/2 is a little above 1 (δ(1) = 0.5099 > 1/2); the result is on the grid 2^−24 and certified.
  EXPECT_GT(r.eps_upper, Rational(1));
  EXPECT_LT(r.eps_upper, Rational(11, 10));
  EXPECT_LE(gaussian_delta_upper_at(Rational(4), r.eps_upper), Rational(1, 2));
  EXPECT_GT(gaussian_delta_lower_at(Rational(4), r.eps_upper - Rational(1, 1 << 24)), Rational(1, 2));
  EXPECT_EQ(r.delta, Rational(1, 2));
  EXPECT_NE(r.conversion.find("exact Gaussian composition"), std::string::npos);
  // The same two releases with disjoint users: μ² = 2 per user.
  const LedgerResult apart = compose_ledger(laws, std::vector<LedgerEntry>{entry(0, 0, 2, 0), entry(0, 2, 2, 1)}, o);
  EXPECT_EQ(*apart.gaussian_mu2, Rational(2));
  EXPECT_LT(apart.eps_upper, r.eps_upper);
  // Gaussian laws need δ.
  EXPECT_THROW(compose_ledger(laws, entries), ParameterError);
}

TEST(Ledger001Test, ApproxDpReleasesComposeByTheBasicTheorem) {
  // (1/10, 1/1000) over [0, 4) and (1/5, 1/500) over [2, 6): users 2, 3 get (3/10, 3/1000), no δ needed.
  const std::vector<ReleaseLaw> laws{approx_dp_law(Rational(1, 10), Rational(1, 1000)),
                                     approx_dp_law(Rational(1, 5), Rational(1, 500))};
  const LedgerResult r = compose_ledger(laws, std::vector<LedgerEntry>{entry(0, 0, 4, 0), entry(1, 2, 4, 1)});
  EXPECT_EQ(r.eps_upper, Rational(3, 10));
  EXPECT_EQ(r.delta, Rational(3, 1000));
  EXPECT_EQ(r.worst_observation, 2U);
  EXPECT_NE(r.conversion.find("basic composition"), std::string::npos);
  // With a pure release: δ = 0 for it. Discrete Laplace Δ/t = 1/4 over [3, 5): user 3 has 3/10 + 1/4.
  std::vector<ReleaseLaw> mixed = laws;
  mixed.push_back(laplace_law(Rational(4), Rational(1), ObservationUnit::round));
  const LedgerResult m =
      compose_ledger(mixed, std::vector<LedgerEntry>{entry(0, 0, 4, 0), entry(1, 2, 4, 1), entry(2, 3, 2, 2)});
  EXPECT_EQ(m.eps_upper, Rational(11, 20));
  EXPECT_EQ(m.delta, Rational(3, 1000));
  // An (ε, δ) guarantee cannot join a Rényi-only law.
  std::vector<ReleaseLaw> bad = laws;
  bad.push_back(ReleaseLaw{LawFamily::skellam, ObservationUnit::round, Rational(100), Rational(1), Rational(0)});
  LedgerOptions o;
  o.delta = Rational(1, 100);
  EXPECT_THROW(compose_ledger(bad, std::vector<LedgerEntry>{entry(0, 0, 2, 0), entry(2, 0, 2, 1)}, o),
               ParameterError);
  EXPECT_THROW(approx_dp_law(Rational(1), Rational(1)), ParameterError);
  EXPECT_THROW(gaussian_law(Rational(0), Rational(1)), ParameterError);
  EXPECT_NE(describe(laws[0]).find("scale=1/1000"), std::string::npos);  // δ is stored in `scale`
}

TEST(Ledger001Test, GaussianMixedWithPureUsesRenyi) {
  // One Gaussian (α·Δ²/(2σ²) = α/2 with Δ² = 1, σ² = 1) and one pure release: the Rényi path, above each alone.
  const std::vector<ReleaseLaw> laws{gaussian_law(Rational(1), Rational(1)),
                                     laplace_law(Rational(2), Rational(1), ObservationUnit::round)};
  LedgerOptions o;
  o.delta = Rational(1, 100000);
  const LedgerResult r = compose_ledger(laws, std::vector<LedgerEntry>{entry(0, 0, 1, 0), entry(1, 0, 1, 1)}, o);
  EXPECT_NE(r.conversion.find("Renyi"), std::string::npos);
  EXPECT_GT(r.eps_upper, gaussian_eps_upper_bound(Rational(1), o.delta.value()));
  EXPECT_EQ(release_rdp_curve(laws[0]).front().second, Rational(1));  // α = 2: 2·1/2
}

TEST(Ledger001Test, LawsAreTheCalibrationsCertifiedGuarantees) {
  Calibration001Input in;
  in.variant = "ldp-gauss";
  in.eps = Rational(1, 2);
  in.delta = Rational(1, 100000);
  const Rational sigma = *calibrate_001(in).find("sigma_bar")->exact;
  const Law001 ldp = ldp_message_law(sigma);
  EXPECT_EQ(ldp.law.family, LawFamily::gaussian);
  EXPECT_EQ(ldp.law.scale, sigma * sigma);
  EXPECT_EQ(ldp.law.sensitivity, Rational(8));  // (2√2)²
  // The calibration certifies δ(ε₀) ≤ δ₀ at 2√2: so does the ledger's exact profile at μ² = 8/σ̄².
  EXPECT_LE(gaussian_delta_upper_at(Rational(8) / (sigma * sigma), Rational(1, 2)), Rational(1, 100000));
  // P_Amp at the errata's Lemma B.4 point (ε = 1/10, δ = 10⁻⁵, B = 400): FMT's (ε̃, δ̃) ≈ (0.44277, 3.7783e-5).
  const Law001 amp = p_amp_batch_law(Rational(1, 10), Rational(1, 100000), Integer(400),
                                     thm32_sigma(Rational(1, 10), Rational(1, 100000), Integer(400)).sigma_bar);
  EXPECT_EQ(amp.law.family, LawFamily::approx_dp);
  EXPECT_NEAR(to_double(amp.law.guarantee), 0.44277, 1e-4);
  EXPECT_NEAR(to_double(amp.law.scale), 3.7783e-5, 1e-8);
  // B = 20 (the experiments' size): Lemma B.4 does not apply; the one message's Gaussian.
  const Rational s20 = thm32_sigma(Rational(1, 5), Rational(1, 10), Integer(20)).sigma_bar;
  const Law001 amp20 = p_amp_batch_law(Rational(1, 5), Rational(1, 10), Integer(20), s20);
  EXPECT_EQ(amp20.law, ldp_message_law(s20).law);
  const Law001 node = tree_node_law(Rational(3));
  EXPECT_EQ(node.law, gaussian_law(Rational(9), Rational(16)));
}

struct TinyRun {
  LinUcbTrajectory t;
  LinUcbConfig cfg;
};

TinyRun tiny(LinUcbVariant v, std::uint64_t T, std::uint64_t B) {
  ChaCha20Source bits(7, 0);
  const LinearInstance inst = seed001_instance(2, 3, 6, bits);
  const RewardTape tape = make_reward_tape(inst.bandit(), T, 7, 2);
  ChaCha20Source noise(7, 1);
  LinUcbParams p;
  p.variant = v;
  p.T = T;
  p.B = B;
  p.eps = Rational(1, 2);
  p.delta = Rational(1, 100000);
  LinUcbOptions o;
  o.record_ledger = true;
  return {shuffle_private_linucb(p, inst, tape, NoiseSource(noise), o), configure_linucb(p, 2, 3, 6)};
}

TEST(Ledger001Test, BatchLearnersRecordOneReleasePerAggregatedBatch) {
  // T = 7, B = 3: batches of users {0, 1, 2} (t_1 = 3) and {3, 4, 5} (t_2 = 6); user 6 is never aggregated.
  const TinyRun r = tiny(LinUcbVariant::Ldp, 7, 3);
  ASSERT_EQ(r.t.releases.size(), 2U);
  EXPECT_EQ(r.t.releases[0].round, 3U);
  EXPECT_EQ(r.t.releases[0].index, 1U);
  EXPECT_EQ(r.t.releases[0].first, 0U);
  EXPECT_EQ(r.t.releases[0].count, 3U);
  EXPECT_EQ(r.t.releases[1].round, 6U);
  EXPECT_EQ(r.t.releases[1].first, 3U);
  EXPECT_EQ(r.t.releases[1].count, 3U);
  EXPECT_EQ(r.t.unaggregated, 1U);
  ASSERT_EQ(r.t.laws.size(), 1U);
  EXPECT_EQ(r.t.laws[0], gaussian_law(r.cfg.sigma * r.cfg.sigma, Rational(8)));
  // The ledger: each user in one release, μ² = 8/σ̄².
  const std::vector<LedgerEntry> e = ledger_entries(std::span<const Release>(r.t.releases), std::span<const ReleaseLaw>(r.t.laws));
  LedgerOptions o;
  o.delta = Rational(1, 100000);
  const LedgerResult l = compose_ledger(r.t.laws, e, o);
  EXPECT_EQ(l.max_releases_per_observation, 1U);
  EXPECT_EQ(*l.gaussian_mu2, Rational(8) / (r.cfg.sigma * r.cfg.sigma));
  // Recording changes nothing else (same actions as without it).
  ChaCha20Source bits(7, 0);
  const LinearInstance inst = seed001_instance(2, 3, 6, bits);
  const RewardTape tape = make_reward_tape(inst.bandit(), 7, 7, 2);
  ChaCha20Source noise(7, 1);
  LinUcbParams p;
  p.variant = LinUcbVariant::Ldp;
  p.T = 7;
  p.B = 3;
  p.eps = Rational(1, 2);
  p.delta = Rational(1, 100000);
  const LinUcbTrajectory plain = shuffle_private_linucb(p, inst, tape, NoiseSource(noise));
  EXPECT_EQ(plain.actions, r.t.actions);
  EXPECT_TRUE(plain.releases.empty());
  // Paper-code: no certified law, refused.
  p.profile = Profile001::PaperCode;
  LinUcbOptions rec;
  rec.record_ledger = true;
  ChaCha20Source noise2(7, 1);
  EXPECT_THROW(shuffle_private_linucb(p, inst, tape, NoiseSource(noise2), rec), ParameterError);
}

TEST(Ledger001Test, ShuffleLearnersRecordTheirBatchAndTheirMechanismsLaw) {
  // T = 7, B = 3 as above, for P_Amp and P_Vec: the same two releases; the law is the batch's certified guarantee
  // (at B = 3 Lemma B.4 does not apply: P_Amp's law is the one message's Gaussian at the learner's σ̄).
  for (const LinUcbVariant v : {LinUcbVariant::SdpAmp, LinUcbVariant::SdpVec}) {
    const TinyRun r = tiny(v, 7, 3);
    ASSERT_EQ(r.t.releases.size(), 2U);
    EXPECT_EQ(r.t.releases[0].first, 0U);
    EXPECT_EQ(r.t.releases[1].first, 3U);
    EXPECT_EQ(r.t.releases[1].count, 3U);
    ASSERT_EQ(r.t.laws.size(), 1U);
    const ReleaseLaw want = v == LinUcbVariant::SdpAmp
                                ? ldp_message_law(r.cfg.sigma).law
                                : p_vec_batch_law(r.cfg.g, r.cfg.b, Integer(3), Integer(2), Rational(1, 100000)).law;
    EXPECT_EQ(r.t.laws[0], want);
  }
}

TEST(Ledger001Test, TreeLearnerRecordsEveryDrawnNode) {
  // T = 9, B = 2: leaves (batches) of users [0,2), [2,4), [4,6), [6,8); user 8 trailing. N = 4 leaves, m = 3 levels.
  // Drawn nodes (one per leaf, the left child (v₂(t), t/2^v₂(t) − 1) its release uses; issue 20, session 20), in
  // order: leaf 1: (0,0); leaf 2: (1,0); leaf 3: (0,2); leaf 4: (2,0). The right children (0,1), (0,3), (1,1) are in
  // no release and draw no noise.
  const TinyRun r = tiny(LinUcbVariant::Jdp, 9, 2);
  struct Want { std::uint32_t level, j; std::uint64_t first, count, round; };
  const std::vector<Want> want{{0, 0, 0, 2, 2}, {1, 0, 0, 4, 4}, {0, 2, 4, 2, 6}, {2, 0, 0, 8, 8}};
  ASSERT_EQ(r.t.releases.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(r.t.releases[i].arm, want[i].level) << i;
    EXPECT_EQ(r.t.releases[i].index, want[i].j) << i;
    EXPECT_EQ(r.t.releases[i].first, want[i].first) << i;
    EXPECT_EQ(r.t.releases[i].count, want[i].count) << i;
    EXPECT_EQ(r.t.releases[i].round, want[i].round) << i;
  }
  EXPECT_EQ(tree_levels(Integer(4)), 3U);
  const std::vector<LedgerEntry> e = ledger_entries(std::span<const Release>(r.t.releases), std::span<const ReleaseLaw>(r.t.laws));
  LedgerOptions o;
  o.delta = Rational(1, 100000);
  const LedgerResult l = compose_ledger(r.t.laws, e, o);
  // The users of leaf 1 are in one node per level: 3 nodes, μ² = 3·16/σ_node² — the calibration's √m·4 (the others in
  // fewer: leaf 2's in (1,0), (2,0); leaf 3's in (0,2), (2,0); leaf 4's in (2,0) only).
  EXPECT_EQ(l.max_releases_per_observation, 3U);
  EXPECT_EQ(*l.gaussian_mu2, Rational(48) / (r.cfg.sigma * r.cfg.sigma));
  EXPECT_LE(gaussian_delta_upper_at(*l.gaussian_mu2, Rational(1, 2)), Rational(1, 100000));
}

TEST(Ledger001Test, NonPrivateLearnerIsUnbounded) {
  const TinyRun r = tiny(LinUcbVariant::NonPrivate, 4, 2);
  const std::vector<LedgerEntry> e = ledger_entries(std::span<const Release>(r.t.releases), std::span<const ReleaseLaw>(r.t.laws));
  EXPECT_TRUE(compose_ledger(r.t.laws, e).unbounded);
}

}  // namespace
}  // namespace dpb::ref
