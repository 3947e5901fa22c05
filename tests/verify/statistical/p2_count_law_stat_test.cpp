// 003.p2.count-law (verify/statistical/p2_count_law.hpp): P₂'s count path and its literal bit-multiset path follow
// the exact per-label count law; a count path with the wrong noise bias (Bin(n·b, ½) in place of ¼) is rejected
// (the negative control), as is one whose rounding is biased down by a unit.
#include <gtest/gtest.h>

#include <memory>

#include "optimized/protocols/p2.hpp"
#include "optimized/protocols/p_vec.hpp"
#include "verify/statistical/p2_count_law.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(P2CountLawStatTest, BothPathsFollowTheExactLaw) {
  const Outcome o = check_p2_count_law(p2_count_path, RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure;
}

TEST(P2CountLawStatTest, ACountPathWithHalfBiasedNoiseIsRejected) {
  const CountPathFn wrong = [](const ref::P2Params& p, std::vector<std::int64_t> grid, unsigned bits) {
    ref::PVecParams q = ref::p2_pvec_params(p);
    q.p = Rational(1, 2);
    auto pv = std::make_shared<const fast::PVec>(ref::validate(q), bits, ref::NoisePath::Aggregate);
    return CountsDrawer([pv, grid = std::move(grid)](ChaCha20Source& src) {
      return pv->run(std::span<const std::int64_t>(grid), src).counts;
    });
  };
  EXPECT_EQ(check_p2_count_law(wrong, RunOptions{}).verdict, Verdict::violated);
}

TEST(P2CountLawStatTest, ACountPathWithADownBiasedRoundingIsRejected) {
  const CountPathFn wrong = [](const ref::P2Params& p, std::vector<std::int64_t> grid, unsigned bits) {
    auto pv = std::make_shared<const fast::P2>(p, bits, ref::NoisePath::Aggregate);
    auto vp = std::make_shared<const ref::PVecParams>(ref::p2_pvec_params(p));
    const unsigned s = bits;
    return CountsDrawer([pv, vp, s, grid = std::move(grid)](ChaCha20Source& src) {
      auto counts = pv->run(std::span<const std::int64_t>(grid), src).vec.counts;
      // One unit too few per user and label whose w·g/r is fractional: x̂ − 1 = x̄ − 1 + γ₁, a rounding that is
      // biased down (mean off by 1 per such entry).
      const std::size_t L = counts.size();
      for (std::size_t x = 0; x < grid.size(); ++x) {
        const Rational w = Rational(Integer(grid[x]), Integer(1) << s) + vp->delta;
        const Rational t = w * vp->g / vp->r();
        if (floor(t) != ceil(t)) counts[x % L] -= 1;  // as if γ₁ were 0 whenever it could be 1 (biased down)
      }
      return counts;
    });
  };
  EXPECT_EQ(check_p2_count_law(wrong, RunOptions{}).verdict, Verdict::violated);
}

}  // namespace
}  // namespace dpb::verify::statistical
