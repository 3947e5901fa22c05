// Seed 004's lazy (agent, arm, pull) reward tape for Bernoulli arms, optimized build: the rewards of
// reference/environments/agent_rewards.hpp (agent n's j-th pull of arm a = the j-th Bernoulli(μ_a) draw of
// ChaCha20Source(seed, reward_base + n·K + a)), decoded a ChaCha20 block at a time instead of one draw at a time.
//
// Why the values are the reference's. A Bernoulli(a/b) draw (a/b in lowest terms) is uniform_below(b) < a
// (docs/bits.md §3): tries of k = bit_length(b − 1) bits, read one after the other from the stream, the first try
// u < b decides, and the outcome is u < a. Since a <= b, "u < a" implies "u < b", so the outcome sequence of a
// stream is the sequence, over its tries in stream order, of (u < a) for the accepted tries (u < b). That sequence
// depends only on the stream's bits, not on when the engine asks for the next value: decoding every try of a block
// when the block is produced, and handing the outcomes out one per pull, gives the j-th pull the j-th draw. A try
// that straddles two blocks is completed with the next block (the `carry`, < k bits). b = 1 (μ ∈ {0, 1}) takes no
// bits: the value is μ. Nothing else reads a reward stream (agent_rewards.hpp: one stream per (agent, arm)), so
// reading a stream ahead of the pulls is invisible. The keystream is the ChaCha20 block function
// (optimized/internal/chacha20_block.hpp), 32 bytes of key and a counter per stream instead of an OpenSSL context.
//
// Layout: one 24-byte hot lane per (agent, arm), agent-major (an activation's lanes are adjacent): up to 64
// decoded outcomes, the pull count, and the index of the stream's cold state (key, block counter, carry, the rest
// of the decoded block), which is created on the stream's first pull and touched once per 64 outcomes.
// Property test: tests/optimized/samplers/bernoulli_block_prop_test.cpp (every outcome equals fast::Bernoulli's on
// the same stream, over many seeds, (a, b) pairs and boundary tries). Used by optimized/learners/mase.cpp when
// every arm is Bernoulli, no reward script is set, and N·K <= kMaxLanes.
#pragma once

#include <cstdint>
#include <vector>

#include "optimized/internal/chacha20_block.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/rational.hpp"
#include "reference/environments/bandit_instance.hpp"

namespace dpb::fast {

// The Bernoulli(a/b) rule of one stream: k = bit_length(b − 1) bits per try (0 <= k <= 63), a <= b, b >= 1.
struct BernoulliCode {
  std::uint64_t a = 0, b = 1;
  unsigned k = 0;
  static BernoulliCode of(std::uint64_t a, std::uint64_t b) {
    return {a, b, b <= 1 ? 0U : 64U - static_cast<unsigned>(__builtin_clzll(b - 1))};
  }
};

// Decodes the tries of one block: `carry_bits` (< k) bits left over from the previous block (the low bits of
// `carry`, first bit most significant), then the 512 bits of `words` (docs/bits.md bit order). Writes the outcomes
// of the accepted tries to `out` (most significant bit first; out must be zero on entry), returns their number,
// and leaves the < k bits of an unfinished try in carry/carry_bits. k >= 1.
inline unsigned decode_bernoulli_block(const std::uint64_t words[8], const BernoulliCode& code, std::uint64_t& carry,
                                       unsigned& carry_bits, std::uint64_t out[8]) {
  __extension__ typedef unsigned __int128 u128;
  const unsigned k = code.k;
  const std::uint64_t mask = (std::uint64_t{1} << k) - 1;  // k <= 63
  u128 acc = carry;
  unsigned have = carry_bits, pos = 0;
  for (int i = 0; i < 8; ++i) {
    acc = (acc << 64) | words[i];  // have + 64 <= 126 bits
    have += 64;
    while (have >= k) {
      have -= k;
      const auto u = static_cast<std::uint64_t>(acc >> have) & mask;
      out[pos >> 6] |= static_cast<std::uint64_t>(u < code.a) << (63 - (pos & 63));
      pos += u < code.b ? 1U : 0U;
    }
  }
  carry = have == 0 ? 0 : static_cast<std::uint64_t>(acc) & ((std::uint64_t{1} << have) - 1);
  carry_bits = have;
  return pos;
}

// The same for k dividing 64 (k ∈ {1, 2, 4, 8, 16, 32}): no try straddles a word and the carry stays empty, so the
// tries are read at fixed offsets (the common P1 case: b = 10, k = 4). Same outcomes as the general routine.
template <unsigned K>
inline unsigned decode_bernoulli_block_aligned(const std::uint64_t words[8], const BernoulliCode& code,
                                               std::uint64_t out[8]) {
  static_assert(64 % K == 0);
  constexpr std::uint64_t mask = K == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << K) - 1;
  unsigned pos = 0, nbits = 0;
  std::uint64_t cur = 0;
  for (int i = 0; i < 8; ++i) {
    const std::uint64_t w = words[i];
    for (unsigned j = 1; j <= 64 / K; ++j) {
      const std::uint64_t u = (w >> (64 - K * j)) & mask;
      const bool accept = u < code.b;
      cur = accept ? (cur << 1) | static_cast<std::uint64_t>(u < code.a) : cur;
      nbits += accept ? 1U : 0U;
      if (nbits == 64) {
        out[pos >> 6] = cur;
        pos += 64;
        nbits = 0;
        cur = 0;
      }
    }
  }
  if (nbits > 0) out[pos >> 6] = cur << (64 - nbits);
  return pos + nbits;
}

