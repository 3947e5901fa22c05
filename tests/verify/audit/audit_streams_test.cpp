// run_audit's stream layout (docs/audit.md "Streams"): each split is drawn in blocks of 2^16 samples, block b of
// split j from stream j·2^40 + b, so the audit is the same at any number of worker threads (and MPI ranks:
// tests/mpi/), and its histograms are exactly those of the blocks drawn one after another.
#include <gtest/gtest.h>

#include <map>
#include <unordered_map>

#include "optimized/samplers/discrete_laplace.hpp"
#include "reference/bits/chacha20.hpp"
#include "verify/audit/black_box.hpp"

namespace dpb::verify::audit {
namespace {

SideSampler laplace_count() {
  return [](int side, std::uint64_t n, std::uint64_t seed, std::uint64_t stream) {
    ChaCha20Source bits(seed, stream);
    const fast::DiscreteLaplace lap(Rational(2));
    std::unordered_map<std::int64_t, std::uint64_t> c;
    for (std::uint64_t i = 0; i < n; ++i) ++c[(side == 0 ? 1 : 0) + lap(bits)];
    return Histogram::from_integer_counts({c.begin(), c.end()});
  };
}

nlohmann::json without_timing(AuditResult r) {
  auto j = to_json(r);
  j.erase("timing");
  return j;
}

TEST(AuditStreamsTest, BlockStreamsAreNormative) {
  EXPECT_EQ(kAuditBlock, 65536U);
  EXPECT_EQ(audit_block_stream(1, 0), std::uint64_t{1} << 40);
  EXPECT_EQ(audit_block_stream(4, 7), (std::uint64_t{4} << 40) + 7);
}

TEST(AuditStreamsTest, SameResultAtOneTwoAndThreeThreads) {
  // n = 200 000: the final splits have 4 blocks (the last one short), the search splits 1.
  AuditSettings s;
  s.threads = 1;
  const auto one = without_timing(run_audit("t", laplace_count(), 200000, 5, 0.5, 0.5, s));
  s.threads = 2;
  EXPECT_EQ(without_timing(run_audit("t", laplace_count(), 200000, 5, 0.5, 0.5, s)), one);
  s.threads = 3;
  EXPECT_EQ(without_timing(run_audit("t", laplace_count(), 200000, 5, 0.5, 0.5, s)), one);
  EXPECT_NE(without_timing(run_audit("t", laplace_count(), 200000, 6, 0.5, 0.5, s)), one);  // the seed matters
}

TEST(AuditStreamsTest, FinalSplitIsTheBlocksDrawnInTurn) {
  const std::uint64_t n = 150000, seed = 9;
  std::map<double, std::uint64_t> expected_d;
  for (std::uint64_t b = 0; b * kAuditBlock < n; ++b) {
    const auto h = laplace_count()(0, std::min(kAuditBlock, n - b * kAuditBlock), seed, audit_block_stream(3, b));
    for (const auto& [v, c] : h.counts) expected_d[v] += c;
  }
  AuditSettings s;
  s.threads = 2;
  const auto r = run_audit("t", laplace_count(), n, seed, 0.5, 0.5, s);
  ASSERT_FALSE(r.events.empty());
  // Every final event's count on side D (the numerator, or the denominator when reversed) is the count of the
  // blocks' union.
  for (const auto& e : r.events) {
    std::uint64_t k = 0;
    for (const auto& [v, c] : expected_d) k += e.event.contains(v) ? c : 0;
    EXPECT_EQ(e.reverse ? e.k0 : e.k1, k) << e.event.describe();
    EXPECT_EQ(e.reverse ? e.n0 : e.n1, n);
  }
}

}  // namespace
}  // namespace dpb::verify::audit
