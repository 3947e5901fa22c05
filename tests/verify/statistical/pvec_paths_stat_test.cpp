// 001.vec.paths-law: the claim's checker (quick size, default seed) holds on P_Vec's own aggregate path, and its
// negative control — an aggregate path that draws Bin(b, p) once per label instead of Bin(B·b, p) — is rejected.
// The wrong law's mean is lower by (B − 1)·b·p (at least 1.6 standard deviations of the count per case, over 2000
// draws per path), so the miss probability is far below 10⁻⁶.
#include <gtest/gtest.h>

#include <memory>

#include "optimized/protocols/p_vec.hpp"
#include "optimized/samplers/binomial_large.hpp"
#include "verify/statistical/pvec_paths.hpp"

namespace dpb::verify::statistical {
namespace {

TEST(PVecPathsStatTest, BothPathsFollowTheExactLaw) {
  const Outcome o = check_pvec_paths(pvec_aggregate_count, RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::holds) << o.evidence.dump(1);
}

TEST(PVecPathsStatTest, AnAggregateOfOneUsersNoiseIsRejected) {
  const AggregateCountFn wrong = [](const ref::PVecParams& p, std::vector<std::int64_t> grid, unsigned bits) {
    // Σ_i x̂_i from the per-user path without noise, plus a single Bin(b, p): the noise of one user, not of B.
    ref::PVecParams q = p;
    q.b = 0;
    q.message_bits = 0;
    q = ref::validate(q);
    auto rounding = std::make_shared<const fast::PVec>(q, bits, ref::NoisePath::PerUser);
    auto noise = std::make_shared<const fast::BinomialLarge>(p.b, p.p);
    return CountDrawer([rounding, noise, grid = std::move(grid)](ChaCha20Source& src) {
      return rounding->run(std::span<const std::int64_t>(grid), src).counts[0] + (*noise)(src);
    });
  };
  const Outcome o = check_pvec_paths(wrong, RunOptions{});
  EXPECT_EQ(o.verdict, Verdict::violated) << o.key_figure;
}

}  // namespace
}  // namespace dpb::verify::statistical
