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

}  // namespace dpb::fast
