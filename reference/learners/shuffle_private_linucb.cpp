#include "reference/learners/shuffle_private_linucb.hpp"

#include <algorithm>
#include <array>
#include <map>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/learners/internal/bareiss.hpp"
#include "reference/learners/internal/certified.hpp"
#include "reference/learners/radical.hpp"
#include "reference/learners/trajectory.hpp"
#include "reference/privacy/release_law_001.hpp"
#include "reference/privacy/seed001.hpp"
#include "reference/protocols/p_amp.hpp"
#include "reference/protocols/p_vec.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::ref {

namespace {

constexpr const char* kFn = "shuffle_private_linucb";
constexpr mpfr_prec_t kPrec = 256;
constexpr unsigned kBetaGridBits = 32;

constexpr std::array<std::pair<LinUcbVariant, std::string_view>, 5> kVariants{{
    {LinUcbVariant::NonPrivate, "linucb"},
    {LinUcbVariant::SdpAmp, "linucb-sdp-amp"},
    {LinUcbVariant::SdpVec, "linucb-sdp-vec"},
    {LinUcbVariant::Ldp, "linucb-ldp"},
    {LinUcbVariant::Jdp, "linucb-jdp"},
}};

// ⌈x·2^k⌉/2^k for the upper end of the enclosure x: a certified upper rounding onto the grid 2^−k (deterministic:
// a fixed precision, so both builds get the same rational).
Rational upper_on_grid(const Interval& x, unsigned k) {
  const Integer scale = Integer(1) << k;
  return Rational(ceil(Rational(x.upper() * scale)), scale);
}

Interval rational_sqrt(const Rational& x) { return Interval(x, kPrec).sqrt(); }

}  // namespace

std::string_view linucb_variant_name(LinUcbVariant v) {
  for (const auto& [k, name] : kVariants)
    if (k == v) return name;
  return "?";
}

std::optional<LinUcbVariant> parse_linucb_variant(std::string_view name) {
  for (const auto& [k, n] : kVariants)
    if (n == name) return k;
  return std::nullopt;
}

std::vector<std::string> linucb_variant_names() {
  std::vector<std::string> out;
  for (const auto& [k, n] : kVariants) out.emplace_back(n);
  return out;
}

std::string_view pd_policy_name(PdPolicy p) {
  switch (p) {
    case PdPolicy::Skip: return "skip";
    case PdPolicy::RaiseLambda: return "raise-lambda";
    case PdPolicy::Project: return "project";
  }
  return "?";
}

PdPolicy parse_pd_policy(std::string_view name, std::string_view function) {
  if (name == "skip") return PdPolicy::Skip;
  if (name == "raise-lambda") return PdPolicy::RaiseLambda;
  if (name == "project") return PdPolicy::Project;
  throw_parameter_error(function, "pd-policy", "one of skip, raise-lambda, project", std::string(name));
}

Profile001 parse_profile_001(std::string_view name, std::string_view function) {
  if (name == "theorem") return Profile001::Theorem;
  if (name == "paper-code") return Profile001::PaperCode;
  throw_parameter_error(function, "profile", "one of theorem, paper-code", std::string(name));
}

std::string_view user_model_name(UserModel u) { return u == UserModel::Returning ? "returning" : "unique"; }

UserModel parse_user_model(std::string_view name, std::string_view function) {
  if (name == "unique") return UserModel::Unique;
  if (name == "returning") return UserModel::Returning;
  throw_parameter_error(function, "users", "one of unique, returning", std::string(name));
}

std::uint64_t default_rounds_per_user(std::uint64_t T) {
  std::uint64_t m = 1;
  while (Integer(m) * m * m < Integer(T)) ++m;  // the least m with m³ >= T (T <= 2^40: m <= 2^14)
  return m;
}

Integer LinUcbConfig::lambda_num() const { return numerator(Rational(lambda * D)); }

std::uint32_t LinUcbConfig::jdp_prefix(std::uint64_t t) const {
  std::uint32_t k = 1;
  for (std::uint64_t e : jdp_thresholds)
    if (e <= 1 + t) ++k;
  return std::min(k, jdp_nodes);
}

Rational max_row_norm_sq(const LinearInstance& inst) {
  Integer best = 0;
  for (std::uint32_t a = 0; a < inst.K; ++a) {
    Integer s = 0;
    for (std::uint32_t k = 0; k < inst.d; ++k) s += Integer(inst.features[std::size_t{a} * inst.d + k]) * inst.features[std::size_t{a} * inst.d + k];
    if (s > best) best = s;
  }
  return Rational(best, Integer(1) << (2 * inst.q));
}

