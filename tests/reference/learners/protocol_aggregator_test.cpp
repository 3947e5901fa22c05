// Seed 000's protocol variants as BatchAggregators (reference): the decoded sum is A∘S∘R exactly, within
// (τ + n)/g of Σ x (τ/g with integral rewards, where the rounding is exact) on every batch of a seeded run,
// (σ, h) per variant, the per-n cache, and validation.
#include "reference/learners/protocol_aggregator.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/learners/batched_successive_elimination.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

const Variant kVariants[] = {Variant::DistDP,  Variant::DistRDP, Variant::DistCDP,
                             Variant::Shuffle, Variant::Central, Variant::Local};

ProtocolAggregatorParams params(Variant v, std::uint64_t T = 5000) {
  ProtocolAggregatorParams p;
  p.variant = v;
  p.eps = Rational(1, 2);
  p.horizon = Integer(T);
  return p;
}

// Delegates to a ProtocolAggregator and checks every batch's transcript.
class CheckingAggregator final : public BatchAggregator {
 public:
  explicit CheckingAggregator(const ProtocolAggregator& inner) : inner_(inner) {}
  std::string name() const override { return inner_.name(); }
  NoiseConcentration concentration(std::uint64_t n) const override { return inner_.concentration(n); }
  Rational aggregate(std::span<const Rational> rewards, NoiseSource& noise) const override {
    const Transcript t = inner_.run(rewards, noise);
    const Calibration& c = inner_.calibration(rewards.size());
    Rational sum = 0;
    bool integral = true;
    for (const Rational& x : rewards) {
      sum += x;
      integral = integral && (x == 0 || x == 1);
    }
    Integer x_hat = 0;
    for (const Integer& v : t.x_hat) x_hat += v;
    const Integer noise_total = t.noise_sum + t.analyzer_noise;
    if (abs(noise_total) <= c.tau) {
      EXPECT_EQ(t.decoded, x_hat + noise_total);  // claim 000.decode
      ++decoded_;
    }
    // Rounding: |Σ x̂ − gΣx| < n; exact when every x_i g is an integer.
    if (integral) {
      EXPECT_EQ(Rational(x_hat), sum * c.g);
    }
    const Rational bound = integral ? Rational(c.tau, c.g) : Rational(c.tau + c.n, c.g);
    if (abs(t.z - sum) <= bound) ++within_;
    ++batches_;
    return t.z;
  }
  mutable std::uint64_t batches_ = 0, within_ = 0, decoded_ = 0;

 private:
  const ProtocolAggregator& inner_;
};

void check_run(Variant v, const RewardTape& tape, std::uint64_t T, std::uint64_t seed) {
  const ProtocolAggregator agg(params(v, T));
  const CheckingAggregator checking(agg);
  ChaCha20Source bits(seed);
  BatchedSuccessiveEliminationParams p;
  p.K = tape.arms();
  p.T = T;
  const Trajectory t = batched_successive_elimination(p, tape, checking, NoiseSource(bits));
  test::expect_complete_run(t, T, tape.arms());
  EXPECT_GT(checking.batches_, 0U) << variant_name(v);
  // P[|Σ η| > τ] <= 1/T per batch: over a few dozen batches, every one decodes and lies within the bound.
  EXPECT_EQ(checking.within_, checking.batches_) << variant_name(v);
  EXPECT_EQ(checking.decoded_, checking.batches_) << variant_name(v);
  // The released values are exactly the protocol's outputs.
  EXPECT_EQ(t.releases.size(), checking.batches_);
}

TEST(ProtocolAggregatorTest, IntegralRewardsDecodeWithinTauOverGOnEveryBatch) {
  const RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(2, 5), Rational(3, 5)}, 5000, 11);
  for (Variant v : kVariants)
    for (std::uint64_t seed : {1, 2}) check_run(v, tape, 5000, seed);
}

TEST(ProtocolAggregatorTest, FractionalRewardsDecodeWithinRoundingPlusTau) {
  const RewardTape tape = test::constant_tape({3, 7, 5}, 4000, 10);  // 3/10, 7/10, 1/2: randomized rounding
  for (Variant v : kVariants) check_run(v, tape, 4000, 3);
}

