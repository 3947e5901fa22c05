// Draw-by-draw bit identity of a reference sampler and its optimized twin (docs/architecture.md §3: the optimized
// build is bit-identical to the reference on one seeded bit stream): both draw from ChaCha20(seed); every draw must
// give the same value after the same number of bits. Reports the first five differing draws with their bit counts.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/bit_source.hpp"

namespace dpb::test {

template <class Ref, class Fast>
void expect_bit_identical(Ref&& reference, Fast&& optimized, std::uint64_t seed, const std::string& label,
                          std::uint64_t draws = 1'000'000, std::uint64_t min_bits_per_draw = 0) {
  ChaCha20Source ref_source(seed), fast_source(seed);
  CountingSource ref_bits(ref_source), fast_bits(fast_source);
  int mismatches = 0;
  for (std::uint64_t i = 0; i < draws && mismatches < 5; ++i) {
    const auto x = reference(ref_bits);
    const auto y = optimized(fast_bits);
    if (!(x == y) || ref_bits.count() != fast_bits.count()) {
      ++mismatches;
      std::ostringstream out;
      out << label << ": draw " << i << " differs: reference " << x << " after " << ref_bits.count()
          << " bits, optimized " << y << " after " << fast_bits.count() << " bits";
      ADD_FAILURE() << out.str();
    }
  }
  EXPECT_EQ(ref_bits.count(), fast_bits.count()) << label;
  EXPECT_GT(ref_bits.count(), 0U) << label;
  EXPECT_GE(ref_bits.count(), min_bits_per_draw * draws) << label;
}

}  // namespace dpb::test