namespace {

// The paper-code profile (header comment): s̄, Γ, λ = 2Γ, the width once, the noise schedule's constants.
void configure_paper_code(LinUcbConfig& c, const LinUcbParams& p) {
  const std::uint32_t d = c.d;
  const Integer n(c.T), B(c.B), dd(d);
  c.privacy_note = p.variant == LinUcbVariant::NonPrivate
                       ? "non-private (paper-code profile: the authors' constants)"
                       : "paper-code profile: the authors' uncalibrated constants, NO privacy claim";
  c.in_range = false;
  c.noise_proxy = 0;
  c.rounding = 0;
  c.alpha = Rational(1, c.T);
  RealFn gamma;
  const Integer two_r1 = Integer(1) << (c.r + 1);  // the symmetrized noise's grid
  Integer D = Integer(1) << c.r;
  auto sqrt_nd = [n, dd](mpfr_prec_t pr) { return (Interval(n, pr) * Interval(dd, pr)).sqrt(); };
  if (c.T < 3 && p.variant == LinUcbVariant::Jdp)
    throw_parameter_error(kFn, "T", ">= 3 for the paper-code linucb-jdp (ln ln n > 0)", std::to_string(c.T));
  switch (p.variant) {
    case LinUcbVariant::NonPrivate:
      gamma = exact_real(Rational(1));
      break;
    case LinUcbVariant::Ldp:
    case LinUcbVariant::SdpAmp: {
      const RealFn s = p.variant == LinUcbVariant::Ldp ? paper_code_ldp_s(p.eps, p.delta)
                                                       : paper_code_amp_s(p.eps, p.delta, B);
      c.sigma = round_up_to_grid(s, kSigmaGridBits);
      gamma = [s, sqrt_nd](mpfr_prec_t pr) { return s(pr) * sqrt_nd(pr); };
      D = two_r1;
      break;
    }
    case LinUcbVariant::Jdp: {
      const RealFn s = paper_code_tree_s(p.eps, p.delta, n);
      c.sigma = round_up_to_grid(s, kSigmaGridBits);
      gamma = [s, n, dd](mpfr_prec_t pr) {
        return s(pr) * Interval(n, pr).log().sqrt() * Interval(dd, pr).sqrt();
      };
      // ⌈e^j⌉ <= T + 1 for j = 1, 2, …: e^j is irrational, so e^j <= 1 + t iff ⌈e^j⌉ <= 1 + t.
      for (long j = 1;; ++j) {
        const Integer e = certified_ceiling([j](mpfr_prec_t pr) { return Interval(j, pr).exp(); });
        if (e > Integer(c.T)) break;
        c.jdp_thresholds.push_back(e.convert_to<std::uint64_t>());
      }
      c.jdp_nodes = static_cast<std::uint32_t>(c.jdp_thresholds.size()) + 1;  // ⌊ln n⌋ + 1 (e^j = n never)
      D = two_r1;
      break;
    }
    case LinUcbVariant::SdpVec: {
      c.vec_scale = p.vec_scale ? *p.vec_scale : (p.eps == Rational(1, 5) ? Rational(1) : Rational(10));
      c.b = internal::certified_floor(paper_code_vec_b(p.eps, p.delta, B, dd, c.vec_scale), "paper-code b");
      // c = g/L = √(g²/2), rounded up onto 2^−20: g_c = ⌈√(g²·2^39)⌉ (g² an integer).
      const Integer g2 = numerator(paper_code_vec_g_squared(B, dd));
      const Integer m = g2 << 39;
      Integer gc = floor_sqrt(m);
      if (gc * gc < m) gc += 1;
      c.g = gc;
      c.vec_delta = Rational(Integer(1) << 20);
      const Rational eps = p.eps, delta = p.delta;
      gamma = [eps, delta, B, dd, sqrt_nd](mpfr_prec_t pr) {
        return Interval(Rational(dd / delta), pr).log().div(eps) / Interval(B, pr).sqrt() * sqrt_nd(pr) /
               Interval(4L, pr);
      };
      D = Integer(boost::multiprecision::lcm(D, Integer(4 * c.g)));
      break;
    }
  }
  c.gamma_upper = round_up_to_grid(gamma, 32);
  if (p.lambda) c.lambda = *p.lambda;
  else if (p.variant == LinUcbVariant::NonPrivate) c.lambda = Rational(1, 10000);
  else c.lambda = round_up_to_grid([gamma](mpfr_prec_t pr) { return gamma(pr).mul(Rational(2)); }, c.r - 1);
  c.lambda_min = c.lambda;
  c.lambda_max = c.lambda;
  D = Integer(boost::multiprecision::lcm(D, denominator(c.lambda)));
  c.D = D;
  const Rational L2 = c.row_norm_sq;
  const RealFn cew = [gamma, n, dd, L2](mpfr_prec_t pr) {
    const Interval g = gamma(pr);
    const Interval inner = (Interval(Rational(n * L2), pr) / g + Interval(1L, pr)) * Interval(n, pr);
    return (g * Interval(dd, pr)).sqrt() + (inner.log() * Interval(dd, pr)).sqrt().div(Rational(2));
  };
  c.beta.assign(c.M + 1, round_up_to_grid(cew, kBetaGridBits));
}

}  // namespace