TEST(ProtocolAggregatorTest, AggregateIsTheTranscriptsDecodedSumOverG) {
  const std::vector<Rational> x = {Rational(1), Rational(0), Rational(1, 3), Rational(5, 7), Rational(1)};
  for (Variant v : kVariants) {
    const ProtocolAggregator agg(params(v));
    ChaCha20Source a(42), b(42);
    NoiseSource na(a), nb(b);
    const Rational z = agg.aggregate(x, na);
    const Transcript t = agg.run(x, nb);
    EXPECT_EQ(z, t.z) << variant_name(v);
    EXPECT_EQ(t.z, Rational(t.decoded, agg.calibration(x.size()).g));
    EXPECT_EQ(a.next_bits(32), b.next_bits(32)) << "same bits drawn";
  }
}

TEST(ProtocolAggregatorTest, CalibratesPerBatchSize) {
  const ProtocolAggregator agg(params(Variant::DistDP, 1000000));
  for (std::uint64_t n : {1, 2, 64, 1000}) {
    const Calibration& c = agg.calibration(n);
    EXPECT_EQ(c.n, Integer(n));
    EXPECT_EQ(c.g, ceil_rational_times_sqrt(Rational(1, 2), Integer(n)));
    EXPECT_EQ(&c, &agg.calibration(n));  // cached
  }
}

TEST(ProtocolAggregatorTest, ConcentrationConstantsPerVariant) {
  const std::uint64_t n = 1000;
  for (Variant v : kVariants) {
    const ProtocolAggregator agg(params(v));
    const Calibration& c = agg.calibration(n);
    const NoiseConcentration k = agg.concentration(n);
    const Radical rounding = radical(Rational(Integer(1), c.g), Rational(2 * n));
    RadicalSum sigma, h;
    switch (v) {
      case Variant::DistDP:
      case Variant::Central:
        sigma = {rounding};
        h = {radical(2)};
        break;
      case Variant::Shuffle:
        sigma = {rounding};
        h = {radical(4)};  // 1/ε′, ε′ = ε/2
        break;
      case Variant::DistRDP:
        sigma = {radical(4), rounding};
        h = {radical(Rational(Integer(1), c.g), 2)};
        break;
      case Variant::DistCDP:
        sigma = {radical(2, 2), rounding};
        break;
      case Variant::Local:
        sigma = {radical(2 * default_lemma5_c(), Rational(2 * n)), rounding};
        h = {radical(4 * default_lemma5_c())};
        break;
    }
    RadicalSum ds = k.sigma, dh = k.h;
    for (const Radical& r : sigma) ds.push_back(radical(-r.c, r.d));
    for (const Radical& r : h) dh.push_back(radical(-r.c, r.d));
    EXPECT_TRUE(is_zero(ds)) << variant_name(v) << ": " << radical_to_string(k.sigma);
    EXPECT_TRUE(is_zero(dh)) << variant_name(v) << ": " << radical_to_string(k.h);
    // At most the paper's constants (g >= sε√n, s = 1): the rounding term √(2n)/g <= √2/ε (shuffle: √2/ε′).
    const Rational paper = v == Variant::Shuffle ? Rational(4) : Rational(2);
    EXPECT_GE(enclose(RadicalSum{radical(paper, 2), radical(-rounding.c, rounding.d)}, 128).lower(), 0);
  }
}

TEST(ProtocolAggregatorTest, NamesAndValidation) {
  EXPECT_EQ(ProtocolAggregator(params(Variant::DistDP)).name(), "dist-dp-se");
  EXPECT_EQ(ProtocolAggregator(params(Variant::Central)).name(), "cdp-se");
  EXPECT_EQ(ProtocolAggregator(params(Variant::Local)).name(), "ldp-se");
  auto bad = params(Variant::Central);
  bad.eps = 1;  // Theorem 5 needs ε < 1
  test::expect_parameter_error([&] { ProtocolAggregator a(bad); }, "eps");
  auto big = params(Variant::DistDP, 10);
  const ProtocolAggregator agg(big);
  test::expect_parameter_error([&] { (void)agg.calibration(11); }, "n");  // n > T
}

}  // namespace
}  // namespace dpb::ref
