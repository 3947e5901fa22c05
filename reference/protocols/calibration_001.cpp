#include "reference/protocols/calibration_001.hpp"

#include "reference/core/errors.hpp"
#include "reference/protocols/internal/quantities.hpp"
#include "reference/privacy/accountants.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/p_vec_privacy.hpp"
#include "reference/protocols/calibration.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::ref {

namespace {

using quantities::exact;
using quantities::real;
using quantities::flag;
using quantities::text;

constexpr const char* kFn = "calibrate";
constexpr mpfr_prec_t kReport = 256;

const Integer& int63_max() {
  static const Integer m = (Integer(1) << 63) - 1;
  return m;
}

template <class T>
const T& need(const std::optional<T>& v, const char* name, const std::string& variant) {
  if (!v) throw_parameter_error(kFn, name, "given for " + variant, "nothing");
  return *v;
}

void refuse(bool given, const char* name, const std::string& variant) {
  if (given) throw_parameter_error(kFn, name, "absent for " + variant + " (it does not apply)", "a value");
}

Interval ln(const Rational& x, mpfr_prec_t prec) { return Interval(x, prec).log(); }

void check_eps_delta(const Rational& eps, const Rational& delta) {
  if (eps <= 0) throw_parameter_error(kFn, "eps", "> 0", to_string(eps));
  if (delta <= 0 || delta > 1) throw_parameter_error(kFn, "delta", "in (0, 1]", to_string(delta));
  require_reasonable_size(eps, kFn, "eps");
  require_reasonable_size(delta, kFn, "delta");
}

void check_batch(const Integer& B, const std::optional<Integer>& horizon) {
  if (B < 1) throw_parameter_error(kFn, "n", ">= 1 (the batch size B)", to_string(B));
  if (B > int63_max()) throw_parameter_error(kFn, "n", "<= 2^63 - 1", to_string(B));
  if (horizon && *horizon < B)
    throw_parameter_error(kFn, "n", "<= T = " + to_string(*horizon) + " (a batch serves at most T users)",
                          to_string(B));
}

// Returning users: M = ⌈T/B⌉, ε_m rounded down, δ_m = δ/(2M); ε >= 1 refused (Thm E.2).
struct Split {
  Integer M;
  Rational eps_m, delta_m;
};
Split returning_split(const Rational& eps, const Rational& delta, const Integer& B, const Integer& T) {
  if (eps >= 1)
    throw_parameter_error(kFn, "eps", "< 1 for returning users (Thm E.2's advanced composition)", to_string(eps));
  const ReturningSplit001 r = returning_split_001(eps, delta, B, T);
  return Split{r.M, r.eps_m, r.delta_m};
}

void add_split(Calibration001& c, const Split& s) {
  c.quantities.push_back(exact("M", Rational(s.M), "batches, ceil(T/B)"));
  c.quantities.push_back(exact("eps_batch", s.eps_m, "eps/(2 sqrt(2 M ln(2/delta))), rounded down (Thm E.2)"));
  c.quantities.push_back(exact("delta_batch", s.delta_m, "delta/(2M)"));
}

// ---- ldp-gauss ----
Calibration001 ldp_gauss(const Calibration001Input& in) {
  Calibration001 c;
  c.variant = "ldp-gauss";
  refuse(in.n.has_value(), "n", c.variant);
  refuse(in.horizon.has_value(), "horizon", c.variant);
  refuse(in.d.has_value(), "d", c.variant);
  refuse(in.returning, "returning", c.variant);
  if (in.profile == Profile001::PaperCode) {
    c.profile = "paper-code";
    c.source = "seed 001 code (spec §6.3 LDPLinUCB): s = sqrt(ln(2.5/delta))/eps; uncertified";
    const Rational& eps = need(in.eps, "eps", c.variant);
    const Rational& delta = need(in.delta, "delta", c.variant);
    check_eps_delta(eps, delta);
    c.quantities.push_back(real("s", paper_code_ldp_s(eps, delta)(kReport)));
    return c;
  }
  c.profile = "theorem";
  c.source = "seed 001, Cor. B.3 / Prop. F.1: sigma = 4 sqrt(2 ln(2.5/delta0))/eps0";
  const Rational& eps0 = need(in.eps0 ? in.eps0 : in.eps, "eps0", c.variant);
  const Rational& delta0 = need(in.delta0 ? in.delta0 : in.delta, "delta0", c.variant);
  if (eps0 <= 0 || eps0 > 1) throw_parameter_error(kFn, "eps0", "in (0, 1] (Cor. B.3)", to_string(eps0));
  if (delta0 <= 0 || delta0 > 1) throw_parameter_error(kFn, "delta0", "in (0, 1]", to_string(delta0));
  require_reasonable_size(eps0, kFn, "eps0");
  require_reasonable_size(delta0, kFn, "delta0");
  const RealFn sigma = [&](mpfr_prec_t p) { return ldp_gauss_sigma(Interval(eps0, p), delta0, p); };
  const Rational sigma_bar = round_up_to_grid(sigma, kSigmaGridBits);
  c.quantities.push_back(exact("eps0", eps0));
  c.quantities.push_back(exact("delta0", delta0));
  c.quantities.push_back(real("sigma", sigma(kReport)));
  c.quantities.push_back(exact("sigma_bar", sigma_bar, "sigma rounded up to the grid 2^-32 (the sampler's sigma)"));
  // The exact Gaussian profile of the released pair (φy, triu(φφᵀ)) at the paper's sensitivities.
  const Rational d_part = gaussian_delta_upper_bound(exact_real(Rational(2)), sigma_bar, Rational(eps0 / 2));
  const Rational d_joint = gaussian_delta_upper_bound(
      [](mpfr_prec_t p) { return Interval(8L, p).sqrt(); }, sigma_bar, eps0);
  c.quantities.push_back(exact("delta_exact_per_part_upper", d_part,
                               "exact Gaussian delta(eps0/2) at sensitivity 2 (one part), rounded up"));
  c.quantities.push_back(exact("delta_exact_joint_upper", d_joint,
                               "exact Gaussian delta(eps0) at sensitivity 2 sqrt 2 (both parts jointly), rounded up"));
  return c;
}

}  // namespace

