// Claim 000.comm-bits: ⌈log₂ m⌉ bits per message, growing like (3/2)·log₂ n (verify/protocol_checks/comm_bits_check).
#include "verify/protocol_checks/comm_bits_check.hpp"

#include <gtest/gtest.h>

namespace dpb::verify {
namespace {

TEST(CommBitsCheckTest, DistDpEpsOneReproducesSpecTableAndGrowsLogarithmically) {
  CommBitsConfig config;  // Dist-DP, ε = 1, T = 10^6, n = 2 .. 2^36
  const CommBitsResult r = check_comm_bits(config);
  EXPECT_EQ(r.verdict, Verdict::holds) << to_json(r).dump(1);
  EXPECT_EQ(r.rows[0].bits, 7U);    // n = 2
  EXPECT_EQ(r.rows[9].bits, 16U);   // n = 1024
  EXPECT_EQ(r.rows[14].bits, 23U);  // n = 32768
  EXPECT_EQ(r.rows[14].m, 5969059);
}

TEST(CommBitsCheckTest, EveryVariantGrowsLikeThreeHalvesLogN) {
  for (const CommBitsResult& r : check_comm_bits_all_variants())
    EXPECT_EQ(r.verdict, Verdict::holds) << to_json(r).dump();
}

TEST(CommBitsCheckTest, SuperLogarithmicGrowthWouldBeRejected) {
  // Negative control: demand slope <= 1 (i.e. pretend bits ~ log n with constant 1): the 3/2 growth is rejected.
  CommBitsConfig config;
  config.slope_max = 1;
  EXPECT_EQ(check_comm_bits(config).verdict, Verdict::violated);
}

}  // namespace
}  // namespace dpb::verify
