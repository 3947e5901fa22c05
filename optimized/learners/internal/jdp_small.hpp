// Small dense kernels of jdp-glm's optimized theorem profile (optimized/learners/jdp_glm.cpp): a Cholesky factor of
// a released matrix M̂ in buffers allocated once, the certified quadratic form xᵀM⁻¹x and log det M of
// jdp_common.hpp computed on it without Eigen's dynamic-size kernels or any allocation. The error bounds are
// jdp_common.hpp's (optimized/learners/jdp_glm.hpp's header): they hold for any order of the inner products (γ_n
// bounds of the standard Cholesky and of a residual computed in floating point), so only the last bits of s and of
// the bounds can differ from the Eigen path, and every decision taken on them stays certified. Internal to
// optimized/learners; not installed.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "optimized/learners/internal/jdp_common.hpp"

namespace dpb::fast::jdp_detail {

// M̂ = LLᵀ by the standard (Cholesky–Banachiewicz) algorithm; ok = false when a pivot is not > 0 (M̂ not
// numerically PD, NaN included).
struct SmallChol {
  std::uint32_t d = 0;
  bool ok = false;
  double mu = 0;  // the released matrix's certified λ_min lower bound (Released::mu)
  std::vector<double> M, L;  // row-major d×d
  mutable std::vector<double> y;  // small_quad's scratch

  void compute(const Released& m) {
    d = static_cast<std::uint32_t>(m.M.rows());
    mu = m.mu;
    if (M.size() != std::size_t{d} * d) {
      M.assign(std::size_t{d} * d, 0);
      L.assign(std::size_t{d} * d, 0);
      y.assign(d, 0);
    }
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j) M[i * d + j] = m.M(i, j);
    ok = true;
    for (std::uint32_t i = 0; i < d && ok; ++i) {
      for (std::uint32_t j = 0; j < i; ++j) {
        double acc = M[i * d + j];
        for (std::uint32_t k = 0; k < j; ++k) acc -= L[i * d + k] * L[j * d + k];
        L[i * d + j] = acc / L[j * d + j];
      }
      double acc = M[i * d + i];
      for (std::uint32_t k = 0; k < i; ++k) acc -= L[i * d + k] * L[i * d + k];
      if (!(acc > 0)) {
        ok = false;
        break;
      }
      L[i * d + i] = std::sqrt(acc);
    }
  }
};

// The sums small_quad's bound reads, for y ≈ M⁻¹x: ‖x − My‖², ‖|M||y|‖², ⟨x, y⟩ and ⟨|x|, |y|⟩, accumulated in one
// fixed order (the single and the batched forms share it: the same bits).
struct ResidualSums {
  double res2 = 0, abs2 = 0, xy = 0, axy = 0;
};
inline ResidualSums residual_sums(const double* M, const double* x, const double* y, std::uint32_t d) {
  ResidualSums t;
  for (std::uint32_t i = 0; i < d; ++i) {
    double my = 0, am = 0;
    for (std::uint32_t j = 0; j < d; ++j) {
      my += M[i * d + j] * y[j];
      am += std::fabs(M[i * d + j]) * std::fabs(y[j]);
    }
    const double r = x[i] - my;
    t.res2 += r * r;
    t.abs2 += am * am;
    t.xy += x[i] * y[i];
    t.axy += std::fabs(x[i]) * std::fabs(y[i]);
  }
  return t;
}

