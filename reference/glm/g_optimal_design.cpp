#include "reference/glm/g_optimal_design.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "reference/core/errors.hpp"
#include "reference/glm/internal/binary64.hpp"
#include "reference/glm/internal/fedorov_wynn.hpp"

namespace dpb::ref {

namespace {

using internal::Binary64;

constexpr int kMaxSolverSteps = 20000;

Rational two_d(const ArmSet& arms) { return Rational(2 * static_cast<long>(arms[0].size())); }

// Interval leverages c_i a_iᵀ A^{−1} a_i, A = Σ w_i c_i a_i a_iᵀ, at one precision; nullopt when a pivot is not
// certainly positive.
std::optional<std::vector<Interval>> interval_leverages(const ArmSet& arms, const std::vector<Interval>& c,
                                                        const std::vector<Rational>& w, mpfr_prec_t prec) {
  const std::size_t d = arms[0].size(), K = arms.size();
  std::vector<Interval> A(d * d, Interval(0L, prec));
  for (std::size_t i = 0; i < K; ++i) {
    if (w[i] == 0) continue;
    const Interval wi = c[i].mul(w[i]);
    for (std::size_t r = 0; r < d; ++r)
      for (std::size_t s = 0; s <= r; ++s) A[r * d + s] += wi.mul(Rational(arms[i][r] * arms[i][s]));
  }
  std::vector<Interval> L(d * d, Interval(0L, prec)), D(d, Interval(0L, prec));
  for (std::size_t j = 0; j < d; ++j) {
    Interval s = A[j * d + j];
    for (std::size_t k = 0; k < j; ++k) s = s - L[j * d + k].sqr() * D[k];
    if (!s.certainly_greater(Rational(0))) return std::nullopt;
    D[j] = s;
    for (std::size_t r = j + 1; r < d; ++r) {
      Interval t = A[r * d + j];
      for (std::size_t k = 0; k < j; ++k) t = t - L[r * d + k] * L[j * d + k] * D[k];
      L[r * d + j] = t / D[j];
    }
  }
  std::vector<Interval> out;
  std::vector<Interval> y(d, Interval(0L, prec));
  for (std::size_t i = 0; i < K; ++i) {
    Interval lev(0L, prec);
    for (std::size_t r = 0; r < d; ++r) {
      Interval t(arms[i][r], prec);
      for (std::size_t k = 0; k < r; ++k) t = t - L[r * d + k] * y[k];
      y[r] = t;
      lev += t.sqr() / D[r];
    }
    out.push_back(lev * c[i]);
  }
  return out;
}

}  // namespace

std::vector<Rational> GOptimalDesign::weights() const {
  std::vector<Rational> w;
  const Integer den = Integer(1) << bits;
  for (const Integer& n : counts) w.emplace_back(n, den);
  return w;
}

std::vector<Integer> dyadic_round(const std::vector<Rational>& w, unsigned bits) {
  Rational total = 0;
  for (const Rational& x : w) {
    if (x < 0) throw_parameter_error("dyadic_round", "w", ">= 0", to_string(x));
    total += x;
  }
  if (total <= 0) throw_parameter_error("dyadic_round", "w", "not all 0", "all 0");
  const Integer unit = Integer(1) << bits;
  std::vector<Integer> n;
  std::vector<Rational> rem;
  Integer used = 0;
  for (const Rational& x : w) {
    const Rational q = x * unit / total;
    n.push_back(floor(q));
    rem.push_back(q - n.back());
    used += n.back();
  }
  std::vector<std::size_t> order(w.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rem[a] > rem[b]; });
  // Σ floors ≥ 2^bits − K + 1, so fewer than K units remain.
  for (std::size_t j = 0; used < unit; ++j, ++used) n[order[j]] += 1;
  return n;
}

std::optional<std::vector<Rational>> exact_leverages(const ArmSet& arms, const std::vector<Rational>& w) {
  const std::vector<Rational> ones(arms.size(), Rational(1));
  return internal::leverages<Rational>(arms, ones, w);
}