LinUcbConfig configure_linucb(const LinUcbParams& p, std::uint32_t d, std::uint32_t K, unsigned q,
                              const Rational& row_norm_sq) {
  if (d < 2) throw_parameter_error(kFn, "d", ">= 2", std::to_string(d));
  if (K == 0) throw_parameter_error(kFn, "K", ">= 1", "0");
  if (q < 1 || q > 30) throw_parameter_error(kFn, "q", "in [1, 30]", std::to_string(q));
  if (p.T == 0 || p.T > (std::uint64_t{1} << 40))
    throw_parameter_error(kFn, "T", "in [1, 2^40]", std::to_string(p.T));
  if (p.B == 0 || p.B > p.T)
    throw_parameter_error(kFn, "B", "in [1, T = " + std::to_string(p.T) + "]", std::to_string(p.B));
  LinUcbConfig c;
  c.variant = p.variant;
  c.d = d;
  c.K = K;
  c.q = q;
  c.r = 2 * q;
  c.T = p.T;
  c.B = p.B;
  c.M = p.T / p.B;
  c.pd_policy = p.pd_policy;
  c.vec_noise_path = p.vec_noise_path;
  c.profile = p.profile;
  c.row_norm_sq = row_norm_sq;
  if (row_norm_sq <= 0 || (p.profile == Profile001::Theorem && row_norm_sq > 1))
    throw_parameter_error(kFn, "features", p.profile == Profile001::Theorem ? "of norm <= 1 (theorem profile)" : "nonzero",
                          to_string(row_norm_sq));
  c.alpha = p.alpha ? *p.alpha : Rational(1, p.T);
  if (c.alpha <= 0 || c.alpha > 1) throw_parameter_error(kFn, "alpha", "in (0, 1]", to_string(c.alpha));
  require_reasonable_size(c.alpha, kFn, "alpha");
  const bool priv = p.variant != LinUcbVariant::NonPrivate;
  if (priv) {
    if (p.eps <= 0) throw_parameter_error(kFn, "eps", "> 0", to_string(p.eps));
    if (p.delta <= 0 || p.delta >= 1) throw_parameter_error(kFn, "delta", "in (0, 1)", to_string(p.delta));
    require_reasonable_size(p.eps, kFn, "eps");
    require_reasonable_size(p.delta, kFn, "delta");
  }
  if (p.lambda) {
    if (*p.lambda <= 0) throw_parameter_error(kFn, "lambda", "> 0", to_string(*p.lambda));
    require_reasonable_size(*p.lambda, kFn, "lambda", 256);
  }
  if (p.vec_scale) {
    if (p.profile != Profile001::PaperCode || p.variant != LinUcbVariant::SdpVec)
      throw_parameter_error(kFn, "vec-scale", "absent (paper-code linucb-sdp-vec only)", to_string(*p.vec_scale));
    if (*p.vec_scale <= 0) throw_parameter_error(kFn, "vec-scale", "> 0", to_string(*p.vec_scale));
    require_reasonable_size(*p.vec_scale, kFn, "vec-scale");
  }
  c.users = p.users;
  c.batch_eps = p.eps;
  c.batch_delta = p.delta;
  c.calibration_batches = c.M;
  if (p.users == UserModel::Returning) {
    if (p.variant != LinUcbVariant::SdpAmp && p.variant != LinUcbVariant::SdpVec && p.variant != LinUcbVariant::Jdp)
      throw_parameter_error(kFn, "users", "unique for " + std::string(linucb_variant_name(p.variant)) +
                                              " (returning: linucb-sdp-amp, linucb-sdp-vec, linucb-jdp)",
                            "returning");
    if (p.profile == Profile001::PaperCode)
      throw_parameter_error(kFn, "users", "unique in the paper-code profile (the returning-user calibrations are "
                                          "the theorems')", "returning");
  }
  if (p.m0) {
    if (p.variant != LinUcbVariant::Jdp || p.users != UserModel::Returning)
      throw_parameter_error(kFn, "m0", "absent (linucb-jdp with users = returning only)", std::to_string(*p.m0));
    if (*p.m0 < 1 || *p.m0 > p.T)
      throw_parameter_error(kFn, "m0", "in [1, T = " + std::to_string(p.T) + "]", std::to_string(*p.m0));
  }
  if (p.profile == Profile001::PaperCode) {
    if (p.alpha) throw_parameter_error(kFn, "alpha", "absent in the paper-code profile (alpha = 1/n)", to_string(*p.alpha));
    c.realized_rewards = true;
    configure_paper_code(c, p);
    return c;
  }
  const Integer two_r = Integer(1) << c.r;
  const Rational grid_unit(Integer(1), two_r);
  const Integer users(c.M * c.B);
  Integer D = two_r;
  // Returning users of P_Amp / P_Vec: the per-batch (ε_m, δ_m) over M batches (calibrate p-amp|p-vec --returning).
  const auto returning_split = [&]() -> std::optional<ReturningSplit001> {
    if (p.users != UserModel::Returning) return std::nullopt;
    ReturningSplit001 split = returning_split_001(p.eps, p.delta, Integer(p.B), Integer(p.T));
    c.batch_eps = split.eps_m;
    c.batch_delta = split.delta_m;
    c.calibration_batches = to_uint64(split.M);
    return split;
  };
  switch (p.variant) {
    case LinUcbVariant::NonPrivate:
      c.privacy_note = "non-private";
      break;
    case LinUcbVariant::SdpAmp: {
      // Unique users: Thm 3.2 at (ε, δ). Returning: Thm E.3 = B.1 at (ε_m, δ_m) (calibrate p-amp --returning).
      const bool ret = p.users == UserModel::Returning;
      const std::optional<ReturningSplit001> split = returning_split();
      const Rational& be = c.batch_eps;
      const Rational& bd = c.batch_delta;
      const AmpSigma a = thm32_sigma(be, bd, Integer(p.B));
      c.sigma = a.sigma_bar;
      const std::string thm = ret ? "Thm E.3" : "Thm 3.2";
      const std::string per = ret ? " per batch" : "";
      c.in_range = thm32_in_range(be, bd, Integer(p.B));
      if (ret && !split->composition_in_range) {
        c.in_range = false;
        c.privacy_note = "outside Thm E.3's range (eps >= 1: Thm E.2's advanced composition needs eps < 1): no "
                         "privacy guarantee";
      } else if (c.in_range) {
        Calibration001Input in;
        in.variant = "p-amp";
        in.eps = be;
        in.delta = bd;
        in.n = Integer(p.B);
        const Calibration001 cal = calibrate_001(in);
        const Quantity* fmt = cal.find("fmt_applicable");
        c.in_range = fmt && fmt->flag && *fmt->flag;
        c.privacy_note = c.in_range ? (ret ? "O(eps, delta)-SDP for returning users by Thm E.3 (Lemma B.4 applies per "
                                             "batch at (eps_m, delta_m); advanced composition over ceil(T/B) batches)"
                                           : "O(eps, delta)-SDP by Thm 3.2 (Lemma B.4 applies)")
                                    : "outside " + thm + "'s range (Lemma B.4's precondition fails" + per +
                                          "): no privacy guarantee";
      } else {
        c.privacy_note = "outside " + thm + "'s range (eps" + (ret ? "_m" : "") + " > sqrt(ln(2/delta" +
                         (ret ? "_m" : "") + ")/B)" + per + "): no privacy guarantee";
      }
      c.noise_proxy = c.sigma * c.sigma * Rational(users);
      c.rounding = Rational(users) * grid_unit / 2;
      break;
    }
    case LinUcbVariant::Ldp: {
      const Rational eps = p.eps, delta = p.delta;
      c.sigma = round_up_to_grid([&](mpfr_prec_t pr) { return ldp_gauss_sigma(Interval(eps, pr), delta, pr); },
                                 kSigmaGridBits);
      c.in_range = p.eps <= 1;
      c.privacy_note = c.in_range ? "(eps, delta)-LDP by Prop. F.1 / Cor. B.3"
                                  : "outside Prop. F.1's range (eps0 > 1): no privacy guarantee";
      c.noise_proxy = c.sigma * c.sigma * Rational(users);
      c.rounding = Rational(users) * grid_unit / 2;
      break;
    }
    case LinUcbVariant::SdpVec: {
      // Unique users: Thm 3.5 at (ε, δ). Returning: Thm E.5 = C.1 at (ε_m, δ_m) (calibrate p-vec --returning).
      const bool ret = p.users == UserModel::Returning;
      const std::optional<ReturningSplit001> split = returning_split();
      const auto [g, b] = thm35_g_b(c.batch_eps, c.batch_delta, Integer(p.B), Integer(d));
      const Integer int63 = (Integer(1) << 63) - 1;
      if (ret && (b > int63 || Integer(p.B) * (g + b) > int63))  // as calibrate p-vec --returning refuses
        throw_parameter_error(kFn, "eps", "such that B (g + b) fits 63 bits (b = " + to_string(b) + ")",
                              to_string(p.eps));
      c.g = g;
      c.b = b;
      if (ret) {
        c.in_range = split->composition_in_range;
        c.privacy_note = c.in_range ? "(eps, delta)-SDP for returning users by Thm E.5 (Thm C.1 per batch at "
                                      "(eps_m, delta_m); advanced composition over ceil(T/B) batches)"
                                    : "outside Thm E.5's range (eps >= 1: Thm E.2's advanced composition needs eps "
                                      "< 1): no privacy guarantee";
      } else {
        c.in_range = p.eps <= 15 && p.delta < Rational(1, 2);
        c.privacy_note = c.in_range ? "(eps, delta)-SDP by Thm 3.5" : "outside Thm 3.5's range: no privacy guarantee";
      }
      // Per entry and batch (r/g)²·(B/4 + B·b/4) with r = 2Δ = 2 (Hoeffding: the rounding error has range 1, each
      // of the b noise bits range 1); M batches.
      c.noise_proxy = Rational(users * (1 + b), g * g);
      D = Integer(boost::multiprecision::lcm(D, Integer(4 * g)));
      break;
    }
    case LinUcbVariant::Jdp: {
      // Unique users: Prop. F.3's σ_node. Returning (Prop. 4.3, user-level JDP): a user in at most M₀ rounds
      // changes M₀ leaves, so the node std is multiplied by M₀ exactly (variance × M₀²): the view's sensitivity
      // M₀·√m·Δ_z over std M₀·σ_node has the same exact Gaussian profile as one leaf's.
      c.M0 = p.users == UserModel::Returning ? p.m0.value_or(default_rounds_per_user(p.T)) : 1;
      c.sigma = tree_sigma_node(p.eps, p.delta, Integer(c.M), Integer(1)) * Rational(Integer(c.M0));
      c.in_range = p.eps <= 1;
      if (p.users == UserModel::Returning)
        c.privacy_note = c.in_range ? "(eps, delta)-JDP at user level (M0 = " + std::to_string(c.M0) +
                                          " rounds per user) by Prop. 4.3 (node std x M0; exact Gaussian profile)"
                                    : "outside Prop. 4.3's range (eps > 1); the exact Gaussian profile still gives "
                                      "user-level (eps, delta)-JDP at M0 = " + std::to_string(c.M0);
      else
        c.privacy_note = c.in_range ? "(eps, delta)-JDP by Prop. F.3 (exact Gaussian profile of the tree's nodes)"
                                    : "outside Prop. F.3's range (eps > 1); the exact Gaussian profile still gives "
                                      "(eps, delta)-JDP";
      const unsigned m = tree_levels(Integer(c.M));
      c.noise_proxy = c.sigma * c.sigma * m;
      c.rounding = Rational(m) * grid_unit / 2;
      break;
    }
  }
  // Lemma A.4's constants, explicit (header comment).
  const Interval s = rational_sqrt(c.noise_proxy);
  const Interval L4 = Interval(Rational(4 * Integer(c.M)) / c.alpha, kPrec).log();
  const Interval root2L4 = L4.mul(Rational(2)).sqrt();
  // Σ_n = s(√d + √(2 ln(4M/α))) + √d·e at precision pr (β's refinement evaluates it at other precisions).
  const auto sigma_n_at = [&](const Interval& s_p, const Interval& root2L4_p, mpfr_prec_t pr) {
    return s_p * (Interval(long(d), pr).sqrt() + root2L4_p) + Interval(long(d), pr).sqrt().mul(c.rounding);
  };
  const Interval sigma_n = sigma_n_at(s, root2L4, kPrec);
  const Interval sigma_N =
      Interval(2L, kPrec).sqrt() * s * (Interval(Rational(Integer(d) * (d + 1), 2), kPrec).sqrt() + root2L4) +
      Interval(c.rounding * d, kPrec);
  c.sigma_n_upper = upper_on_grid(sigma_n, 32);
  c.sigma_N_upper = upper_on_grid(sigma_N, 32);
  if (p.lambda) {
    c.lambda = *p.lambda;
  } else if (priv) {
    c.lambda = std::max(Rational(1), upper_on_grid(sigma_N.mul(Rational(2)), c.r - 1));
  } else {
    c.lambda = 1;
  }
  c.lambda_min = priv ? Rational(c.lambda / 2) : c.lambda;
  c.lambda_max = priv ? Rational(3 * c.lambda / 2) : c.lambda;
  D = Integer(boost::multiprecision::lcm(D, denominator(c.lambda)));
  D = Integer(boost::multiprecision::lcm(D, denominator(c.lambda_min)));
  c.D = D;
  const Interval nu = sigma_n / rational_sqrt(c.lambda_min);
  c.nu_upper = upper_on_grid(nu, 32);
  // β_m = √(2 ln(2/α) + d ln(1 + t_m/(dλ_min))) + √λ_max + ν rounded up onto 2^−32 exactly: ⌈β_m·2^32⌉/2^32 of the
  // real β_m, decided by refinement from 64 bits (round_up_to_grid). One 64-bit enclosure decides all but a ≈ 2^−20
  // share of them, which keeps this O(M) loop cheap at B = 1 (M = T = 2^20 in 001-exponents: it was 256-bit MPFI
  // per m, ≈ 30 µs each, the larger part of such a run). β_m is transcendental (the square root of the logarithm of a
  // rational ≠ 1, plus an algebraic number), so it is never on the grid and the refinement always ends.
  struct BetaParts {
    Interval fixed, tail;  // 2 ln(2/α) and √λ_max + ν at one precision
  };
  std::map<mpfr_prec_t, BetaParts> beta_parts;
  const auto parts_at = [&](mpfr_prec_t pr) -> const BetaParts& {
    auto it = beta_parts.find(pr);
    if (it == beta_parts.end()) {
      const Interval root2L4_p = Interval(Rational(4 * Integer(c.M)) / c.alpha, pr).log().mul(Rational(2)).sqrt();
      const Interval nu_p =
          sigma_n_at(Interval(c.noise_proxy, pr).sqrt(), root2L4_p, pr) / Interval(c.lambda_min, pr).sqrt();
      it = beta_parts
               .emplace(pr, BetaParts{Interval(Rational(2) / c.alpha, pr).log().mul(Rational(2)),
                                      Interval(c.lambda_max, pr).sqrt() + nu_p})
               .first;
    }
    return it->second;
  };
  const Rational d_lambda_min = Rational(d) * c.lambda_min;
  c.beta.reserve(c.M + 1);
  for (std::uint64_t m = 0; m <= c.M; ++m) {
    const Rational x = Rational(Integer(m) * c.B) / d_lambda_min;
    c.beta.push_back(round_up_to_grid(
        [&](mpfr_prec_t pr) {
          const BetaParts& q = parts_at(pr);
          return (q.fixed + Interval(x, pr).log1p().mul(Rational(d))).sqrt() + q.tail;
        },
        kBetaGridBits, 64));
  }
  return c;
}