// s ≈ xᵀM⁻¹x from y = L⁻ᵀL⁻¹x; returns the bound of quad_form (jdp_common.hpp) on |s − xᵀM⁻¹x|. xn = ‖x‖ (computed
// by the caller, one rounding per operation: quad_form's (1 + γ_{d+4}) covers it as there). D: d at compile time
// (the same operations in the same order as D = 0, d at run time: the same bits).
template <std::uint32_t D>
inline double small_quad_impl(const SmallChol& c, const double* x, double xn, double& s) {
  const std::uint32_t d = D == 0 ? c.d : D;
  const double dd = d;
  double* y = c.y.data();
  const double* L = c.L.data();
  const double* M = c.M.data();
  for (std::uint32_t i = 0; i < d; ++i) {  // L z = x
    double acc = x[i];
    for (std::uint32_t k = 0; k < i; ++k) acc -= L[i * d + k] * y[k];
    y[i] = acc / L[i * d + i];
  }
  for (std::uint32_t i = d; i-- > 0;) {  // Lᵀ y = z
    double acc = y[i];
    for (std::uint32_t k = i + 1; k < d; ++k) acc -= L[k * d + i] * y[k];
    y[i] = acc / L[i * d + i];
  }
  const ResidualSums r = residual_sums(M, x, y, d);
  const double res2 = r.res2, abs2 = r.abs2, axy = r.axy;
  s = std::max(0.0, r.xy);
  const double g = gamma_n(dd + 1);
  const double e =
      xn / c.mu * (std::sqrt(res2) + (g + 2.01 * u) * std::sqrt(abs2) + g * xn) * (1 + gamma_n(dd + 4)) +
      gamma_n(dd) * axy + kTiny;
  return 2 * e;
}
// small_quad for K arms at once (x: K·d coordinates, arm-major; xn, s, es: K each; ys: K·d scratch): the same
// operations on each arm in the same order (the same bits as K calls), the arms interleaved so that their
// dependent chains (the substitutions' divisions) overlap.
template <std::uint32_t D>
inline void small_quad_batch_impl(const SmallChol& c, const double* x, std::uint32_t K, const double* xn, double* s,
                                  double* es, double* ys) {
  const std::uint32_t d = D == 0 ? c.d : D;
  const double dd = d;
  const double* L = c.L.data();
  const double* M = c.M.data();
  for (std::uint32_t i = 0; i < d; ++i)  // L z = x
    for (std::uint32_t a = 0; a < K; ++a) {
      double* y = ys + std::size_t{a} * d;
      double acc = x[std::size_t{a} * d + i];
      for (std::uint32_t k = 0; k < i; ++k) acc -= L[i * d + k] * y[k];
      y[i] = acc / L[i * d + i];
    }
  for (std::uint32_t i = d; i-- > 0;)  // Lᵀ y = z
    for (std::uint32_t a = 0; a < K; ++a) {
      double* y = ys + std::size_t{a} * d;
      double acc = y[i];
      for (std::uint32_t k = i + 1; k < d; ++k) acc -= L[k * d + i] * y[k];
      y[i] = acc / L[i * d + i];
    }
  const double g = gamma_n(dd + 1), g4 = gamma_n(dd + 4), g0 = gamma_n(dd);
  for (std::uint32_t a = 0; a < K; ++a) {
    const double* xa = x + std::size_t{a} * d;
    const double* y = ys + std::size_t{a} * d;
    const ResidualSums r = residual_sums(M, xa, y, d);
    const double res2 = r.res2, abs2 = r.abs2, axy = r.axy;
    s[a] = std::max(0.0, r.xy);
    const double e = xn[a] / c.mu * (std::sqrt(res2) + (g + 2.01 * u) * std::sqrt(abs2) + g * xn[a]) * (1 + g4) +
                     g0 * axy + kTiny;
    es[a] = 2 * e;
  }
}
inline void small_quad_batch(const SmallChol& c, const double* x, std::uint32_t K, const double* xn, double* s,
                             double* es, double* ys) {
  switch (c.d) {
    case 2: return small_quad_batch_impl<2>(c, x, K, xn, s, es, ys);
    case 3: return small_quad_batch_impl<3>(c, x, K, xn, s, es, ys);
    case 4: return small_quad_batch_impl<4>(c, x, K, xn, s, es, ys);
    case 5: return small_quad_batch_impl<5>(c, x, K, xn, s, es, ys);
    case 6: return small_quad_batch_impl<6>(c, x, K, xn, s, es, ys);
    default: return small_quad_batch_impl<0>(c, x, K, xn, s, es, ys);
  }
}

inline double small_quad(const SmallChol& c, const double* x, double xn, double& s) {
  switch (c.d) {
    case 2: return small_quad_impl<2>(c, x, xn, s);
    case 3: return small_quad_impl<3>(c, x, xn, s);
    case 4: return small_quad_impl<4>(c, x, xn, s);
    case 5: return small_quad_impl<5>(c, x, xn, s);
    case 6: return small_quad_impl<6>(c, x, xn, s);
    default: return small_quad_impl<0>(c, x, xn, s);
  }
}

