// The DP-SGD optimizer of the seed-003 authors' code (`solve_glm_mle_dp_sgd_epsilon` in private_rs_glinucb.py, first
// commit), as spec 003 §7.3 describes it, with our exact noise; the optimizer of `jdp-glm --profile paper-code`
// (Sarmasarkar 2026, arXiv:2602.00417, Remark A.1 (ii): "the optimizer is not the shuffle P_GD but DP-SGD").
// Not an algorithm of the paper; docs/learners.md "jdp-glm paper-code" and docs/decisions.md say what is read how.
//
// Data: n samples (y_i ∈ {0, 1}, x_i = f_i·2^−q). Settings (the code's): clip C = 1/5, regulariser 2·10⁻⁵·θ (the
// gradient of 10⁻⁵‖θ‖²), batch 2048, E = 50 epochs, burn-in 10 epochs, step size 10/√t (t = 1, 2, … over all steps),
// no projection onto Θ. b = min(2048, n) samples per batch, n_b = ⌈n/b⌉ batches per epoch (the last one may be
// shorter), steps = E·n_b.
// Noise multiplier σ (calibrate_dp_sgd_sigma): the code's first-commit RDP formula
//   ε(σ) = min_{α ∈ {2..63}} steps·α·q²/(2σ²) + ln(1/δ)/(α − 1),  q = b/n,
// and σ = the least multiple of 2^−20 with ε(σ) <= ε certified (some α whose enclosure's upper end is <= ε at 128
// bits; ε(σ) decreases in σ: doubling, then bisection on the numerator). A σ at least the code's real-valued one.
// One step at θ (exact rational) on a batch B of length ℓ:
//   per sample: a_i = μ(⟨x_i, θ⟩) − y_i, clipped to |a_i|·‖x_i‖ <= C (the per-sample gradient a_i·x_i clipped to
//   norm C), then truncated toward 0 onto 2^−G (G = 32): c_i = sign(a_i)·⌊min(|a_i|, C/‖x_i‖)·2^G⌋·2^−G — the clip
//   decided on a certified enclosure of a_i²‖x_i‖² against C², the clipped value ⌊2^G·C/‖x‖⌋ exactly by an integer
//   square root; so ‖c_i x_i‖ <= C exactly;
//   ḡ = (1/ℓ)·Σ_{i∈B} c_i x_i + 2·10⁻⁵·θ (exact), ν_k = K_k·2^−G with K_k = RoundedNormal(σ̄_ℓ, G) per coordinate,
//   σ̄_ℓ = σ·C/ℓ (the code's std σ·clip/batch, at the batch's length);
//   θ ← ⌊(θ − η_t(ḡ + ν))·2^G⌋·2^−G per coordinate, η_t = ⌈10·2^32/√t⌉·2^−32 (exact integer square root).
// Batches: with n_b = 1 the batch is the whole data set in order and no bit is drawn for it; with n_b > 1 every
// epoch first draws a uniform permutation by Fisher–Yates (i = n−1 down to 1: j = uniform_below(i + 1), swap i, j;
// reference/bits/uniform.hpp) and cuts it into consecutive batches.
// Output: the mean of the end-of-epoch iterates of epochs burn_in + 1 … E (E > burn-in), floored onto 2^−G (so every
// estimate, and the next call's start (θ̂_w + θ̂_τ)/2 on 2^−(G+1), is dyadic), from θ₀ = the caller's initial point.
// Bits (normative): per epoch, the permutation (if n_b > 1), then per batch d RoundedNormal draws, coordinate order.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/glm/link.hpp"
#include "reference/samplers/rounded_normal.hpp"