std::optional<Broadcast> make_broadcast(std::vector<Integer> N, const std::vector<Integer>& Du, const Integer& D,
                                        std::uint32_t d) {
  internal::BareissResult r = internal::bareiss_symmetric(N, d);
  if (!r.positive_definite) return std::nullopt;
  Broadcast b;
  b.d = d;
  b.N = std::move(N);
  b.adj = std::move(r.adj);
  b.det = std::move(r.det);
  b.D = D;
  b.w.assign(d, Integer(0));
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) b.w[i] += b.adj[std::size_t{i} * d + j] * Du[j];
  return b;
}

ExactScores exact_scores(const Broadcast& bc, std::span<const std::int64_t> features, std::uint32_t K) {
  const std::uint32_t d = bc.d;
  const Integer bn = numerator(bc.beta), bd = denominator(bc.beta);
  const Integer c = bn * bn * bc.D * bc.det;
  ExactScores s;
  s.A.resize(K);
  s.X.resize(K);
  std::vector<Integer> af(d);
  for (std::uint32_t a = 0; a < K; ++a) {
    const std::int64_t* f = features.data() + std::size_t{a} * d;
    Integer Q = 0, S = 0;
    for (std::uint32_t i = 0; i < d; ++i) {
      Q += bc.w[i] * f[i];
      Integer row = 0;
      for (std::uint32_t j = 0; j < d; ++j) row += bc.adj[std::size_t{i} * d + j] * f[j];
      S += row * f[i];
    }
    s.A[a] = bd * Q;
    s.X[a] = c * S;
  }
  return s;
}