// log det M̂'s enclosure of logdet_interval (jdp_common.hpp) on the factor c; false when no bound is available.
inline bool small_logdet(const SmallChol& c, double& lo, double& hi) {
  if (!(c.mu > 0) || !c.ok) return false;
  const std::uint32_t d = c.d;
  const double dd = d;
  double fro = 0, sum = 0, abs_sum = 0, m2 = 0;
  for (std::uint32_t i = 0; i < d; ++i) {
    for (std::uint32_t j = 0; j <= i; ++j) fro += c.L[i * d + j] * c.L[i * d + j];
    const double l = std::log(c.L[i * d + i]);
    sum += l;
    abs_sum += std::fabs(l);
  }
  for (std::uint32_t i = 0; i < d * d; ++i) m2 += c.M[i] * c.M[i];
  const double eta = 2.01 * u * std::sqrt(m2) * (1 + gamma_n(dd * dd + 2)) + gamma_n(dd + 1) * fro * 1.01;
  if (!(eta < c.mu / 2)) return false;
  const double ld = 2 * sum;
  const double err = 2 * (dd * eta / (c.mu - eta) + 2 * (dd + 2) * 2 * u * abs_sum) + kTiny;
  lo = ld - err;
  hi = ld + err;
  return true;
}

// An elimination pair's full bounded test (lines 9–10 of Alg. 2; optimized/learners/jdp_glm.hpp's header): v =
// ⟨dx, θ̂_o⟩ + width·(√s_a + √s_z) with dx = x_a − x_z (exact) and its bound e; −1: v + e < 0 (a is eliminated),
// +1: v − e >= 0 (the pair passes), 0: open (the round's remaining decisions are the reference's).
inline int elimination_test(const Eigen::VectorXd& dx, const Eigen::VectorXd& theta, double root_a, double root_z,
                            double es_a, double es_z, double width, double e_width, double dd) {
  const double ip = dx.dot(theta), rr = root_a + root_z;
  const double v = ip + width * rr;
  const double e = 2 * u * dx.cwiseAbs().dot(theta.cwiseAbs()) * (1 + gamma_n(dd)) +
                   gamma_n(dd) * dx.cwiseAbs().dot(theta.cwiseAbs()) +
                   width * (std::sqrt(es_a) + std::sqrt(es_z) + 2 * u * rr) + e_width * rr +
                   4 * u * (width * rr + std::fabs(ip)) + kTiny;
  if (v + e < 0) return -1;
  if (!(v - e >= 0)) return 0;
  return 1;
}

// Per arm, for elimination_pretest: √s, √es, P = fl(⟨x, θ̂_o⟩), A = fl(⟨|x|, |θ̂_o|⟩) (any summation order).
struct PretestArm {
  double root = 0, sq_es = 0, ip = 0, abs = 0;
};
inline PretestArm pretest_arm(const double* x, const double* theta, std::uint32_t d, double root, double es) {
  PretestArm p;
  p.root = root;
  p.sq_es = std::sqrt(es);
  for (std::uint32_t i = 0; i < d; ++i) {
    p.ip += x[i] * theta[i];
    p.abs += std::fabs(x[i]) * std::fabs(theta[i]);
  }
  return p;
}

