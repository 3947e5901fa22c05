// docs/privacy-000.md §5. See the header.
#include "verify/privacy_checks/view_checks.hpp"

#include <mpfr.h>

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "reference/core/interval.hpp"
#include "reference/privacy/privacy_profile.hpp"
#include "reference/privacy/seed000_bounds.hpp"
#include "reference/privacy/view_distribution.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::privacy_checks {

using dpb::to_string;
using dpb::verify::to_string;
namespace {

using ref::Variant;

ref::NoiseLaw scaled(ref::NoiseLaw law, const Rational& f) {
  switch (law.kind) {
    case ref::NoiseKind::PolyaDifference:
    case ref::NoiseKind::DiscreteLaplace: law.scale *= f; break;
    case ref::NoiseKind::Skellam:
    case ref::NoiseKind::DiscreteGaussian: law.variance *= f * f; break;
    case ref::NoiseKind::None: break;
  }
  return law;
}

ref::CalibrationInput input(const Rational& eps, long n, long horizon, std::optional<Rational> s = std::nullopt) {
  ref::CalibrationInput in;
  in.eps = eps;
  in.n = n;
  in.horizon = horizon;
  in.s = std::move(s);
  return in;
}

// Display only (evidence): decimal of an enclosure end, rounded outward.
std::string hi(const Interval& x) { return x.upper_string(8); }
std::string lo(const Interval& x) { return x.lower_string(8); }
double ratio_for_report(const Interval& x, const Rational& b) {  // report-only
  return mpfr_get_d(&x.get()->right, MPFR_RNDU) / Interval(b, 64).midpoint_for_report();
}

// holds if x ≤ b certainly, violated if x > b certainly.
Verdict compare_upper(const Interval& x, const Rational& b) {
  if (x.upper() <= b) return Verdict::holds;
  if (x.lower() > b) return Verdict::violated;
  return Verdict::inconclusive;
}
Verdict compare_upper(const Interval& x, const Interval& b) {
  if (x.upper() <= b.lower()) return Verdict::holds;
  if (x.lower() > b.upper()) return Verdict::violated;
  return Verdict::inconclusive;
}

std::string fraction_text(int good, int total) { return std::to_string(good) + "/" + std::to_string(total); }

nlohmann::json calibration_row(const ref::Calibration& c) {
  return {{"eps", to_string(c.eps)}, {"n", to_string(c.n)}, {"horizon", to_string(c.horizon)},
          {"s", to_string(c.s)},     {"g", to_string(c.g)}, {"tau", to_string(c.tau)},
          {"m", to_string(c.m)}};
}

struct PureRow {
  ref::Calibration c;
  Interval exact;
  Integer worst_shift;
};

// The folded Lap_Z(b) view's ε falls short of ε by about e^{−(m−2g)/b}, so deciding "≤ ε" can need about
// m/(b ln 2) bits: try 128 bits, then that many (capped at 16384).
PureRow exact_pure(const ref::Calibration& c, const Rational& noise_factor, const Rational& bound) {
  const ref::Calibration noisy = with_noise_scaled(c, noise_factor);
  const Rational m_over_b = Rational(c.m) * c.eps_noise / Rational(c.g);
  const Integer needed = ceil(m_over_b * Rational(3, 2)) + 64;
  const mpfr_prec_t second = needed > 16384 ? 16384 : static_cast<mpfr_prec_t>(to_int64(needed));
  std::optional<PureRow> row;
  for (mpfr_prec_t prec : {mpfr_prec_t{128}, second}) {
    const ref::ViewPrivacy vp =
        ref::view_privacy(ref::view_noise_law(noisy, prec), c.g, {}, {}, prec, ref::needs_every_shift(c, true));
    row = PureRow{c, vp.pure_eps, vp.worst_shift};
    if (compare_upper(vp.pure_eps, bound) != Verdict::inconclusive || prec >= second) break;
  }
  return *row;
}

}  // namespace

ref::Calibration with_noise_scaled(const ref::Calibration& c, const Rational& factor) {
  require_positive(factor, "with_noise_scaled", "factor");
  ref::Calibration out = c;
  out.per_user_noise = scaled(c.per_user_noise, factor);
  out.analyzer_noise = scaled(c.analyzer_noise, factor);
  out.aggregate_noise = scaled(c.aggregate_noise, factor);
  return out;
}

