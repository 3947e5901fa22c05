#include "reference/protocols/p_gd.hpp"

#include <stdexcept>

namespace dpb::ref {

namespace {

constexpr const char* kFn = "PGd";
constexpr unsigned kMultiplierExtraBits = 16;  // μ̄ on the grid 2^−(q+16)
constexpr unsigned kMultiplierCapBits = 96;    // μ̄ < 2^(q+96) or a loud failure
constexpr unsigned kNormBoundBits = 32;        // pgd_theta_norm_bound's grid 2^−32

Rational pow2(int k) {
  return k >= 0 ? Rational(Integer(Integer(1) << k)) : Rational(Integer(1), Integer(Integer(1) << -k));
}

bool on_grid(const Rational& v, unsigned q) {
  return denominator(v * pow2(static_cast<int>(q))) == 1;
}

Rational sq_norm(std::span<const Rational> v) {
  Rational s(0);
  for (const Rational& a : v) s += a * a;
  return s;
}

Rational quad(const std::vector<std::vector<Rational>>& V, std::span<const Rational> u) {
  Rational s(0);
  for (std::size_t i = 0; i < u.size(); ++i) {
    if (u[i] == 0) continue;
    Rational row(0);
    for (std::size_t j = 0; j < u.size(); ++j) row += V[i][j] * u[j];
    s += u[i] * row;
  }
  return s;
}

// Solves A v = u exactly (A nonsingular; Gaussian elimination with the first non-zero pivot).
std::vector<Rational> solve(std::vector<std::vector<Rational>> A, std::vector<Rational> u) {
  const std::size_t d = u.size();
  for (std::size_t c = 0; c < d; ++c) {
    std::size_t p = c;
    while (p < d && A[p][c] == 0) ++p;
    if (p == d) throw std::logic_error("PGd: singular system in the ellipsoid projection");
    std::swap(A[p], A[c]);
    std::swap(u[p], u[c]);
    for (std::size_t r = c + 1; r < d; ++r) {
      if (A[r][c] == 0) continue;
      const Rational f = A[r][c] / A[c][c];
      for (std::size_t k = c; k < d; ++k) A[r][k] -= f * A[c][k];
      u[r] -= f * u[c];
    }
  }
  std::vector<Rational> v(d);
  for (std::size_t c = d; c-- > 0;) {
    Rational s = u[c];
    for (std::size_t k = c + 1; k < d; ++k) s -= A[c][k] * v[k];
    v[c] = s / A[c][c];
  }
  return v;
}

// v(μ) = (I + μV)^{−1} u.
std::vector<Rational> multiplier_point(const std::vector<std::vector<Rational>>& V, std::span<const Rational> u,
                                       const Rational& mu) {
  const std::size_t d = u.size();
  std::vector<std::vector<Rational>> A(d, std::vector<Rational>(d));
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0; j < d; ++j) A[i][j] = mu * V[i][j] + (i == j ? Rational(1) : Rational(0));
  return solve(std::move(A), std::vector<Rational>(u.begin(), u.end()));
}

// sign(v)·⌊|v|·2^q⌋·2^−q.
Rational round_toward_zero(const Rational& v, unsigned q) {
  const Rational scale = pow2(static_cast<int>(q));
  const Integer k = floor(Rational(abs(v) * scale));
  return (v < 0 ? Rational(-k) : Rational(k)) / scale;
}

}  // namespace

std::string_view pgd_domain_name(PgdDomainKind k) { return k == PgdDomainKind::Ball ? "ball" : "ellipsoid"; }

PgdDomain PgdDomain::ball(const Rational& S) {
  PgdDomain d;
  d.kind = PgdDomainKind::Ball;
  d.S = S;
  return d;
}

PgdDomain PgdDomain::ellipsoid(std::vector<Rational> center, std::vector<std::vector<Rational>> V, Rational radius2) {
  PgdDomain d;
  d.kind = PgdDomainKind::Ellipsoid;
  d.center = std::move(center);
  d.V = std::move(V);
  d.radius2 = std::move(radius2);
  return d;
}