std::uint32_t exact_argmax(const ExactScores& s) {
  std::uint32_t best = 0;
  for (std::uint32_t j = 1; j < s.A.size(); ++j)
    if (sign_of_sum_of_roots(Integer(s.A[j] - s.A[best]), s.X[j], s.X[best]) > 0) best = j;
  return best;
}

std::uint32_t select_action(const Broadcast& broadcast, std::span<const std::int64_t> features, std::uint32_t K) {
  return exact_argmax(exact_scores(broadcast, features, K));
}

PolicyResult apply_pd_policy(const LinUcbConfig& c, const std::vector<Integer>& N, const std::vector<Integer>& Du) {
  PolicyResult out;
  out.shift = 0;
  const std::uint32_t d = c.d;
  switch (c.pd_policy) {
    case PdPolicy::Skip:
      break;
    case PdPolicy::RaiseLambda: {
      const Integer lam = c.lambda_num();
      for (Integer k = 1; k <= (Integer(1) << 40); k *= 2) {
        std::vector<Integer> V = N;
        for (std::uint32_t i = 0; i < d; ++i) V[std::size_t{i} * d + i] += k * lam;
        if (auto b = make_broadcast(std::move(V), Du, c.D, d)) {
          out.broadcast = std::move(b);
          out.shift = k;
          break;
        }
      }
      break;
    }
    case PdPolicy::Project: {
      // s·D = max_i (Σ_{j≠i} |N_ij| − N_ii) + λ_min·D: V + sI is strictly diagonally dominant with diagonal
      // margin >= λ_min, so λ_min(V + sI) >= λ_min (Gershgorin).
      Integer worst = 0;
      bool first = true;
      for (std::uint32_t i = 0; i < d; ++i) {
        Integer off = 0;
        for (std::uint32_t j = 0; j < d; ++j)
          if (j != i) off += abs(N[std::size_t{i} * d + j]);
        const Integer need = off - N[std::size_t{i} * d + i];
        if (first || need > worst) worst = need;
        first = false;
      }
      const Integer shift = worst + numerator(Rational(c.lambda_min * c.D));
      std::vector<Integer> V = N;
      for (std::uint32_t i = 0; i < d; ++i) V[std::size_t{i} * d + i] += shift;
      out.broadcast = make_broadcast(std::move(V), Du, c.D, d);
      out.shift = shift;
      break;
    }
  }
  return out;
}

namespace {

// The environment of a run: contexts, rewards and regret. Fixed arms with a per-(arm, pull) reward tape, or a context
// tape (fresh features and every arm's reward per round).
MatrixNoise matrix_noise(const LinUcbConfig& c) {
  return c.profile == Profile001::PaperCode ? MatrixNoise::Symmetrized : MatrixNoise::UpperTriangle;
}
PVecRange vec_range(const LinUcbConfig& c) {
  return c.profile == Profile001::PaperCode ? PVecRange::Delta : PVecRange::TwoDelta;
}

// The protocols a run of `cfg` builds before its first round: P_Amp (sdp-amp, ldp) or P_Vec (sdp-vec) for the vector
// and the matrix part, the tree (theorem jdp), or the paper-code jdp's node noises (P_Amp with one user, symmetrized).
// Their constructors check what the configuration leaves to them (a noise no sampler takes): one place for the run
// and for check_linucb_protocols.
struct RunProtocols {
  std::optional<PAmp> amp_vec, amp_mat;
  std::optional<PVec> vec_vec, vec_mat;
  std::optional<TreeMechanism> tree;
  std::optional<PAmp> node_vec, node_mat;  // paper-code jdp
};

void build_protocols(const LinUcbConfig& cfg, RunProtocols& p) {
  const std::uint32_t d = cfg.d;
  const LabelSet vec_labels = LabelSet::vector(d), mat_labels = LabelSet::symmetric_matrix(d);
  if (cfg.variant == LinUcbVariant::SdpAmp || cfg.variant == LinUcbVariant::Ldp) {
    const PAmpShuffle sh = cfg.variant == LinUcbVariant::SdpAmp ? PAmpShuffle::Permute : PAmpShuffle::None;
    p.amp_vec.emplace(PAmpParams{vec_labels, Integer(cfg.B), cfg.sigma, Integer(cfg.r)}, sh);
    p.amp_mat.emplace(PAmpParams{mat_labels, Integer(cfg.B), cfg.sigma, Integer(cfg.r), matrix_noise(cfg)}, sh);
  } else if (cfg.variant == LinUcbVariant::SdpVec) {
    PVecParams pv;
    pv.batch = Integer(cfg.B);
    pv.g = cfg.g;
    pv.b = cfg.b;
    pv.delta = cfg.vec_delta;
    pv.range = vec_range(cfg);
    pv.labels = vec_labels;
    p.vec_vec.emplace(pv, cfg.vec_noise_path, PVecShuffle::Counts);
    pv.labels = mat_labels;
    p.vec_mat.emplace(pv, cfg.vec_noise_path, PVecShuffle::Counts);
  } else if (cfg.variant == LinUcbVariant::Jdp && cfg.profile == Profile001::Theorem) {
    p.tree.emplace(TreeParams{LabelSet::symmetric_matrix(d + 1), Integer(cfg.M), cfg.sigma, Integer(cfg.r)});
  } else if (cfg.variant == LinUcbVariant::Jdp) {
    p.node_vec.emplace(PAmpParams{vec_labels, Integer(1), cfg.sigma, Integer(cfg.r)}, PAmpShuffle::None);
    p.node_mat.emplace(PAmpParams{mat_labels, Integer(1), cfg.sigma, Integer(cfg.r), MatrixNoise::Symmetrized},
                       PAmpShuffle::None);
  }
}

// N += scale·(the symmetric matrix of the upper triangle `upper`, row-major i <= j).
void add_upper(std::vector<Integer>& N, const std::vector<Integer>& upper, const Integer& scale, std::uint32_t d) {
  std::size_t k = 0;
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = i; j < d; ++j, ++k) {
      const Integer v = upper[k] * scale;
      N[std::size_t{i} * d + j] += v;
      if (j != i) N[std::size_t{j} * d + i] += v;
    }
}

