// The optimized multi-agent engine's Bernoulli reward lanes (optimized/environments/agent_bernoulli_rewards.hpp)
// and its ChaCha20 block function (optimized/internal/chacha20_block.hpp) against the reference's rules:
//  * the block function gives OpenSSL's keystream (ChaCha20Source) block after block, and RFC 8439's zero-key
//    vectors (Appendix A.1, test vectors #1 and #2);
//  * property: a stream decoded a block at a time gives, draw for draw, fast::Bernoulli(a/b) on ChaCha20Source of
//    the same seed and stream (hence uniform_below(b) < a of docs/bits.md §3), over random seeds, streams and
//    (a, b) with every try width k ∈ 0..63 and the extreme b of each width (2^(k−1) + 1: most tries rejected; 2^k:
//    none);
//  * property, boundary tries: blocks of chosen words whose tries sit at a − 1, a, b − 1, b, 2^k − 1 and 0, decoded
//    with carries across blocks (and by the fixed-offset decoder for k ∈ {1, 2, 4, 8}), against the reference's
//    uniform_below on a tape of the same bits;
//  * the lanes hand agent n's j-th pull of arm a the j-th draw of its stream, interleaved across agents and arms.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "optimized/environments/agent_bernoulli_rewards.hpp"
#include "optimized/internal/chacha20_block.hpp"
#include "optimized/samplers/bernoulli.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/environments/bandit_instance.hpp"

