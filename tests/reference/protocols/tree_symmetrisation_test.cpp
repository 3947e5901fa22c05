// The tree's symmetrisation option (reference/protocols/tree_mechanism.hpp; seed 003, Sarmasarkar 2026,
// arXiv:2602.00417, Lemma I.4 and App. P; docs/protocol-003.md, "The matrix tree"): per-label standard deviations
// (the rounded-up σ/√2 and σ√2 are the least points of the grid 2^−32 at or above the irrational value, checked
// here by squaring), variance factors, the normative draw order (one RoundedNormal draw per label of each completed
// node, re-derived here from the samplers directly) and the refusals.
#include <gtest/gtest.h>

#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/protocols/tree_mechanism.hpp"
#include "tests/support/parameter_errors.hpp"

namespace dpb {
namespace {

const Rational kUlp(Integer(1), Integer(1) << 32);

// x is the least multiple of 2^−32 with x² >= target.
void expect_least_upper(const Rational& x, const Rational& target) {
  EXPECT_EQ(boost::multiprecision::denominator(Rational(x / kUlp)), 1);
  EXPECT_GE(x * x, target);
  const Rational below = x - kUlp;
  EXPECT_TRUE(below < 0 || below * below < target);
}

TEST(TreeSymmetrisationTest, RoundedSigmasAreTheLeastGridPointsAboveTheIrrationalValues) {
  for (const Rational& s : {Rational(1), Rational(3, 2), Rational(7, 3), Rational(1000001, 999), Rational(1, 7)}) {
    expect_least_upper(ref::round_up_sigma_over_sqrt2(s), s * s / 2);
    expect_least_upper(ref::round_up_sigma_times_sqrt2(s), s * s * 2);
  }
  // σ = 2^−32·2: σ/√2 = 2^−32·√2 → 2·2^−32 (√2 rounded up to an integer), σ√2 → 3·2^−32
  EXPECT_EQ(ref::round_up_sigma_over_sqrt2(2 * kUlp), 2 * kUlp);
  EXPECT_EQ(ref::round_up_sigma_times_sqrt2(2 * kUlp), 3 * kUlp);
}

TEST(TreeSymmetrisationTest, PerLabelSigmasAndVarianceFactors) {
  ref::TreeParams p;
  p.labels = ref::LabelSet::symmetric_matrix(3);  // (0,0) (0,1) (0,2) (1,1) (1,2) (2,2)
  p.sigma = Rational(5, 4);
  const std::vector<bool> diag{true, false, false, true, false, true};
  for (auto sym : {ref::Symmetrisation::None, ref::Symmetrisation::Half, ref::Symmetrisation::Root2}) {
    p.symmetrisation = sym;
    const auto sig = ref::tree_label_sigmas(p);
    const auto c = ref::tree_variance_factors(p);
    ASSERT_EQ(sig.size(), 6U);
    for (std::size_t k = 0; k < 6; ++k) {
      // c_e: none 1; half 1 (diagonal) and 1/2; root2 2 and 1 (Var of (Z′+Z′ᵀ)/a: diagonal 4σ²/a², off 2σ²/a²)
      const Rational a2 = sym == ref::Symmetrisation::Half ? Rational(4) : Rational(2);
      const Rational expect_c = sym == ref::Symmetrisation::None ? Rational(1) : (diag[k] ? 4 / a2 : 2 / a2);
      EXPECT_EQ(c[k], expect_c) << k;
      if (expect_c == 1) EXPECT_EQ(sig[k], p.sigma);
      else expect_least_upper(sig[k], expect_c * p.sigma * p.sigma);
    }
  }
}

TEST(TreeSymmetrisationTest, NodeNoiseIsOneDrawPerLabelFromThatLabelsSampler) {
  for (auto sym : {ref::Symmetrisation::None, ref::Symmetrisation::Half, ref::Symmetrisation::Root2}) {
    ref::TreeParams p;
    p.labels = ref::LabelSet::symmetric_matrix(2);
    p.symmetrisation = sym;
    p.leaves = 6;
    p.sigma = Rational(3);
    p.grid_bits = 3;
    ref::TreeMechanism tree(p);
    const auto sig = ref::tree_label_sigmas(p);
    std::vector<ref::RoundedNormal> samplers;
    for (const auto& s : sig) samplers.emplace_back(s, p.grid_bits);
    ChaCha20Source a(7), b(7);
    const std::vector<Integer> zero(3, Integer(0));
    for (int t = 1; t <= 6; ++t) {
      const ref::TreeStep step = tree.add_numerators(zero, a);
      for (const auto& node : step.completed)
        for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(node.noise[k], samplers[k](b)) << ref::symmetrisation_name(sym);
    }
    EXPECT_EQ(a.next_bit(), b.next_bit());
  }
}

TEST(TreeSymmetrisationTest, RefusesSymmetrisingAVectorAndUnknownNames) {
  ref::TreeParams p;
  p.labels = ref::LabelSet::vector(3);
  p.symmetrisation = ref::Symmetrisation::Half;
  test::expect_error_message([&] { ref::TreeMechanism t(p); },
                             "TreeMechanism: parameter 'symmetrisation' must be none for a vector label set, got half");
  EXPECT_EQ(ref::parse_symmetrisation("root2", "f"), ref::Symmetrisation::Root2);
  test::expect_error_message([&] { ref::parse_symmetrisation("full", "tree"); },
                             "tree: parameter 'symmetrisation' must be one of none, half, root2, got full");
}

}  // namespace
}  // namespace dpb
