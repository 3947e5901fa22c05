// optimized/samplers/internal/bit_cursor.hpp: reads through a cursor return the stream's bits in order and leave the
// source exactly where direct reads would (same count, same next bits), across word boundaries, for a peekable
// source (ChaCha20Source, and CountingSource over it) and for one without pending_bits (a tape).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "optimized/samplers/internal/bit_cursor.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "reference/learners/noise_source.hpp"

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
      ++i;
      if (i % 3 == 0) c.ensure(k);  // tops up (looking ahead across the word end) without reading
      if (i % 5 == 0 && c.has(k)) {
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

// A recorded bit string long enough for every width read plus the 64-bit tail (a source that cannot look ahead).
Tape widths_tape() {
  Tape tape;
  ChaCha20Source g(11);
  std::uint64_t total = 64;
  for (unsigned k : widths()) total += k;
  for (std::uint64_t i = 0; i < total; ++i) tape.append(g.next_bit() ? 1 : 0, 1);
  return tape;
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

// lookahead_bits: the next bits of the stream (the current word's rest and, when it is buffered, the next word's
// start), reading nothing; at the end of the source's buffer only the current word's rest (CompactChaCha20Source:
// 64-byte buffer of eight words). At every position of two buffers, compared with the bits read next and with a twin.
TEST(BitCursorTest, LookaheadBitsAreTheNextBitsAndReadNothing) {
  const auto advance = [](CompactChaCha20Source& s, unsigned bits) {
    for (unsigned left = bits; left > 0;) {
      const unsigned t = left < 64 ? left : 64;
      s.next_bits(t);
      left -= t;
    }
  };
  unsigned full = 0, short_count = 0;
  for (unsigned pos = 0; pos < 2 * 512; ++pos) {
    CompactChaCha20Source a(13, 2), b(13, 2);
    advance(a, pos);
    advance(b, pos);
    unsigned n = 0;
    const std::uint64_t ahead = a.lookahead_bits(n);
    ASSERT_EQ(a.bits_consumed(), pos);  // read nothing
    // Short only within the buffer's last word, or when the buffer is used up (nothing pending): its rest alone.
    const bool at_buffer_end = pos % 512 == 0 || pos % 512 > 448;
    ASSERT_EQ(n, at_buffer_end ? (512 - pos % 512) % 512 : 64U) << pos;
    (n == 64 ? full : short_count) += 1;
    if (n > 0) {
      const std::uint64_t expected = b.next_bits(n);  // the twin, never looked ahead
      ASSERT_EQ(ahead >> (64 - n), expected) << pos;
      ASSERT_EQ(a.next_bits(n), expected) << pos;  // and `a` still reads them next
    }
    ASSERT_EQ(a.next_bits(64), b.next_bits(64)) << pos;
  }
  EXPECT_GT(full, 0U);
  EXPECT_GT(short_count, 0U);
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
  const Tape tape = widths_tape();
  TapeSource a(tape), b(tape);
  std::uint64_t ta = 0, tb = 0;
  EXPECT_EQ(through_cursor(a, ta), direct(b, tb));
  EXPECT_EQ(ta, tb);
}

// Through a learner's type-erased NoiseSource the cursor peeks with the source's own look-ahead (one indirect call
// per peek): the same bits and the same final position as direct reads of the source; a NoiseSource over a source
// that cannot look ahead reports nothing (n = 0) and the cursor reads it directly.
TEST(BitCursorTest, ThroughANoiseSourceTheSourcesLookaheadIsUsed) {
  static_assert(LookaheadBits<NoiseSource>);
  ChaCha20Source a(21, 4), b(21, 4), c(21, 4);
  a.next_bits(9);
  b.next_bits(9);
  c.next_bits(9);
  NoiseSource na(a);
  unsigned n = 0, m = 0;
  const std::uint64_t via = na.lookahead_bits(n);
  EXPECT_EQ(via, c.lookahead_bits(m));
  EXPECT_EQ(n, m);
  EXPECT_GT(n, 0U);
  EXPECT_EQ(a.bits_consumed(), 9U);  // read nothing
  std::uint64_t ta = 0, tb = 0;
  EXPECT_EQ(through_cursor(na, ta), direct(b, tb));
  EXPECT_EQ(ta, tb);
  EXPECT_EQ(a.bits_consumed(), b.bits_consumed());

  const Tape tape = widths_tape();
  TapeSource x(tape), y(tape);
  NoiseSource nx(x);
  unsigned z = 7;
  EXPECT_EQ(nx.lookahead_bits(z), 0U);
  EXPECT_EQ(z, 0U);
  std::uint64_t tx = 0, ty = 0;
  EXPECT_EQ(through_cursor(nx, tx), direct(y, ty));
  EXPECT_EQ(tx, ty);
}

}  // namespace
}  // namespace dpb::fast::detail
