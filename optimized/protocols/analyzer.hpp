// Analyzer A of seed 000, optimized build of reference/protocols/analyzer.hpp:
//   decode(y) = y − m if y > n·g + τ (strict), else y;   z = decode(y)/g.
// With 0 <= y < m <= 2^62 the subtraction is done in int64 without overflow. proofs/000.decode-bv64.smt2 proves
// this exact expression equal to the integer decode for every y ∈ [0, m), threshold < m <= 2^62;
// proofs/000.decode.smt2 proves the integer decode correct on the window [−τ, n·g + τ].
#pragma once

#include <cstdint>

namespace dpb::fast {

class Analyzer {
 public:
  Analyzer(std::int64_t g, std::uint64_t threshold, std::uint64_t m) : g_(g), threshold_(threshold), m_(m) {}

  std::int64_t decode(std::uint64_t y) const {
    return y > threshold_ ? static_cast<std::int64_t>(y) - static_cast<std::int64_t>(m_) : static_cast<std::int64_t>(y);
  }

  std::int64_t g() const { return g_; }
  std::uint64_t threshold() const { return threshold_; }
  std::uint64_t m() const { return m_; }

 private:
  std::int64_t g_;
  std::uint64_t threshold_, m_;
};

}  // namespace dpb::fast