std::optional<Rational> certified_max_leverage(const ArmSet& arms, const std::vector<Rational>& w) {
  auto lev = exact_leverages(arms, w);
  if (!lev) return std::nullopt;
  return *std::max_element(lev->begin(), lev->end());
}

bool certify_scaled_f4(const ArmSet& arms, const std::vector<CertifiedReal>& c, const std::vector<Rational>& w,
                       Rational* bound) {
  const Rational limit = two_d(arms);
  for (mpfr_prec_t prec = kGlmStartPrecision; prec <= kGlmPrecisionCap; prec *= 2) {
    std::vector<Interval> ci;
    for (const CertifiedReal& x : c) ci.push_back(x.enclose(prec));
    auto lev = interval_leverages(arms, ci, w, prec);
    if (!lev) continue;
    bool all_below = true;
    Rational hi = 0;
    for (const Interval& l : *lev) {
      if (l.certainly_greater(limit)) return false;
      if (l.upper() > limit) all_below = false;
      hi = std::max(hi, l.upper());
    }
    if (all_below) {
      if (bound) *bound = hi;
      return true;
    }
  }
  throw GlmUndecided("certify_scaled_f4: F4 undecided at the precision cap");
}

namespace {

// x reduced against the echelon rows (each with its pivot column); true when x is independent of them.
bool reduce(Vec x, std::vector<std::pair<Vec, std::size_t>>& echelon) {
  for (const auto& [row, p] : echelon) {
    if (x[p] == 0) continue;
    const Rational f = x[p] / row[p];
    for (std::size_t j = 0; j < x.size(); ++j) x[j] -= f * row[j];
  }
  for (std::size_t j = 0; j < x.size(); ++j)
    if (x[j] != 0) {
      echelon.emplace_back(std::move(x), j);
      return true;
    }
  return false;
}

// Solves G y = v exactly (G symmetric positive definite, r × r) by Gaussian elimination.
Vec solve_exact(std::vector<Vec> G, Vec v) {
  const std::size_t r = v.size();
  for (std::size_t j = 0; j < r; ++j) {
    for (std::size_t i = j + 1; i < r; ++i) {
      const Rational f = G[i][j] / G[j][j];
      for (std::size_t k = j; k < r; ++k) G[i][k] -= f * G[j][k];
      v[i] -= f * v[j];
    }
  }
  Vec y(r);
  for (std::size_t j = r; j-- > 0;) {
    Rational t = v[j];
    for (std::size_t k = j + 1; k < r; ++k) t -= G[j][k] * y[k];
    y[j] = t / G[j][j];
  }
  return y;
}

}  // namespace

ArmSet design_coordinates(const ArmSet& arms, std::string_view function) {
  if (arms.empty()) throw_parameter_error(function, "arms", "a non-empty arm set", "0 arms");
  const std::size_t d = arms[0].size();
  if (d == 0) throw_parameter_error(function, "d", "at least 1", "0");
  for (const Vec& a : arms)
    if (a.size() != d)
      throw_parameter_error(function, "arms", "of one dimension " + std::to_string(d), std::to_string(a.size()));
  std::vector<std::pair<Vec, std::size_t>> echelon;
  std::vector<const Vec*> basis;
  for (const Vec& a : arms)
    if (echelon.size() < d && reduce(a, echelon)) basis.push_back(&a);
  if (basis.empty()) throw_parameter_error(function, "arms", "not all zero", "only zero arms");
  if (basis.size() == d) return arms;
  const std::size_t r = basis.size();
  std::vector<Vec> G(r, Vec(r));
  for (std::size_t i = 0; i < r; ++i)
    for (std::size_t j = 0; j < r; ++j) G[i][j] = inner(*basis[i], *basis[j]);
  ArmSet coords;
  for (const Vec& a : arms) {
    Vec bt(r);
    for (std::size_t i = 0; i < r; ++i) bt[i] = inner(*basis[i], a);
    coords.push_back(solve_exact(G, bt));
  }
  return coords;
}