namespace dpb::ref::internal {

inline constexpr unsigned kDpSgdGridBits = 32;      // G: iterates, clipped scalars and noise on 2^−G
inline constexpr unsigned kDpSgdSigmaGridBits = 20;  // σ on 2^−20
inline constexpr std::uint64_t kDpSgdBatch = 2048;
inline constexpr std::uint64_t kDpSgdLaterMinEpochs = 15, kDpSgdLaterMaxEpochs = 100;

struct DpSgdSettings {
  std::uint64_t epochs = 50, burn_in = 10, batch = kDpSgdBatch;
  Rational clip{1, 5};
  Rational reg{2, 100000};  // the gradient's 2·10⁻⁵·θ
  Rational lr{10};          // η_t = lr/√t
};

struct DpSgdSample {
  int y = 0;
  std::vector<std::int64_t> f;  // x = f·2^−q
};

// steps·α q²/(2σ²) + ln(1/δ)/(α−1) minimised over α: the least grid σ whose ε is certainly <= eps (see header).
// ParameterError naming dp_sgd for eps <= 0, δ ∉ (0, 1), n = 0, and for eps certainly <= the formula's floor
// ln(1/δ)/62 (its infimum over σ, the order-63 term; issue 21: the message gives the floor, δ and eps).
Rational calibrate_dp_sgd_sigma(const Rational& eps, const Rational& delta, std::uint64_t n,
                                const DpSgdSettings& s = {});
// The first commit's floor ln(1/δ)/62 (ε(σ) is above it for every σ: the order-63 term), enclosed at 128 bits.
Interval dp_sgd_first_floor(const Rational& delta);
// ε(σ)'s certified upper bound at 128 bits (the min over α of the enclosures' upper ends), for tests and reports.
Rational dp_sgd_rdp_eps_upper(const Rational& sigma, const Rational& delta, std::uint64_t n,
                              const DpSgdSettings& s = {});
// ---- the later commit (spec 003 §7.3: dp_accounting's SampledWithoutReplacementDpEvent, REPLACE_ONE) ----
// Epochs by the per-call ε (spec: "15–100 by per-step ε"; the rule is not recoverable from the spec, ours is
// docs/decisions.md's): E = min(100, max(15, ⌈50·ε⌉)) — 50 (the first commit's) at ε = 1, exact.
std::uint64_t dp_sgd_later_epochs(const Rational& eps);
// The noise multiplier the later commit's accountant is fed: z = σ/2 (docs/decisions.md "jdp-glm paper-code, later
// commit"). The run adds noise of std σ·C to the sum of a batch's clipped gradients (σ·C/ℓ on their mean, C = 1/5);
// the later commit accounts for REPLACE_ONE (spec 003 §7.3; the paper's JDP neighbours differ in one user's data),
// under which one clipped gradient g becomes another g′, ‖g − g′‖ <= 2C: the sum's sensitivity is 2C, the noise σ/2
// sensitivities. The code passes σ, i.e. accounts as for add/remove's sensitivity C; we do not.
Rational dp_sgd_later_noise_multiplier(const Rational& sigma);
// The later commit's ε(σ): min over the integer orders α ∈ {2..63, 64, 128, 256, 512, 1024} of
//   steps·ε′(α; γ = b/n, z = σ/2) + log(1 − 1/α) − (log δ + log α)/(α − 1),
// ε′ = wor_gaussian_rdp_upper_bound (reference/privacy/subsampled_rdp.hpp: the smaller of Wang–Balle–Kasiviswanathan
// Thm 9 for the Gaussian and the Gaussian's own α/(2z²)), Canonne–Kamath–Steinke's conversion, steps = E·⌈n/b⌉,
// E = s.epochs. Certified upper end.
Rational dp_sgd_later_eps_upper(const Rational& sigma, const Rational& delta, std::uint64_t n, const DpSgdSettings& s);
// σ: the least multiple of 2^−20 whose later-commit ε(σ) is certainly <= eps (some order's enclosure's upper end
// <= eps at 128 bits) while the multiple below is not (every order fails or is undecided). A 64-bit MPFI estimate
// seeds the search; the result is decided by the certified checks only. Memoised per process on (ε, δ, n, E, b).
// ParameterError naming dp_sgd ('eps') when no order <= 1024 can reach eps (the conversion term alone is >= eps) or
// σ would exceed 2^64; 'delta', 'n' as calibrate_dp_sgd_sigma.
Rational calibrate_dp_sgd_sigma_later(const Rational& eps, const Rational& delta, std::uint64_t n,
                                      const DpSgdSettings& s);
// The orders above.
const std::vector<long>& dp_sgd_later_orders();

// η_t = ⌈lr·2^32/√t⌉·2^−32.
Rational dp_sgd_step(const Rational& lr, std::uint64_t t);
// The clipped, truncated scalar c = sign(a)·⌊min(|a|, C/‖x‖)·2^G⌋ (numerator on 2^−G) for a = μ(⟨x,θ⟩) − y.
Integer dp_sgd_clipped_scalar(Link link, const Rational& z, int y, const Rational& norm2, const Rational& clip);

// The exact update from Σ_{i∈B} c_i f_i (acc, numerators on 2^−(G+q)) over a batch of length ℓ: per coordinate
// ⌊(θ − η(acc·2^−(G+q)/ℓ + reg·θ + noise·2^−G))·2^G⌋·2^−G (shared with the optimized build).
std::vector<Rational> dp_sgd_update(std::span<const Integer> acc, std::uint64_t len, unsigned q,
                                    const std::vector<Rational>& theta, const Rational& eta,
                                    std::span<const Integer> noise, const Rational& reg);
// The mean of the end-of-epoch iterates (sum over `count` epochs) floored onto 2^−G.
std::vector<Rational> dp_sgd_output(const std::vector<Rational>& sum, std::uint64_t count);

struct DpSgdResult {
  std::vector<Rational> theta;  // the averaged output
  std::uint64_t steps = 0;
  Rational sigma;
};

class DpSgd {
 public:
  DpSgd(Link link, unsigned q, std::uint32_t d, Rational sigma, DpSgdSettings s = {});
  template <BitSource Bits>
  DpSgdResult run(std::span<const DpSgdSample> data, std::vector<Rational> theta0, Bits& bits) const;

