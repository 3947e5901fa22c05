#include "reference/learners/gloc.hpp"

#include <algorithm>
#include <stdexcept>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

constexpr const char* kFn = "gloc";

Rational pow2(long e) {
  if (e >= 0) return Rational(Integer(Integer(1) << static_cast<unsigned>(e)));
  return Rational(Integer(1), Integer(Integer(1) << static_cast<unsigned>(-e)));
}

Rational sqrt_up(const Rational& x, mpfr_prec_t prec) {
  if (x <= 0) return Rational(0);
  return Interval(x, prec).sqrt().upper();
}

Rational mid(const Interval& v) { return (v.lower() + v.upper()) / 2; }

// Nearest point of the grid 2^−G (ties up), and the grid point toward zero.
Rational round_grid(const Rational& v, unsigned G) {
  const Integer scale = Integer(1) << G;
  return Rational(floor(Rational(v * Rational(scale) + Rational(1, 2))), scale);
}
Rational round_toward_zero(const Rational& v, unsigned G) {
  const Integer scale = Integer(1) << G;
  if (v >= 0) return Rational(floor(Rational(v * Rational(scale))), scale);
  return Rational(Integer(-floor(Rational(-v * Rational(scale)))), scale);
}

Rational dot(const std::vector<Rational>& a, const std::vector<Rational>& b) {
  Rational s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

// vᵀ(N/4^q)v, exact.
Rational vnorm2(const std::vector<Integer>& N, const std::vector<Rational>& v, unsigned q) {
  const std::size_t d = v.size();
  Rational s = 0;
  for (std::size_t i = 0; i < d; ++i) {
    Rational row = 0;
    for (std::size_t j = 0; j < d; ++j) row += Rational(N[i * d + j]) * v[j];
    s += v[i] * row;
  }
  return s / Rational(Integer(Integer(1) << (2 * q)));
}

// An enclosure of μ over [lo, hi] (μ increasing, values in [0, 1]; beyond |z| = kGlmMaxAbsZ the far bound is 0 or 1).
Interval mu_range(Link link, const Rational& lo, const Rational& hi, mpfr_prec_t prec) {
  const Rational zmax(kGlmMaxAbsZ);
  const Rational l = lo < -zmax ? Rational(0) : mu_enclosure(link, std::min(lo, zmax), prec).lower();
  const Rational h = hi > zmax ? Rational(1) : mu_enclosure(link, std::max(hi, Rational(-zmax)), prec).upper();
  return Interval::hull(l, h, prec);
}

// Gaussian elimination without pivoting on a symmetric positive definite interval matrix (d×d row-major).
std::vector<Interval> solve_spd(std::vector<Interval> M, std::vector<Interval> b, std::size_t d) {
  for (std::size_t k = 0; k < d; ++k)
    for (std::size_t i = k + 1; i < d; ++i) {
      const Interval f = M[i * d + k] / M[k * d + k];
      for (std::size_t j = k; j < d; ++j) M[i * d + j] = M[i * d + j] - f * M[k * d + j];
      b[i] = b[i] - f * b[k];
    }
  std::vector<Interval> x(d, Interval(b[0].precision()));
  for (std::size_t ii = d; ii-- > 0;) {
    Interval acc = b[ii];
    for (std::size_t j = ii + 1; j < d; ++j) acc = acc - M[ii * d + j] * x[j];
    x[ii] = acc / M[ii * d + ii];
  }
  return x;
}

struct Projection {
  std::vector<Rational> z;  // in the ball ‖z‖ ≤ S, on the grid 2^−G
  Rational gap;             // ≥ ‖z − P(c')‖²_V
};

// The V-norm projection of c' (‖c'‖ > S) onto the ball of radius S: z ≈ (V + νI)⁻¹Vc' with ν > 0 the root of
// ‖(V + νI)⁻¹Vc'‖ = S (Newton on 1/‖y(ν)‖, which is concave in ν: monotone from ν = 0), z scaled into the ball and
// rounded toward zero, and the certified duality gap ν(S² − ‖z‖²) + ‖V(z − c') + νz‖²/(λ + ν), exact.
Projection project(const std::vector<Rational>& cp, const std::vector<Integer>& N, unsigned q, const Rational& S,
                   const Rational& lambda, mpfr_prec_t p) {
  const std::size_t d = cp.size();
  const unsigned G = static_cast<unsigned>(2 * p);
  const mpfr_prec_t wp = 3 * p + 64;
  const Rational scale4(Integer(Integer(1) << (2 * q)));
  std::vector<Interval> V(d * d, Interval(wp));
  for (std::size_t i = 0; i < d * d; ++i) V[i] = Interval(Rational(Rational(N[i]) / scale4), wp);
  std::vector<Interval> b(d, Interval(wp));
  for (std::size_t i = 0; i < d; ++i) {
    Rational acc = 0;
    for (std::size_t j = 0; j < d; ++j) acc += Rational(N[i * d + j]) * cp[j];
    b[i] = Interval(Rational(acc / scale4), wp);
  }
  const Interval Si(S, wp);
  auto shifted = [&](const Rational& nu) {
    std::vector<Interval> M = V;
    for (std::size_t i = 0; i < d; ++i) M[i * d + i] = M[i * d + i] + Interval(nu, wp);
    return M;
  };
  Rational nu = 0;
  const Rational tol = pow2(-(2 * p + 8));
  for (int iter = 0; iter < 200; ++iter) {
    const std::vector<Interval> M = shifted(nu);
    const std::vector<Interval> y = solve_spd(M, b, d);
    Interval n2(0L, wp);
    for (const Interval& yi : y) n2 += yi.sqr();
    const Interval ny = n2.sqrt();
    if (mid((ny - Si) / Si) <= tol) break;
    const std::vector<Interval> t = solve_spd(M, y, d);
    Interval ymy(0L, wp);
    for (std::size_t i = 0; i < d; ++i) ymy += y[i] * t[i];
    nu += mid(n2 * (ny - Si) / (Si * ymy));
    nu = round_grid(std::max(nu, Rational(0)), static_cast<unsigned>(wp));
  }
  const std::vector<Interval> y = solve_spd(shifted(nu), b, d);
  Interval n2(0L, wp);
  for (const Interval& yi : y) n2 += yi.sqr();
  const Interval to_sphere = Si / n2.sqrt();
  Projection out;
  const Rational S2 = S * S;
  for (unsigned k = 4;; k += 4) {
    const Rational shrink = Rational(1) - pow2(-static_cast<long>(G) + static_cast<long>(k));
    out.z.assign(d, Rational(0));
    Rational zz = 0;
    for (std::size_t i = 0; i < d; ++i) {
      out.z[i] = round_toward_zero(Rational(mid(y[i] * to_sphere) * shrink), G);
      zz += out.z[i] * out.z[i];
    }
    if (zz <= S2) {
      std::vector<Rational> diff(d), grad(d);
      for (std::size_t i = 0; i < d; ++i) diff[i] = out.z[i] - cp[i];
      Rational g2 = 0;
      for (std::size_t i = 0; i < d; ++i) {
        Rational acc = 0;
        for (std::size_t j = 0; j < d; ++j) acc += Rational(N[i * d + j]) * diff[j];
        const Rational gi = acc / scale4 + nu * out.z[i];
        g2 += gi * gi;
      }
      out.gap = nu * (S2 - zz) + g2 / (lambda + nu);
      return out;
    }
    if (k > G) throw std::logic_error("gloc: the projection could not be moved into the ball");
  }
}

Interval alpha_of(const GlocConstants& k, const Interval& B, mpfr_prec_t prec) {
  // R = 1 (paper); R = k_μ² (baseline-code), so R² = k_μ⁴.
  const Interval R2 = k.profile == GlocProfile::paper ? Interval(1L, prec) : mu_dot_sup_enclosure(k.link, prec).pow(4);
  const Interval one(1L, prec);
  const Interval kB = B.mul(k.kappa);
  const Rational k2 = k.kappa * k.kappa;
  const Interval inner = one + kB.mul(Rational(2)) + R2.sqr().mul(Rational(Rational(4) * k2 * k2 / (k.delta * k.delta)));
  const Interval logt = inner.sqrt().mul(Rational(Rational(2) / k.delta)).log();
  return one + kB.mul(Rational(4)) + R2.mul(Rational(8) * k2) * logt;
}

}  // namespace