AmpSigma thm32_sigma(const Rational& eps, const Rational& delta, const Integer& B) {
  AmpSigma a;
  const RealFn sigma = [&](mpfr_prec_t p) {
    const Interval l1 = ln(Rational(Rational(5, 2) * B / delta), p), l2 = ln(Rational(2 / delta), p);
    return (l1 * l2).mul(Rational(2)).sqrt().mul(Rational(4)) / Interval(B, p).sqrt().mul(eps);
  };
  a.sigma = sigma(kReport);
  a.eps0 = (Interval(B, kReport) / ln(Rational(2 / delta), kReport)).sqrt().mul(eps);
  a.sigma_bar = round_up_to_grid(sigma, kSigmaGridBits);
  return a;
}

bool thm32_in_range(const Rational& eps, const Rational& delta, const Integer& B) {
  return certainly_le(exact_real(Rational(eps * eps * B)),
                      [&](mpfr_prec_t p) { return ln(Rational(2 / delta), p); });
}

RealFn paper_code_ldp_s(const Rational& eps, const Rational& delta) {
  return [=](mpfr_prec_t p) { return ln(Rational(Rational(5, 2) / delta), p).sqrt().div(eps); };
}

RealFn paper_code_amp_s(const Rational& eps, const Rational& delta, const Integer& B) {
  return [=](mpfr_prec_t p) {
    return ln(Rational(Rational(5, 2) * B / delta), p).sqrt() / Interval(B, p).sqrt().mul(eps);
  };
}

RealFn paper_code_tree_s(const Rational& eps, const Rational& delta, const Integer& n) {
  return [=](mpfr_prec_t p) { return ln(Rational(n), p).sqrt() * ln(Rational(Rational(5, 2) / delta), p).div(eps); };
}

Rational paper_code_vec_g_squared(const Integer& B, const Integer& d) {
  const Integer floor_g = d > 4 ? d : Integer(4);
  return 4 * B > floor_g * floor_g ? Rational(4 * B) : Rational(floor_g * floor_g);
}

RealFn paper_code_vec_g(const Integer& B, const Integer& d) {
  const Rational g2 = paper_code_vec_g_squared(B, d);
  return [=](mpfr_prec_t p) { return Interval(g2, p).sqrt(); };
}

