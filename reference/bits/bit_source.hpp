// The random-bit model (docs/architecture.md §4). A BitSource yields a stream of fair, independent bits.
//
// Bit order (normative; docs/bits.md): a source is a sequence of bytes b0 b1 b2 ...; the stream of bits reads
// each byte from its most significant bit down (bit 7 of b0, bit 6 of b0, ..., bit 0 of b0, bit 7 of b1, ...).
// next_bits(k) takes the next k bits of the stream and returns them as an unsigned integer whose most
// significant bit is the first bit taken. So next_bits(8) on a fresh byte-aligned source returns the next byte.
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

namespace dpb {

template <class B>
concept BitSource = requires(B& b, unsigned k) {
  { b.next_bit() } -> std::convertible_to<bool>;
  { b.next_bits(k) } -> std::convertible_to<std::uint64_t>;  // 1 <= k <= 64
};

// Turns a byte producer (Derived::refill(std::span<std::uint8_t>) filling the whole span) into a bit source
// with the normative bit order. Bits are served from a 64-bit word loaded big-endian from the byte buffer.
template <class Derived, std::size_t BufferBytes = 4096>
class ByteStreamBits {
 public:
  bool next_bit() { return next_bits(1) != 0; }

  std::uint64_t next_bits(unsigned k) {
    if (k <= avail_) {
      std::uint64_t r = word_ >> (64 - k);
      word_ = k == 64 ? 0 : word_ << k;
      avail_ -= k;
      return r;
    }
    // Take the avail_ bits left, then k - avail_ bits of a fresh word.
    unsigned have = avail_;
    std::uint64_t high = have == 0 ? 0 : word_ >> (64 - have);
    load_word();
    unsigned rest = k - have;  // 1 <= rest <= 64
    std::uint64_t low = word_ >> (64 - rest);
    word_ = rest == 64 ? 0 : word_ << rest;
    avail_ = 64 - rest;
    return rest == 64 ? low : (high << rest) | low;
  }

  // The next k bits (1 <= k <= 64) without consuming them, when the current word still holds them; otherwise
  // false. A hint for callers that want to know an upcoming draw early (prefetching); reads nothing.
  bool peek_bits(unsigned k, std::uint64_t& out) const {
    if (k > avail_) return false;
    out = word_ >> (64 - k);
    return true;
  }

  // The bits of the current word not yet served, first at the top, and their number (`count`, 0 when the word is
  // used up). Reads nothing: a caller that uses them must consume them with next_bits afterwards
  // (optimized/samplers/internal/bit_cursor.hpp).
  std::uint64_t pending_bits(unsigned& count) const {
    count = avail_;
    return word_;
  }

  // The next up-to-64 bits without consuming them: the current word's pending bits followed by the first bits of the
  // next word when that word is already in the buffer (count = 64 then; otherwise the current word's pending bits
  // alone, as pending_bits). Reads nothing and never refills: the stream's position and the buffer are unchanged, so
  // a caller that uses them must consume them with next_bits afterwards (optimized/samplers/internal/bit_cursor.hpp).
  std::uint64_t lookahead_bits(unsigned& count) const {
    if (avail_ == 64 || pos_ + 8 > BufferBytes) {
      count = avail_;
      return word_;
    }
    const std::uint64_t next = big_endian_word(pos_);
    count = 64;
    return avail_ == 0 ? next : word_ | (next >> avail_);  // word_'s low 64 − avail_ bits are zero
  }

  // Number of bits served so far.
  std::uint64_t bits_consumed() const { return consumed_words_ * 64 - avail_; }

 private:
  void load_word() {
    if (pos_ + 8 > BufferBytes) {
      static_cast<Derived*>(this)->refill(std::span<std::uint8_t>(buffer_, BufferBytes));
      pos_ = 0;
    }
    word_ = big_endian_word(pos_);
    pos_ += 8;
    avail_ = 64;
    ++consumed_words_;
  }

  std::uint64_t big_endian_word(std::size_t at) const {
    std::uint64_t w;
    std::memcpy(&w, buffer_ + at, 8);
    if constexpr (std::endian::native == std::endian::little) w = __builtin_bswap64(w);
    return w;  // the bytes at..at+7, the first at the top
  }

  std::uint8_t buffer_[BufferBytes]{};
  std::size_t pos_ = BufferBytes;  // empty: the first load refills
  std::uint64_t word_ = 0;
  unsigned avail_ = 0;
  std::uint64_t consumed_words_ = 0;
};

// Counts the bits drawn through it (bits per sample is a reported metric).
template <BitSource B>
class CountingSource {
 public:
  explicit CountingSource(B& inner) : inner_(inner) {}
  bool next_bit() {
    ++count_;
    return inner_.next_bit();
  }
  std::uint64_t next_bits(unsigned k) {
    count_ += k;
    return inner_.next_bits(k);
  }
  std::uint64_t count() const { return count_; }
  void reset() { count_ = 0; }
  // Forwards the inner source's pending_bits (reading nothing, counting nothing) when it has one.
  std::uint64_t pending_bits(unsigned& count) const
    requires requires(const B& b, unsigned& n) { b.pending_bits(n); }
  {
    return inner_.pending_bits(count);
  }
  // Forwards the inner source's lookahead_bits (reading nothing, counting nothing) when it has one.
  std::uint64_t lookahead_bits(unsigned& count) const
    requires requires(const B& b, unsigned& n) { b.lookahead_bits(n); }
  {
    return inner_.lookahead_bits(count);
  }

 private:
  B& inner_;
  std::uint64_t count_ = 0;
};

}  // namespace dpb