std::string_view gloc_profile_name(GlocProfile profile) {
  return profile == GlocProfile::paper ? "paper" : "baseline-code";
}

GlocProfile parse_gloc_profile(std::string_view name) {
  // The command line's seed-001 spellings name the same two: theorem (Jun et al.'s constants) and paper-code (the
  // code the seed-003 authors ran).
  if (name == "paper" || name == "theorem") return GlocProfile::paper;
  if (name == "baseline-code" || name == "paper-code") return GlocProfile::baseline_code;
  throw_parameter_error(kFn, "profile", "paper (theorem) or baseline-code (paper-code)", name);
}

Rational round_up_significant(const Rational& x, unsigned bits) {
  if (x <= 0) throw std::invalid_argument("round_up_significant: x must be > 0");
  long m = static_cast<long>(bits) -
           (static_cast<long>(bit_length(numerator(x))) - static_cast<long>(bit_length(denominator(x))));
  const Rational hi = pow2(static_cast<long>(bits)), lo = pow2(static_cast<long>(bits) - 1);
  while (x * pow2(m) >= hi) --m;
  while (x * pow2(m) < lo) ++m;
  return Rational(ceil(Rational(x * pow2(m)))) * pow2(-m);
}

void validate_gloc(const GlocParams& p, Link link, unsigned q) {
  if (p.T < 1 || p.T > (std::uint64_t{1} << 24)) throw_parameter_error(kFn, "T", "in [1, 2^24]", std::to_string(p.T));
  if (p.lambda) {
    if (*p.lambda <= 0 || *p.lambda > 1 << 20) throw_parameter_error(kFn, "lambda", "in (0, 2^20]", to_string(*p.lambda));
    if (denominator(Rational(*p.lambda * Rational(Integer(Integer(1) << (2 * q))))) != 1)
      throw_parameter_error(kFn, "lambda", "a multiple of 4^-q = 2^-" + std::to_string(2 * q), to_string(*p.lambda));
  }
  if (p.kappa) {
    if (*p.kappa > pow2(64)) throw_parameter_error(kFn, "kappa", "at most 2^64", to_string(*p.kappa));
    check_kappa_star(link, *p.kappa, kFn, "kappa");  // κ ≥ 1/sup μ̇
  }
  if (p.delta <= 0 || p.delta >= 1) throw_parameter_error(kFn, "delta", "in (0, 1)", to_string(p.delta));
}

