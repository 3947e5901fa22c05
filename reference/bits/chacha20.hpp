// Seeded bit source: the ChaCha20 keystream of RFC 8439 (computed by OpenSSL's EVP_chacha20).
//
// Key derivation (normative; docs/bits.md gives a worked example):
//   key   = SHA-256( "dpbandit/chacha20/v1" || LE64(seed) || LE64(stream) )     (20 + 8 + 8 = 36 bytes hashed)
//   nonce = 12 zero bytes; the block counter starts at 0.
// The source's bytes are the keystream bytes in order (block 0 bytes 0..63, block 1, ...), read as bits
// in the order of bit_source.hpp. `stream` selects independent streams for one seed (runs, users, arms).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "reference/bits/bit_source.hpp"

namespace dpb {

std::array<std::uint8_t, 32> chacha20_key_for_seed(std::uint64_t seed, std::uint64_t stream = 0);

class ChaCha20Source : public ByteStreamBits<ChaCha20Source> {
 public:
  explicit ChaCha20Source(std::uint64_t seed, std::uint64_t stream = 0);
  explicit ChaCha20Source(const std::array<std::uint8_t, 32>& key);
  ChaCha20Source(const ChaCha20Source&) = delete;
  ChaCha20Source& operator=(const ChaCha20Source&) = delete;
  ChaCha20Source(ChaCha20Source&&) noexcept;
  ChaCha20Source& operator=(ChaCha20Source&&) noexcept;
  ~ChaCha20Source();

  void refill(std::span<std::uint8_t> out);

 private:
  struct Cipher;
  std::unique_ptr<Cipher> cipher_;
};

}  // namespace dpb