Rational round_to_binary64(const CertifiedReal& c) {
  if (c.is_exact()) return Binary64(c.exact()).exact();
  for (mpfr_prec_t prec = kGlmStartPrecision + 64; prec <= kGlmPrecisionCap; prec *= 2) {
    const Interval e = c.enclose(prec);
    const Rational lo = Binary64(e.lower()).exact(), hi = Binary64(e.upper()).exact();
    if (lo == hi) return lo;
  }
  throw GlmUndecided("round_to_binary64: undecided at the precision cap");
}

GOptimalDesign finish_design(const ArmSet& arms, const std::vector<Rational>& solver_weights, int iterations) {
  GOptimalDesign out;
  out.counts = dyadic_round(solver_weights, kDesignBits);
  out.solver_iterations = iterations;
  const auto m = certified_max_leverage(arms, out.weights());
  if (!m || *m > two_d(arms))
    throw std::runtime_error("g_optimal_design: the rounded design fails F4 (max leverage > 2d or singular)");
  out.max_leverage = *m;
  out.rank = arms[0].size();
  return out;
}

GOptimalDesign finish_design_scaled(const ArmSet& arms, const std::vector<CertifiedReal>& c,
                                    const std::vector<Rational>& solver_weights, int iterations) {
  GOptimalDesign out;
  out.counts = dyadic_round(solver_weights, kDesignBits);
  out.solver_iterations = iterations;
  if (!certify_scaled_f4(arms, c, out.weights(), &out.max_leverage))
    throw std::runtime_error("g_optimal_design_scaled: the rounded design fails F4 (max leverage > 2d)");
  out.rank = arms[0].size();
  return out;
}

namespace {

std::optional<internal::FedorovWynnResult<Binary64>> solve(const ArmSet& arms, const std::vector<Binary64>& scale) {
  std::vector<std::vector<Binary64>> a;
  for (const Vec& x : arms) {
    std::vector<Binary64> row;
    for (const Rational& v : x) row.emplace_back(v);
    a.push_back(std::move(row));
  }
  const Binary64 target(Rational(3 * static_cast<long>(arms[0].size()), 2));
  const Binary64 tiny(Rational(Integer(1), Integer(Integer(1) << 60)));
  return internal::fedorov_wynn(a, scale, target, tiny, kMaxSolverSteps);
}

std::vector<Rational> exact_weights(const std::vector<Binary64>& w) {
  std::vector<Rational> out;
  for (const Binary64& x : w) out.push_back(x.exact());
  return out;
}

}  // namespace

GOptimalDesign g_optimal_design(const ArmSet& arms) {
  const ArmSet coords = design_coordinates(arms, "g_optimal_design");
  const auto res = solve(coords, std::vector<Binary64>(arms.size(), Binary64(1L)));
  if (!res) throw std::runtime_error("g_optimal_design: the binary64 solver met a non-positive pivot");
  return finish_design(coords, exact_weights(res->weights), res->iterations);
}

GOptimalDesign g_optimal_design_scaled(const ArmSet& arms, const std::vector<CertifiedReal>& c) {
  const ArmSet coords = design_coordinates(arms, "g_optimal_design_scaled");
  if (c.size() != arms.size())
    throw_parameter_error("g_optimal_design_scaled", "c", "one scale per arm (" + std::to_string(arms.size()) + ")",
                          std::to_string(c.size()));
  std::vector<Binary64> scale;
  for (const CertifiedReal& x : c) {
    if (compare(x, Rational(0)) <= 0) throw_parameter_error("g_optimal_design_scaled", "c", "> 0", "a value <= 0");
    scale.emplace_back(round_to_binary64(x));
  }
  const auto res = solve(coords, scale);
  if (!res) throw std::runtime_error("g_optimal_design_scaled: the binary64 solver met a non-positive pivot");
  return finish_design_scaled(coords, c, exact_weights(res->weights), res->iterations);
}

}  // namespace dpb::ref