// per_round (paper-code): every arm's reward drawn every round, round t's being the tape's (·, t − 1) (common random
// numbers across learners), and the realized regret against the lowest arm of the largest mean.
struct FixedArms {
  const LinearInstance& inst;
  const RewardTape& tape;
  bool per_round;
  std::vector<Rational> gaps;
  std::uint32_t best = 0;
  static constexpr bool fixed = true;
  FixedArms(const LinearInstance& i, const RewardTape& t, bool per_round_rewards)
      : inst(i), tape(t), per_round(per_round_rewards) {
    const std::vector<Rational>& mu = t.means();
    best = static_cast<std::uint32_t>(std::max_element(mu.begin(), mu.end()) - mu.begin());
    for (const Rational& m : mu) gaps.emplace_back(mu[best] - m);
  }
  std::span<const std::int64_t> features(std::uint64_t) const { return inst.features; }
  Rational row_norm_sq() const { return max_row_norm_sq(inst); }
  std::int32_t reward(std::uint64_t t, std::uint32_t a, std::uint64_t pull) const {
    return tape.units(a, per_round ? t - 1 : pull);
  }
  Rational gap(std::uint64_t, std::uint32_t a) const { return gaps[a]; }
  std::int64_t realized(std::uint64_t t, std::uint32_t a) const {
    return per_round ? std::int64_t{tape.units(best, t - 1)} - tape.units(a, t - 1) : 0;
  }
};

struct TapeContexts {
  const ContextTape& tape;
  std::vector<std::uint32_t> best_arm;  // per round: the lowest arm of the largest mean
  static constexpr bool fixed = false;
  explicit TapeContexts(const ContextTape& t) : tape(t) {
    for (std::uint64_t r = 1; r <= t.T; ++r) {
      std::uint32_t b = 0;
      Rational mb = t.mean(r, 0);
      for (std::uint32_t a = 1; a < t.K; ++a) {
        Rational m = t.mean(r, a);
        if (m > mb) { mb = m; b = a; }
      }
      best_arm.push_back(b);
    }
  }
  std::span<const std::int64_t> features(std::uint64_t t) const { return tape.round(t); }
  Rational row_norm_sq() const { return Rational(1); }  // §6.1's points (norm <= 1); the width's L² bound
  std::int32_t reward(std::uint64_t t, std::uint32_t a, std::uint64_t) const { return tape.reward(t, a); }
  Rational gap(std::uint64_t t, std::uint32_t a) const { return tape.mean(t, best_arm[t - 1]) - tape.mean(t, a); }
  std::int64_t realized(std::uint64_t t, std::uint32_t a) const {
    return std::int64_t{tape.reward(t, best_arm[t - 1])} - tape.reward(t, a);
  }
};

