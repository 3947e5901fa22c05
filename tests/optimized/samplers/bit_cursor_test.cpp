// optimized/samplers/internal/bit_cursor.hpp: reads through a cursor return the stream's bits in order and leave the
// source exactly where direct reads would (same count, same next bits), across word boundaries, for a peekable
// source (ChaCha20Source, and CountingSource over it) and for one without pending_bits (a tape).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "optimized/samplers/internal/bit_cursor.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"

namespace dpb::fast::detail {
namespace {

// A fixed, irregular pattern of reads: widths 1..64, some of them through skip() when the window holds them.
std::vector<unsigned> widths() {
  std::vector<unsigned> w;
  for (unsigned i = 0; i < 400; ++i) w.push_back(1 + (i * 37 + i / 7) % 64);
  return w;
}

template <class Source>
std::vector<std::uint64_t> through_cursor(Source& s, std::uint64_t& tail) {
  std::vector<std::uint64_t> out;
  {
    BitCursor<Source> c(s);
    unsigned i = 0;
    for (unsigned k : widths()) {
      if (++i % 5 == 0 && c.has(k)) {
        out.push_back(k == 64 ? c.window() : c.window() >> (64 - k));
        c.skip(k);
      } else if (k == 1) {
        out.push_back(c.next_bit() ? 1 : 0);
      } else {
        out.push_back(c.next_bits(k));
      }
    }
  }  // the cursor commits here
  tail = s.next_bits(64);
  return out;
}

template <class Source>
std::vector<std::uint64_t> direct(Source& s, std::uint64_t& tail) {
  std::vector<std::uint64_t> out;
  for (unsigned k : widths()) out.push_back(s.next_bits(k));
  tail = s.next_bits(64);
  return out;
}

TEST(BitCursorTest, SameBitsAndSamePositionAsDirectReads) {
  for (std::uint64_t stream = 0; stream < 3; ++stream) {
    ChaCha20Source a(7, stream), b(7, stream);
    a.next_bits(static_cast<unsigned>(5 + stream * 20));  // start mid-word
    b.next_bits(static_cast<unsigned>(5 + stream * 20));
    std::uint64_t ta = 0, tb = 0;
    EXPECT_EQ(through_cursor(a, ta), direct(b, tb));
    EXPECT_EQ(ta, tb);
    EXPECT_EQ(a.bits_consumed(), b.bits_consumed());
  }
}

TEST(BitCursorTest, CountingSourceCountsExactlyTheBitsServed) {
  ChaCha20Source a(9), b(9);
  CountingSource ca(a), cb(b);
  std::uint64_t ta = 0, tb = 0;
  EXPECT_EQ(through_cursor(ca, ta), direct(cb, tb));
  EXPECT_EQ(ta, tb);
  EXPECT_EQ(ca.count(), cb.count());
}

TEST(BitCursorTest, ASourceWithoutPendingBitsIsReadDirectly) {
  static_assert(!PeekableBits<TapeSource>);
  static_assert(PeekableBits<ChaCha20Source>);
  Tape tape;
  ChaCha20Source g(11);
  std::uint64_t total = 64;
  for (unsigned k : widths()) total += k;
  for (std::uint64_t i = 0; i < total; ++i) tape.append(g.next_bit() ? 1 : 0, 1);
  TapeSource a(tape), b(tape);
  std::uint64_t ta = 0, tb = 0;
  EXPECT_EQ(through_cursor(a, ta), direct(b, tb));
  EXPECT_EQ(ta, tb);
}

}  // namespace
}  // namespace dpb::fast::detail
