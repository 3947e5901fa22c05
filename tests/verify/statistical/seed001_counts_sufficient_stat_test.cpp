// 001.vec.counts-sufficient: the checker holds on P_Vec's explicit shuffler at the quick size, and its negative
// control — the same tokens shuffled by Sattolo's algorithm (j = uniform_below(i) instead of i + 1: a uniform cyclic
// permutation, the classic off-by-one of Fisher–Yates) — is rejected: no token stays in place, so e.g. the last
// position never holds the last token (a zero of user 2's message when its ones are fewer than ℓ), which moves whole
// classes of arrangements away from their uniform share.
#include <gtest/gtest.h>

#include "reference/bits/uniform.hpp"
#include "reference/protocols/p_vec.hpp"
#include "verify/statistical/seed001_counts_sufficient.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(VecCountsSufficientStatTest, ArrangementsAreUniformGivenTheCounts) {
  const Outcome o = check_vec_counts_sufficient(RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(1);
}

TEST(VecCountsSufficientStatTest, ASattoloShuffleIsRejected) {
  const ArrangementDrawer sattolo = [](const std::vector<Rational>& values, ChaCha20Source& bits) {
    ref::PVecParams p;
    p.labels = ref::LabelSet::vector(1);
    p.batch = 2;
    p.g = 3;
    p.b = 1;
    p.p = Rational(1, 2);
    static const ref::PVec pvec(ref::validate(p));
    std::vector<std::vector<Rational>> rows;
    for (const Rational& v : values) rows.push_back({v});
    const ref::PVecTranscript t = pvec.run(std::span<const std::vector<Rational>>(rows), bits);
    std::vector<bool> tokens;  // user-major, a message's ones first
    for (std::size_t i = 0; i < 2; ++i) {
      const unsigned ones = (t.x_hat[i][0] + t.noise[i][0]).convert_to<unsigned>();
      for (unsigned k = 0; k < 4; ++k) tokens.push_back(k < ones);
    }
    for (std::size_t i = tokens.size(); i-- > 1;) {
      const std::size_t j = uniform_below(bits, Integer(i)).convert_to<std::size_t>();  // the bug: i, not i + 1
      const bool tmp = tokens[i];
      tokens[i] = tokens[j];
      tokens[j] = tmp;
    }
    unsigned pattern = 0;
    for (bool b : tokens) pattern = (pattern << 1) | (b ? 1U : 0U);
    return std::pair<unsigned, unsigned>{t.counts[0].convert_to<unsigned>(), pattern};
  };
  const Outcome o = check_vec_counts_sufficient(RunOptions{}, sattolo);
  EXPECT_EQ(o.verdict, Verdict::violated) << o.key_figure;
}

}  // namespace
}  // namespace dpb::verify::statistical