template <class Env>
LinUcbTrajectory run_linucb(const LinUcbParams& params, std::uint32_t d, std::uint32_t K, unsigned q, const Env& env,
                            NoiseSource noise, const LinUcbOptions& options) {
  const LinUcbConfig cfg = configure_linucb(params, d, K, q, env.row_norm_sq());
  const std::size_t nv = d, nm = std::size_t{d} * (d + 1) / 2;
  const Integer two_q = Integer(1) << q;
  const Integer Dr = cfg.D >> cfg.r;  // D / 2^r (D is a multiple of 2^r)
  std::span<const std::int64_t> features = env.features(1);

  std::vector<Integer> N(std::size_t{d} * d, Integer(0)), Du(d, Integer(0));
  const Integer lam = cfg.lambda_num();
  auto reset_lambda = [&]() {
    for (std::uint32_t i = 0; i < d; ++i) N[std::size_t{i} * d + i] += lam;
  };
  reset_lambda();
  std::optional<Broadcast> bc = make_broadcast(N, Du, cfg.D, d);
  bc->beta = cfg.beta[0];
  ExactScores scores = exact_scores(*bc, features, K);

  // The protocols (one instance for the vector part, one for the matrix part; the tree: one over (φ, y)).
  RunProtocols protocols;
  build_protocols(cfg, protocols);
  std::optional<PAmp>& amp_vec = protocols.amp_vec;
  std::optional<PAmp>& amp_mat = protocols.amp_mat;
  std::optional<PVec>& vec_vec = protocols.vec_vec;
  std::optional<PVec>& vec_mat = protocols.vec_mat;
  std::optional<TreeMechanism>& tree = protocols.tree;
  // Paper-code jdp: the node noises (node j: its vector, then its symmetrized matrix), as prefix sums scaled into D.
  const bool code_jdp = cfg.variant == LinUcbVariant::Jdp && cfg.profile == Profile001::PaperCode;
  std::vector<std::vector<Integer>> node_N, node_Du;  // [k]: the sum of the first k nodes (k = 0..nodes)
  std::vector<Integer> exact_N, exact_Du;             // the exact sums (paper-code jdp)
  bool initial_pd_failure = false;
  if (code_jdp) {
    const PAmp& nv = *protocols.node_vec;
    const PAmp& nmx = *protocols.node_mat;
    const std::vector<std::vector<Integer>> zv(1, std::vector<Integer>(d, Integer(0)));
    const std::vector<std::vector<Integer>> zm(1, std::vector<Integer>(nm, Integer(0)));
    node_N.assign(1, std::vector<Integer>(std::size_t{d} * d, Integer(0)));
    node_Du.assign(1, std::vector<Integer>(d, Integer(0)));
    for (std::uint32_t j = 0; j < cfg.jdp_nodes; ++j) {
      const PAmpTranscript tv = nv.run(std::span<const std::vector<Integer>>(zv), noise);
      const PAmpTranscript tm = nmx.run(std::span<const std::vector<Integer>>(zm), noise);
      std::vector<Integer> Nn = node_N.back(), Dn = node_Du.back();
      const Integer sv = cfg.D >> tv.output_grid_bits, sm = cfg.D >> tm.output_grid_bits;
      for (std::uint32_t k = 0; k < d; ++k) Dn[k] += tv.sum[k] * sv;
      add_upper(Nn, tm.sum, sm, d);
      node_N.push_back(std::move(Nn));
      node_Du.push_back(std::move(Dn));
    }
    exact_N = N;
    exact_Du = Du;
    const std::uint32_t k0 = cfg.jdp_prefix(0);
    for (std::size_t i = 0; i < N.size(); ++i) N[i] += node_N[k0][i];
    for (std::uint32_t i = 0; i < d; ++i) Du[i] += node_Du[k0][i];
    if (auto b0 = make_broadcast(N, Du, cfg.D, d)) bc = std::move(b0);
    else initial_pd_failure = true;  // not positive definite: the λI broadcast stays (counted)
    bc->beta = cfg.beta[0];
    scores = exact_scores(*bc, features, K);
  }

  LinUcbTrajectory out;
  if (options.record_ledger) {
    if (cfg.profile == Profile001::PaperCode)
      throw_parameter_error(kFn, "record_ledger", "false in the paper-code profile (no certified release law)", "true");
    Law001 l;
    switch (cfg.variant) {
      case LinUcbVariant::NonPrivate:
        l = {ReleaseLaw{LawFamily::exact, ObservationUnit::round, Rational(0), Rational(8), Rational(0)},
             "no noise: the exact sums (eps = infinity)"};
        break;
      case LinUcbVariant::SdpAmp: l = p_amp_batch_law(cfg.batch_eps, cfg.batch_delta, Integer(cfg.B), cfg.sigma); break;
      case LinUcbVariant::Ldp: l = ldp_message_law(cfg.sigma); break;
      case LinUcbVariant::SdpVec: l = p_vec_batch_law(cfg.g, cfg.b, Integer(cfg.B), Integer(d), cfg.batch_delta); break;
      case LinUcbVariant::Jdp: l = tree_node_law(cfg.sigma); break;
    }
    out.laws.push_back(l.law);
    out.law_notes.push_back(l.how);
  }
  // The ledger's coverage (record_ledger): the aggregated batch's first user (round) and, for the tree, the leaves'.
  std::uint64_t batch_first = 0;
  std::vector<std::uint64_t> leaf_first, leaf_count;
  std::vector<std::pair<unsigned, Integer>> completed_nodes;  // the tree nodes completed at the last leaf
  out.horizon = cfg.T;
  out.pd_failures = initial_pd_failure ? 1 : 0;
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(cfg.T);
  std::vector<std::pair<std::vector<std::int64_t>, std::int32_t>> batch;  // (the user's φ numerators, reward)
  batch.reserve(cfg.B);

  auto vector_values = [&](const std::vector<std::int64_t>& f, std::int32_t y) {  // numerators of φ·y on 2^−r
    std::vector<Integer> v(nv);
    for (std::uint32_t k = 0; k < d; ++k) v[k] = Integer(f[k]) * y * two_q;
    return v;
  };
  auto matrix_values = [&](const std::vector<std::int64_t>& fv) {  // numerators of φ_i φ_j (i <= j) on 2^−r
    std::vector<Integer> v;
    v.reserve(nm);
    const std::int64_t* f = fv.data();
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = i; j < d; ++j) v.push_back(Integer(f[i]) * f[j]);
    return v;
  };
  auto add_matrix = [&](const std::vector<Integer>& upper, const Integer& scale) { add_upper(N, upper, scale, d); };
  auto to_rationals = [&](const std::vector<std::vector<Integer>>& rows) {
    std::vector<std::vector<Rational>> out_rows;
    for (const auto& row : rows) {
      std::vector<Rational> r;
      for (const auto& x : row) r.emplace_back(x, Integer(1) << cfg.r);
      out_rows.push_back(std::move(r));
    }
    return out_rows;
  };

  std::uint64_t batch_end = 0;  // t of the aggregation in progress
  auto aggregate = [&]() {
    std::vector<std::vector<Integer>> vrows, mrows;
    for (const auto& [f, y] : batch) {
      vrows.push_back(vector_values(f, y));
      mrows.push_back(matrix_values(f));
    }
    switch (cfg.variant) {
      case LinUcbVariant::NonPrivate: {
        for (std::size_t i = 0; i < vrows.size(); ++i) {
          for (std::uint32_t k = 0; k < d; ++k) Du[k] += vrows[i][k] * Dr;
          add_matrix(mrows[i], Dr);
        }
        break;
      }
      case LinUcbVariant::SdpAmp:
      case LinUcbVariant::Ldp: {
        const PAmpTranscript tv = amp_vec->run(std::span<const std::vector<Integer>>(vrows), noise);
        const PAmpTranscript tm = amp_mat->run(std::span<const std::vector<Integer>>(mrows), noise);
        const Integer sv = cfg.D >> tv.output_grid_bits, sm = cfg.D >> tm.output_grid_bits;
        for (std::uint32_t k = 0; k < d; ++k) Du[k] += tv.sum[k] * sv;
        add_matrix(tm.sum, sm);
        break;
      }
      case LinUcbVariant::SdpVec: {
        const auto rv = to_rationals(vrows), rm = to_rationals(mrows);
        const PVecTranscript tv = vec_vec->run(std::span<const std::vector<Rational>>(rv), noise);
        const PVecTranscript tm = vec_mat->run(std::span<const std::vector<Rational>>(rm), noise);
        for (std::uint32_t k = 0; k < d; ++k) Du[k] += numerator(Rational(tv.output[k] * cfg.D));
        std::vector<Integer> upper;
        for (const auto& o : tm.output) upper.push_back(numerator(Rational(o * cfg.D)));
        add_matrix(upper, Integer(1));
        break;
      }
      case LinUcbVariant::Jdp: {
        if (code_jdp) {  // the exact sums; the node noises are added at the broadcast
          for (std::size_t i = 0; i < vrows.size(); ++i) {
            for (std::uint32_t k = 0; k < d; ++k) exact_Du[k] += vrows[i][k] * Dr;
            add_upper(exact_N, mrows[i], Dr, d);
          }
          const std::uint32_t k = cfg.jdp_prefix(batch_end);
          for (std::size_t i = 0; i < N.size(); ++i) N[i] = exact_N[i] + node_N[k][i];
          for (std::uint32_t i = 0; i < d; ++i) Du[i] = exact_Du[i] + node_Du[k][i];
          break;
        }
        // One leaf: the batch's Σ z zᵀ (upper triangle, row-major), z = (φ, y), numerators on 2^−r.
        const std::uint32_t D1 = d + 1;
        std::vector<Integer> leaf(std::size_t{D1} * (D1 + 1) / 2, Integer(0));
        for (const auto& [f, y] : batch) {
          std::vector<Integer> z(D1);
          for (std::uint32_t k = 0; k < d; ++k) z[k] = f[k];
          z[d] = Integer(y) * two_q;
          std::size_t k = 0;
          for (std::uint32_t i = 0; i < D1; ++i)
            for (std::uint32_t j = i; j < D1; ++j, ++k) leaf[k] += z[i] * z[j];
        }
        const TreeStep step = tree->add_numerators(leaf, noise);
        completed_nodes.clear();
        for (const TreeNode& node : step.completed) completed_nodes.emplace_back(node.level, node.index);
        // V_m = λI + the prefix's φφᵀ block; u_m = its (φ, y) column.
        std::fill(N.begin(), N.end(), Integer(0));
        reset_lambda();
        std::vector<Integer> upper;
        std::size_t k = 0;
        for (std::uint32_t i = 0; i < D1; ++i)
          for (std::uint32_t j = i; j < D1; ++j, ++k) {
            if (j < d) upper.push_back(step.release[k]);
            else if (i < d) Du[i] = step.release[k] * Dr;
          }
        add_matrix(upper, Dr);
        break;
      }
    }
  };

  out.pseudo_regret = 0;
  for (std::uint64_t t = 1; t <= cfg.T; ++t) {
    if (!Env::fixed && t > 1) {  // a fresh context: the scores of the same broadcast for it
      features = env.features(t);
      scores = exact_scores(*bc, features, K);
    }
    const std::uint32_t a = exact_argmax(scores);  // = select_action(*bc, features, K)
    const std::int32_t y = env.reward(t, a, out.pulls[a]);
    ++out.pulls[a];
    if (options.record_actions) out.actions.push_back(a);
    out.pseudo_regret += env.gap(t, a);
    out.realized_regret += env.realized(t, a);
    options.on_round(t);
    if (batch.empty()) batch_first = t;
    batch.emplace_back(std::vector<std::int64_t>(features.begin() + std::size_t{a} * d,
                                                 features.begin() + std::size_t{a + 1} * d),
                       y);
    if (t % cfg.B != 0) continue;
    const std::uint64_t m = t / cfg.B;
    batch_end = t;
    aggregate();
    if (options.record_ledger) {
      if (cfg.variant != LinUcbVariant::Jdp) {
        out.releases.push_back(Release{t, 0, static_cast<std::uint32_t>(m), batch_first - 1, batch.size(), Rational(0), 0});
      } else {
        leaf_first.push_back(batch_first - 1);
        leaf_count.push_back(batch.size());
        for (const auto& [h, j] : completed_nodes) {
          // Node (h, j) sums leaves j·2^h + 1 .. (j + 1)·2^h (1-based): their users, contiguous by construction.
          const std::uint64_t lo = to_uint64(Integer(j << h)), hi = to_uint64(Integer((j + 1) << h)) - 1;
          out.releases.push_back(Release{t, h, static_cast<std::uint32_t>(to_uint64(j)), leaf_first[lo],
                                         leaf_first[hi] + leaf_count[hi] - leaf_first[lo], Rational(0), 0});
        }
      }
    }
    batch.clear();
    LinUcbUpdate upd;
    upd.m = m;
    upd.t = t;
    upd.policy_shift = 0;
    if (auto fresh = make_broadcast(N, Du, cfg.D, d)) {
      bc = std::move(fresh);
    } else {
      ++out.pd_failures;
      upd.positive_definite = false;
      PolicyResult pr = apply_pd_policy(cfg, N, Du);
      upd.policy_shift = pr.shift;
      if (pr.broadcast) bc = std::move(pr.broadcast);
      else upd.broadcast_changed = false;
    }
    bc->beta = cfg.beta[m];
    if (Env::fixed) scores = exact_scores(*bc, features, K);  // (fresh contexts: recomputed at the next round)
    if (options.record_updates) {
      upd.V_num = N;
      upd.u_num = Du;
      for (std::uint32_t i = 0; i < d; ++i) upd.theta.emplace_back(bc->w[i], bc->det);
      out.updates.push_back(std::move(upd));
    }
  }
  out.unaggregated = batch.size();
  return out;
}

}  // namespace