bool PgdDomain::contains(std::span<const Rational> theta) const {
  if (kind == PgdDomainKind::Ball) return sq_norm(theta) <= S * S;
  if (intersect_S && sq_norm(theta) > *intersect_S * *intersect_S) return false;
  std::vector<Rational> u(theta.size());
  for (std::size_t i = 0; i < u.size(); ++i) u[i] = theta[i] - center[i];
  return quad(V, u) <= radius2;
}

std::vector<Rational> PgdDomain::centre(std::size_t d) const {
  return kind == PgdDomainKind::Ball ? std::vector<Rational>(d, Rational(0)) : center;
}

bool positive_definite(const std::vector<std::vector<Rational>>& M) {
  const std::size_t d = M.size();
  std::vector<std::vector<Rational>> A = M;
  for (std::size_t c = 0; c < d; ++c) {
    if (A[c][c] <= 0) return false;
    for (std::size_t r = c + 1; r < d; ++r) {
      if (A[r][c] == 0) continue;
      const Rational f = A[r][c] / A[c][c];
      for (std::size_t k = c; k < d; ++k) A[r][k] -= f * A[c][k];
    }
  }
  return true;
}

namespace {

// a >= ‖c‖ on the grid 2^−32: ⌈√(‖c‖²·2^64)⌉·2^−32.
Rational centre_norm_upper(const PgdDomain& dom) {
  const Rational n2 = sq_norm(dom.center) * pow2(2 * static_cast<int>(kNormBoundBits));
  const Integer f = ceil(n2);
  Integer s = floor_sqrt(f);
  if (s * s < f) s += 1;
  return Rational(s) / pow2(static_cast<int>(kNormBoundBits));
}

bool shifted_pd(const std::vector<std::vector<Rational>>& V, const Rational& t) {
  std::vector<std::vector<Rational>> M = V;
  for (std::size_t i = 0; i < M.size(); ++i) M[i][i] -= t;
  return positive_definite(M);
}

}  // namespace

bool pgd_certify_theta_bound(const PgdDomain& domain, const Rational& B) {
  if (domain.kind == PgdDomainKind::Ball) return B >= domain.S;
  if (domain.intersect_S && B >= *domain.intersect_S) return true;
  const Rational a = centre_norm_upper(domain);
  if (B <= a) return false;
  const Rational gap = B - a;
  return shifted_pd(domain.V, Rational(domain.radius2 / (gap * gap)));
}

Rational pgd_theta_norm_bound(const PgdDomain& domain) {
  if (domain.kind == PgdDomainKind::Ball) return domain.S;
  // t = the largest k·2^−j (j chosen so that t keeps 32 significant bits) with V − tI ≻ 0; then
  // B = a + ⌈√(ρ²/t)·2^32⌉·2^−32 (ρ²/t ≥ ρ²/λ_min).
  const Rational trace_bound = [&] {
    Rational m(0);
    for (std::size_t i = 0; i < domain.V.size(); ++i)
      if (domain.V[i][i] > m) m = domain.V[i][i];
    return m;  // λ_min <= min diag <= max diag
  }();
  // Find the exponent e with 2^e <= λ_min < 2^(e+1) by halving from the trace bound.
  int e = 0;
  while (pow2(e) <= trace_bound) ++e;
  while (!shifted_pd(domain.V, pow2(e))) {
    --e;
    if (e < -4096) throw std::runtime_error("pgd_theta_norm_bound: V is not certifiably positive definite");
  }
  // Bisection on the numerator k in [2^32, 2^33): t = k·2^(e−32).
  Integer lo = Integer(1) << 32, hi = Integer(1) << 33;  // V − lo·2^(e−32)I ≻ 0; hi unknown (2^(e+1) may also be)
  while (hi - lo > 1) {
    const Integer mid = (lo + hi) / 2;
    if (shifted_pd(domain.V, Rational(mid) * pow2(e - 32))) lo = mid;
    else hi = mid;
  }
  const Rational t = Rational(lo) * pow2(e - 32);
  const Rational r2t = domain.radius2 / t * pow2(2 * static_cast<int>(kNormBoundBits));
  const Integer f = ceil(r2t);
  Integer s = floor_sqrt(f);
  if (s * s < f) s += 1;
  const Rational bound = centre_norm_upper(domain) + Rational(s) / pow2(static_cast<int>(kNormBoundBits));
  return domain.intersect_S && *domain.intersect_S < bound ? *domain.intersect_S : bound;
}