namespace dpb {
namespace {

TEST(ChaCha20BlockTest, GivesOpenSslsKeystream) {
  for (std::uint64_t seed : {1ULL, 15ULL, 0xffffffffffffffffULL})
    for (std::uint64_t stream : {0ULL, 1ULL, (1ULL << 40) + (1ULL << 21) + 12345ULL}) {
      ChaCha20Source openssl(seed, stream);
      const fast::ChaCha20Key key = fast::chacha20_key_words(chacha20_key_for_seed(seed, stream));
      for (std::uint64_t block = 0; block < 70; ++block) {  // past the 4096-byte buffer of ChaCha20Source
        std::uint64_t words[8];
        fast::chacha20_block_be64(key, block, words);
        for (int i = 0; i < 8; ++i) ASSERT_EQ(words[i], openssl.next_bits(64)) << "block " << block << " word " << i;
      }
    }
}

TEST(ChaCha20BlockTest, BlockSourceServesChaCha20SourcesBits) {
  // Mixed widths across many 64-byte refills: the same bits as OpenSSL's stream.
  for (std::uint64_t stream : {0ULL, 5ULL, (1ULL << 40) + 17ULL}) {
    ChaCha20Source a(3, stream);
    fast::ChaCha20BlockSource b(3, stream);
    for (unsigned i = 0; i < 20000; ++i) {
      const unsigned k = 1 + (i * 37) % 64;
      ASSERT_EQ(a.next_bits(k), b.next_bits(k)) << "read " << i << " of " << k << " bits";
    }
  }
}

TEST(ChaCha20BlockTest, Rfc8439ZeroKeyVectors) {
  // RFC 8439 Appendix A.1, test vectors #1 (block counter 0) and #2 (counter 1): key and nonce all zero.
  const std::uint8_t v1[16] = {0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90,
                               0x40, 0x5d, 0x6a, 0xe5, 0x53, 0x86, 0xbd, 0x28};
  const std::uint8_t v2[16] = {0x9f, 0x07, 0xe7, 0xbe, 0x55, 0x51, 0x38, 0x7a,
                               0x98, 0xba, 0x97, 0x7c, 0x73, 0x2d, 0x08, 0x0d};
  const fast::ChaCha20Key zero{};
  for (std::uint64_t block : {0ULL, 1ULL}) {
    std::uint32_t w[16];
    fast::chacha20_block_words(zero, block, w);
    const std::uint8_t* expected = block == 0 ? v1 : v2;
    for (int j = 0; j < 16; ++j)
      EXPECT_EQ(static_cast<std::uint8_t>(w[j / 4] >> (8 * (j % 4))), expected[j]) << "block " << block << " byte " << j;
  }
  // The same bytes from OpenSSL (the reference's source) under the zero key.
  ChaCha20Source openssl(std::array<std::uint8_t, 32>{});
  for (int j = 0; j < 16; ++j) EXPECT_EQ(openssl.next_bits(8), v1[j]);
}

// b with try width k: 2^(k−1) < b <= 2^k (k = 0: b = 1).
std::uint64_t b_of_width(unsigned k, std::uint64_t r, int extreme) {
  if (k == 0) return 1;
  const std::uint64_t lo = (std::uint64_t{1} << (k - 1)) + 1, hi = std::uint64_t{1} << k;  // k <= 63
  if (extreme == 1) return lo;
  if (extreme == 2) return hi;
  return lo + r % (hi - lo + 1);
}

RC_GTEST_PROP(BernoulliBlockProp, DecodedDrawsAreTheReferenceDraws, ()) {
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const auto stream = *rc::gen::arbitrary<std::uint64_t>();
  // Half the cases at the widths with a fixed-offset decoder (k ∈ {1, 2, 4, 8}), half at any width 0..63.
  const auto k = *rc::gen::inRange(0, 2) == 0 ? *rc::gen::element(1U, 2U, 4U, 8U) : *rc::gen::inRange<unsigned>(0, 64);
  const int extreme = *rc::gen::inRange(0, 3);
  const std::uint64_t b = b_of_width(k, *rc::gen::arbitrary<std::uint64_t>(), extreme);
  const auto a_pick = *rc::gen::inRange(0, 5);
  const std::uint64_t r = *rc::gen::arbitrary<std::uint64_t>();
  const std::uint64_t a = a_pick == 0 ? 0 : a_pick == 1 ? b : a_pick == 2 ? b - 1 : a_pick == 3 ? 1 : r % (b + 1);
  const Rational p{Integer(a), Integer(b)};  // lowest terms, as the reference's Bernoulli takes it
  const std::uint64_t pa = to_uint64(Integer(boost::multiprecision::numerator(p)));
  const std::uint64_t pb = to_uint64(Integer(boost::multiprecision::denominator(p)));
  fast::BernoulliBlockStream decoded(seed, stream, fast::BernoulliCode::of(pa, pb));
  const fast::Bernoulli bernoulli(p);
  ChaCha20Source bits(seed, stream);
  const int draws = pb > (std::uint64_t{1} << 20) ? 600 : 2000;  // wide tries: 600 draws already span ~100 blocks
  for (int j = 0; j < draws; ++j) RC_ASSERT(decoded.next() == bernoulli(bits));
}

RC_GTEST_PROP(BernoulliBlockProp, BoundaryTriesAcrossBlocksAreDecidedAsTheReference, ()) {
  const auto k = *rc::gen::inRange(0, 2) == 0 ? *rc::gen::element(1U, 2U, 4U, 8U) : *rc::gen::inRange<unsigned>(1, 64);
  const std::uint64_t b = b_of_width(k, *rc::gen::arbitrary<std::uint64_t>(), *rc::gen::inRange(0, 3));
  const std::uint64_t a = *rc::gen::inRange<std::uint64_t>(0, b) + (*rc::gen::inRange(0, 8) == 0 ? 1 : 0);
  const std::uint64_t top = k == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << k) - 1;
  // Tries at the decision boundaries, and random ones, as one bit string of four blocks plus a tail.
  std::vector<std::uint64_t> boundary{0, top, b - 1, b <= top ? b : top};
  if (a > 0) boundary.push_back(a - 1);
  if (a <= top) boundary.push_back(a);
  Tape tape;
  const std::uint64_t total_bits = 4 * 512;
  while (tape.bit_length + k <= total_bits + 64) {
    const bool pick = *rc::gen::inRange(0, 3) != 0;
    const std::uint64_t u = pick ? boundary[*rc::gen::inRange<std::size_t>(0, boundary.size())]
                                 : *rc::gen::arbitrary<std::uint64_t>() & top;
    tape.append(u, k);
  }
  // Decoder: the first four blocks of the tape, carries included.
  TapeSource words_source(tape);
  std::vector<int> decoded;
  std::uint64_t carry = 0;
  unsigned carry_bits = 0;
  const fast::BernoulliCode code{a, b, k};
  for (int block = 0; block < 4; ++block) {
    std::uint64_t words[8], out[8] = {};
    for (auto& w : words) w = words_source.next_bits(64);
    const unsigned n = fast::decode_bernoulli_block_any(words, code, carry, carry_bits, out);
    for (unsigned i = 0; i < n; ++i) decoded.push_back(static_cast<int>((out[i >> 6] >> (63 - (i & 63))) & 1U));
    if (k == 4) {  // the portable loop that replaces the pext routine on processors without BMI2
      std::uint64_t portable[8] = {};
      RC_ASSERT(fast::decode_bernoulli_block_aligned<4>(words, code, portable) == n);
      for (unsigned i = 0; i < (n + 63) / 64; ++i) RC_ASSERT(portable[i] == out[i]);
    }
  }
  RC_ASSERT(carry_bits < k);
  // Reference: uniform_below(b) < a on the same bits, as long as a draw ends within the four blocks.
  TapeSource ref_source(tape);
  std::vector<int> expected;
  for (;;) {
    const std::uint64_t before = ref_source.position();
    std::uint64_t u;
    try {
      u = to_uint64(uniform_below(ref_source, Integer(b)));
    } catch (const TapeExhausted&) {
      break;
    }
    if (ref_source.position() > total_bits) break;  // this draw reads past the four blocks
    RC_ASSERT(ref_source.position() > before || b == 1);
    expected.push_back(u < a ? 1 : 0);
  }
  RC_ASSERT(decoded == expected);
  // The carry is what is left after the last complete try of the four blocks.
  RC_ASSERT(carry_bits == total_bits % k);
}

TEST(BernoulliRewardLanesTest, EachPullReadsItsOwnStreamInOrder) {
  // Means with try widths 0 (0 and 1), 1, 2, 4 (odd denominators: rejections), 7 and 62.
  const std::vector<Rational> means{Rational(0), Rational(1), Rational(1, 2), Rational(1, 3), Rational(7, 10),
                                    Rational(33, 100), Rational(Integer(1), Integer(3) << 60)};
  const ref::BanditInstance instance = ref::BanditInstance::bernoulli(means);
  const std::uint32_t N = 5, K = instance.arms();
  ASSERT_TRUE(fast::BernoulliRewardLanes::applicable(instance, N));
  const std::uint64_t seed = 9, base = (1ULL << 40) * 3 + (1ULL << 21);
  fast::BernoulliRewardLanes lanes(instance, N, seed, base);
  std::vector<ChaCha20Source> sources;
  std::vector<fast::Bernoulli> laws;
  for (std::uint32_t n = 0; n < N; ++n)
    for (std::uint32_t a = 0; a < K; ++a) sources.emplace_back(seed, base + n * K + a);
  for (const Rational& m : means) laws.emplace_back(m);
  std::vector<std::uint64_t> pulls(N * K, 0);
  ChaCha20Source order(1234, 0);  // an arbitrary interleaving of (agent, arm) pulls
  for (int j = 0; j < 200000; ++j) {
    const auto n = static_cast<std::uint32_t>(uniform_below_u64(order, N));
    const auto a = static_cast<std::uint32_t>(uniform_below_u64(order, K));
    const std::size_t i = n * K + a;
    ASSERT_EQ(lanes.next(n, a), laws[a](sources[i]) ? 1 : 0) << "agent " << n << " arm " << a << " pull " << pulls[i];
    ASSERT_EQ(lanes.drawn(n, a), ++pulls[i]);
  }
}

}  // namespace
}  // namespace dpb