void check_linucb_protocols(const LinUcbConfig& cfg) {
  RunProtocols protocols;
  build_protocols(cfg, protocols);
}

LinUcbTrajectory shuffle_private_linucb(const LinUcbParams& params, const LinearInstance& inst,
                                        const RewardTape& tape, NoiseSource noise, const LinUcbOptions& options) {
  validate(inst, kFn);
  (void)configure_linucb(params, inst.d, inst.K, inst.q, max_row_norm_sq(inst));  // the parameters, then the tape
  if (tape.arms() != inst.K)
    throw_parameter_error(kFn, "tape", std::to_string(inst.K) + " arms", std::to_string(tape.arms()));
  if (tape.length() < params.T)
    throw_parameter_error(kFn, "tape", "at least T = " + std::to_string(params.T) + " rewards per arm",
                          std::to_string(tape.length()));
  if (tape.grid() != 1) throw_parameter_error(kFn, "tape", "Bernoulli rewards (grid 1)", std::to_string(tape.grid()));
  return run_linucb(params, inst.d, inst.K, inst.q, FixedArms(inst, tape, params.profile == Profile001::PaperCode),
                    noise, options);
}

LinUcbTrajectory shuffle_private_linucb(const LinUcbParams& params, const ContextTape& tape, NoiseSource noise,
                                        const LinUcbOptions& options) {
  (void)configure_linucb(params, tape.d, tape.K, tape.q);
  if (tape.T < params.T)
    throw_parameter_error(kFn, "tape", "at least T = " + std::to_string(params.T) + " rounds",
                          std::to_string(tape.T));
  return run_linucb(params, tape.d, tape.K, tape.q, TapeContexts(tape), noise, options);
}


}  // namespace dpb::ref
