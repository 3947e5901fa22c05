// The ChaCha20 block function of RFC 8439 §2.3 (Nir & Langley, "ChaCha20 and Poly1305 for IETF Protocols", 2018),
// written out for the optimized build: the same keystream as dpb::ChaCha20Source (OpenSSL's EVP_chacha20 under the
// key of docs/bits.md §1, all-zero nonce, block counter from 0), without an OpenSSL context per stream. Callers that
// hold thousands of streams (the multi-agent engine's (agent, arm) reward streams) keep 32 bytes of key and a block
// counter per stream instead of an EVP_CIPHER_CTX, and produce a block with no library call.
//
// Counter: the 32-bit block counter of RFC 8439 is word 12; OpenSSL carries its overflow into word 13 (the first
// nonce word), so block i of a stream is the block with words 12, 13 = the low and high halves of i. The same here
// (reached only after 2^32 blocks = 256 GiB of one stream). tests/reference/bits/bit_source_test.cpp
// (`ChaCha20BlockTest`) checks RFC 8439's test vector and the keystream against ChaCha20Source.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "reference/bits/chacha20.hpp"

namespace dpb::fast {

struct ChaCha20Key {
  std::uint32_t w[8];  // the 32-byte key as eight little-endian words (RFC 8439 §2.3)
};

inline ChaCha20Key chacha20_key_words(const std::array<std::uint8_t, 32>& key) {
  ChaCha20Key k{};
  for (int i = 0; i < 8; ++i)
    k.w[i] = static_cast<std::uint32_t>(key[4 * i]) | static_cast<std::uint32_t>(key[4 * i + 1]) << 8 |
             static_cast<std::uint32_t>(key[4 * i + 2]) << 16 | static_cast<std::uint32_t>(key[4 * i + 3]) << 24;
  return k;
}

namespace detail {
inline std::uint32_t rotl32(std::uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }
inline void quarter_round(std::uint32_t& a, std::uint32_t& b, std::uint32_t& c, std::uint32_t& d) {
  a += b, d ^= a, d = rotl32(d, 16);
  c += d, b ^= c, b = rotl32(b, 12);
  a += b, d ^= a, d = rotl32(d, 8);
  c += d, b ^= c, b = rotl32(b, 7);
}
}  // namespace detail

// Block `block` of the keystream under `key` (nonce 0), as its sixteen little-endian 32-bit output words: byte j of
// the block is byte j % 4 (little-endian) of out[j / 4].
inline void chacha20_block_words(const ChaCha20Key& key, std::uint64_t block, std::uint32_t out[16]) {
  const std::uint32_t in[16] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u,  // "expand 32-byte k"
                                key.w[0],    key.w[1],    key.w[2],    key.w[3],
                                key.w[4],    key.w[5],    key.w[6],    key.w[7],
                                static_cast<std::uint32_t>(block), static_cast<std::uint32_t>(block >> 32), 0u, 0u};
  std::uint32_t x[16];
  for (int i = 0; i < 16; ++i) x[i] = in[i];
  for (int round = 0; round < 10; ++round) {  // 20 rounds: 10 column + diagonal double rounds
    detail::quarter_round(x[0], x[4], x[8], x[12]);
    detail::quarter_round(x[1], x[5], x[9], x[13]);
    detail::quarter_round(x[2], x[6], x[10], x[14]);
    detail::quarter_round(x[3], x[7], x[11], x[15]);
    detail::quarter_round(x[0], x[5], x[10], x[15]);
    detail::quarter_round(x[1], x[6], x[11], x[12]);
    detail::quarter_round(x[2], x[7], x[8], x[13]);
    detail::quarter_round(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 16; ++i) out[i] = x[i] + in[i];
}

// The same block as eight 64-bit words in the bit order of docs/bits.md §2: word i holds bytes 8i..8i+7, the first
// byte most significant (what ByteStreamBits loads).
inline void chacha20_block_be64(const ChaCha20Key& key, std::uint64_t block, std::uint64_t out[8]) {
  std::uint32_t w[16];
  chacha20_block_words(key, block, w);
  for (int i = 0; i < 8; ++i)
    out[i] = static_cast<std::uint64_t>(__builtin_bswap32(w[2 * i])) << 32 | __builtin_bswap32(w[2 * i + 1]);
}

// Four consecutive blocks block, …, block + 3 at once (GCC/Clang vector extensions: the four blocks' word i in
// one 128-bit vector, so each quarter round works on four blocks; SSE2 on x86-64), as 32 64-bit words in the bit
// order of docs/bits.md §2 (word 8j + i holds bytes 8i..8i+7 of block block + j, the first byte most significant).
inline void chacha20_four_blocks_be64(const ChaCha20Key& key, std::uint64_t block, std::uint64_t out[32]) {
  typedef std::uint32_t v4 __attribute__((vector_size(16)));
  const auto splat = [](std::uint32_t x) { return v4{x, x, x, x}; };
  const std::uint64_t b0 = block, b1 = block + 1, b2 = block + 2, b3 = block + 3;
  v4 in[16] = {splat(0x61707865u), splat(0x3320646eu), splat(0x79622d32u), splat(0x6b206574u),
               splat(key.w[0]),    splat(key.w[1]),    splat(key.w[2]),    splat(key.w[3]),
               splat(key.w[4]),    splat(key.w[5]),    splat(key.w[6]),    splat(key.w[7]),
               v4{static_cast<std::uint32_t>(b0), static_cast<std::uint32_t>(b1), static_cast<std::uint32_t>(b2),
                  static_cast<std::uint32_t>(b3)},
               v4{static_cast<std::uint32_t>(b0 >> 32), static_cast<std::uint32_t>(b1 >> 32),
                  static_cast<std::uint32_t>(b2 >> 32), static_cast<std::uint32_t>(b3 >> 32)},
               splat(0), splat(0)};
  v4 x[16];
  for (int i = 0; i < 16; ++i) x[i] = in[i];
  const auto qr = [](v4& a, v4& b, v4& c, v4& d) {
    a += b, d ^= a, d = (d << 16) | (d >> 16);
    c += d, b ^= c, b = (b << 12) | (b >> 20);
    a += b, d ^= a, d = (d << 8) | (d >> 24);
    c += d, b ^= c, b = (b << 7) | (b >> 25);
  };
  for (int round = 0; round < 10; ++round) {
    qr(x[0], x[4], x[8], x[12]);
    qr(x[1], x[5], x[9], x[13]);
    qr(x[2], x[6], x[10], x[14]);
    qr(x[3], x[7], x[11], x[15]);
    qr(x[0], x[5], x[10], x[15]);
    qr(x[1], x[6], x[11], x[12]);
    qr(x[2], x[7], x[8], x[13]);
    qr(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 8; ++i) {  // output words 2i and 2i + 1 (little-endian) form the big-endian 64-bit word i
    const v4 hi = x[2 * i] + in[2 * i], lo = x[2 * i + 1] + in[2 * i + 1];
    for (int j = 0; j < 4; ++j)
      out[8 * j + i] = static_cast<std::uint64_t>(__builtin_bswap32(hi[j])) << 32 | __builtin_bswap32(lo[j]);
  }
}

// The bits of ChaCha20Source(seed, stream) (and of CompactChaCha20Source), four 64-byte blocks at a time from the
// block function above, with ByteStreamBits' reading rule (docs/bits.md §2) written over 64-bit words that the
// refill stores already in bit order: about 300 bytes of state, no OpenSSL context, and a next_bits that inlines
// (the multi-agent engine's generic reward streams, one per (agent, arm); P2's discrete Gaussian reads ~190 bits
// a pull). tests/optimized/samplers/bernoulli_block_test.cpp compares it with ChaCha20Source over mixed widths.
class ChaCha20BlockSource {
 public:
  ChaCha20BlockSource(std::uint64_t seed, std::uint64_t stream)
      : key_(chacha20_key_words(chacha20_key_for_seed(seed, stream))) {}

  bool next_bit() { return next_bits(1) != 0; }

  std::uint64_t next_bits(unsigned k) {  // 1 <= k <= 64
    if (k <= avail_) {
      const std::uint64_t r = word_ >> (64 - k);
      word_ = k == 64 ? 0 : word_ << k;
      avail_ -= k;
      return r;
    }
    const unsigned have = avail_;  // < k: take them, then k − have bits of the next word
    const std::uint64_t high = have == 0 ? 0 : word_ >> (64 - have);
    if (next_ == kWords) refill();
    word_ = words_[next_++];
    const unsigned rest = k - have;  // 1 <= rest <= 64
    const std::uint64_t low = word_ >> (64 - rest);
    word_ = rest == 64 ? 0 : word_ << rest;
    avail_ = 64 - rest;
    return rest == 64 ? low : (high << rest) | low;
  }

 private:
  static constexpr unsigned kWords = 32;  // four blocks
  [[gnu::noinline]] void refill() {
    chacha20_four_blocks_be64(key_, block_, words_);
    block_ += 4;
    next_ = 0;
  }

  std::uint64_t word_ = 0;  // the current word's unread bits, first bit most significant
  unsigned avail_ = 0, next_ = kWords;
  ChaCha20Key key_;
  std::uint64_t block_ = 0;
  std::uint64_t words_[kWords];
};

}  // namespace dpb::fast
