// The one G-optimal design solver of dpbandit, shared by both builds (issue 20: "one shared deterministic routine,
// IEEE double, no FMA contraction, fixed order"): a template over the number type, instantiated with
// internal::Binary64 (MPFR at 53 bits, reference/glm/g_optimal_design.cpp) and with double
// (optimized/glm/g_optimal_design.cpp, compiled with -ffp-contract=off). Every operation below is one +, −, ×, ÷ or
// comparison in a fixed order, so both instantiations compute the same weights bit for bit
// (tests/optimized/glm/g_optimal_design_cross_test.cpp).
//
// Fedorov–Wynn / Frank–Wolfe on the D-optimal objective log det A(π), A(π) = Σ_i π_i c_i a_i a_iᵀ (Kiefer and
// Wolfowitz 1960: the D-optimal design is G-optimal, max leverage = d; spec 003 §2.5). Each step finds the arm of
// largest leverage ℓ_i = c_i a_iᵀ A^{−1} a_i (the first on ties), stops when ℓ_max ≤ target, otherwise moves
// π ← (1 − γ)π + γ e_i with the exact line search γ = (ℓ_max − d)/(d(ℓ_max − 1)). Weights that fall below 2^−60 are
// set to 0 (so no weight becomes subnormal). A^{−1}'s quadratic forms come from an LDLᵀ factorisation (no square
// root). The caller checks that the arms span R^d; a zero pivot returns no design.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace dpb::ref::internal {

template <class F>
struct FedorovWynnResult {
  std::vector<F> weights;
  F max_leverage;
  int iterations = 0;
};

// Leverages c_i a_iᵀ A^{−1} a_i of every arm for the design `w`; nullopt when a pivot of A is ≤ 0.
template <class F>
std::optional<std::vector<F>> leverages(const std::vector<std::vector<F>>& arms, const std::vector<F>& scale,
                                        const std::vector<F>& w) {
  const std::size_t d = arms[0].size(), K = arms.size();
  std::vector<F> A(d * d, F(0));
  for (std::size_t i = 0; i < K; ++i) {
    const F wi = w[i] * scale[i];
    for (std::size_t r = 0; r < d; ++r)
      for (std::size_t c = 0; c <= r; ++c) A[r * d + c] = A[r * d + c] + wi * arms[i][r] * arms[i][c];
  }
  // LDLᵀ: L unit lower triangular stored below the diagonal, D on the diagonal.
  std::vector<F> L(d * d, F(0)), D(d, F(0));
  for (std::size_t j = 0; j < d; ++j) {
    F s = A[j * d + j];
    for (std::size_t k = 0; k < j; ++k) s = s - L[j * d + k] * L[j * d + k] * D[k];
    if (s <= F(0)) return std::nullopt;
    D[j] = s;
    for (std::size_t r = j + 1; r < d; ++r) {
      F t = A[r * d + j];
      for (std::size_t k = 0; k < j; ++k) t = t - L[r * d + k] * L[j * d + k] * D[k];
      L[r * d + j] = t / D[j];
    }
  }
  std::vector<F> out;
  out.reserve(K);
  std::vector<F> y(d, F(0));
  for (std::size_t i = 0; i < K; ++i) {
    F lev(0);
    for (std::size_t r = 0; r < d; ++r) {
      F t = arms[i][r];
      for (std::size_t k = 0; k < r; ++k) t = t - L[r * d + k] * y[k];
      y[r] = t;
      lev = lev + t * t / D[r];
    }
    out.push_back(lev * scale[i]);
  }
  return out;
}

// `tiny` is 2^−60 in F (the caller passes it: the template spells no literal of F's own type).
template <class F>
std::optional<FedorovWynnResult<F>> fedorov_wynn(const std::vector<std::vector<F>>& arms, const std::vector<F>& scale,
                                                 const F& target, const F& tiny, int max_iterations) {
  const std::size_t K = arms.size();
  const F d(static_cast<long>(arms[0].size()));
  std::vector<F> w(K, F(1) / F(static_cast<long>(K)));
  FedorovWynnResult<F> res;
  for (int it = 0;; ++it) {
    auto lev = leverages(arms, scale, w);
    if (!lev) return std::nullopt;
    std::size_t best = 0;
    for (std::size_t i = 1; i < K; ++i)
      if ((*lev)[i] > (*lev)[best]) best = i;
    const F m = (*lev)[best];
    if (m <= target || it >= max_iterations) {
      res.weights = w;
      res.max_leverage = m;
      res.iterations = it;
      return res;
    }
    const F gamma = (m - d) / (d * (m - F(1)));
    const F keep = F(1) - gamma;
    for (std::size_t i = 0; i < K; ++i) {
      w[i] = w[i] * keep;
      if (w[i] < tiny) w[i] = F(0);
    }
    w[best] = w[best] + gamma;
  }
}

}  // namespace dpb::ref::internal