CertifiedReal pgd_scaled_entry(Link link, const Rational& z, const Rational& r, const Rational& xk, const Rational& reg,
                               const Rational& theta_k, const Rational& L, const Rational& scale) {
  const Rational shift = reg * theta_k + L;
  if (xk == 0) return CertifiedReal(Rational(shift * scale));
  const CertifiedReal m = mu(link, z);
  if (m.is_exact()) return CertifiedReal(Rational(((m.exact() - r) * xk + shift) * scale));
  return CertifiedReal([link, z, r, xk, shift, scale](mpfr_prec_t p) {
    return (mu_enclosure(link, z, p) - Interval(r, p)).mul(xk).mul(scale) + Interval(Rational(shift * scale), p);
  });
}

PGd::PGd(PgdParams params, std::size_t n, std::size_t d, PgdFaults faults)
    : params_(std::move(params)), n_(n), d_(d), faults_(faults), noise_(Integer(0), Rational(1, 4)) {
  const PgdParams& p = params_;
  if (n < 1) throw_parameter_error(kFn, "n", ">= 1 user", std::to_string(n));
  if (d < 1 || d > 1024) throw_parameter_error(kFn, "d", "in [1, 1024]", std::to_string(d));
  if (p.q < 1 || p.q > 30) throw_parameter_error(kFn, "q", "in [1, 30]", std::to_string(p.q));
  if (p.R < 1) throw_parameter_error(kFn, "R", ">= 1 (rewards in [0, R], mu in (0, 1))", to_string(p.R));
  require_reasonable_size(p.R, kFn, "R");
  require_nonnegative(p.reg, kFn, "reg");
  require_reasonable_size(p.reg, kFn, "reg");
  require_nonnegative(p.iterations, kFn, "iterations");
  if (p.iterations > (Integer(1) << 40)) throw_parameter_error(kFn, "iterations", "<= 2^40", to_string(p.iterations));
  if (p.iterations > 0) require_positive(p.eta, kFn, "eta");
  require_reasonable_size(p.eta, kFn, "eta");
  const PgdDomain& dom = p.domain;
  if (dom.kind == PgdDomainKind::Ball) {
    require_positive(dom.S, kFn, "S");
    require_reasonable_size(dom.S, kFn, "S");
    if (dom.intersect_S) throw_parameter_error(kFn, "intersect_S", "absent for the ball", to_string(*dom.intersect_S));
  } else {
    if (dom.center.size() != d)
      throw_parameter_error(kFn, "center", std::to_string(d) + " coordinates", std::to_string(dom.center.size()));
    for (const Rational& c : dom.center)
      if (!on_grid(c, p.q)) throw_parameter_error(kFn, "center", "on the grid 2^-" + std::to_string(p.q), to_string(c));
    if (dom.V.size() != d) throw_parameter_error(kFn, "V", std::to_string(d) + " rows", std::to_string(dom.V.size()));
    for (std::size_t i = 0; i < d; ++i) {
      if (dom.V[i].size() != d)
        throw_parameter_error(kFn, "V", std::to_string(d) + " columns (row " + std::to_string(i) + ")",
                              std::to_string(dom.V[i].size()));
      for (std::size_t j = 0; j < d; ++j) {
        require_reasonable_size(dom.V[i][j], kFn, "V");
        if (dom.V[i][j] != dom.V[j][i])
          throw_parameter_error(kFn, "V", "symmetric", "V[" + std::to_string(i) + "][" + std::to_string(j) + "] = " +
                                                           to_string(dom.V[i][j]) + " != " + to_string(dom.V[j][i]));
      }
    }
    if (!positive_definite(dom.V)) throw_parameter_error(kFn, "V", "positive definite", "a matrix with a pivot <= 0");
    require_positive(dom.radius2, kFn, "radius2");
    require_reasonable_size(dom.radius2, kFn, "radius2");
    if (dom.intersect_S) {
      require_positive(*dom.intersect_S, kFn, "intersect_S");
      require_reasonable_size(*dom.intersect_S, kFn, "intersect_S");
      if (sq_norm(dom.center) > *dom.intersect_S * *dom.intersect_S)
        throw_parameter_error(kFn, "center", "inside the intersected ball (|c| <= intersect_S)",
                              "|c|^2 = " + to_string(sq_norm(dom.center)));
    }
  }
  require_reasonable_size(p.theta_bound, kFn, "theta_bound");
  if (!pgd_certify_theta_bound(dom, p.theta_bound))
    throw_parameter_error(kFn, "theta_bound", "a certified upper bound of sup over Theta of |theta|",
                          to_string(p.theta_bound));
  require_reasonable_size(p.L, kFn, "L");
  if (p.L < p.R + p.reg * p.theta_bound)
    throw_parameter_error(kFn, "L", ">= R + reg*theta_bound = " + to_string(Rational(p.R + p.reg * p.theta_bound)),
                          to_string(p.L));
  pvec_.labels = LabelSet::vector(static_cast<std::uint32_t>(d));
  pvec_.batch = Integer(n);
  pvec_.g = require_positive(p.g, kFn, "g");
  pvec_.b = require_nonnegative(p.b, kFn, "b");
  pvec_.p = Rational(1, 4);
  pvec_.delta = p.L;
  pvec_.range = p.range;
  pvec_.message_bits = pvec_.length();
  if (Integer(n) * p.b > BinomialLarge::kMaxN)
    throw_parameter_error(kFn, "b", "such that n*b <= 2^80 (the large binomial's range)", to_string(p.b));
  scale_ = Rational(pvec_.g) / pvec_.r();
  max_x_hat_ = ceil(Rational(2 * p.L * scale_));
  noise_ = BinomialLarge(Integer(Integer(n) * p.b), Rational(1, 4));
}

