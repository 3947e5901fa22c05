// A register-resident view of a bit source's pending bits, for samplers that read many single bits (the optimized
// rounded normal: Karney's algorithm reads ~30 one-bit decisions per sample). Not API.
//
// The cursor reads the source's next up-to-64 bits without consuming them (`lookahead_bits`: the current word's
// pending bits and the start of the next buffered word; or `pending_bits`, the current word only;
// reference/bits/bit_source.hpp), serves bits from a local copy, and consumes from the source exactly the bits it
// served (commit: one next_bits call), so the source ends where it would have ended had every bit been read from it
// directly: same bits, same order, same count. ensure(k) tops the local copy up (commit, then look ahead again) when
// it holds fewer than k bits; when the local copy runs out during a read, the cursor commits, reads directly (which
// loads the source's next word) and looks ahead again. A source with neither is read bit by bit (the cursor is then
// a plain forwarder). The cursor is a BitSource itself, so the samplers' helpers (uniform_below_u64, the reference's
// fallbacks) can read through it; nothing else may read the source while a cursor is alive (it commits on
// destruction).
#pragma once

#include <cstdint>

#include "reference/bits/bit_source.hpp"

namespace dpb::fast::detail {

template <class B>
concept PeekableBits = requires(const B& b, unsigned& n) {
  { b.pending_bits(n) } -> std::convertible_to<std::uint64_t>;
};
template <class B>
concept LookaheadBits = requires(const B& b, unsigned& n) {
  { b.lookahead_bits(n) } -> std::convertible_to<std::uint64_t>;
};

template <BitSource B>
class BitCursor {
 public:
  explicit BitCursor(B& source) : src_(source) { peek(); }
  BitCursor(const BitCursor&) = delete;
  BitCursor& operator=(const BitCursor&) = delete;
  ~BitCursor() { commit(); }

  // The next `k` bits are available locally (then `window()` holds them in its top bits).
  bool has(unsigned k) const { return left_ >= k; }
  unsigned available() const { return left_; }
  std::uint64_t window() const { return cur_; }
  // Tops the local copy up when it holds fewer than k ≤ 64 bits (commit, look ahead again: reads nothing); true when
  // it then holds k.
  bool ensure(unsigned k) {
    if (left_ >= k) return true;
    commit();
    peek();
    return left_ >= k;
  }
  // Consumes k ≤ left locally held bits.
  void skip(unsigned k) {
    cur_ = k == 64 ? 0 : cur_ << k;
    left_ -= k;
    taken_ += k;
  }

  bool next_bit() {
    if (left_ == 0) return refill_bit();
    const bool b = (cur_ >> 63) != 0;
    skip(1);
    return b;
  }
  std::uint64_t next_bits(unsigned k) {
    if (k <= left_) [[likely]] {
      const std::uint64_t r = cur_ >> (64 - k);
      skip(k);
      return r;
    }
    return refill_bits(k);
  }

  // Consumes from the source the bits served so far.
  void commit() {
    if (taken_ != 0) src_.next_bits(taken_);
    taken_ = 0;
  }

 private:
  void peek() {
    if constexpr (LookaheadBits<B>) {
      cur_ = src_.lookahead_bits(left_);
    } else if constexpr (PeekableBits<B>) {
      cur_ = src_.pending_bits(left_);
    } else {
      cur_ = 0;
      left_ = 0;
    }
    taken_ = 0;
  }
  // The local copy holds fewer than k bits: read them from the source directly (out of line, so that next_bits'
  // local case inlines into the samplers).
  [[gnu::noinline]] std::uint64_t refill_bits(unsigned k) {
    commit();
    const std::uint64_t r = src_.next_bits(k);
    peek();
    return r;
  }
  bool refill_bit() {
    commit();
    const bool b = src_.next_bits(1) != 0;  // loads the source's next word
    peek();
    return b;
  }

  B& src_;
  std::uint64_t cur_ = 0;  // the locally held bits, first at the top
  unsigned left_ = 0;      // how many
  unsigned taken_ = 0;     // served from the source's pending word and not yet consumed from it
};

}  // namespace dpb::fast::detail
