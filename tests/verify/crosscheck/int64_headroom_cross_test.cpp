// The optimized learners' 64-bit noisy statistics at the largest parameters they accept (issue 11 §5): reward grid
// 2^30 (BanditInstance's largest) and noise refinement q = 2^17 (the optimized discrete Laplace takes scales up to
// 2^48: grid·q/ε = 2^48 at ε = 1/2), with T = 2^13, so T·grid·q = 2^60, the bound of
// optimized/learners/internal/common.hpp. Both builds run on one tape and one noise stream and must release the same
// statistics and decide alike; one step further (T = 2^14: T·grid·q = 2^61) the optimized build refuses up front,
// naming `noise_refinement`, while the reference (GMP integers) still runs. Before session 5 these parameters were
// accepted and `sum * q + noise` could overflow int64 (undefined behaviour, silent divergence).
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "optimized/environments/reward_tape.hpp"
#include "optimized/learners/anytime_lazy_ucb.hpp"
#include "optimized/learners/dp_successive_elimination.hpp"
#include "optimized/learners/ftnl.hpp"
#include "optimized/learners/hybrid_ucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/anytime_lazy_ucb.hpp"
#include "reference/learners/dp_successive_elimination.hpp"
#include "reference/learners/ftnl.hpp"
#include "reference/learners/hybrid_ucb.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"

namespace dpb::verify {
namespace {

constexpr std::uint64_t kT = 8192;  // 2^13; the tape holds 2^14 rounds for the refused case
const Integer kGrid = Integer(1) << 30;

ref::RewardTape tape() {
  const ref::BanditInstance i =
      ref::BanditInstance::clipped_gaussian({Rational(9, 10), Rational(1, 2), Rational(1, 5)}, Rational(1, 10), kGrid);
  return fast::make_reward_tape(i, 2 * kT, 5, 2);
}

// ε = 1/2, except Hybrid-UCB at 64: its tree nodes draw Lap_Z(2·grid·q·levels/ε), which must stay within the optimized
// sampler's 2^48 at grid·q = 2^47.
template <class P>
P params(std::uint64_t T, const Rational& eps = Rational(1, 2)) {
  P p;
  p.K = 3;
  p.T = T;
  p.eps = eps;
  p.noise_refinement = std::int64_t{1} << 17;
  return p;
}

using FastRun = std::function<fast::Trajectory(std::uint64_t T, NoiseSource)>;
using RefRun = std::function<ref::Trajectory(std::uint64_t T, NoiseSource)>;

void check(const std::string& name, const FastRun& fast_run, const RefRun& ref_run) {
  SCOPED_TRACE(name);
  ChaCha20Source a(7, 1), b(7, 1);
  const fast::Trajectory f = fast_run(kT, NoiseSource(a));
  const ref::Trajectory r = ref_run(kT, NoiseSource(b));
  const RunComparison c = compare_trajectories(r, f);
  EXPECT_FALSE(c.divergence.has_value()) << c.detail;
  EXPECT_TRUE(c.explained) << c.detail;
  EXPECT_GT(c.releases, 0U);
  // One step beyond the bound: refused by the optimized build, naming the parameter; the reference still runs.
  try {
    ChaCha20Source x(7, 1);
    fast_run(2 * kT, NoiseSource(x));
    ADD_FAILURE() << "T·grid·q = 2^61 accepted by the optimized build";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("parameter 'noise_refinement'"), std::string::npos) << e.what();
  }
  ChaCha20Source y(7, 1);
  EXPECT_NO_THROW(ref_run(2 * kT, NoiseSource(y)));
}

TEST(Int64HeadroomCrossTest, NoisyStatisticsAtTheLargestAcceptedParameters) {
  const ref::RewardTape t = tape();
  check(
      "anytime-lazy-ucb",
      [&](std::uint64_t T, NoiseSource n) { return fast::anytime_lazy_ucb(params<fast::AnytimeLazyUcbParams>(T), t, n); },
      [&](std::uint64_t T, NoiseSource n) { return ref::anytime_lazy_ucb(params<ref::AnytimeLazyUcbParams>(T), t, n); });
  check(
      "hybrid-ucb",
      [&](std::uint64_t T, NoiseSource n) {
        return fast::hybrid_ucb(params<fast::HybridUcbParams>(T, Rational(64)), t, n);
      },
      [&](std::uint64_t T, NoiseSource n) {
        return ref::hybrid_ucb(params<ref::HybridUcbParams>(T, Rational(64)), t, n);
      });
  check(
      "ftnl", [&](std::uint64_t T, NoiseSource n) { return fast::ftnl(params<fast::FtnlParams>(T), t, n); },
      [&](std::uint64_t T, NoiseSource n) { return ref::ftnl(params<ref::FtnlParams>(T), t, n); });
  check(
      "dp-se",
      [&](std::uint64_t T, NoiseSource n) {
        return fast::dp_successive_elimination(params<fast::DpSuccessiveEliminationParams>(T), t, n);
      },
      [&](std::uint64_t T, NoiseSource n) {
        return ref::dp_successive_elimination(params<ref::DpSuccessiveEliminationParams>(T), t, n);
      });
}

}  // namespace
}  // namespace dpb::verify