RealFn paper_code_vec_b(const Rational& eps, const Rational& delta, const Integer& B, const Integer& d,
                        const Rational& C) {
  const Rational g2 = paper_code_vec_g_squared(B, d);
  return [=](mpfr_prec_t p) { return ln(Rational(d / delta), p).sqr().mul(Rational(C * g2 / (eps * eps * B))); };
}

std::pair<Integer, Integer> thm35_g_b(const Rational& eps, const Rational& delta, const Integer& B, const Integer& d) {
  Integer g = ceil_rational_times_sqrt(Rational(2), B);
  if (d > g) g = d;
  if (g < 4) g = 4;
  const Rational k = Rational(240000) * g * g / (eps * eps * B);
  const Integer b = certified_ceiling([&](mpfr_prec_t p) {
    const Interval l = ln(Rational(4 * (d * d + 1) / delta), p);
    return l.sqr().mul(k);
  });
  return {g, b};
}

namespace {

// ---- p-amp ----
struct AmpCore {
  AmpSigma sigma;
  FmtBound fmt;
};

AmpCore amp_core(Calibration001& c, const Rational& eps, const Rational& delta, const Integer& B, bool per_batch) {
  const std::string suffix = per_batch ? " (per batch)" : "";
  const bool in_range = thm32_in_range(eps, delta, B);
  c.quantities.push_back(real("eps_max", (ln(Rational(2 / delta), kReport).div(Rational(B))).sqrt(),
                              "sqrt(ln(2/delta)/B): Thm B.1's range" + suffix));
  if (!in_range)
    throw_parameter_error(kFn, "eps",
                          std::string("in (0, sqrt(ln(2/delta)/B)] (Thm 3.2/B.1") + (per_batch ? ", per batch" : "") +
                              "; B = " + to_string(B) + ", delta = " + to_string(delta) + ")",
                          to_string(eps));
  const AmpSigma a = thm32_sigma(eps, delta, B);
  c.quantities.push_back(real("sigma", a.sigma, "sigma_1 = sigma_2 = 4 sqrt(2 ln(2.5B/delta) ln(2/delta))/(eps sqrt B)"));
  c.quantities.push_back(exact("sigma_bar", a.sigma_bar, "sigma rounded up to the grid 2^-32"));
  c.quantities.push_back(real("eps0", a.eps0, "eps sqrt(B/ln(2/delta)): R_Amp's LDP epsilon"));
  c.quantities.push_back(exact("delta0", Rational(delta / B), "delta/B"));
  c.quantities.push_back(exact("delta_prime", Rational(delta / 2), "delta/2"));
  const RealFn eps0 = [&](mpfr_prec_t p) {
    return (Interval(B, p) / ln(Rational(2 / delta), p)).sqrt().mul(eps);
  };
  const FmtBound f = fmt_amplification(eps0, Rational(delta / B), B, Rational(delta / 2));
  c.quantities.push_back(flag("fmt_applicable", f.applicable, "eps0 <= ln(B/(16 ln(2/delta'))) (Lemma B.4), decided exactly"));
  if (f.applicable) {
    c.quantities.push_back(real("eps_tilde", f.eps_tilde, "Lemma B.4"));
    c.quantities.push_back(real("delta_tilde", f.delta_tilde, "Lemma B.4"));
    c.quantities.push_back(exact("eps_tilde_upper", f.eps_tilde_upper));
    c.quantities.push_back(exact("delta_tilde_upper", f.delta_tilde_upper));
  } else {
    c.quantities.push_back(text("fmt", "not applicable: Lemma B.4's precondition fails; no (eps, delta)-SDP bound"));
  }
  return {a, f};
}

// Returning users: one user's M batches composed by three accountants, each an upper bound of the user-level ε at
// δ (docs/privacy-001.md §10): (1) the proof's route — Lemma B.4's certified per-batch (ε̃, δ̃) under advanced
// composition with δ′ = δ/2 (Dwork–Roth Thm 3.20), which certifies (ε_adv, M·δ̃ + δ/2); (2) no amplification at all —
// the user's M messages, each R_Amp's Gaussian of joint ℓ₂ sensitivity 2√2 at σ̄ (Cor. B.3), composed exactly
// (μ² = 8M/σ̄², Balle–Wang's profile; the shuffled outputs are post-processing of the messages); (3) the same messages
// by zCDP (ρ = 4M/σ̄²) and Canonne–Kamath–Steinke's conversion — the Rényi comparison. All rounded up.
void amp_returning_composition(Calibration001& c, const AmpCore& core, const Integer& M, const Rational& delta) {
  const Rational delta_prime = delta / 2;
  if (core.fmt.applicable) {
    c.quantities.push_back(exact("eps_total_advanced",
                                 advanced_composition_eps_upper_bound(core.fmt.eps_tilde_upper, M, delta_prime),
                                 "Lemma B.4's per-batch eps~ (upper end) composed over M batches by advanced "
                                 "composition, delta' = delta/2 (the proof's route, with B.4's certified constant)"));
    c.quantities.push_back(exact("delta_total_advanced", Rational(M * core.fmt.delta_tilde_upper + delta_prime),
                                 "M delta~ + delta/2"));
  } else {
    c.quantities.push_back(text("eps_total_advanced", "not applicable: Lemma B.4's precondition fails per batch"));
  }
  const Rational& sb = core.sigma.sigma_bar;
  c.quantities.push_back(exact("eps_total_messages_gaussian", gaussian_eps_upper_bound(Rational(8 * M) / (sb * sb), delta),
                               "one user's M messages, exact Gaussian composition at delta (mu^2 = 8M/sigma_bar^2), "
                               "no amplification; grid 2^-24, rounded up"));
  c.quantities.push_back(exact("eps_total_messages_zcdp",
                               returning_users_zcdp_eps_upper_bound(Rational(4) / (sb * sb), M, delta),
                               "the same messages by zCDP (rho = 4/sigma_bar^2 per batch) and the CKS conversion at delta"));
}

Calibration001 p_amp(const Calibration001Input& in) {
  Calibration001 c;
  c.variant = "p-amp";
  refuse(in.d.has_value(), "d", c.variant);
  refuse(in.vec_constant.has_value(), "vec-constant", c.variant);
  const Rational& eps = need(in.eps, "eps", c.variant);
  const Rational& delta = need(in.delta, "delta", c.variant);
  const Integer& B = need(in.n, "n", c.variant);
  check_eps_delta(eps, delta);
  check_batch(B, in.horizon);
  if (in.profile == Profile001::PaperCode) {
    c.profile = "paper-code";
    c.source = "seed 001 code (spec §6.3 SDPLinUCBPAmp): s = sqrt(ln(2.5B/delta))/(eps sqrt B); uncertified";
    c.quantities.push_back(real("s", paper_code_amp_s(eps, delta, B)(kReport)));
    return c;
  }
  c.profile = "theorem";
  if (!in.returning) {
    refuse(in.horizon.has_value(), "horizon", c.variant + " without --returning");
    c.source = "seed 001, Thm 3.2 / B.1, Lemma B.4 (unique users)";
    amp_core(c, eps, delta, B, false);
    return c;
  }
  const Integer& T = need(in.horizon, "horizon", c.variant + " --returning");
  c.source = "seed 001, Thm E.3 (returning users): B.1 at (eps_m, delta_m), advanced composition over M batches";
  const Split s = returning_split(eps, delta, B, T);
  add_split(c, s);
  const AmpCore core = amp_core(c, s.eps_m, s.delta_m, B, true);
  amp_returning_composition(c, core, s.M, delta);
  // The printed closed form: 16 ln(2/δ) √(T ln(5T/δ))/(εB).
  c.quantities.push_back(real("sigma_printed",
                              ln(Rational(2 / delta), kReport).mul(Rational(16)) *
                                  (ln(Rational(5 * T / delta), kReport).mul(Rational(T))).sqrt() /
                                  Interval(Rational(eps * B), kReport),
                              "Thm E.3 as printed: 16 ln(2/delta) sqrt(T ln(5T/delta))/(eps B)"));
  return c;
}

// Returning users of P_Vec (Thm E.5; docs/privacy-001.md §10): one user's M batches composed by three accountants,
// each an upper bound of the user-level ε: (1) the proof's route — Thm C.1's stated per-batch (ε_m, δ_m) under
// advanced composition, δ′ = δ/2 (Thm E.2; it rests on C.1's constant, which 001.thm3.5.privacy checks); (2) P_Vec's
// certified per-batch ε at δ_m under the same composition; (3) the batch's certified truncated Rényi curve composed
// M-fold and converted at δ (ref::pvec_returning_totals). (2) and (3) do not rest on C.1.
void vec_returning_composition(Calibration001& c, const Integer& g, const Integer& b, const Integer& B,
                               const Integer& d, const Split& s, const Rational& delta, bool thm_c1_b) {
  const Rational delta_prime = delta / 2;
  if (thm_c1_b) {
    c.quantities.push_back(exact("eps_total_advanced", advanced_composition_eps_upper_bound(s.eps_m, s.M, delta_prime),
                                 "Thm C.1's per-batch (eps_m, delta_m) composed over M batches by advanced "
                                 "composition, delta' = delta/2 (the proof's route, Thm E.2; rests on C.1)"));
  } else {
    c.quantities.push_back(text("eps_total_advanced", "not applicable: b from the main text's constant, not Thm C.1's"));
  }
  c.quantities.push_back(exact("delta_total_advanced", Rational(s.M * s.delta_m + delta_prime), "M delta_m + delta/2"));
  const PVecReturningTotals t = pvec_returning_totals(g, b, B, d, s.M, s.delta_m, delta);
  if (t.eps_batch) {
    c.quantities.push_back(exact("eps_batch_certified", *t.eps_batch,
                                 "P_Vec's certified eps of one batch at delta_m (001.thm3.5.privacy's accountant: "
                                 "truncated Renyi moments of the per-label counts, windows' tail <= delta_m/1000)"));
    c.quantities.push_back(exact("eps_total_certified_advanced", *t.eps_advanced,
                                 "eps_batch_certified composed over M batches by advanced composition, delta' = "
                                 "delta/2; total delta = M delta_m + delta/2"));
  } else {
    c.quantities.push_back(text("eps_batch_certified", "none: the windows' tail exceeds delta_m"));
  }
  if (t.eps_rdp) {
    c.quantities.push_back(exact("eps_total_certified_rdp", *t.eps_rdp,
                                 "the batch's certified truncated Renyi curve composed M-fold, converted at delta - "
                                 "M tail (Mironov); at delta"));
  } else {
    c.quantities.push_back(text("eps_total_certified_rdp", "none: M times the windows' tail exceeds delta"));
  }
  c.quantities.push_back(exact("tail_total", t.tail_total, "M times the batch windows' certified tail"));
}

// ---- p-vec ----
Calibration001 p_vec(const Calibration001Input& in) {
  Calibration001 c;
  c.variant = "p-vec";
  const Rational& eps = need(in.eps, "eps", c.variant);
  const Rational& delta = need(in.delta, "delta", c.variant);
  const Integer& B = need(in.n, "n", c.variant);
  const Integer& d = need(in.d, "d", c.variant);
  if (eps <= 0) throw_parameter_error(kFn, "eps", "> 0", to_string(eps));
  if (delta <= 0) throw_parameter_error(kFn, "delta", "> 0", to_string(delta));
  require_reasonable_size(eps, kFn, "eps");
  require_reasonable_size(delta, kFn, "delta");
  check_batch(B, in.horizon);
  if (d < 1 || d > 65536) throw_parameter_error(kFn, "d", "in [1, 65536]", to_string(d));
  if (in.profile == Profile001::PaperCode) {
    c.profile = "paper-code";
    c.source = "seed 001 code (spec §6.3 SDPLinUCBPVec): g = max(2 sqrt B, d, 4), b = C g^2 ln^2(d/delta)/(eps^2 B); "
               "uncertified";
    if (delta >= 1) throw_parameter_error(kFn, "delta", "< 1", to_string(delta));
    const Rational C = in.vec_constant.value_or(Rational(1));
    require_positive(C, kFn, "vec-constant");
    c.quantities.push_back(real("g", paper_code_vec_g(B, d)(kReport), "real, as the code computes it"));
    c.quantities.push_back(
        real("b", paper_code_vec_b(eps, delta, B, d, C)(kReport), "real; numpy's binomial truncates it"));
    c.quantities.push_back(exact("p", Rational(1, 4)));
    return c;
  }
  c.profile = "theorem";
  const bool main_text = in.vec_constant.has_value();
  auto core = [&](const Rational& e, const Rational& dl, bool per_batch) {
    if (e > 15)
      throw_parameter_error(kFn, "eps", std::string("in (0, 15] (Thm 3.5/C.1") + (per_batch ? ", per batch)" : ")"),
                            to_string(e));
    if (dl >= Rational(1, 2))
      throw_parameter_error(kFn, "delta", "in (0, 1/2) (Thm 3.5/C.1)", to_string(dl));
    Integer g, b;
    if (main_text) {
      const Rational& C = *in.vec_constant;
      require_positive(C, kFn, "vec-constant");
      g = ceil_rational_times_sqrt(Rational(2), B);
      if (d > g) g = d;
      if (g < 4) g = 4;
      const Rational k = C * g * g / (e * e * B);
      b = certified_ceiling([&](mpfr_prec_t p) { return ln(Rational(d * d / dl), p).sqr().mul(k); });
    } else {
      std::tie(g, b) = thm35_g_b(e, dl, B, d);
    }
    if (b > int63_max() || Integer(B * (g + b)) > int63_max())
      throw_parameter_error(kFn, "eps", "such that B (g + b) fits 63 bits (b = " + to_string(b) + ")", to_string(eps));
    c.quantities.push_back(exact("p", Rational(1, 4)));
    c.quantities.push_back(exact("g", Rational(g), "max{ceil(2 sqrt B), d, 4}"));
    c.quantities.push_back(exact("b", Rational(b),
                                 main_text ? "ceil(C g^2 ln^2(d^2/delta)/(eps^2 B)) (main text)"
                                           : "ceil(24e4 g^2 ln^2(4(d^2+1)/delta)/(eps^2 B)) (Thm C.1)"));
    const Integer bits = g + b;
    const Integer labels = d + d * (d + 1) / 2;
    c.quantities.push_back(exact("message_bits", Rational(bits), "g + b per label (range r = 2 Delta)"));
    c.quantities.push_back(exact("bits_per_user", Rational(bits * labels), "(g + b)(d + d(d+1)/2)"));
    c.quantities.push_back(exact("bits_per_user_as_written", Rational(bits * (d + d * d)), "(g + b)(d + d^2)"));
    c.quantities.push_back(exact("noise_variance_per_label",
                                 Rational(Rational(4) / (g * g) * b * B * Rational(3, 16)),
                                 "(r/g)^2 B b p(1-p) with r = 2 Delta = 2"));
  };
  if (!in.returning) {
    refuse(in.horizon.has_value(), "horizon", c.variant + " without --returning");
    c.source = main_text ? "seed 001, Thm 3.5 main text, b = C g^2 ln^2(d^2/delta)/(eps^2 B)"
                         : "seed 001, Thm 3.5 / C.1 (unique users)";
    core(eps, delta, false);
    return c;
  }
  const Integer& T = need(in.horizon, "horizon", c.variant + " --returning");
  c.source = "seed 001, Thm E.5 (returning users): C.1 at (eps_m, delta_m)";
  if (delta >= Rational(1, 2)) throw_parameter_error(kFn, "delta", "in (0, 1/2) (Thm E.5)", to_string(delta));
  const Split s = returning_split(eps, delta, B, T);
  add_split(c, s);
  core(s.eps_m, s.delta_m, true);
  const Integer g = boost::multiprecision::numerator(*c.find("g")->exact);
  vec_returning_composition(c, g, boost::multiprecision::numerator(*c.find("b")->exact), B, d, s, delta, !main_text);
  const Rational k = Rational(10000000) * g * g * T / (eps * eps * B * B);
  c.quantities.push_back(real("b_printed",
                              ln(Rational(2 / delta), kReport) *
                                  ln(Rational(8 * T * (d * d + 1) / (B * delta)), kReport).sqr().mul(k),
                              "Thm E.5 as printed: 1e7 ln(2/delta) g^2 T ln^2(8T(d^2+1)/(B delta))/(eps^2 B^2)"));
  return c;
}

// ---- tree ----
Calibration001 tree(const Calibration001Input& in) {
  Calibration001 c;
  c.variant = "tree";
  refuse(in.returning, "returning", c.variant);
  refuse(in.vec_constant.has_value(), "vec-constant", c.variant);
  const Rational& eps = need(in.eps, "eps", c.variant);
  const Rational& delta = need(in.delta, "delta", c.variant);
  check_eps_delta(eps, delta);
  if (in.profile == Profile001::PaperCode) {
    c.profile = "paper-code";
    c.source = "seed 001 code (spec §6.3 JDPLinUCB): s = sqrt(ln n) ln(2.5/delta)/eps; uncertified";
    const Integer& n = need(in.n, "n", c.variant);
    if (n < 2) throw_parameter_error(kFn, "n", ">= 2", to_string(n));
    c.quantities.push_back(real("s", paper_code_tree_s(eps, delta, n)(kReport)));
    return c;
  }
  c.profile = "theorem";
  c.source = "seed 001, Prop. F.3 / 4.3 (Shariff-Sheffet tree, exact Gaussian profile)";
  refuse(in.n.has_value(), "n", c.variant + " (use --horizon for the number of leaves)");
  const Integer& N = need(in.horizon, "horizon", c.variant);
  if (N < 1 || N > (Integer(1) << 62)) throw_parameter_error(kFn, "horizon", "in [1, 2^62]", to_string(N));
  if (eps > 1) throw_parameter_error(kFn, "eps", "in (0, 1] (Prop. F.3)", to_string(eps));
  if (delta >= 1) throw_parameter_error(kFn, "delta", "in (0, 1)", to_string(delta));
  const Integer M0 = in.rounds_per_user.value_or(Integer(1));
  if (M0 < 1 || M0 > N) throw_parameter_error(kFn, "rounds-per-user", "in [1, N]", to_string(M0));
  const unsigned m = tree_levels(N);
  const Rational dz = 4;  // 2(L² + Y²), L = Y = 1
  const RealFn sens = [&](mpfr_prec_t p) { return Interval(long(m), p).sqrt().mul(Rational(dz * M0)); };
  const Integer scale = Integer(1) << kSigmaGridBits;
  const Rational sigma_node = tree_sigma_node(eps, delta, N, M0);
  const Integer hi = numerator(sigma_node) * (scale / denominator(sigma_node));
  c.quantities.push_back(exact("N", Rational(N), "leaves"));
  c.quantities.push_back(exact("m", Rational(m), "levels, ceil(log2 N) + 1"));
  c.quantities.push_back(exact("leaf_sensitivity", dz, "2(L^2 + Y^2) >= ||triu(zz^T - z'z'^T)||_2, L = Y = 1"));
  c.quantities.push_back(exact("rounds_per_user", Rational(M0)));
  c.quantities.push_back(real("view_sensitivity", sens(kReport), "M0 sqrt(m) leaf_sensitivity"));
  c.quantities.push_back(exact("sigma_node", Rational(hi, scale),
                               "least sigma on the grid 2^-32 with the exact Gaussian delta(eps) <= delta, certified"));
  c.quantities.push_back(exact("delta_at_sigma_node_upper",
                               gaussian_delta(sens(256), Interval(Rational(hi, scale), 256), eps, 256).upper()));
  return c;
}

// ---- fmt ----
Calibration001 fmt(const Calibration001Input& in) {
  Calibration001 c;
  c.variant = "fmt";
  c.profile = "theorem";
  c.source = "seed 001, Lemma B.4 (Feldman-McMillan-Talwar 2021, Thm 3.8)";
  refuse(in.eps.has_value(), "eps", c.variant);
  refuse(in.delta.has_value(), "delta", c.variant);
  refuse(in.horizon.has_value(), "horizon", c.variant);
  const Rational& eps0 = need(in.eps0, "eps0", c.variant);
  const Rational& delta0 = need(in.delta0, "delta0", c.variant);
  const Integer& n = need(in.n, "n", c.variant);
  const Rational& dp = need(in.delta_prime, "delta-prime", c.variant);
  if (eps0 <= 0) throw_parameter_error(kFn, "eps0", "> 0", to_string(eps0));
  if (delta0 < 0 || delta0 > 1) throw_parameter_error(kFn, "delta0", "in [0, 1]", to_string(delta0));
  if (n < 1) throw_parameter_error(kFn, "n", ">= 1", to_string(n));
  if (n > int63_max()) throw_parameter_error(kFn, "n", "<= 2^63 - 1", to_string(n));
  if (dp <= 0 || dp > 1) throw_parameter_error(kFn, "delta-prime", "in (0, 1]", to_string(dp));
  require_reasonable_size(eps0, kFn, "eps0");
  require_reasonable_size(delta0, kFn, "delta0");
  require_reasonable_size(dp, kFn, "delta-prime");
  const FmtBound f = fmt_amplification(exact_real(eps0), delta0, n, dp);
  c.quantities.push_back(exact("eps0", eps0));
  c.quantities.push_back(exact("delta0", delta0));
  c.quantities.push_back(exact("n", Rational(n)));
  c.quantities.push_back(exact("delta_prime", dp));
  if (f.threshold_defined) c.quantities.push_back(real("eps0_max", f.threshold, "ln(n/(16 ln(2/delta')))"));
  c.quantities.push_back(flag("applicable", f.applicable, "eps0 <= ln(n/(16 ln(2/delta'))), decided exactly"));
  c.quantities.push_back(real("eps_tilde", f.eps_tilde));
  c.quantities.push_back(real("delta_tilde", f.delta_tilde));
  c.quantities.push_back(exact("eps_tilde_upper", f.eps_tilde_upper, "rounded up"));
  c.quantities.push_back(exact("delta_tilde_upper", f.delta_tilde_upper, "rounded up"));
  if (!f.applicable) c.quantities.push_back(text("verdict", "not applicable: the formula's values carry no guarantee"));
  return c;
}

}  // namespace

