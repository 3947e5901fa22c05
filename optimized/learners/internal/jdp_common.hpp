// Pieces shared by jdp-glm's two optimized profiles (optimized/learners/jdp_glm.cpp, theorem; jdp_glm_paper_code.cpp,
// paper-code): the unit roundoff and γ_n, i128 conversion, a rational's log as a double interval, μ̇ in double, a tree
// on fast::TreeMechanism with the reference's tree as fallback (same bits), a released matrix's exact and double
// images, the certified quadratic form xᵀM⁻¹x and log det M of a released matrix, a running maximum of det H as a
// log-interval. Internal to optimized/learners; not installed.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cstdint>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <vector>

#include "optimized/internal/wide_int.hpp"
#include "optimized/protocols/tree_mechanism.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::fast::jdp_detail {


constexpr double u = 0x1p-53;  // unit roundoff
constexpr double kTiny = 0x1p-1000;
inline double gamma_n(double n) { return n * u / (1 - n * u); }

inline i128 to_i128(const Integer& x) {
  const Integer m = x < 0 ? Integer(-x) : x;
  if (m >= (Integer(1) << 126)) throw std::logic_error("fast::jdp_glm: a tree release exceeds 2^126");
  const u128_wide hi = Integer(m >> 64).convert_to<std::uint64_t>();
  const u128_wide lo = Integer(m & Integer(UINT64_MAX)).convert_to<std::uint64_t>();
  const i128 v = static_cast<i128>((hi << 64) | lo);
  return x < 0 ? -v : v;
}

// log of a positive rational as a double interval (deferral path only).
inline void log_interval(const Rational& x, double& lo, double& hi) {
  const Interval l = Interval(x, 96).log();
  lo = l.lower().convert_to<double>();
  hi = l.upper().convert_to<double>();
  const double slack = 4 * u * (std::fabs(lo) + std::fabs(hi)) + kTiny;
  lo -= slack;
  hi += slack;
}

inline double mu_dot_value(bool logistic, double z) {  // optimized/glm/link.cpp's formulas (within kValueError)
  if (!logistic) return std::exp(-0.5 * z * z) * 0.3989422804014327;
  const double t = std::exp(-std::fabs(z));
  return t / ((1.0 + t) * (1.0 + t));
}

// The audits' leaky twin of a tree noise σ (both profiles): ⌈σ/k·2^32⌉/2^32, k >= 1 an integer.
inline Rational leaky_tree_sigma(const Rational& sigma, const Integer& k) {
  const Rational two32(Integer(1) << 32);
  const Rational x = sigma * two32 / Rational(k);
  const Integer n = numerator(x), dn = denominator(x);
  return Rational((n + dn - 1) / dn) / two32;
}

// A tree on fast::TreeMechanism when its sampler (fast::RoundedNormal::wide: c <= 2^100) admits the parameters, else
// on the reference's (same bits).
class Tree {
 public:
  explicit Tree(const ref::TreeParams& p) : ref_(p), leaf_(p.labels.size()) {
    try {
      fast_.emplace(p);
    } catch (const ParameterError&) {  // the reference accepted p above: fast::RoundedNormal's range
      fast_.reset();
    }
  }
  bool on_reference() const { return !fast_; }
  template <BitSource B>
  void add(std::span<const std::int64_t> leaf, B& bits, std::span<i128> release) {
    if (fast_) {
      fast_->add_release(leaf, bits, release);
      return;
    }
    for (std::size_t k = 0; k < leaf.size(); ++k) leaf_[k] = Integer(leaf[k]);
    const ref::TreeStep st = ref_.add_numerators(leaf_, bits);
    for (std::size_t k = 0; k < leaf.size(); ++k) release[k] = to_i128(st.release[k]);
  }

 private:
  ref::TreeMechanism ref_;
  std::optional<TreeMechanism> fast_;
  std::vector<Integer> leaf_;
};

// One released matrix M = λI + release·2^−r: its exact pieces and its double image.
struct Released {
  std::vector<i128> rel, data;  // release and Σ leaves (numerators on 2^−r), label order
  Eigen::MatrixXd M;            // M̂
  double mu = 0;                // certified λ_min(M) >= mu (mu <= 0: nothing certified)
  bool empty = true;            // no leaf yet: M = λI exactly
};

// s ≈ xᵀM⁻¹x for M = m.M factored in llt; returns a bound on |s − xᵀM⁻¹x| (derived in optimized/learners/jdp_glm.hpp's
// header). y, res, absMy: scratch vectors of x's size.
inline double quad_form(const Released& m, const Eigen::LLT<Eigen::MatrixXd>& llt, const Eigen::VectorXd& x,
                        Eigen::VectorXd& y, Eigen::VectorXd& res, Eigen::VectorXd& absMy, double& s) {
  const auto d = static_cast<std::uint32_t>(x.size());
  const double dd = d;
  y = x;
  llt.solveInPlace(y);
  res.noalias() = x - m.M * y;
  for (std::uint32_t i = 0; i < d; ++i) {
    double acc = 0;
    for (std::uint32_t j = 0; j < d; ++j) acc += std::fabs(m.M(i, j)) * std::fabs(y[j]);
    absMy[i] = acc;
  }
  const double xn = x.norm();
  s = std::max(0.0, x.dot(y));
  const double e = xn / m.mu *
                       (res.norm() + (gamma_n(dd + 1) + 2.01 * u) * absMy.norm() + gamma_n(dd + 1) * xn) *
                       (1 + gamma_n(dd + 4)) +
                   gamma_n(dd) * x.cwiseAbs().dot(y.cwiseAbs()) + kTiny;
  return 2 * e;
}

// log det m.M (factored into llt) enclosed in [lo, hi]; false when no bound is available.
inline bool logdet_interval(const Released& m, Eigen::LLT<Eigen::MatrixXd>& llt, double& lo, double& hi) {
  if (!(m.mu > 0)) return false;
  llt.compute(m.M);
  if (llt.info() != Eigen::Success) return false;
  const auto d = static_cast<std::uint32_t>(m.M.rows());
  const double dd = d;
  const Eigen::MatrixXd& Lf = llt.matrixLLT();
  double fro = 0, sum = 0, abs_sum = 0;
  for (std::uint32_t i = 0; i < d; ++i) {
    for (std::uint32_t j = 0; j <= i; ++j) fro += Lf(i, j) * Lf(i, j);
    const double l = std::log(Lf(i, i));
    sum += l;
    abs_sum += std::fabs(l);
  }
  const double eta = 2.01 * u * m.M.norm() * (1 + gamma_n(dd * dd + 2)) + gamma_n(dd + 1) * fro * 1.01;
  if (!(eta < m.mu / 2)) return false;
  const double ld = 2 * sum;
  const double err = 2 * (dd * eta / (m.mu - eta) + 2 * (dd + 2) * 2 * u * abs_sum) + kTiny;
  lo = ld - err;
  hi = ld + err;
  return true;
}

struct DetMax {  // a running maximum of det H (or its value at the last switch)
  double lo = 0, hi = 0;      // log det enclosure
  bool initial = true;        // λ^d (no round attained more yet)
  std::vector<i128> rel;      // the release attaining it
  std::optional<Rational> exact;
};


}  // namespace dpb::fast::jdp_detail
