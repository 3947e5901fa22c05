#include "reference/bits/tape.hpp"

#include "reference/core/errors.hpp"

namespace dpb {

void Tape::append(std::uint64_t value, unsigned k) {
  for (unsigned i = k; i-- > 0;) {
    if (bit_length % 8 == 0) bytes.push_back(0);
    if ((value >> i) & 1U) bytes.back() |= static_cast<std::uint8_t>(1U << (7 - bit_length % 8));
    ++bit_length;
  }
}

std::string Tape::to_hex() const {
  static const char* digits = "0123456789abcdef";
  std::string s;
  s.reserve(bytes.size() * 2);
  for (std::uint8_t b : bytes) {
    s.push_back(digits[b >> 4]);
    s.push_back(digits[b & 15]);
  }
  return s;
}

Tape Tape::from_hex(const std::string& hex, std::uint64_t bit_length) {
  if (hex.size() % 2 != 0 || hex.size() / 2 < (bit_length + 7) / 8)
    throw_parameter_error("Tape::from_hex", "hex", "an even-length hex string holding bit_length bits", hex.substr(0, 40));
  Tape t;
  auto nibble = [&](char c) -> unsigned {
    if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return static_cast<unsigned>(c - 'A' + 10);
    throw_parameter_error("Tape::from_hex", "hex", "hexadecimal digits", std::string(1, c));
  };
  for (std::size_t i = 0; i < hex.size(); i += 2)
    t.bytes.push_back(static_cast<std::uint8_t>((nibble(hex[i]) << 4) | nibble(hex[i + 1])));
  t.bit_length = bit_length;
  return t;
}

}  // namespace dpb