namespace detail {

// k = 4 (3 <= b <= 16, P1's b = 10), the sixteen tries of a word at once. A nibble v < c (1 <= c <= 16) iff the byte
// lane sum v + (16 − c) stays below 16 (no lane overflows: v + 16 − c <= 30). For each nibble this sets a flag at the
// nibble's top bit (bit 4j + 3) when v >= c; accepted = v < b, outcome = v < a. The outcomes of the accepted tries,
// in stream order (the most significant nibble first), are the bits of O selected by A, gathered by pext: bit i of
// the result is the i-th selected bit counted from the least significant end, so the first try is the top one.
inline std::uint64_t nibble_ge_flags(std::uint64_t w, std::uint64_t c) {
  constexpr std::uint64_t kLow = 0x0f0f0f0f0f0f0f0fULL, kBit4 = 0x1010101010101010ULL, kOnes = 0x0101010101010101ULL;
  const std::uint64_t add = (16 - c) * kOnes;
  const std::uint64_t lo = ((w & kLow) + add) & kBit4;          // low nibble of each byte: flag at bit 4
  const std::uint64_t hi = (((w >> 4) & kLow) + add) & kBit4;   // high nibble: flag at bit 4 of the shifted byte
  return (lo >> 1) | (hi << 3);                                 // flags at bits 3 and 7 of each byte
}

__attribute__((target("bmi2"))) inline unsigned decode_nibbles_bmi2(const std::uint64_t words[8],
                                                                    const BernoulliCode& code, std::uint64_t out[8]) {
  constexpr std::uint64_t kTop = 0x8888888888888888ULL;
  __extension__ typedef unsigned __int128 u128;
  u128 acc = 0;  // pending outcomes in its low `nbits` bits, the first most significant
  unsigned nbits = 0, pos = 0;
  for (int i = 0; i < 8; ++i) {
    const std::uint64_t w = words[i];
    const std::uint64_t accepted = ~nibble_ge_flags(w, code.b) & kTop;
    const std::uint64_t ones = ~nibble_ge_flags(w, code.a) & kTop;  // a >= 1 here; a = 0 gives no ones
    const auto n = static_cast<unsigned>(__builtin_popcountll(accepted));
    const std::uint64_t packed = __builtin_ia32_pext_di(code.a == 0 ? 0 : ones, accepted);
    acc = (acc << n) | packed;
    nbits += n;
    if (nbits >= 64) {
      nbits -= 64;
      out[pos >> 6] = static_cast<std::uint64_t>(acc >> nbits);
      pos += 64;
    }
  }
  if (nbits > 0) out[pos >> 6] = static_cast<std::uint64_t>(acc << (64 - nbits));
  return pos + nbits;
}

inline bool cpu_has_bmi2() {
  static const bool has = __builtin_cpu_supports("bmi2");
  return has;
}

}  // namespace detail

// Dispatches on k: the aligned routine for k ∈ {1, 2, 4, 8} (k = 4 with BMI2's pext when the processor has it), the
// general one otherwise.
inline unsigned decode_bernoulli_block_any(const std::uint64_t words[8], const BernoulliCode& code,
                                           std::uint64_t& carry, unsigned& carry_bits, std::uint64_t out[8]) {
  switch (code.k) {
    case 1: return decode_bernoulli_block_aligned<1>(words, code, out);
    case 2: return decode_bernoulli_block_aligned<2>(words, code, out);
    case 4:
      return detail::cpu_has_bmi2() ? detail::decode_nibbles_bmi2(words, code, out)
                                    : decode_bernoulli_block_aligned<4>(words, code, out);
    case 8: return decode_bernoulli_block_aligned<8>(words, code, out);
    default: return decode_bernoulli_block(words, code, carry, carry_bits, out);
  }
}

// One stream's Bernoulli(a/b) draws, decoded a block at a time (the property test's unit; the engine inlines the
// same steps into its lanes).
class BernoulliBlockStream {
 public:
  BernoulliBlockStream(std::uint64_t seed, std::uint64_t stream, BernoulliCode code)
      : key_(chacha20_key_words(chacha20_key_for_seed(seed, stream))), code_(code) {}
  bool next() {
    if (code_.k == 0) return code_.a != 0;
    while (pos_ == len_) {
      std::uint64_t words[8];
      chacha20_block_be64(key_, block_++, words);
      for (auto& q : queue_) q = 0;
      len_ = decode_bernoulli_block_any(words, code_, carry_, carry_bits_, queue_);
      pos_ = 0;
    }
    const bool r = (queue_[pos_ >> 6] >> (63 - (pos_ & 63))) & 1U;
    ++pos_;
    return r;
  }

