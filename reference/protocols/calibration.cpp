// Exact calibration per theorem of seed 000. See calibration.hpp and docs/protocol-000.md.
#include "reference/protocols/calibration.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <stdexcept>
#include <utility>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/privacy/lemma5_constant.hpp"

namespace dpb::ref {
namespace {

constexpr std::string_view kFn = "calibrate";

struct VariantName {
  Variant variant;
  std::string_view name;
};
constexpr std::array<VariantName, 6> kVariantNames{{{Variant::DistDP, "dist-dp"},
                                                    {Variant::DistRDP, "dist-rdp"},
                                                    {Variant::DistCDP, "dist-cdp"},
                                                    {Variant::Shuffle, "shuffle"},
                                                    {Variant::Central, "central"},
                                                    {Variant::Local, "local"}}};

// ⌈x⌉ for a real x given by enclosures f(prec) that shrink to x as prec grows. The ceiling is decided once both
// ends of the enclosure have the same ceiling (ceil is monotone, so then every point of it does). All τ formulas
// below are transcendental numbers (log(2/p) with 2/p ≠ 1 rational is transcendental, Lindemann–Weierstrass), so
// they are never integers and the loop ends; the precision cap is a guard, not an expected outcome.
Integer certified_ceil(const std::function<Interval(mpfr_prec_t)>& f, mpfr_prec_t start) {
  for (mpfr_prec_t prec = start; prec <= (mpfr_prec_t{1} << 16); prec *= 2) {
    const Interval x = f(prec);
    Integer lo = ceil(x.lower());
    if (lo == ceil(x.upper())) return lo;
  }
  throw std::runtime_error("calibrate: could not decide a ceiling at 65536 bits of precision");
}

// Starting precision: enough bits for the integer part of a value below 2^bits, plus 64 for the fraction.
mpfr_prec_t start_precision(const Rational& magnitude_bound) {
  return static_cast<mpfr_prec_t>(64 + bit_length(ceil(magnitude_bound)));
}

// L = log(2/p) as an enclosure.
Interval log_two_over(const Rational& p, mpfr_prec_t prec) { return Interval(Rational(2 / p), prec).log(); }

// Interval with endpoints max(lo_a, lo_b), max(hi_a, hi_b): an enclosure of max(a, b).
Interval interval_max(const Interval& a, const Interval& b, mpfr_prec_t prec) {
  Rational lo = std::max(a.lower(), b.lower());
  Rational hi = std::max(a.upper(), b.upper());
  return Interval::hull(lo, hi, prec);
}

void check_size(const Rational& x, std::string_view name) { require_reasonable_size(x, kFn, name); }

bool uses_s(Variant v) { return v == Variant::DistRDP || v == Variant::DistCDP; }

// Theorem ranges of ε (Chowdhury & Zhou 2023, arXiv:2206.05772): Theorems 4, 5, 6 fix ε ∈ (0, 1); Theorem 3 needs ε̃ =
// ε/4 ∈ (0, 1) for the Cheu–Yan relaxed SecAgg (App. D.2), i.e. ε < 4; Theorems 1 and 2 take any ε > 0.
void check_eps_range(Variant v, const Rational& eps) {
  require_positive(eps, kFn, "eps");
  if ((v == Variant::DistCDP || v == Variant::Central || v == Variant::Local) && eps >= 1)
    throw_parameter_error(kFn, "eps", std::string("< 1 for variant ") + std::string(variant_name(v)) +
                                          " (Theorem " + (v == Variant::DistCDP ? "4" : v == Variant::Central ? "5" : "6") +
                                          " fixes eps in (0, 1))",
                          to_string(eps));
  if (v == Variant::Shuffle && eps >= 4)
    throw_parameter_error(kFn, "eps", "< 4 for variant shuffle (Theorem 3 needs eps/4 in (0, 1))", to_string(eps));
}

}  // namespace

std::string_view variant_name(Variant v) {
  for (const auto& e : kVariantNames)
    if (e.variant == v) return e.name;
  return "unknown";
}

Variant parse_variant(std::string_view name, std::string_view function) {
  for (const auto& e : kVariantNames)
    if (e.name == name) return e.variant;
  throw_parameter_error(function, "variant", "one of dist-dp, dist-rdp, dist-cdp, shuffle, central, local",
                        std::string(name));
}

std::string_view noise_kind_name(NoiseKind k) {
  switch (k) {
    case NoiseKind::None: return "none";
    case NoiseKind::PolyaDifference: return "polya_difference";
    case NoiseKind::Skellam: return "skellam";
    case NoiseKind::DiscreteGaussian: return "discrete_gaussian";
    case NoiseKind::DiscreteLaplace: return "discrete_laplace";
  }
  return "unknown";
}

Rational default_lemma5_c() { return lemma5_constant(); }

Integer ceil_rational_times_sqrt(const Rational& q, const Integer& n) {
  // q√n = √(q²n); ⌊√x⌋ = ⌊√⌊x⌋⌋ for real x >= 0, and ⌈√x⌉ = ⌊√x⌋ exactly when x is that integer squared.
  const Rational x = q * q * Rational(n);
  const Integer r = floor_sqrt(floor(x));
  return Rational(r * r) == x ? r : Integer(r + 1);
}

Calibration calibrate(Variant variant, const CalibrationInput& in) {
  Calibration c;
  c.variant = variant;

  // --- validation (docs/architecture.md §5): every input, then the theorem's range, then the derived modulus ---
  check_size(in.eps, "eps");
  check_eps_range(variant, in.eps);
  require_positive(in.n, kFn, "n");
  require_positive(in.horizon, kFn, "horizon");
  if (in.n > in.horizon)
    throw_parameter_error(kFn, "n", "<= horizon (" + to_string(in.horizon) + "): a batch serves at most T users",
                          to_string(in.n));
  if (in.s) {
    if (!uses_s(variant))
      throw_parameter_error(kFn, "s", "absent for variant " + std::string(variant_name(variant)) +
                                          " (only dist-rdp and dist-cdp have a scaling factor)",
                            to_string(*in.s));
    check_size(*in.s, "s");
    if (*in.s < 1) throw_parameter_error(kFn, "s", ">= 1", to_string(*in.s));
  }
  if (in.c) {
    if (variant != Variant::Local)
      throw_parameter_error(kFn, "c", "absent for variant " + std::string(variant_name(variant)) +
                                          " (Lemma 5's constant is used by the local variant only)",
                            to_string(*in.c));
    check_size(*in.c, "c");
    require_positive(*in.c, kFn, "c");
  }
  if (in.p) {
    check_size(*in.p, "p");
    if (*in.p <= 0 || *in.p >= 1) throw_parameter_error(kFn, "p", "in (0, 1)", to_string(*in.p));
  } else if (in.horizon < 2) {
    throw_parameter_error(kFn, "horizon", ">= 2 when p is not given (the default p = 1/T must lie in (0, 1))",
                          to_string(in.horizon));
  }

  c.eps = in.eps;
  c.n = in.n;
  c.horizon = in.horizon;
  c.s = in.s.value_or(Rational(1));
  c.p = in.p.value_or(Rational(1) / Rational(in.horizon));
  if (variant == Variant::Local) c.c = in.c ? *in.c : default_lemma5_c();
  const Rational& eps = c.eps;
  const Rational& p = c.p;
  const Rational n(c.n);

  // --- g: ⌈ε√n⌉ (Theorems 1, 5, 6), ⌈sε√n⌉ (Theorems 2, 4), ⌈ε′√n⌉ with ε′ = ε/2 (Theorem 3) ---
  c.eps_noise = eps;
  Rational p_tau = p;  // the failure probability that τ is calibrated to
  switch (variant) {
    case Variant::DistDP:
    case Variant::Central:
    case Variant::Local:
      c.g = ceil_rational_times_sqrt(eps, c.n);
      break;
    case Variant::DistRDP:
    case Variant::DistCDP:
      c.g = ceil_rational_times_sqrt(c.s * eps, c.n);
      break;
    case Variant::Shuffle:
      // Theorem 3: ε̃ = ε/4, ε′ = ε/2, q̃ = p′ = 1/(2T). We read the overall target p (default 1/T) as q̃ + p′.
      c.eps_noise = eps / 2;
      c.eps_tilde = eps / 4;
      c.q_tilde = p / 2;
      c.p_prime = p / 2;
      p_tau = p / 2;
      c.g = ceil_rational_times_sqrt(c.eps_noise, c.n);
      break;
  }
  const Rational g(c.g);
  const Rational b = g / c.eps_noise;  // the discrete Laplace scale g/ε (g/ε′ for Shuffle)

  // --- τ: the (1 − p)-quantile bound of |Σ_i η_i| that each theorem's regret proof uses ---
  // Magnitude bound for the starting precision: every τ below is < (1 + b)·(4 + c)·(n + 1)·(2 + log2(2/p))².
  const Rational bits_of_L(bit_length(ceil(Rational(2 / p_tau))) + 2);
  const Rational magnitude = (1 + b) * (4 + c.c.value_or(Rational(0))) * (n + 1) * bits_of_L * bits_of_L;
  const mpfr_prec_t start = start_precision(magnitude);
  std::function<Interval(mpfr_prec_t)> tau_real;
  switch (variant) {
    case Variant::DistDP:
    case Variant::Central:
    case Variant::Shuffle:
      // Theorems 1, 5: τ = ⌈(g/ε) log(2/p)⌉; Theorem 3: τ = ⌈(g/ε′) log(2/p′)⌉. Fact 3 / Def 4 tail:
      // P[|Lap_Z(g/ε)| > τ] = 2β^{τ+1}/(1+β) < 2e^{−ετ/g} <= p.
      tau_real = [&](mpfr_prec_t prec) { return log_two_over(p_tau, prec).mul(b); };
      break;
    case Variant::DistRDP:
      // Theorem 2 with Proposition 1 on Σ_i η_i ~ Sk(0, g²/ε²), σ = g/ε: τ = ⌈(2g/ε)√(log(2/p)) + √2·log(2/p)⌉.
      // The square root on the first log is the proof's (Proposition 1); the extract and the authors' code drop it.
      tau_real = [&](mpfr_prec_t prec) {
        const Interval L = log_two_over(p_tau, prec);
        return L.sqrt().mul(2 * b) + Interval(Rational(2), prec).sqrt() * L;
      };
      break;
    case Variant::DistCDP:
      // Theorem 4 with Lemma 6: Σ_i η_i is (g²/ε²)-sub-Gaussian, τ = ⌈(g/ε)√(2 log(2/p))⌉.
      tau_real = [&](mpfr_prec_t prec) { return log_two_over(p_tau, prec).mul(Rational(2)).sqrt().mul(b); };
      break;
    case Variant::Local:
      // Theorem 6 with Lemma 5 at scale g/ε (η_i ~ Lap_Z(g/ε) is (c²b², c·b)-sub-exponential, b = g/ε) and
      // Lemma 9: |Σ_i η_i| <= v w.p. >= 1 − p whenever v >= c·b·max{√(2n log(2/p)), 2 log(2/p)}. The paper's
      // τ = ⌈c·b·√(2n log(2/p))⌉ is the first branch, which is the maximum exactly when n >= 2 log(2/p) (the
      // proof's own condition); we take the maximum so that the accuracy bound holds for every n.
      tau_real = [&](mpfr_prec_t prec) {
        const Interval L = log_two_over(p_tau, prec);
        const Interval a = L.mul(2 * n).sqrt();
        const Interval d = L.mul(Rational(2));
        return interval_max(a, d, prec).mul(*c.c * b);
      };
      break;
  }
  c.tau = certified_ceil(tau_real, start);

  // --- m = n·g + 2τ + 1 (all variants) and the analyzer's threshold n·g + τ ---
  c.threshold = c.n * c.g + c.tau;
  c.m = c.threshold + c.tau + 1;
  if (c.m > kMaxModulus)
  {
    // Name the cause (issue 14 class 9). τ grows as 1/eps (the noise scale is g/eps): when 2τ dominates, a tiny
    // eps is to blame. Otherwise n·g dominates, g = ⌈eps·√n⌉ (or s·eps·√n): with g <= 2^31 it passes 2^62 only
    // for n >= 2^31, so n is to blame; beyond, a huge eps made g too large.
    const bool eps_to_blame = 2 * c.tau + 1 > c.n * c.g || c.g > (Integer(1) << 31);
    const std::string where = " (the optimized build's int64 headroom; n = " + to_string(c.n) + ", g has " +
                              std::to_string(bit_length(Integer(c.g))) + " bits, m " +
                              std::to_string(bit_length(Integer(c.m))) + ")";
    if (eps_to_blame)
      throw_parameter_error(kFn, "eps", "such that m = n*g + 2*tau + 1 <= 2^62" + where, to_string(in.eps));
    throw_parameter_error(kFn, "n", "small enough that m = n*g + 2*tau + 1 <= 2^62" + where, to_string(c.n));
  }
  c.bits_per_message = bit_length(Integer(c.m - 1));  // ⌈log₂ m⌉ for m >= 2: values 0..m−1 need bit_length(m−1)

  // --- noise laws ---
  const Rational sigma2_total = b * b;  // g²/ε²
  switch (variant) {
    case Variant::DistDP:
    case Variant::Shuffle:
      // Fact 1: Σ_{i<=n} (γ⁺_i − γ⁻_i) ~ Lap_Z(b) for γ^± i.i.d. Pólya(1/n, e^{−1/b}). Shuffle: b = g/ε′ (E5).
      c.per_user_noise = {NoiseKind::PolyaDifference, Rational(1) / n, b, Rational(0)};
      c.aggregate_noise = {NoiseKind::DiscreteLaplace, Rational(0), b, Rational(0)};
      break;
    case Variant::DistRDP:
      // Per user Sk(0, g²/(nε²)); Skellam is closed under sums: Σ ~ Sk(0, g²/ε²).
      c.per_user_noise = {NoiseKind::Skellam, Rational(0), Rational(0), sigma2_total / n};
      c.aggregate_noise = {NoiseKind::Skellam, Rational(0), Rational(0), sigma2_total};
      break;
    case Variant::DistCDP:
      // Per user N_Z(0, g²/(nε²)); the sum is not a discrete Gaussian (Lemma 4 bounds its privacy).
      c.per_user_noise = {NoiseKind::DiscreteGaussian, Rational(0), Rational(0), sigma2_total / n};
      c.aggregate_noise = {NoiseKind::None, Rational(0), Rational(0), Rational(0)};
      break;
    case Variant::Central:
      // Algorithm 3: η ~ Lap_Z(g/ε) added by the analyzer, no local noise (Algorithm 2).
      c.analyzer_noise = {NoiseKind::DiscreteLaplace, Rational(0), b, Rational(0)};
      c.aggregate_noise = {NoiseKind::None, Rational(0), Rational(0), Rational(0)};
      break;
    case Variant::Local:
      // Algorithm 4: η_i ~ Lap_Z(g/ε). Lap_Z = Geo − Geo, so Σ_{i<=n} η_i = NB(n, β) − NB(n, β): a Pólya(n, β)
      // difference.
      c.per_user_noise = {NoiseKind::DiscreteLaplace, Rational(0), b, Rational(0)};
      c.aggregate_noise = {NoiseKind::PolyaDifference, n, b, Rational(0)};
      break;
  }

  c.failure_probability = p;  // Shuffle: q̃ + p′ = p/2 + p/2
  switch (variant) {
    case Variant::DistDP: c.source = "seed 000, Theorem 1 (Fact 1, Fact 3)"; break;
    case Variant::DistRDP: c.source = "seed 000, Theorem 2 (Proposition 1)"; break;
    case Variant::DistCDP: c.source = "seed 000, Theorem 4 (Lemma 4, Lemma 6)"; break;
    case Variant::Shuffle: c.source = "seed 000, Theorem 3 (noise at eps' = eps/2, see docs/decisions.md)"; break;
    case Variant::Central: c.source = "seed 000, Theorem 5 (Algorithms 2, 3)"; break;
    case Variant::Local: c.source = "seed 000, Theorem 6 (Algorithms 4, 5; Lemma 5 constant c)"; break;
  }
  return c;
}

}  // namespace dpb::ref