void PGd::check_data(std::span<const PgdDatum> data) const {
  constexpr const char* fn = "PGd::run";
  if (data.size() != n_) throw_parameter_error(fn, "data", std::to_string(n_) + " users", std::to_string(data.size()));
  for (std::size_t i = 0; i < data.size(); ++i) {
    const PgdDatum& u = data[i];
    if (u.x.size() != d_)
      throw_parameter_error(fn, "x", std::to_string(d_) + " coordinates (user " + std::to_string(i) + ")",
                            std::to_string(u.x.size()));
    check_context(u.x, params_.q, fn);
    if (u.r < 0 || u.r > params_.R || !on_grid(u.r, params_.q))
      throw_parameter_error(fn, "r", "in [0, R] on the grid 2^-" + std::to_string(params_.q) + " (user " +
                                         std::to_string(i) + ")",
                            to_string(u.r));
  }
}

void PGd::advance(std::vector<Integer> counts, PgdResult& res) const {
  std::vector<Rational> gbar = mean_gradient(counts);
  const std::vector<Rational>& theta = res.iterates.back();
  std::vector<Rational> y(d_);
  for (std::size_t k = 0; k < d_; ++k) y[k] = theta[k] - params_.eta * gbar[k];
  bool projected = false;
  std::vector<Rational> next = grid_project(y, &res.shrink_steps, &projected);
  if (projected) ++res.projections;
  res.counts.push_back(std::move(counts));
  res.gradients.push_back(std::move(gbar));
  res.iterates.push_back(std::move(next));
}