  // One step (exposed for tests): θ ← ⌊(θ − η(ḡ + ν))·2^G⌋·2^−G with ν = noise·2^−G.
  std::vector<Rational> step(std::span<const DpSgdSample> data, std::span<const std::size_t> batch,
                             const std::vector<Rational>& theta, const Rational& eta,
                             std::span<const Integer> noise) const;

 private:
  Link link_;
  unsigned q_;
  std::uint32_t d_;
  Rational sigma_;
  DpSgdSettings s_;
};

template <BitSource Bits>
DpSgdResult DpSgd::run(std::span<const DpSgdSample> data, std::vector<Rational> theta, Bits& bits) const {
  DpSgdResult res;
  res.sigma = sigma_;
  const std::uint64_t n = data.size();
  if (n == 0) {
    res.theta = std::move(theta);
    return res;
  }
  const std::uint64_t b = std::min<std::uint64_t>(s_.batch, n), nb = (n + b - 1) / b;
  const Integer G(kDpSgdGridBits);
  const RoundedNormal full(sigma_ * s_.clip / Rational(Integer(b)), G);
  const std::uint64_t last_len = n - (nb - 1) * b;
  const RoundedNormal last(sigma_ * s_.clip / Rational(Integer(last_len)), G);
  std::vector<std::size_t> perm(n);
  for (std::size_t i = 0; i < n; ++i) perm[i] = i;
  std::vector<Rational> sum(d_, Rational(0));
  std::uint64_t t = 0;
  for (std::uint64_t e = 1; e <= s_.epochs; ++e) {
    if (nb > 1)
      for (std::uint64_t i = n - 1; i >= 1; --i) std::swap(perm[i], perm[uniform_below_u64(bits, i + 1)]);
    for (std::uint64_t k = 0; k < nb; ++k) {
      const std::size_t lo = k * b, len = k + 1 < nb ? b : last_len;
      const RoundedNormal& noise = k + 1 < nb ? full : last;
      std::vector<Integer> nu(d_);
      for (std::uint32_t j = 0; j < d_; ++j) nu[j] = noise(bits);
      ++t;
      theta = step(data, std::span<const std::size_t>(perm.data() + lo, len), theta, dp_sgd_step(s_.lr, t), nu);
    }
    if (e > s_.burn_in)
      for (std::uint32_t j = 0; j < d_; ++j) sum[j] += theta[j];
  }
  res.steps = t;
  res.theta = dp_sgd_output(sum, s_.epochs - s_.burn_in);
  return res;
}

}  // namespace dpb::ref::internal