GlocConstants gloc_constants(const GlocParams& p, const GlmInstance& inst) {
  validate_gloc(p, inst.link, inst.q);
  GlocConstants k;
  k.profile = p.profile;
  k.link = inst.link;
  k.d = inst.d;
  k.q = inst.q;
  k.S = inst.S;
  k.delta = p.delta;
  k.lambda = p.lambda ? *p.lambda : (p.profile == GlocProfile::paper ? Rational(1) : Rational(inst.d));
  if (p.kappa) {
    k.kappa = *p.kappa;
  } else {
    const Rational raw = p.profile == GlocProfile::paper
                             ? (Interval(1L, 128) / mu_dot_enclosure(inst.link, inst.S, 128)).upper()
                             : glm_instance_kappa(inst, 128).kappa.upper();
    k.kappa = round_up_significant(raw, 32);
    if (k.kappa > pow2(64))
      throw_parameter_error(kFn, "kappa", "at most 2^64 (the default for this link and S)", to_string(k.kappa));
  }
  return k;
}

GlocCertifier::GlocCertifier(GlocConstants constants) : k_(std::move(constants)) {
  const std::uint32_t d = k_.d;
  N_cache_.assign(std::size_t{d} * d, Integer(0));
  const Integer l = numerator(Rational(k_.lambda * Rational(Integer(Integer(1) << (2 * k_.q)))));
  for (std::uint32_t j = 0; j < d; ++j) N_cache_[j * d + j] = l;
  last_br_ = internal::bareiss_symmetric(N_cache_, d);
  kmu_up_ = mu_dot_sup_enclosure(k_.link, 128).upper();
  reset_track(kGlmStartPrecision);
}

void GlocCertifier::add(std::span<const std::int64_t> x, int y) {
  if (x.size() != k_.d) throw std::invalid_argument("gloc: a context of the wrong dimension");
  if (y != 0 && y != 1) throw std::invalid_argument("gloc: a reward outside {0, 1}");
  xs_.insert(xs_.end(), x.begin(), x.end());
  ys_.push_back(y);
}