std::vector<ref::CalibrationInput> pure_grid(Variant variant, Suite suite) {
  const bool full = suite == Suite::full;
  std::vector<Rational> eps;
  if (variant == Variant::Central || variant == Variant::Local)
    eps = {Rational(1, 10), Rational(1, 2), Rational(9, 10)};  // Theorems 5, 6: ε ∈ (0, 1)
  else if (variant == Variant::Shuffle && full)  // Theorem 3: ε̃ = ε/4 ∈ (0, 1)
    eps = {Rational(1, 10), Rational(1, 2), Rational(1), Rational(2), Rational(3)};
  else
    eps = full ? std::vector<Rational>{Rational(1, 10), Rational(1, 2), Rational(1), Rational(2), Rational(4)}
               : std::vector<Rational>{Rational(1, 10), Rational(1, 2), Rational(1), Rational(2)};
  const std::vector<long> ns = full ? std::vector<long>{1, 2, 5, 10, 30, 100} : std::vector<long>{1, 2, 5, 10};
  const std::vector<long> horizons = full ? std::vector<long>{100, 10000} : std::vector<long>{100};
  std::vector<ref::CalibrationInput> grid;
  for (const auto& e : eps)
    for (long n : ns)
      for (long T : horizons) grid.push_back(input(e, n, T));
  return grid;
}

std::vector<ref::CalibrationInput> rdp_grid(Suite suite) {
  const bool full = suite == Suite::full;
  const std::vector<Rational> eps = full ? std::vector<Rational>{Rational(1, 10), Rational(1, 2), Rational(1), Rational(2)}
                                         : std::vector<Rational>{Rational(1, 10), Rational(1, 2), Rational(1)};
  const std::vector<Rational> ss = full ? std::vector<Rational>{Rational(1), Rational(2), Rational(10)}
                                        : std::vector<Rational>{Rational(1), Rational(10)};
  const std::vector<long> ns = full ? std::vector<long>{1, 2, 4, 8} : std::vector<long>{1, 2};
  std::vector<ref::CalibrationInput> grid;
  for (const auto& e : eps)
    for (const auto& s : ss)
      for (long n : ns) grid.push_back(input(e, n, 100, s));
  return grid;
}

std::vector<ref::CalibrationInput> cdp_grid(Suite suite) {
  const bool full = suite == Suite::full;
  const std::vector<Rational> eps = full ? std::vector<Rational>{Rational(1, 10), Rational(1, 2), Rational(9, 10)}
                                         : std::vector<Rational>{Rational(1, 2), Rational(9, 10)};
  const std::vector<Rational> ss = full ? std::vector<Rational>{Rational(1), Rational(2), Rational(4)}
                                        : std::vector<Rational>{Rational(1), Rational(2)};
  const std::vector<long> ns = full ? std::vector<long>{1, 2, 3, 4} : std::vector<long>{1, 2};
  const std::vector<long> horizons = full ? std::vector<long>{100, 1000} : std::vector<long>{100};
  std::vector<ref::CalibrationInput> grid;
  for (const auto& e : eps)
    for (const auto& s : ss)
      for (long n : ns)
        for (long T : horizons) grid.push_back(input(e, n, T, s));
  return grid;
}

