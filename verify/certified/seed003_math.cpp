#include "verify/certified/seed003_math.hpp"

#include <gmp.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "verify/certified/common.hpp"

namespace dpb::verify::certified {

namespace {

constexpr mpfr_prec_t kStartPrec = 128;
constexpr mpfr_prec_t kMaxPrec = 8192;

// Sign of f: +1 certainly > 0, −1 certainly < 0, 0 if undecided up to kMaxPrec.
int certain_sign(const std::function<Interval(mpfr_prec_t)>& f) {
  for (mpfr_prec_t prec = kStartPrec; prec <= kMaxPrec; prec *= 2) {
    const Interval x = f(prec);
    if (x.certainly_greater(Rational(0))) return 1;
    if (x.certainly_less(Rational(0))) return -1;
  }
  return 0;
}

// Numerator/denominator of an exponent of T^{p/q}: small enough that T^p stays below 2^24 bits.
unsigned long small_unsigned(const Integer& x, const Integer& T, const char* function, const char* name) {
  if (x < 0 || x > 4096 || Integer(x) * bit_length(T) > (Integer(1) << 24))
    throw std::invalid_argument(std::string(function) + ": " + name + " = " + dpb::to_string(x) +
                                " too large (T^p limited to 2^24 bits)");
  return x.convert_to<unsigned long>();
}

// ⌊x^{1/q}⌋ and whether it is exact.
Integer floor_root(const Integer& x, unsigned long q, bool& exact) {
  Integer r;
  exact = mpz_root(r.backend().data(), x.backend().data(), q) != 0;
  return r;
}

Rational pow2(int e) {
  return e >= 0 ? Rational(Integer(1) << e) : Rational(Integer(1), Integer(1) << (-e));
}

Interval ln_of(const Rational& q, mpfr_prec_t prec) { return Interval(q, prec).log(); }

std::string text(const Interval& x) { return x.lower_string(8) + ".." + x.upper_string(8); }

std::string pmf_text(const Pmf& p) {
  std::string s = "(";
  for (std::size_t i = 0; i < p.size(); ++i) s += (i ? ", " : "") + dpb::to_string(p[i]);
  return s + ")";
}

}  // namespace

// ---- S1 ----------------------------------------------------------------------------------------------------------

Rational schedule_alpha_exponent(ScheduleAlpha which, unsigned M) {
  if (M < 2 || M > 30) throw std::invalid_argument("schedule_alpha_exponent: M = " + std::to_string(M) + " not in 2..30");
  const Rational t = which == ScheduleAlpha::eq6 ? pow2(1 - static_cast<int>(M)) : pow2(-static_cast<int>(M));
  return Rational(1) / (2 * (1 - t));
}

Rational schedule_exponent(ScheduleAlpha which, unsigned M, unsigned k) {
  if (k < 2 || k > M) throw std::invalid_argument("schedule_exponent: k = " + std::to_string(k) + " not in 2..M");
  return schedule_alpha_exponent(which, M) * (2 - pow2(2 - static_cast<int>(k)));
}

Integer ceil_power(const Integer& T, const Rational& e) {
  require_positive(T, "ceil_power", "T");
  require_nonnegative(e, "ceil_power", "e");
  const unsigned long p = small_unsigned(numerator(e), T, "ceil_power", "numerator of e");
  const unsigned long q = small_unsigned(denominator(e), Integer(1), "ceil_power", "denominator of e");
  bool exact = false;
  const Integer r = floor_root(boost::multiprecision::pow(T, static_cast<unsigned>(p)), q, exact);
  return exact ? r : r + 1;
}

Integer nearest_power(const Integer& T, const Rational& e) {
  require_positive(T, "nearest_power", "T");
  require_nonnegative(e, "nearest_power", "e");
  const unsigned long p = small_unsigned(numerator(e), T, "nearest_power", "numerator of e");
  const unsigned long q = small_unsigned(denominator(e), Integer(1), "nearest_power", "denominator of e");
  bool exact = false;
  // ⌊2x⌋ = ⌊(2^q T^p)^{1/q}⌋, and ⌊x + 1/2⌋ = ⌊(⌊2x⌋ + 1)/2⌋.
  const Integer two_x = floor_root((Integer(1) << q) * boost::multiprecision::pow(T, static_cast<unsigned>(p)), q, exact);
  return (two_x + 1) / 2;
}

Outcome check_s1(const ScheduleExponent& exponent) {
  Outcome o;
  o.verdict = Verdict::holds;
  nlohmann::json cases = nlohmann::json::array();
  std::string witness;
  nlohmann::json e1_overruns = nlohmann::json::array();
  for (unsigned tpow : {3U, 4U, 5U, 6U, 7U, 9U}) {
    const Integer T = boost::multiprecision::pow(Integer(10), tpow);
    for (unsigned M = 2; M <= 6; ++M) {
      Integer sum6 = 0, sume1 = 0;
      for (unsigned k = 2; k <= M; ++k) {
        sum6 += ceil_power(T, exponent(ScheduleAlpha::eq6, M, k));
        sume1 += ceil_power(T, exponent(ScheduleAlpha::thm_e1, M, k));
      }
      const bool overrun = 1 + sum6 > T;
      if (overrun) {
        o.verdict = Verdict::violated;
        if (witness.empty())
          witness = "T = 10^" + std::to_string(tpow) + ", M = " + std::to_string(M) + ": 1 + Σ_{k≥2}⌈B_k⌉ = " +
                    dpb::to_string(Integer(1 + sum6));
      }
      if (1 + sume1 > T) e1_overruns.push_back("T = 10^" + std::to_string(tpow) + ", M = " + std::to_string(M));
      cases.push_back({{"T", dpb::to_string(T)},
                       {"M", M},
                       {"eq6_sum_k_ge_2", dpb::to_string(sum6)},
                       {"eq6_overrun", overrun},
                       {"thm_e1_sum_k_ge_2", dpb::to_string(sume1)},
                       {"thm_e1_room_for_B1", dpb::to_string(Integer(T - sume1))}});
    }
  }
  // The spec's example (T = 10⁶, M = 4), rounded to nearest as the spec prints it, and by ceiling (the learner's).
  const Integer T(1'000'000);
  nlohmann::json example;
  bool examples_match = true;
  const std::vector<std::vector<long>> spec = {{2683, 138950, 1000000}, {1585, 63096, 398107}};
  for (int w = 0; w < 2; ++w) {
    const ScheduleAlpha which = w == 0 ? ScheduleAlpha::eq6 : ScheduleAlpha::thm_e1;
    nlohmann::json nearest = nlohmann::json::array(), ceiling = nlohmann::json::array();
    for (unsigned k = 2; k <= 4; ++k) {
      const Integer n = nearest_power(T, exponent(which, 4, k));
      examples_match = examples_match && n == spec[w][k - 2];
      nearest.push_back(dpb::to_string(n));
      ceiling.push_back(dpb::to_string(ceil_power(T, exponent(which, 4, k))));
    }
    example[w == 0 ? "eq6" : "thm_e1"] = {{"nearest", nearest}, {"ceiling", ceiling}};
  }
  example["matches_spec_nearest"] = examples_match;
  o.evidence = {{"cases", cases},
                {"example_T_1e6_M_4", example},
                {"thm_e1_overruns", e1_overruns},
                {"rounding", "B_k = ⌈T^{a(2−2^{2−k})}⌉ for k = 2..M (exact integer roots); B_1 >= 1 counted"},
                {"rule", "violated iff some Eq. 6 schedule has 1 + Σ_{k=2}^M ⌈B_k⌉ > T"}};
  if (!witness.empty()) o.evidence["witness"] = witness;
  o.key_figure = o.verdict == Verdict::violated ? "Eq. 6 overruns T: " + witness : "every schedule fits in T";
  return o;
}

// ---- G1 / S2 -------------------------------------------------------------------------------------------------------

Interval advanced_composition_eps(const Interval& eps0, const Integer& k, const Rational& delta_prime, mpfr_prec_t prec) {
  require_positive(k, "advanced_composition_eps", "k");
  require_positive(delta_prime, "advanced_composition_eps", "delta_prime");
  const Interval K(k, prec);
  const Interval lead = eps0 * (K * ln_of(1 / delta_prime, prec)).mul(Rational(2)).sqrt();
  return lead + K * eps0 * eps0.expm1();
}

Interval g1_eps_step(const Rational& eps, const Rational& delta, const Integer& T_it, mpfr_prec_t prec) {
  const Interval denom = (Interval(T_it, prec) * ln_of(1 / delta, prec)).mul(Rational(2)).sqrt().mul(Rational(2));
  return Interval(eps, prec) / denom;
}

Outcome check_g1(const StepBudget& eps_step) {
  Outcome o;
  o.verdict = Verdict::holds;
  nlohmann::json failures = nlohmann::json::array();
  Rational worst_ratio(0);
  std::string worst;
  std::size_t cases = 0;
  const auto total = [&](const Rational& eps, const Rational& delta, const Integer& T_it, mpfr_prec_t prec) {
    return advanced_composition_eps(eps_step(eps, delta, T_it, prec), T_it, delta / Rational(Integer(T_it + 1)), prec);
  };
  for (const Rational& eps : {Rational(1, 10), Rational(1, 2), Rational(1), Rational(2)})
    for (unsigned dk : {5U, 3U, 2U})
      for (long t : {10L, 100L, 1000L, 10000L, 100000L}) {
        ++cases;
        const Rational delta = ten_to_minus(dk);
        const Integer T_it(t);
        const std::string at = "ε = " + dpb::to_string(eps) + ", δ = 1e-" + std::to_string(dk) + ", T_it = " + std::to_string(t);
        // δ: T_it·δ/(T_it + 1) + δ/(T_it + 1) = δ exactly.
        if (Rational(T_it) * delta / Rational(Integer(T_it + 1)) + delta / Rational(Integer(T_it + 1)) > delta) {
          o.verdict = Verdict::violated;
          failures.push_back(at + ": δ_total > δ");
        }
        const int s = certain_sign([&](mpfr_prec_t prec) { return Interval(eps, prec) - total(eps, delta, T_it, prec); });
        if (s < 0) {
          o.verdict = Verdict::violated;
          failures.push_back(at + ": ε_total > ε");
        } else if (s == 0) {
          o.verdict = combine(o.verdict, Verdict::inconclusive);
          failures.push_back(at + ": undecided");
        }
        const Rational ratio = total(eps, delta, T_it, 256).upper() / eps;
        if (ratio > worst_ratio) {
          worst_ratio = ratio;
          worst = at;
        }
      }
  const Interval example = total(Rational(1), ten_to_minus(5), Integer(1000), 256);
  // Outside the grid (δ = 1/10, T_it = 1000): ln((T_it+1)/δ) > 4 ln(1/δ), so the leading term alone exceeds ε.
  const Interval outside = total(Rational(1), Rational(1, 10), Integer(1000), 256);
  o.evidence = {{"cases", cases},
                {"failures", failures},
                {"worst_ratio_upper", upper_text(Rational(worst_ratio), 6)},
                {"worst_at", worst},
                {"example_eps1_delta1e-5_T1000", enclosure_json(example)},
                {"outside_grid_eps1_delta0.1_T1000", enclosure_json(outside)}};
  o.key_figure = "max ε_total/ε ≤ " + upper_text(Rational(worst_ratio), 4) + " (ε=1, δ=1e-5, T=1000: " +
                 example.upper_string(4) + ")";
  return o;
}

Outcome check_s2(const DeltaPrime& delta_prime) {
  Outcome o;
  o.verdict = Verdict::holds;
  nlohmann::json failures = nlohmann::json::array();
  std::size_t cases = 0;
  Rational worst_ratio(0);
  std::string worst;
  const auto eps_o = [](const Rational& eps, const Rational& delta, const Integer& c, mpfr_prec_t prec) {
    const Interval d = (Interval(c, prec) * ln_of(4 / delta, prec)).mul(Rational(2)).sqrt().mul(Rational(6));
    return Interval(eps, prec) / d;
  };
  const auto total = [&](const Rational& eps, const Rational& delta, const Integer& c, mpfr_prec_t prec) {
    return advanced_composition_eps(eps_o(eps, delta, c, prec), c, delta_prime(delta), prec);
  };
  const std::vector<Rational> deltas = {ten_to_minus(5), ten_to_minus(2), Rational(1, 10)};
  for (const Rational& eps : {Rational(1, 10), Rational(1, 2), Rational(1), Rational(2), Rational(5), Rational(10)})
    for (const Rational& delta : deltas)
      for (long cc : {1L, 10L, 100L, 10000L}) {
        ++cases;
        const Integer c(cc);
        const std::string at = "ε = " + dpb::to_string(eps) + ", δ = " + dpb::to_string(delta) + ", c = " + std::to_string(cc);
        const Rational dp = delta_prime(delta);
        if (Rational(c) * (delta / (6 * Rational(c))) + dp > delta / 3) {
          o.verdict = Verdict::violated;
          failures.push_back(at + ": δ_total = δ/6 + δ′ > δ/3");
        }
        const int s = certain_sign([&](mpfr_prec_t prec) { return Interval(eps / 3, prec) - total(eps, delta, c, prec); });
        if (s < 0) {
          o.verdict = Verdict::violated;
          failures.push_back(at + ": ε_total > ε/3");
        } else if (s == 0) {
          o.verdict = combine(o.verdict, Verdict::inconclusive);
          failures.push_back(at + ": undecided");
        }
        const Rational ratio = total(eps, delta, c, 256).upper() / eps;
        if (ratio > worst_ratio) {
          worst_ratio = ratio;
          worst = at;
        }
      }
  // Where the ε part fails (outside the grid): the smallest integer ε in 1..200 with certainly ε_total > ε/3.
  nlohmann::json breaks = nlohmann::json::array();
  for (const Rational& delta : {Rational(1, 10), ten_to_minus(5)})
    for (long cc : {1L, 100L}) {
      nlohmann::json entry = {{"delta", dpb::to_string(delta)}, {"c", cc}, {"first_failing_eps", nullptr}};
      for (long e = 1; e <= 200; ++e) {
        const Rational eps(e);
        if (certain_sign([&](mpfr_prec_t prec) { return Interval(eps / 3, prec) - total(eps, delta, Integer(cc), prec); }) < 0) {
          entry["first_failing_eps"] = e;
          break;
        }
      }
      breaks.push_back(entry);
    }
  o.evidence = {{"cases", cases},
                {"failures", failures},
                {"delta_prime_at_1e-5", dpb::to_string(delta_prime(ten_to_minus(5)))},
                {"worst_eps_total_over_eps_upper", upper_text(Rational(worst_ratio), 6)},
                {"worst_at", worst},
                {"eps_part_breaks_outside_grid", breaks}};
  o.key_figure = "max ε_total/ε ≤ " + upper_text(Rational(worst_ratio), 4) + " (need ≤ 1/3)";
  return o;
}

// ---- Lemma E.3 -----------------------------------------------------------------------------------------------------

Interval lemma_e3_bound(const Integer& n, const Rational& delta, mpfr_prec_t prec) {
  return (ln_of(2 / delta, prec).mul(Rational(8)) / Interval(n, prec)).sqrt();
}

Interval lemma_e3_corrected(const Integer& n, const Rational& delta, mpfr_prec_t prec) {
  return (ln_of(2 / delta, prec).mul(Rational(8)) * Interval(n, prec)).sqrt();
}

Outcome check_lemma_e3(const DeviationBound& bound) {
  Outcome o;
  o.verdict = Verdict::holds;
  nlohmann::json cases = nlohmann::json::array();
  std::string witness;
  for (const Rational& delta : {Rational(1, 10), Rational(1, 100)})
    for (long nn : {400L, 1000L, 4000L}) {
      const Integer n(nn);
      // P(Bin(n, 1/2) − n/2 > r) = P(Bin >= k*), k* = ⌊n/2 + r⌋ + 1 (n/2 + r irrational: never an integer).
      const auto fl = certified_floor([&](mpfr_prec_t prec) { return bound(n, delta, prec) + Interval(Rational(n) / 2, prec); });
      if (!fl) {
        o.verdict = combine(o.verdict, Verdict::inconclusive);
        continue;
      }
      const Integer kstar = *fl + 1;
      Integer binom = 1, tail = 0;
      for (long k = 0; k <= nn; ++k) {
        if (k > 0) binom = binom * (nn - k + 1) / k;
        if (Integer(k) >= kstar) tail += binom;
      }
      const Rational p = Rational(tail, Integer(1) << nn);
      const bool bad = p > delta;
      if (bad) {
        o.verdict = Verdict::violated;
        if (witness.empty())
          witness = "n = " + std::to_string(nn) + ", δ = " + dpb::to_string(delta) + ": P(Σ(X_i² − EX_i²) > bound) = " +
                    lower_text(p, 6) + " > δ";
      }
      cases.push_back({{"n", nn},
                       {"delta", dpb::to_string(delta)},
                       {"bound", enclosure_json(bound(n, delta, 256))},
                       {"threshold_k", dpb::to_string(kstar)},
                       {"tail_probability", nearest_text(p, 8)},
                       {"exceeds_delta", bad}});
    }
  o.evidence = {{"distribution", "X ∈ {−1, 0, 1}, P(±1) = 1/4: zero mean, sub-Gaussian proxy σ² = 1; Σ X_i² ~ Bin(n, 1/2)"},
                {"cases", cases}};
  if (!witness.empty()) o.evidence["witness"] = witness;
  o.key_figure = witness.empty() ? "tails ≤ δ on the grid" : witness;
  return o;
}

// ---- Lemma M.3 -----------------------------------------------------------------------------------------------------

Outcome check_lemma_m3_constant(const SqrtConstant& printed) {
  require_positive(printed.A, "check_lemma_m3_constant", "A");
  Outcome o;
  o.verdict = Verdict::holds;
  nlohmann::json cases = nlohmann::json::array();
  std::string witness;
  for (long d : {1L, 2L, 3L, 4L, 5L, 8L, 10L, 16L, 100L, 10000L}) {
    // (2c(d))² = 16e·r(d)², r(d) = (4√d + 1)/(4√d − 1).
    const auto r2 = [d](mpfr_prec_t prec) {
      const Interval s = Interval(d, prec).sqrt().mul(Rational(4));
      const Interval one(1L, prec);
      return ((s + one) / (s - one)).sqr();
    };
    int sign = 0;  // sign of K² − (2c(d))²
    const Integer root = floor_sqrt(Integer(d));
    if (printed.times_sqrt_e && root * root == d) {
      const Rational rr = Rational(Integer(4 * root + 1), Integer(4 * root - 1));
      const Rational diff = printed.A - 16 * rr * rr;
      sign = diff > 0 ? 1 : (diff < 0 ? -1 : 0);
      if (sign == 0) sign = 2;  // exactly equal
    } else {
      sign = certain_sign([&](mpfr_prec_t prec) {
        const Interval chain = r2(prec).mul(Rational(16));
        const Interval K2 = Interval(printed.A, prec);
        return printed.times_sqrt_e ? K2 - chain : K2 - chain * Interval(1L, prec).exp();
      });
    }
    const Interval chain_const = (r2(256).mul(Rational(16)) * Interval(1L, 256).exp()).sqrt();
    cases.push_back({{"d", d}, {"chain_constant", enclosure_json(chain_const)}, {"printed_at_least_chain", sign != -1 && sign != 0}});
    if (sign < 0) {
      o.verdict = Verdict::violated;
      if (witness.empty()) witness = "d = " + std::to_string(d) + ": 2c(d) = " + chain_const.lower_string(6) + "… > printed";
    } else if (sign == 0) {
      o.verdict = combine(o.verdict, Verdict::inconclusive);
    }
  }
  const Interval printed_value = printed.times_sqrt_e ? (Interval(printed.A, 256) * Interval(1L, 256).exp()).sqrt()
                                                      : Interval(printed.A, 256).sqrt();
  const Interval limit = Interval(Rational(1, 2), 256).exp().mul(Rational(4));
  const Interval corrected = Interval(Rational(1, 2), 256).exp().mul(Rational(20, 3));
  o.evidence = {{"chain", "⟨x* − x, θ*⟩ ≤ 2β‖x‖_{H_τ^{-1}} (Cor. M.1 at both arms), ‖x‖_{H_τ^{-1}} ≤ c(d)‖x‖_{H_t^{-1}} "
                          "(Lemma O.4(b), c(d) = 2√e(1 + 1/(4√d))/(1 − 1/(4√d)))"},
                {"printed", enclosure_json(printed_value)},
                {"limit_d_to_infinity_4sqrt_e", enclosure_json(limit)},
                {"corrected_20sqrt_e_over_3", enclosure_json(corrected)},
                {"cases", cases}};
  if (!witness.empty()) o.evidence["witness"] = witness;
  o.key_figure = witness.empty() ? "printed ≥ 2c(d) on the grid" : witness;
  return o;
}

// ---- Lemmas Q.3 / Q.4 -----------------------------------------------------------------------------------------------

std::optional<Interval> kl_divergence(const Pmf& P, const Pmf& Q, mpfr_prec_t prec) {
  if (P.size() != Q.size()) throw std::invalid_argument("kl_divergence: sizes " + std::to_string(P.size()) + " and " + std::to_string(Q.size()) + " differ");
  Interval s(Rational(0), prec);
  for (std::size_t i = 0; i < P.size(); ++i) {
    if (P[i] == 0) continue;
    if (Q[i] == 0) return std::nullopt;
    s += Interval(P[i], prec) * ln_of(P[i] / Q[i], prec);
  }
  return s;
}

namespace {
Pmf midpoint(const Pmf& P, const Pmf& Q) {
  Pmf M(P.size());
  for (std::size_t i = 0; i < P.size(); ++i) M[i] = (P[i] + Q[i]) / 2;
  return M;
}
}  // namespace

std::optional<Interval> q3_lhs(const Pmf& P, const Pmf& Q, mpfr_prec_t prec) { return kl_divergence(P, Q, prec); }

std::optional<Interval> q3_rhs(const Pmf& P, const Pmf& Q, mpfr_prec_t prec) {
  const Pmf M = midpoint(P, Q);
  return (*kl_divergence(P, M, prec) + *kl_divergence(Q, M, prec)).mul(Rational(2));  // M > 0 wherever P or Q is
}

Outcome check_lemma_q3_kl(const PairQuantity& lhs, const PairQuantity& rhs) {
  Outcome o;
  o.verdict = Verdict::holds;
  std::vector<std::pair<Pmf, Pmf>> pairs = {{{Rational(1), Rational(0)}, {Rational(0), Rational(1)}}};
  for (long a = 1; a <= 9; ++a)
    for (long b = 1; b <= 9; ++b)
      if (a != b) pairs.push_back({{Rational(a, 10), Rational(10 - a, 10)}, {Rational(b, 10), Rational(10 - b, 10)}});
  std::vector<Pmf> three;
  for (long a = 1; a <= 3; ++a)
    for (long b = 1; b <= 3; ++b)
      if (5 - a - b >= 1 && 5 - a - b <= 3) three.push_back({Rational(a, 5), Rational(b, 5), Rational(5 - a - b, 5)});
  for (const Pmf& P : three)
    for (const Pmf& Q : three)
      if (P != Q) pairs.push_back({P, Q});
  std::size_t violated = 0, held = 0, undecided = 0;
  nlohmann::json witnesses = nlohmann::json::array();
  for (const auto& [P, Q] : pairs) {
    int sign = 0;  // sign of rhs − lhs
    const auto l0 = lhs(P, Q, kStartPrec);
    const auto r0 = rhs(P, Q, kStartPrec);
    if (!l0 && !r0) sign = 1;  // ∞ ≤ ∞
    else if (!l0) sign = -1;
    else if (!r0) sign = 1;
    else sign = certain_sign([&](mpfr_prec_t prec) { return *rhs(P, Q, prec) - *lhs(P, Q, prec); });
    if (sign < 0) {
      ++violated;
      if (witnesses.size() < 3)
        witnesses.push_back({{"P", pmf_text(P)},
                             {"Q", pmf_text(Q)},
                             {"lhs", l0 ? text(*lhs(P, Q, 256)) : "inf"},
                             {"rhs", text(*rhs(P, Q, 256))}});
    } else if (sign > 0) {
      ++held;
    } else {
      ++undecided;
    }
  }
  if (violated > 0) o.verdict = Verdict::violated;
  else if (undecided > 0) o.verdict = Verdict::inconclusive;
  o.evidence = {{"pairs", pairs.size()}, {"violated", violated}, {"held", held}, {"undecided", undecided}, {"witnesses", witnesses}};
  o.key_figure = std::to_string(violated) + " of " + std::to_string(pairs.size()) + " pairs violate it";
  return o;
}

Pmf xor_channel(int v1, int v2, const Rational& flip) {
  require_probability(flip, "xor_channel", "flip");
  const bool one = (v1 ^ v2) != 0;
  return one ? Pmf{flip, 1 - flip} : Pmf{1 - flip, flip};
}

Outcome check_lemma_q3_mi(const Channel& channel, const Rational& factor) {
  Outcome o;
  o.verdict = Verdict::holds;
  nlohmann::json cases = nlohmann::json::array();
  for (const Rational& flip : {Rational(0), Rational(1, 4), Rational(1, 10)}) {
    Pmf ch[2][2];
    for (int a = 0; a < 2; ++a)
      for (int b = 0; b < 2; ++b) ch[a][b] = channel(a, b, flip);
    const std::size_t nx = ch[0][0].size();
    const auto mix = [&](const std::vector<Pmf>& ps) {
      Pmf m(nx, Rational(0));
      for (const Pmf& p : ps)
        for (std::size_t x = 0; x < nx; ++x) m[x] += p[x] / Rational(static_cast<long>(ps.size()));
      return m;
    };
    const Pmf px = mix({ch[0][0], ch[0][1], ch[1][0], ch[1][1]});
    // I(V; X) = (1/4) Σ_v KL(P_{X|v} ‖ P_X); I(V₁; X | V₂) = (1/2) Σ_{v₂} (1/2) Σ_{v₁} KL(P_{X|v} ‖ P_{X|v₂}).
    const auto mi = [&](mpfr_prec_t prec) {
      Interval s(Rational(0), prec);
      for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 2; ++b) s += *kl_divergence(ch[a][b], px, prec);
      return s.div(Rational(4));
    };
    const auto cond_sum = [&](mpfr_prec_t prec) {
      Interval s(Rational(0), prec);
      for (int b = 0; b < 2; ++b) {
        const Pmf m = mix({ch[0][b], ch[1][b]});
        for (int a = 0; a < 2; ++a) s += *kl_divergence(ch[a][b], m, prec);
      }
      for (int a = 0; a < 2; ++a) {
        const Pmf m = mix({ch[a][0], ch[a][1]});
        for (int b = 0; b < 2; ++b) s += *kl_divergence(ch[a][b], m, prec);
      }
      return s.div(Rational(4));
    };
    const int sign = certain_sign([&](mpfr_prec_t prec) { return mi(prec).mul(factor) - cond_sum(prec); });
    if (sign < 0) o.verdict = Verdict::violated;
    else if (sign == 0) o.verdict = combine(o.verdict, Verdict::inconclusive);
    // Σ_j KL̄_j, KL̄₁ = (1/2) Σ_{v₂} KL(P_{X|1,v₂} ‖ P_{X|0,v₂}), likewise KL̄₂; +∞ if any is.
    std::optional<Interval> klbar = Interval(Rational(0), 256);
    for (int b = 0; b < 2 && klbar; ++b) {
      const auto k = kl_divergence(ch[1][b], ch[0][b], 256);
      klbar = k ? std::optional<Interval>(*klbar + k->div(Rational(2))) : std::nullopt;
    }
    for (int a = 0; a < 2 && klbar; ++a) {
      const auto k = kl_divergence(ch[a][1], ch[a][0], 256);
      klbar = k ? std::optional<Interval>(*klbar + k->div(Rational(2))) : std::nullopt;
    }
    const Interval four_mi = mi(256).mul(Rational(4));
    const bool end_to_end_fails = !klbar || klbar->certainly_greater(four_mi);
    cases.push_back({{"flip", dpb::to_string(flip)},
                     {"I(V;X)", text(mi(256))},
                     {"sum_j I(V_j;X|V_-j)", text(cond_sum(256))},
                     {"step_fails", sign < 0},
                     {"sum_j KLbar_j", klbar ? text(*klbar) : "inf"},
                     {"4 I(V;X)", text(four_mi)},
                     {"end_to_end_fails", end_to_end_fails}});
  }
  o.evidence = {{"V", "uniform on {±1}², X = V₁V₂ through a binary symmetric channel (flip)"},
                {"factor", dpb::to_string(factor)},
                {"cases", cases}};
  o.key_figure = o.verdict == Verdict::violated ? "X = V₁V₂: Σ_j I(V_j;X|V_−j) = 2 I(V;X)" : "step holds on the channels";
  return o;
}