void GlocCertifier::reset_track(mpfr_prec_t prec) {
  const std::uint32_t d = k_.d;
  track_ = Track{};
  track_.prec = prec;
  track_.N.assign(std::size_t{d} * d, Integer(0));
  const Integer l = numerator(Rational(k_.lambda * Rational(Integer(Integer(1) << (2 * k_.q)))));
  for (std::uint32_t j = 0; j < d; ++j) track_.N[j * d + j] = l;
  track_.c.assign(d, Rational(0));
  track_.u.assign(d, Rational(0));
  track_.B = Interval(Rational(Rational(2) * k_.S * k_.S * k_.lambda / k_.kappa), 2 * prec + 32);  // B_0 = 2S²λ/κ
}

void GlocCertifier::cache_through(std::uint64_t n) {
  const std::uint32_t d = k_.d;
  const Rational grid = pow2(-static_cast<long>(k_.q));
  while (cache_.size() < n) {
    const std::size_t s = cache_.size();
    const std::int64_t* f = &xs_[s * d];
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j) N_cache_[i * d + j] += Integer(f[i]) * f[j];
    last_br_ = internal::bareiss_symmetric(N_cache_, d);
    if (!last_br_.positive_definite) throw std::logic_error("gloc: V is not positive definite (λ > 0 makes it so)");
    RoundData rd;
    rd.x.resize(d);
    rd.w.resize(d);
    Integer quad = 0;
    for (std::uint32_t i = 0; i < d; ++i) {
      rd.x[i] = Rational(f[i]) * grid;
      Integer row = 0;
      for (std::uint32_t j = 0; j < d; ++j) row += last_br_.adj[i * d + j] * f[j];
      quad += Integer(f[i]) * row;
      rd.w[i] = Rational(row, last_br_.det) * pow2(static_cast<long>(k_.q));  // V_s⁻¹x = 2^q·adj·f/det
    }
    rd.s1 = Rational(quad, last_br_.det);
    rd.s = rd.s1 / (Rational(1) - rd.s1);  // Sherman–Morrison: s' = s/(1 + s)
    cache_.push_back(std::move(rd));
  }
}

void GlocCertifier::step(const RoundData& rd, int y) {
  Track& tr = track_;
  const std::uint32_t d = k_.d;
  const mpfr_prec_t p = tr.prec, ip = 2 * p + 32;
  const unsigned G = static_cast<unsigned>(2 * p);
  const Rational zc = dot(rd.x, tr.c);
  const Rational rz = tr.r * sqrt_up(rd.s, ip);
  tr.zz += zc * zc;
  for (std::uint32_t i = 0; i < d; ++i) tr.u[i] += zc * rd.x[i];
  tr.rad2 += rz * rz;
  // B_s = B_{s−1} + (κ/2)(μ(z_s) − y_s)²·‖x_s‖²_{V_s⁻¹}, z_s within rz of zc.
  const Interval g = mu_range(k_.link, zc - rz, zc + rz, ip) - Interval(static_cast<long>(y), ip);
  tr.B += g.sqr().mul(Rational(k_.kappa * rd.s1 / 2));
  // The step at the centre with μ's enclosure midpoint, and the radius it carries.
  const Interval m = mu_enclosure(k_.link, zc, p);
  const Rational mt = mid(m), emu = (m.upper() - m.lower()) / 2;
  std::vector<Rational> cp(d);
  const Rational coef = k_.kappa * (mt - Rational(y));
  for (std::uint32_t i = 0; i < d; ++i) cp[i] = tr.c[i] - coef * rd.w[i];
  const Rational L = std::max(Rational(1), Rational(k_.kappa * kmu_up_ * rd.s1 - 1));
  Rational rp = tr.r * sqrt_up(Rational(1) + rd.s, ip) * L + k_.kappa * emu * sqrt_up(rd.s1, ip);
  // V_s.
  std::vector<Rational> diff(d);
  const std::int64_t* f = &xs_[tr.rounds * d];
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) tr.N[i * d + j] += Integer(f[i]) * f[j];
  // The V_s-norm projection onto ‖θ‖ ≤ S (non-expansive), and the computed point's own error.
  if (dot(cp, cp) <= k_.S * k_.S) {
    std::vector<Rational> cn(d);
    for (std::uint32_t i = 0; i < d; ++i) {
      cn[i] = round_grid(cp[i], G);
      diff[i] = cn[i] - cp[i];
    }
    rp += sqrt_up(vnorm2(tr.N, diff, k_.q), ip);
    tr.c = std::move(cn);
  } else {
    Projection pr = project(cp, tr.N, k_.q, k_.S, k_.lambda, p);
    rp += sqrt_up(pr.gap, ip);
    tr.c = std::move(pr.z);
    ++tr.projections;
  }
  tr.r = rp > 0 ? Interval(rp, ip).upper() : Rational(0);
  ++tr.rounds;
}