// An O(1) sufficient test for elimination_test on the same pair (same θ̂_o, width, e_width, d; root and es as passed
// there): −1 or +1 only when elimination_test returns the same, else 0. With v' = (P_a − P_z) + width·(√s_a + √s_z):
// B = (A_a + A_z)(1 + 4γ_{d+2}) bounds ⟨|dx|, |θ̂_o|⟩ both exactly and as elimination_test computes it;
// |fl(⟨dx, θ̂_o⟩) − (P_a − P_z)| <= 3γ_d·B + 3u|P_a − P_z| =: Δ_ip; |v − v'| <= 1.01Δ_ip + 3u|v'| + 2u·width·rr =: Δ;
// elimination_test's computed e <= E, its formula with B for ⟨|dx|, |θ̂_o|⟩ and |P_a − P_z| + Δ_ip for |ip|, times
// 1 + 64u for the roundings of both. v' + Δ + E < 0 then gives v + e < 0, v' − Δ − E > 0 gives v − e >= 0 (4u of
// slack covers this test's own roundings). tests/optimized/learners/jdp_small_test.cpp checks it against
// elimination_test.
inline int elimination_pretest(const PretestArm& a, const PretestArm& z, double width, double e_width, double dd) {
  const double rr = a.root + z.root, w = width * rr;
  const double B = (a.abs + z.abs) * (1 + 4 * gamma_n(dd + 2));
  const double ipp = a.ip - z.ip;
  const double d_ip = 3 * gamma_n(dd) * B + 3 * u * std::fabs(ipp);
  const double vp = ipp + w;
  const double delta = 1.01 * d_ip + 3 * u * std::fabs(vp) + 2 * u * w;
  const double E = ((2 * u * (1 + gamma_n(dd)) + gamma_n(dd)) * B + width * (a.sq_es + z.sq_es + 2 * u * rr) +
                    e_width * rr + 4 * u * (w + std::fabs(ipp) + d_ip) + kTiny) *
                   (1 + 64 * u);
  const double m = delta + E, slack = 4 * u * (std::fabs(vp) + m);
  if (vp + m + slack < 0) return -1;
  if (vp - m - slack > 0) return 1;
  return 0;
}

// A whole row of the elimination (arm a against every other distinct arm z) in O(1): with the same inputs as
// elimination_pretest, the full test's v − e of a pair is bounded below by α_a + β_z, each a function of one arm:
//   v >= (1 − u)·[(P_a − P_z) − 2.01γ_d(A_a + A_z) + width(1 − 2u)(√s_a + √s_z)]   (when the bracket is >= 0),
//   e <= (1 + γ_12)·[k_A(A_a + A_z) + width(√es_a + √es_z) + k_R(√s_a + √s_z) + 4u(|P_a| + |P_z|) + 2^−1000],
// k_A = (2u(1 + γ_d) + γ_d)(1 + 3γ_d) + 8.04uγ_d, k_R = (2u·width + e_width)(1 + u) + 4u(1 + 2.1u)·width (the
// roundings of rr, width·rr, ⟨dx, θ̂_o⟩ against P_a − P_z, and ⟨|dx|, |θ̂_o|⟩ <= (1 + 3γ_d)(A_a + A_z)). α (P's sign
// +, arm a) and β (sign −, arm z) are each lowered by 16u of their terms' magnitudes for their own roundings. When
// α_a + min_z β_z > 2^−990, every pair of the row passes the full test (v − e >= 0): the row keeps a and opens
// nothing, as its pair-by-pair loop would. tests/optimized/learners/jdp_small_test.cpp checks it against
// elimination_test.
struct RowTerms {
  double alpha = 0, beta = 0;
};
inline RowTerms row_terms(const PretestArm& p, double width, double e_width, double dd) {
  const double gd = gamma_n(dd), g12 = gamma_n(12);
  const double kA = (2 * u * (1 + gd) + gd) * (1 + 3 * gd) + 8.04 * u * gd;
  const double kR = (2 * u * width + e_width) * (1 + u) + 4 * u * (1 + 2.1 * u) * width;
  const double common = width * (1 - 2 * u) * p.root - 2.01 * gd * p.abs;
  const double neg = (1 + g12) * (kA * p.abs + width * p.sq_es + kR * p.root + 4 * u * std::fabs(p.ip));
  const double mag = std::fabs(p.ip) + width * p.root + p.abs + neg;
  RowTerms t;
  t.alpha = (1 - u) * (p.ip + common) - neg - 16 * u * mag;
  t.beta = (1 - u) * (common - p.ip) - neg - 16 * u * mag;
  return t;
}
inline bool row_passes(double alpha_a, double beta_min) { return alpha_a + beta_min > 0x1p-990; }

// ‖x‖ of d coordinates.
inline double small_norm(const double* x, std::uint32_t d) {
  double a = 0;
  for (std::uint32_t i = 0; i < d; ++i) a += x[i] * x[i];
  return std::sqrt(a);
}

}  // namespace dpb::fast::jdp_detail