void PGd::finish_run(const std::vector<Rational>& sum, PgdResult& res) const {
  res.released = params_.iterations > 0;
  res.roundings = Integer(n_) * Integer(d_) * params_.iterations;
  if (params_.iterations == 0) {
    res.theta_bar = res.iterates.front();
  } else {
    res.theta_bar.resize(d_);
    for (std::size_t k = 0; k < d_; ++k) res.theta_bar[k] = sum[k] / Rational(params_.iterations);
  }
}

std::vector<Rational> PGd::mean_gradient(std::span<const Integer> counts) const {
  std::vector<Rational> g(d_);
  for (std::size_t k = 0; k < d_; ++k) g[k] = pvec_analyze(pvec_, counts[k]) / Rational(Integer(n_));
  return g;
}

std::vector<Rational> PGd::grid_project(std::span<const Rational> y, std::uint64_t* shrinks, bool* projected) const {
  const PgdDomain& dom = params_.domain;
  const unsigned q = params_.q;
  const std::vector<Rational> c = dom.centre(d_);
  std::vector<Rational> theta(d_);
  *projected = !dom.contains(y);
  if (faults_.skip_projection) {  // negative control: y rounded toward the centre, kept as it is
    for (std::size_t k = 0; k < d_; ++k) theta[k] = c[k] + round_toward_zero(Rational(y[k] - c[k]), q);
    return theta;
  }
  if (!*projected) {
    for (std::size_t k = 0; k < d_; ++k) theta[k] = c[k] + round_toward_zero(Rational(y[k] - c[k]), q);
  } else if (dom.kind == PgdDomainKind::Ball) {
    // θ_j = sign(y_j)·⌊|y_j|·S·2^q/‖y‖⌋·2^−q = sign(y_j)·⌊√(⌊y_j²S²4^q/‖y‖²⌋)⌋·2^−q.
    const Rational n2 = sq_norm(y);
    const Rational s4 = dom.S * dom.S * pow2(2 * static_cast<int>(q));
    for (std::size_t k = 0; k < d_; ++k) {
      const Integer m = floor_sqrt(floor(Rational(y[k] * y[k] * s4 / n2)));
      theta[k] = (y[k] < 0 ? Rational(-m) : Rational(m)) / pow2(static_cast<int>(q));
    }
  } else {
    std::vector<Rational> u(d_);
    for (std::size_t k = 0; k < d_; ++k) u[k] = y[k] - c[k];
    const auto feasible = [&](const Integer& N) {
      const Rational mu = Rational(N) / pow2(static_cast<int>(q + kMultiplierExtraBits));
      return quad(dom.V, multiplier_point(dom.V, u, mu)) <= dom.radius2;
    };
    // φ(0) > ρ²; find N_hi feasible by doubling, then the least feasible N by bisection.
    Integer lo(0), hi(1);
    const Integer cap = Integer(1) << (q + kMultiplierExtraBits + kMultiplierCapBits);
    while (!feasible(hi)) {
      lo = hi;
      hi *= 2;
      if (hi > cap)
        throw std::runtime_error("PGd: ellipsoid projection multiplier above 2^" +
                                 std::to_string(q + kMultiplierCapBits) + " (cap; docs/protocol-003.md)");
    }
    while (hi - lo > 1) {
      const Integer mid = (lo + hi) / 2;
      if (feasible(mid)) hi = mid;
      else lo = mid;
    }
    const std::vector<Rational> v =
        multiplier_point(dom.V, u, Rational(hi) / pow2(static_cast<int>(q + kMultiplierExtraBits)));
    for (std::size_t k = 0; k < d_; ++k) theta[k] = c[k] + round_toward_zero(v[k], q);
  }
  if (faults_.skip_shrink) return theta;
  const Rational step = pow2(-static_cast<int>(q));
  while (!dom.contains(theta)) {
    for (std::size_t k = 0; k < d_; ++k) {
      if (theta[k] > c[k]) theta[k] -= step;
      else if (theta[k] < c[k]) theta[k] += step;
    }
    ++*shrinks;
  }
  return theta;
}

}  // namespace dpb::ref