void GlocCertifier::process_pending() {
  cache_through(ys_.size());
  while (track_.rounds < ys_.size()) step(cache_[track_.rounds], ys_[track_.rounds]);
}

const std::vector<Rational>& GlocCertifier::center() {
  process_pending();
  return track_.c;
}

const Rational& GlocCertifier::radius() {
  process_pending();
  return track_.r;
}

GlocCertifier::Snapshot GlocCertifier::snapshot() {
  process_pending();
  return Snapshot{track_.c, track_.r, track_.rad2, track_.zz, track_.u, track_.B};
}

const Interval& GlocCertifier::regret_bound() {
  process_pending();
  return track_.B;
}

std::optional<std::uint32_t> GlocCertifier::try_decide(std::span<const std::int64_t> arms, std::uint32_t K,
                                                        GlocDecision& out) {
  process_pending();
  const Track& tr = track_;
  const std::uint32_t d = k_.d;
  const mpfr_prec_t p = tr.prec, ip = 2 * p + 32;
  const internal::BareissResult& br = last_br_;
  const Rational grid = pow2(-static_cast<long>(k_.q));
  std::vector<Rational> s(K), center(K);
  std::vector<bool> dup(K, false);
  std::vector<std::vector<Rational>> xr(K, std::vector<Rational>(d));
  for (std::uint32_t a = 0; a < K; ++a) {
    const std::int64_t* f = &arms[std::size_t{a} * d];
    Integer acc = 0;
    for (std::uint32_t i = 0; i < d; ++i) {
      xr[a][i] = Rational(f[i]) * grid;
      for (std::uint32_t j = 0; j < d; ++j) acc += Integer(f[i]) * br.adj[i * d + j] * f[j];
    }
    s[a] = Rational(acc, br.det);
    for (std::uint32_t b = 0; b < a && !dup[a]; ++b) dup[a] = std::equal(f, f + d, &arms[std::size_t{b} * d]);
  }
  auto argmax_s = [&]() {
    std::uint32_t best = 0;
    for (std::uint32_t a = 1; a < K; ++a)
      if (s[a] > s[best]) best = a;
    return best;
  };
  auto all_equal = [&](const std::vector<Rational>& v) {
    for (std::uint32_t a = 1; a < K; ++a)
      if (!dup[a] && v[a] != v[0]) return false;
    return true;
  };
  const Interval alpha = alpha_of(k_, tr.B, ip);
  std::vector<Interval> idx;
  idx.reserve(K);
  if (k_.profile == GlocProfile::paper) {
    // θ̂ = V⁻¹u = 4^q·adj·u/det; the centre's index term ⟨x, θ̂_c⟩ and Q_c = ‖z_c‖² − u_cᵀV⁻¹u_c, exact.
    std::vector<Rational> th(d);
    const Rational scale4(Integer(Integer(1) << (2 * k_.q)));
    for (std::uint32_t i = 0; i < d; ++i) {
      Rational acc = 0;
      for (std::uint32_t j = 0; j < d; ++j) acc += Rational(br.adj[i * d + j]) * tr.u[j];
      th[i] = acc * scale4 / Rational(br.det);
    }
    for (std::uint32_t a = 0; a < K; ++a) center[a] = dot(xr[a], th);
    const Rational Qc = tr.zz - dot(tr.u, th);
    const Rational E = sqrt_up(tr.rad2, ip);
    const Interval sq = Interval(Qc, ip).sqrt();
    const Rational qlo_root = std::max(Rational(0), Rational(sq.lower() - E));
    const Rational qhi_root = sq.upper() + E;
    Interval beta = alpha + Interval(Rational(k_.lambda * k_.S * k_.S), ip) -
                    Interval::hull(qlo_root * qlo_root, qhi_root * qhi_root, ip);
    if (tr.rad2 == 0 && all_equal(center)) {  // no uncertainty, equal centres: decided on s exactly
      if (beta.certainly_greater(Rational(0))) {
        out.exact = true;
        return argmax_s();
      }
      if (beta.upper() <= 0) {
        out.exact = true;
        out.beta_clamped = true;
        return 0U;
      }
      return std::nullopt;
    }
    if (beta.upper() < 0) {
      beta = Interval(0L, ip);
      out.beta_clamped = true;
    } else if (beta.lower() < 0) {
      beta = Interval::hull(Rational(0), beta.upper(), ip);
      out.beta_clamped = true;
    }
    const Interval sb = beta.sqrt();
    for (std::uint32_t a = 0; a < K; ++a) {
      const Rational err = E * sqrt_up(s[a], ip);
      idx.push_back(Interval::hull(center[a] - err, center[a] + err, ip) + sb * Interval(s[a], ip).sqrt());
    }
  } else {
    // Baseline code: μ(⟨x, θ_t⟩) + √α(B_{t−1})·‖x‖_{V⁻¹}, θ_t within r of c in the V_{t−1}-norm.
    for (std::uint32_t a = 0; a < K; ++a) center[a] = dot(xr[a], tr.c);
    if (tr.r == 0 && all_equal(center)) {  // α ≥ 1 > 0
      out.exact = true;
      return argmax_s();
    }
    const Interval sb = alpha.sqrt();
    for (std::uint32_t a = 0; a < K; ++a) {
      const Rational rz = tr.r * sqrt_up(s[a], ip);
      idx.push_back(mu_range(k_.link, center[a] - rz, center[a] + rz, ip) + sb * Interval(s[a], ip).sqrt());
    }
  }
  std::uint32_t c = 0;
  for (std::uint32_t a = 1; a < K; ++a)
    if (!dup[a] && idx[a].lower() > idx[c].lower()) c = a;
  for (std::uint32_t a = 0; a < K; ++a)
    if (a != c && !dup[a] && !idx[a].certainly_less(idx[c])) return std::nullopt;
  return c;
}

