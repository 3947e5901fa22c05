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

namespace internal {
struct ChaCha20Cipher;  // OpenSSL's context (chacha20.cpp)
struct ChaCha20CipherDeleter {
  void operator()(ChaCha20Cipher* c) const;
};
std::unique_ptr<ChaCha20Cipher, ChaCha20CipherDeleter> make_chacha20_cipher(const std::array<std::uint8_t, 32>& key);
void chacha20_keystream(ChaCha20Cipher& cipher, std::span<std::uint8_t> out);
}  // namespace internal

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
  std::unique_ptr<internal::ChaCha20Cipher, internal::ChaCha20CipherDeleter> cipher_;
};

// The same keystream and bits as ChaCha20Source(seed, stream), buffered 64 bytes (one ChaCha20 block) at a time
// instead of 4096: about 100 bytes of state that a draw touches, for callers that hold many streams at once and
// draw a few bits from each in turn (the optimized multi-agent engine's N·K reward streams).
class CompactChaCha20Source : public ByteStreamBits<CompactChaCha20Source, 64> {
 public:
  CompactChaCha20Source(std::uint64_t seed, std::uint64_t stream)
      : cipher_(internal::make_chacha20_cipher(chacha20_key_for_seed(seed, stream))) {}
  void refill(std::span<std::uint8_t> out) { internal::chacha20_keystream(*cipher_, out); }

 private:
  std::unique_ptr<internal::ChaCha20Cipher, internal::ChaCha20CipherDeleter> cipher_;
};

}  // namespace dpb