 private:
  ChaCha20Key key_;
  BernoulliCode code_;
  std::uint64_t block_ = 0, carry_ = 0;
  unsigned carry_bits_ = 0, pos_ = 0, len_ = 0;
  std::uint64_t queue_[8] = {};
};

class BernoulliRewardLanes {
 public:
  static constexpr std::uint64_t kMaxLanes = std::uint64_t{1} << 22;  // 96 MiB of lanes at most

  // Every arm Bernoulli with a mean whose denominator fits 64 bits, and N·K <= kMaxLanes.
  static bool applicable(const ref::BanditInstance& instance, std::uint32_t agents) {
    if (instance.kind() != ref::ArmKind::Bernoulli) return false;
    if (static_cast<std::uint64_t>(agents) * instance.arms() > kMaxLanes) return false;
    for (std::uint32_t a = 0; a < instance.arms(); ++a) {
      const Rational& m = instance.law(a).mean;
      if (m < 0 || m > 1 || !fits_int64(Integer(boost::multiprecision::denominator(m)))) return false;
    }
    return true;
  }

  BernoulliRewardLanes(const ref::BanditInstance& instance, std::uint32_t agents, std::uint64_t seed,
                       std::uint64_t reward_base)
      : K_(instance.arms()), seed_(seed), base_(reward_base),
        lanes_(static_cast<std::size_t>(agents) * instance.arms()) {
    for (std::uint32_t a = 0; a < K_; ++a) {
      const Rational& m = instance.law(a).mean;
      codes_.push_back(BernoulliCode::of(to_uint64(Integer(boost::multiprecision::numerator(m))),
                                         to_uint64(Integer(boost::multiprecision::denominator(m)))));
    }
  }

  // The next reward (0 or 1) of arm a for agent n.
  std::int32_t next(std::uint32_t n, std::uint32_t a) {
    Lane& l = lanes_[static_cast<std::size_t>(n) * K_ + a];
    if (l.left == 0) refill(l, n, a);
    const auto r = static_cast<std::int32_t>(l.bits >> 63);
    l.bits = (l.bits << 1) | (l.bits >> 63);  // a rotation: b = 1's constant lane keeps its value
    --l.left;
    ++l.count;
    return r;
  }
  // How many rewards of (n, a) have been read.
  std::uint64_t drawn(std::uint32_t n, std::uint32_t a) const {
    return lanes_[static_cast<std::size_t>(n) * K_ + a].count;
  }
  // Brings agent n's lanes towards the cache (a hint; no effect on values).
  void prefetch(std::uint32_t n) const {
    const char* p = reinterpret_cast<const char*>(&lanes_[static_cast<std::size_t>(n) * K_]);
    const char* end = reinterpret_cast<const char*>(&lanes_[static_cast<std::size_t>(n) * K_] + K_);
    for (; p < end; p += 64) __builtin_prefetch(p, 1);
  }

 private:
  static constexpr std::uint32_t kNoCold = 0xffffffffU;
  struct Lane {
    std::uint64_t bits = 0;   // decoded outcomes, the next one in the most significant bit
    std::uint64_t count = 0;  // pulls so far
    std::uint32_t left = 0;   // outcomes left in bits
    std::uint32_t cold = kNoCold;
  };
  struct Cold {
    ChaCha20Key key;
    std::uint64_t block = 0, carry = 0;
    std::uint32_t carry_bits = 0, pos = 0, len = 0;
    std::uint64_t queue[8] = {};
  };

  [[gnu::noinline]] void refill(Lane& l, std::uint32_t n, std::uint32_t a) {
    const BernoulliCode& code = codes_[a];
    if (code.k == 0) {  // μ ∈ {0, 1}: no bits
      l.bits = code.a != 0 ? ~std::uint64_t{0} : 0;
      l.left = 0xffffffffU;
      return;
    }
    if (l.cold == kNoCold) {
      l.cold = static_cast<std::uint32_t>(cold_.size());
      cold_.emplace_back();
      cold_.back().key =
          chacha20_key_words(chacha20_key_for_seed(seed_, base_ + static_cast<std::uint64_t>(n) * K_ + a));
    }
    Cold& c = cold_[l.cold];
    while (c.pos == c.len) {
      std::uint64_t words[8];
      chacha20_block_be64(c.key, c.block++, words);
      for (auto& q : c.queue) q = 0;
      c.len = decode_bernoulli_block_any(words, code, c.carry, c.carry_bits, c.queue);
      c.pos = 0;
    }
    const std::uint32_t take = c.len - c.pos < 64 ? c.len - c.pos : 64;  // pos is a multiple of 64 here
    l.bits = c.queue[c.pos >> 6];
    l.left = take;
    c.pos += take;
  }

  std::uint32_t K_;
  std::uint64_t seed_, base_;
  std::vector<BernoulliCode> codes_;
  std::vector<Lane> lanes_;
  std::vector<Cold> cold_;
};

}  // namespace dpb::fast