GlocDecision GlocCertifier::decide(std::span<const std::int64_t> arms, std::uint32_t K) {
  if (K == 0 || arms.size() != std::size_t{K} * k_.d) throw std::invalid_argument("gloc: arms of the wrong size");
  GlocDecision out;
  for (;;) {
    out.exact = false;
    out.beta_clamped = false;
    if (const auto c = try_decide(arms, K, out)) {
      out.action = *c;
      out.prec = track_.prec;
      return out;
    }
    if (track_.prec * 2 > kGlmPrecisionCap)
      throw GlmUndecided("gloc: the argmax is still open at " + std::to_string(kGlmPrecisionCap) + " bits");
    reset_track(track_.prec * 2);
    ++replays_;
    ++out.refinements;
  }
}

GlocTrajectory gloc(const GlocParams& params, const GlmInstance& inst, std::uint64_t seed, std::uint64_t run,
                    RoundHook on_round) {
  GlocCertifier cert(gloc_constants(params, inst));
  GlocTrajectory out;
  out.kappa = cert.constants().kappa;
  out.lambda = cert.constants().lambda;
  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const std::int64_t> arms(inst.arms.data() + set * inst.K * inst.d, std::size_t{inst.K} * inst.d);
    const GlocDecision dec = cert.decide(arms, inst.K);
    ChaCha20Source bits(seed, glm_reward_stream(run, t));
    const int r = glm_reward(inst, set, dec.action, bits);
    on_round(t);
    cert.add(inst.arm(set, dec.action), r);
    out.actions.push_back(dec.action);
    out.rewards.push_back(r);
    out.prec.push_back(dec.prec);
    out.refinements += dec.refinements;
    out.exact_decisions += dec.exact ? 1 : 0;
    out.beta_clamped += dec.beta_clamped ? 1 : 0;
  }
  out.projections = cert.projections();
  out.pseudo_regret = glm_pseudo_regret(inst, out.actions, 128);
  return out;
}

}  // namespace dpb::ref