Outcome check_pure_theorem(Variant variant, const std::vector<ref::CalibrationInput>& grid,
                           const Rational& noise_factor) {
  Outcome out;
  out.verdict = Verdict::holds;
  nlohmann::json rows = nlohmann::json::array();
  int ok = 0;
  double worst_ratio = 0;  // report-only
  std::string worst_text;
  for (const auto& in : grid) {
    const ref::Calibration c = ref::calibrate(variant, in);
    // Theorem 3: LLR(view) ≤ 2ε̃ + LLR(modular sum); the sum's share of the budget is ε − 2ε̃ = ε/2.
    const Rational bound = variant == Variant::Shuffle ? c.eps - 2 * *c.eps_tilde : c.eps;
    const PureRow r = exact_pure(c, noise_factor, bound);
    const Verdict v = compare_upper(r.exact, bound);
    out.verdict = combine(out.verdict, v);
    ok += v == Verdict::holds ? 1 : 0;
    const double ratio = ratio_for_report(r.exact, bound);
    if (ratio >= worst_ratio) {
      worst_ratio = ratio;
      // bound − exact, rounded down (its lower end): the certified margin of the tightest case.
      const Interval margin = Interval(bound, 128) - r.exact;
      worst_text = "tightest: bound − exact ε ≥ " + certified::lower_text(margin, 3) + " (ε=" + to_string(c.eps) +
                   ", n=" + to_string(c.n) + ", m=" + to_string(c.m) + ")";
    }
    nlohmann::json row = calibration_row(c);
    row["bound"] = to_string(bound);
    row["exact_pure_eps"] = {{"lo", lo(r.exact)}, {"hi", hi(r.exact)}};
    row["worst_shift"] = to_string(r.worst_shift);
    row["verdict"] = std::string(to_string(v));
    rows.push_back(row);
  }
  out.key_figure = fraction_text(ok, static_cast<int>(grid.size())) + " views: exact ε ≤ bound; " + worst_text;
  out.evidence = {{"variant", std::string(ref::variant_name(variant))},
                  {"noise_factor", to_string(noise_factor)},
                  {"model", "exact law of the view over Z_m, worst case over neighbours = max over shifts d = 1..g"},
                  {"cases", rows}};
  if (variant == Variant::Shuffle && noise_factor == 1) {
    // Theorem 3 as printed (docs/decisions.md): the printed noise Pólya(1/n, e^{−ε/g}) is Lap_Z(g/ε) in total, half the
    // corrected scale g/ε′.
    nlohmann::json printed = nlohmann::json::array();
    int over = 0;
    for (const auto& in : grid) {
      const ref::Calibration c = ref::calibrate(variant, in);
      const PureRow r = exact_pure(c, Rational(1, 2), c.eps - 2 * *c.eps_tilde);
      const Interval total = r.exact + Interval(2 * *c.eps_tilde, 128);
      over += total.lower() > c.eps ? 1 : 0;
      printed.push_back({{"eps", to_string(c.eps)}, {"n", to_string(c.n)}, {"sum_llr_hi", hi(r.exact)},
                         {"proof_total_lo", lo(total)}});
    }
    out.evidence["printed_noise_E5"] = {
        {"note", "with the printed e^{-eps/g} the proof's chain 2*eps_tilde + LLR(sum) exceeds eps in these cases"},
        {"cases_over_eps", over},
        {"cases", printed}};
  }
  return out;
}

Outcome check_theorem2(const std::vector<ref::CalibrationInput>& grid, const Rational& noise_factor) {
  const std::vector<Rational> alphas = {Rational(2), Rational(3), Rational(4), Rational(8),
                                        Rational(16), Rational(32), Rational(64)};
  Outcome out;
  out.verdict = Verdict::holds;
  nlohmann::json rows = nlohmann::json::array();
  int total = 0, ok_printed = 0, ok_printed_n = 0, ok_derived = 0;
  nlohmann::json failures = nlohmann::json::array();
  for (const auto& in : grid) {
    const ref::Calibration c = ref::calibrate(Variant::DistRDP, in);
    const ref::Calibration noisy = with_noise_scaled(c, noise_factor);
    const ref::ViewPrivacy vp =
        ref::view_privacy(ref::view_noise_law(noisy, 128), c.g, {}, alphas, 128, ref::needs_every_shift(c, false));
    for (const auto& [alpha, exact] : vp.renyi) {
      const Rational printed = ref::theorem2_printed(c.eps, c.s, alpha);
      const Interval printed_n = ref::theorem2_printed_n(c.eps, c.s, c.n, alpha, 128);
      const Rational derived = ref::theorem2_derived(c.eps, c.g, alpha);
      const Verdict vp_ = compare_upper(exact, printed);
      const Verdict vn = compare_upper(exact, printed_n);
      const Verdict vd = compare_upper(exact, derived);
      ++total;
      ok_printed += vp_ == Verdict::holds;
      ok_printed_n += vn == Verdict::holds;
      ok_derived += vd == Verdict::holds;
      out.verdict = combine(out.verdict, vp_);
      nlohmann::json row = calibration_row(c);
      row["alpha"] = to_string(alpha);
      row["exact_D_alpha"] = {{"lo", lo(exact)}, {"hi", hi(exact)}};
      row["printed"] = certified::upper_text(printed, 8);
      row["printed_per_batch_hi"] = hi(printed_n);
      row["derived_lemma3"] = certified::upper_text(derived, 8);
      row["verdict_printed"] = std::string(to_string(vp_));
      row["verdict_printed_per_batch"] = std::string(to_string(vn));
      row["verdict_derived"] = std::string(to_string(vd));
      if (vp_ != Verdict::holds || vn != Verdict::holds) failures.push_back(row);
      rows.push_back(row);
    }
  }
  out.key_figure = "exact D_α ≤ printed ε(α): " + fraction_text(ok_printed, total) +
                   ", ≤ per-batch ε_n(α): " + fraction_text(ok_printed_n, total) +
                   ", ≤ Lemma-3 form: " + fraction_text(ok_derived, total);
  out.evidence = {{"noise_factor", to_string(noise_factor)},
                  {"verdict_on", "printed eps(alpha) (Theorem 2 as stated)"},
                  {"not_holding", failures},
                  {"cases", rows}};
  return out;
}

