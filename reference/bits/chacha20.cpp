#include "reference/bits/chacha20.hpp"

#include <openssl/evp.h>
#include <openssl/sha.h>

#include <stdexcept>
#include <string_view>

namespace dpb {

namespace {
void put_le64(std::uint8_t* out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
}  // namespace

std::array<std::uint8_t, 32> chacha20_key_for_seed(std::uint64_t seed, std::uint64_t stream) {
  constexpr std::string_view domain = "dpbandit/chacha20/v1";
  std::uint8_t message[20 + 16];
  static_assert(domain.size() == 20);
  for (std::size_t i = 0; i < domain.size(); ++i) message[i] = static_cast<std::uint8_t>(domain[i]);
  put_le64(message + 20, seed);
  put_le64(message + 28, stream);
  std::array<std::uint8_t, 32> key{};
  SHA256(message, sizeof message, key.data());
  return key;
}

namespace internal {

struct ChaCha20Cipher {
  EVP_CIPHER_CTX* ctx = nullptr;
  ~ChaCha20Cipher() { EVP_CIPHER_CTX_free(ctx); }
};

void ChaCha20CipherDeleter::operator()(ChaCha20Cipher* c) const { delete c; }

std::unique_ptr<ChaCha20Cipher, ChaCha20CipherDeleter> make_chacha20_cipher(const std::array<std::uint8_t, 32>& key) {
  std::unique_ptr<ChaCha20Cipher, ChaCha20CipherDeleter> c(new ChaCha20Cipher);
  c->ctx = EVP_CIPHER_CTX_new();
  // OpenSSL's 16-byte ChaCha20 IV is LE32(block counter) || 12-byte nonce (RFC 8439 §2.3).
  std::uint8_t iv[16] = {0};
  if (c->ctx == nullptr || EVP_EncryptInit_ex(c->ctx, EVP_chacha20(), nullptr, key.data(), iv) != 1)
    throw std::runtime_error("ChaCha20Source: OpenSSL EVP_chacha20 initialisation failed");
  return c;
}

void chacha20_keystream(ChaCha20Cipher& cipher, std::span<std::uint8_t> out) {
  // The keystream is the encryption of zero bytes.
  std::fill(out.begin(), out.end(), std::uint8_t{0});
  int len = 0;
  if (EVP_EncryptUpdate(cipher.ctx, out.data(), &len, out.data(), static_cast<int>(out.size())) != 1 ||
      static_cast<std::size_t>(len) != out.size())
    throw std::runtime_error("ChaCha20Source: OpenSSL keystream generation failed");
}

}  // namespace internal

ChaCha20Source::ChaCha20Source(std::uint64_t seed, std::uint64_t stream)
    : ChaCha20Source(chacha20_key_for_seed(seed, stream)) {}

ChaCha20Source::ChaCha20Source(const std::array<std::uint8_t, 32>& key)
    : cipher_(internal::make_chacha20_cipher(key)) {}

ChaCha20Source::ChaCha20Source(ChaCha20Source&&) noexcept = default;
ChaCha20Source& ChaCha20Source::operator=(ChaCha20Source&&) noexcept = default;
ChaCha20Source::~ChaCha20Source() = default;

void ChaCha20Source::refill(std::span<std::uint8_t> out) { internal::chacha20_keystream(*cipher_, out); }

}  // namespace dpb
