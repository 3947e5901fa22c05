// Property tests of A∘S∘R (claim 000.decode, proof of Theorem 1 in Chowdhury & Zhou 2023), in both builds: for any
// encoded rewards x̂ ∈ {0..g}^n and any per-user noises η (arbitrary integers, negative included) with |Σ η_i| <= τ,
// the analyzer's output on the secure sum of the messages (x̂_i + η_i) mod m is exactly (Σ x̂_i + Σ η_i)/g, for all
// three secure sums (modular, masked, shuffled shares); the masked and shuffled sums equal the plain modular sum.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "optimized/protocols/analyzer.hpp"
#include "optimized/protocols/masked_sum.hpp"
#include "optimized/protocols/modular.hpp"
#include "optimized/protocols/shuffled_shares.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/analyzer.hpp"
#include "reference/protocols/masked_sum.hpp"
#include "reference/protocols/modular.hpp"
#include "reference/protocols/shuffled_shares.hpp"

namespace dpb {
namespace {

struct Case {
  std::int64_t n, g, tau;
  std::vector<std::int64_t> x_hat, eta;
};

// n, g, τ, x̂ ∈ [0, g]^n, and η with Σ η = target ∈ [−τ, τ] (often at ±τ), the individual η_i of any size.
rc::Gen<Case> gen_case() {
  return rc::gen::exec([] {
    Case c;
    c.n = *rc::gen::inRange<std::int64_t>(1, 40);
    c.g = *rc::gen::inRange<std::int64_t>(1, 200);
    c.tau = *rc::gen::inRange<std::int64_t>(0, 500);
    for (std::int64_t i = 0; i < c.n; ++i) c.x_hat.push_back(*rc::gen::inRange<std::int64_t>(0, c.g + 1));
    const std::int64_t target = *rc::gen::oneOf(rc::gen::just(c.tau), rc::gen::just(-c.tau),
                                                rc::gen::inRange<std::int64_t>(-c.tau, c.tau + 1));
    std::int64_t sum = 0;
    for (std::int64_t i = 0; i + 1 < c.n; ++i) {
      const std::int64_t e = *rc::gen::inRange<std::int64_t>(-(std::int64_t{1} << 40), std::int64_t{1} << 40);
      c.eta.push_back(e);
      sum += e;
    }
    c.eta.push_back(target - sum);
    return c;
  });
}

RC_GTEST_PROP(DecodeProperty, AnalyzerOfSecureSumReturnsNoisySumInBothBuilds, ()) {
  const Case c = *gen_case();
  const std::int64_t m = c.n * c.g + 2 * c.tau + 1, threshold = c.n * c.g + c.tau;
  std::int64_t S = 0;
  for (std::size_t i = 0; i < c.x_hat.size(); ++i) S += c.x_hat[i] + c.eta[i];
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();

  // Reference build.
  const Integer M(m);
  std::vector<Integer> y;
  for (std::size_t i = 0; i < c.x_hat.size(); ++i) y.push_back(ref::residue(Integer(c.x_hat[i] + c.eta[i]), M));
  const ref::Analyzer A(Integer(c.g), Integer(threshold), M);
  const Integer plain = ref::modular_sum(y, M);
  ChaCha20Source b1(seed, 0), b2(seed, 1);
  const ref::MaskedSum masked = ref::masked_sum(std::span<const Integer>(y), M, b1);
  const ref::ShuffledShares shuffled = ref::shuffled_shares_sum(std::span<const Integer>(y), M, 3, b2);
  RC_ASSERT(masked.sum == plain);
  RC_ASSERT(shuffled.sum == plain);
  RC_ASSERT(A.decode(plain) == S);
  RC_ASSERT(A.output(plain) == Rational(Integer(S), Integer(c.g)));

  // Optimized build: η reduced first, then added to x̂ (local_randomizer.hpp).
  std::vector<std::uint64_t> yf;
  for (std::size_t i = 0; i < c.x_hat.size(); ++i)
    yf.push_back(fast::add_mod(static_cast<std::uint64_t>(c.x_hat[i]), fast::residue(c.eta[i], m), m));
  for (std::size_t i = 0; i < y.size(); ++i) RC_ASSERT(Integer(yf[i]) == y[i]);
  const fast::Analyzer Af(c.g, static_cast<std::uint64_t>(threshold), static_cast<std::uint64_t>(m));
  const std::uint64_t plain_f = fast::modular_sum(yf, static_cast<std::uint64_t>(m));
  ChaCha20Source f1(seed, 0), f2(seed, 1);
  const fast::MaskedSum masked_f = fast::masked_sum(std::span<const std::uint64_t>(yf), m, f1);
  const fast::ShuffledShares shuffled_f = fast::shuffled_shares_sum(std::span<const std::uint64_t>(yf), m, 3, f2);
  RC_ASSERT(masked_f.sum == plain_f);
  RC_ASSERT(shuffled_f.sum == plain_f);
  RC_ASSERT(Af.decode(plain_f) == S);
  // The two builds drew the same masks and shares.
  RC_ASSERT(masked_f.masks.size() == masked.masks.size());
  for (std::size_t i = 0; i < masked.masks.size(); ++i) RC_ASSERT(Integer(masked_f.masks[i]) == masked.masks[i]);
  for (std::size_t i = 0; i < shuffled.shuffled.size(); ++i)
    RC_ASSERT(Integer(shuffled_f.shuffled[i]) == shuffled.shuffled[i]);
}

RC_GTEST_PROP(DecodeProperty, NoisySumOutsideTheWindowDecodesToItsResidueMinusAWrongMultipleOfM, ()) {
  const auto n = *rc::gen::inRange<std::int64_t>(1, 40);
  const auto g = *rc::gen::inRange<std::int64_t>(1, 200);
  const auto tau = *rc::gen::inRange<std::int64_t>(0, 500);
  const std::int64_t m = n * g + 2 * tau + 1, threshold = n * g + tau;
  const auto S = *rc::gen::oneOf(rc::gen::inRange<std::int64_t>(threshold + 1, threshold + 1 + 3 * m),
                                 rc::gen::inRange<std::int64_t>(-tau - 3 * m, -tau));
  const fast::Analyzer A(g, static_cast<std::uint64_t>(threshold), static_cast<std::uint64_t>(m));
  const std::int64_t z = A.decode(fast::residue(S, static_cast<std::uint64_t>(m)));
  RC_ASSERT(z != S);
  RC_ASSERT((S - z) % m == 0);
  RC_ASSERT(-tau <= z && z <= threshold);
}

}  // namespace
}  // namespace dpb