Outcome check_theorem4(const std::vector<ref::CalibrationInput>& grid, const Rational& noise_factor) {
  const std::vector<Rational> alphas = {Rational(3, 2), Rational(2), Rational(3), Rational(5), Rational(10),
                                        Rational(20)};
  Outcome out;
  out.verdict = Verdict::holds;
  nlohmann::json rows = nlohmann::json::array();
  int total = 0, ok = 0, ok_lemma4 = 0;
  for (const auto& in : grid) {
    const ref::Calibration c = ref::calibrate(Variant::DistCDP, in);
    const ref::Calibration noisy = with_noise_scaled(c, noise_factor);
    const ref::ViewPrivacy vp =
        ref::view_privacy(ref::view_noise_law(noisy, 128), c.g, {}, alphas, 128, ref::needs_every_shift(c, false));
    // Theorem 4: ξ = 10 Σ_{k=1}^{T/2−1} e^{−2π²s² k/(k+1)}; Lemma 4 per batch: σ² = g²/(nε²), n − 1 terms.
    const Integer K = c.horizon / 2 - 1;
    const Interval xi = ref::xi_sum(c.s * c.s, K > 0 ? K : Integer(0), 128);
    const Interval xi_n = ref::xi_sum(c.per_user_noise.variance, c.n - 1, 128);
    const Interval eps_hat = ref::theorem4_eps_hat(c.eps, xi, 128);
    const Interval eps_n = ref::theorem4_eps_hat(c.eps, xi_n, 128);
    for (const auto& [alpha, exact] : vp.renyi) {
      const Interval bound = eps_hat.sqr().mul(alpha / 2);
      const Interval bound_n = eps_n.sqr().mul(alpha / 2);
      const Verdict v = compare_upper(exact, bound);
      const Verdict vn = compare_upper(exact, bound_n);
      ++total;
      ok += v == Verdict::holds;
      ok_lemma4 += vn == Verdict::holds;
      out.verdict = combine(out.verdict, v);
      nlohmann::json row = calibration_row(c);
      row["alpha"] = to_string(alpha);
      row["exact_D_alpha"] = {{"lo", lo(exact)}, {"hi", hi(exact)}};
      row["xi"] = hi(xi);
      row["bound_half_eps_hat_sq_alpha"] = {{"lo", lo(bound)}, {"hi", hi(bound)}};
      row["bound_lemma4_xi_n"] = {{"lo", lo(bound_n)}, {"hi", hi(bound_n)}};
      row["verdict"] = std::string(to_string(v));
      row["verdict_lemma4"] = std::string(to_string(vn));
      rows.push_back(row);
    }
  }
  out.key_figure = "exact D_α ≤ ½ε̂²α: " + fraction_text(ok, total) + " (with Lemma 4's ξ_n: " +
                   fraction_text(ok_lemma4, total) + ")";
  out.evidence = {{"noise_factor", to_string(noise_factor)}, {"cases", rows}};
  return out;
}

}  // namespace dpb::verify::privacy_checks