Rational tree_sigma_node(const Rational& eps, const Rational& delta, const Integer& N, const Integer& M0) {
  const unsigned m = tree_levels(N);
  const Rational dz = 4;  // 2(L² + Y²), L = Y = 1
  const RealFn sens = [&](mpfr_prec_t p) { return Interval(long(m), p).sqrt().mul(Rational(dz * M0)); };
  // Smallest σ̄ = k·2^−32 with δ(ε) ≤ δ certified: δ(ε) decreases in σ. Bracket, then bisect on k.
  const Integer scale = Integer(1) << kSigmaGridBits;
  auto ok = [&](const Integer& k) {
    return gaussian_delta(sens(256), Interval(Rational(k, scale), 256), eps, 256).certainly_less_equal(
        Interval(delta, 256));
  };
  Integer hi = scale;
  while (!ok(hi)) hi *= 2;
  Integer lo = 0;  // not ok (σ = 0 is no noise)
  while (hi - lo > 1) {
    const Integer mid = (lo + hi) / 2;
    if (ok(mid)) hi = mid; else lo = mid;
  }
  return Rational(hi, scale);
}

ReturningSplit001 returning_split_001(const Rational& eps, const Rational& delta, const Integer& B, const Integer& T) {
  if (B < 1) throw_parameter_error(kFn, "n", ">= 1 (the batch size B)", to_string(B));
  if (T < B) throw_parameter_error(kFn, "horizon", ">= B = " + to_string(B), to_string(T));
  ReturningSplit001 s;
  s.M = (T + B - 1) / B;
  s.eps_m = theorem7_per_step_eps_lower_bound(eps, s.M, Rational(delta / 2));
  s.delta_m = delta / (2 * s.M);
  s.composition_in_range = eps < 1;
  return s;
}

const Quantity* Calibration001::find(const std::string& name) const {
  for (const Quantity& q : quantities)
    if (q.name == name) return &q;
  return nullptr;
}

bool is_variant_001(const std::string& v) {
  return v == "ldp-gauss" || v == "p-amp" || v == "p-vec" || v == "tree" || v == "fmt";
}

Calibration001 calibrate_001(const Calibration001Input& in) {
  if (in.variant == "ldp-gauss") return ldp_gauss(in);
  if (in.variant == "p-amp") return p_amp(in);
  if (in.variant == "p-vec") return p_vec(in);
  if (in.variant == "tree") return tree(in);
  if (in.variant == "fmt") {
    if (in.profile == Profile001::PaperCode) throw_parameter_error(kFn, "profile", "theorem for fmt", "paper-code");
    return fmt(in);
  }
  throw_parameter_error(kFn, "variant", "one of ldp-gauss, p-amp, p-vec, tree, fmt", in.variant);
}

}  // namespace dpb::ref