Interval pure_dp_kl_bound(const Rational& eps, mpfr_prec_t prec) {
  return Interval(eps, prec) * Interval(eps, prec).expm1();
}

Outcome check_lemma_q4_kl(const Rational& delta, const EpsBound& pure_bound) {
  require_probability(delta, "check_lemma_q4_kl", "delta");
  Outcome o;
  // The witness at ε = 0: P = (δ, 1 − δ), Q = (0, 1), (0, δ)-close over all four events both ways.
  const Pmf P = {delta, 1 - delta}, Q = {Rational(0), Rational(1)};
  bool close = true;
  for (int mask = 0; mask < 4; ++mask) {
    Rational ps = 0, qs = 0;
    for (int i = 0; i < 2; ++i)
      if (mask & (1 << i)) {
        ps += P[i];
        qs += Q[i];
      }
    close = close && ps <= qs + delta && qs <= ps + delta;
  }
  const auto kl = kl_divergence(P, Q, 256);
  // C(ε² + δ ln(1/δ)) is finite for every C; KL = ∞ beats it. (δ = 0: P = Q, KL = 0 ≤ 0.)
  o.verdict = close && !kl ? Verdict::violated : Verdict::holds;
  if (!close) o.verdict = Verdict::inconclusive;
  // The pure-DP form beside it.
  std::size_t pure_pairs = 0, pure_fail = 0;
  std::string pure_worst;
  for (const Rational& eps : {Rational(1, 10), Rational(1, 2), Rational(1)})
    for (long a = 1; a <= 39; ++a)
      for (long b = 1; b <= 39; ++b) {
        if (a == b) continue;
        const Rational p(a, 40), q(b, 40);
        const Rational rmax = std::max({Rational(p / q), Rational(q / p), Rational((1 - p) / (1 - q)), Rational((1 - q) / (1 - p))});
        if (!ln_of(rmax, kStartPrec).certainly_less(eps)) continue;  // not certainly ε-close: skip
        ++pure_pairs;
        const Pmf A = {p, 1 - p}, B = {q, 1 - q};
        if (certain_sign([&](mpfr_prec_t prec) { return pure_bound(eps, prec) - *kl_divergence(A, B, prec); }) <= 0) {
          ++pure_fail;
          if (pure_worst.empty()) pure_worst = "ε = " + dpb::to_string(eps) + ", P = " + pmf_text(A) + ", Q = " + pmf_text(B);
        }
      }
  o.evidence = {{"witness", {{"eps", "0"}, {"delta", dpb::to_string(delta)}, {"P", pmf_text(P)}, {"Q", pmf_text(Q)}}},
                {"witness_is_eps_delta_close", close},
                {"witness_kl", kl ? text(*kl) : "inf"},
                {"pure_dp_pairs", pure_pairs},
                {"pure_dp_failures", pure_fail},
                {"pure_form_holds", pure_fail == 0}};
  if (!pure_worst.empty()) o.evidence["pure_dp_first_failure"] = pure_worst;
  o.key_figure = kl ? "KL finite at the witness" : "(0, δ)-close pair with KL = ∞";
  return o;
}

}  // namespace dpb::verify::certified
