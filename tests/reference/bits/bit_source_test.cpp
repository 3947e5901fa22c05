#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "reference/bits/uniform.hpp"

namespace dpb {
namespace {

TEST(ChaCha20SourceTest, ZeroKeyMatchesRfc8439TestVector1) {
  // RFC 8439 Appendix A.1, test vector #1: key 0, nonce 0, block counter 0, first 16 keystream bytes.
  const std::uint8_t expected[16] = {0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90,
                                     0x40, 0x5d, 0x6a, 0xe5, 0x53, 0x86, 0xbd, 0x28};
  ChaCha20Source source(std::array<std::uint8_t, 32>{});
  for (std::uint8_t byte : expected) EXPECT_EQ(source.next_bits(8), byte);
}

TEST(ChaCha20SourceTest, BitOrderIsMostSignificantFirst) {
  ChaCha20Source a(std::array<std::uint8_t, 32>{});
  // 0x76 = 0111 0110
  const int bits[8] = {0, 1, 1, 1, 0, 1, 1, 0};
  for (int b : bits) EXPECT_EQ(a.next_bit(), b == 1);
  ChaCha20Source c(std::array<std::uint8_t, 32>{});
  EXPECT_EQ(c.next_bits(12), 0x76bU);
  EXPECT_EQ(c.next_bits(64), 0x8e0ada0f13d90405ULL);  // bits 12..75 of the keystream
}

TEST(ChaCha20SourceTest, SeedOneMatchesWorkedExampleOfDocsBits) {
  // docs/bits.md §4: the documented derivation must stay true.
  const auto key = chacha20_key_for_seed(1, 0);
  const std::uint8_t expected_key[4] = {0x88, 0x2a, 0xad, 0x0c};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(key[static_cast<std::size_t>(i)], expected_key[i]);
  EXPECT_EQ(key[31], 0x39);
  ChaCha20Source s(1, 0);
  EXPECT_EQ(s.next_bits(64), 0x59214e4616065b02ULL);
  ChaCha20Source t(1, 0);
  const std::uint64_t draws[8] = {5, 9, 2, 1, 4, 4, 6, 1};
  for (std::uint64_t d : draws) EXPECT_EQ(uniform_below_u64(t, 10), d);
}

TEST(ChaCha20SourceTest, SplitReadsEqualOneRead) {
  ChaCha20Source a(7, 3), b(7, 3);
  for (int i = 0; i < 1000; ++i) {
    unsigned k = 1 + static_cast<unsigned>(i % 63);
    std::uint64_t hi = a.next_bits(k), lo = a.next_bits(64 - k);
    EXPECT_EQ((hi << (64 - k)) | lo, b.next_bits(64));
  }
}

TEST(ChaCha20SourceTest, SeedsAndStreamsDiffer) {
  ChaCha20Source a(1, 0), b(2, 0), c(1, 1);
  std::uint64_t x = a.next_bits(64), y = b.next_bits(64), z = c.next_bits(64);
  EXPECT_NE(x, y);
  EXPECT_NE(x, z);
}

TEST(ChaCha20SourceTest, CompactSourceServesTheSameBits) {
  // 64-byte buffer against 4096: the same keystream across many refills, read in mixed widths.
  for (std::uint64_t stream : {0ULL, 7ULL, (1ULL << 40) + 3}) {
    ChaCha20Source a(11, stream);
    CompactChaCha20Source b(11, stream);
    for (unsigned i = 0; i < 20000; ++i) {
      const unsigned k = 1 + (i * 37) % 64;
      ASSERT_EQ(a.next_bits(k), b.next_bits(k)) << "read " << i << " of " << k << " bits, stream " << stream;
    }
    EXPECT_EQ(a.bits_consumed(), b.bits_consumed());
  }
}

TEST(TapeSourceTest, ReplaysRecordedBitsAndThrowsWhenExhausted) {
  ChaCha20Source live(11);
  Tape tape;
  RecordingSource<ChaCha20Source> rec(live, tape);
  std::vector<std::uint64_t> drawn;
  for (unsigned k = 1; k <= 64; ++k) drawn.push_back(rec.next_bits(k));
  TapeSource replay(tape);
  for (unsigned k = 1; k <= 64; ++k) EXPECT_EQ(replay.next_bits(k), drawn[k - 1]);
  EXPECT_THROW(replay.next_bit(), TapeExhausted);
  Tape copy = Tape::from_hex(tape.to_hex(), tape.bit_length);
  EXPECT_EQ(copy.bytes, tape.bytes);
}

TEST(UniformTest, BigAndMachineVersionsConsumeSameBits) {
  for (std::uint64_t n : {1ULL, 2ULL, 3ULL, 5ULL, 1000ULL, (1ULL << 63) + 5, ~0ULL}) {
    ChaCha20Source a(5), b(5);
    CountingSource ca(a), cb(b);
    for (int i = 0; i < 200; ++i) {
      Integer u = uniform_below(ca, Integer(n));
      EXPECT_EQ(u, Integer(uniform_below_u64(cb, n)));
      EXPECT_LT(u, Integer(n));
    }
    EXPECT_EQ(ca.count(), cb.count());
  }
}

TEST(UniformTest, WideRangeUsesAllBits) {
  ChaCha20Source a(9);
  Integer n = Integer(1) << 200;
  n += 17;
  bool high = false;
  for (int i = 0; i < 64 && !high; ++i) high = uniform_below(a, n) >= (Integer(1) << 199);
  EXPECT_TRUE(high);
}

}  // namespace
}  // namespace dpb
