// The privacy ledger: see ledger.hpp and docs/privacy-000.md "Ledger".
#include "reference/privacy/ledger.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "reference/core/errors.hpp"
#include "reference/privacy/internal/interval_ops.hpp"
#include "reference/privacy/seed000_bounds.hpp"
#include "reference/privacy/seed001.hpp"

#include <mpfi.h>

namespace dpb::ref {

std::string_view law_family_name(LawFamily f) {
  switch (f) {
    case LawFamily::exact: return "exact";
    case LawFamily::discrete_laplace: return "discrete_laplace";
    case LawFamily::report_noisy_max: return "report_noisy_max";
    case LawFamily::skellam: return "skellam";
    case LawFamily::protocol_pure: return "protocol_pure";
    case LawFamily::protocol_zcdp: return "protocol_zcdp";
    case LawFamily::gaussian: return "gaussian";
    case LawFamily::approx_dp: return "approx_dp";
  }
  return "?";
}

std::string_view observation_unit_name(ObservationUnit u) { return u == ObservationUnit::round ? "round" : "arm_pull"; }

std::string describe(const ReleaseLaw& law) {
  return std::string(law_family_name(law.family)) + " " + std::string(observation_unit_name(law.unit)) +
         " scale=" + to_string(law.scale) + " sensitivity=" + to_string(law.sensitivity) +
         " guarantee=" + to_string(law.guarantee);
}

ReleaseLaw laplace_law(const Rational& scale, const Rational& sensitivity, ObservationUnit unit) {
  return ReleaseLaw{LawFamily::discrete_laplace, unit, scale, sensitivity, Rational(0)};
}

ReleaseLaw report_noisy_max_law(const Rational& scale, const Rational& sensitivity) {
  return ReleaseLaw{LawFamily::report_noisy_max, ObservationUnit::round, scale, sensitivity, Rational(0)};
}

ReleaseLaw gaussian_law(const Rational& variance, const Rational& sensitivity_sq, ObservationUnit unit) {
  require_positive(variance, "gaussian_law", "variance");
  require_nonnegative(sensitivity_sq, "gaussian_law", "sensitivity_sq");
  return ReleaseLaw{LawFamily::gaussian, unit, variance, sensitivity_sq, Rational(0)};
}

ReleaseLaw approx_dp_law(const Rational& eps, const Rational& delta, ObservationUnit unit) {
  require_nonnegative(eps, "approx_dp_law", "eps");
  if (delta < 0 || delta >= 1) throw_parameter_error("approx_dp_law", "delta", "in [0, 1)", to_string(delta));
  return ReleaseLaw{LawFamily::approx_dp, unit, delta, Rational(0), eps};  // δ in `scale`
}

std::string ledger_text(std::span<const ReleaseLaw> laws, std::span<const LedgerEntry> entries) {
  std::string out = "ledger v1: " + std::to_string(laws.size()) + " laws, " + std::to_string(entries.size()) +
                    " entries\n";
  for (std::size_t i = 0; i < laws.size(); ++i) out += "law " + std::to_string(i) + " " + describe(laws[i]) + "\n";
  for (const LedgerEntry& e : entries)
    out += "release " + std::to_string(e.release) + " law " + std::to_string(e.law) + " stream " +
           std::to_string(e.stream) + " first " + std::to_string(e.first) + " count " + std::to_string(e.count) +
           "\n";
  return out;
}

bool is_pure(LawFamily f) {
  return f == LawFamily::discrete_laplace || f == LawFamily::report_noisy_max || f == LawFamily::protocol_pure;
}

Rational pure_loss(const ReleaseLaw& law) {
  constexpr const char* fn = "pure_loss";
  switch (law.family) {
    case LawFamily::discrete_laplace:
      require_positive(law.scale, fn, "scale");
      require_nonnegative(law.sensitivity, fn, "sensitivity");
      return law.sensitivity / law.scale;
    case LawFamily::report_noisy_max:
      // Dwork–Roth 2014 Claim 3.9 without monotonicity: the winning threshold of a coordinate moves by ≤ 2Δ.
      require_positive(law.scale, fn, "scale");
      require_nonnegative(law.sensitivity, fn, "sensitivity");
      return 2 * law.sensitivity / law.scale;
    case LawFamily::protocol_pure: return require_nonnegative(law.guarantee, fn, "guarantee");
    default:
      throw_parameter_error(fn, "law", "a pure-eps family (discrete_laplace, report_noisy_max, protocol_pure)",
                            std::string(law_family_name(law.family)));
  }
}

const std::vector<Rational>& ledger_alpha_grid() {
  static const std::vector<Rational> grid = [] {
    std::vector<Rational> g;
    for (long a = 2; a <= 64; ++a) g.emplace_back(a);
    for (long a = 96; a <= 4096; a = a * 3 / 2) g.emplace_back(a);
    return g;
  }();
  return grid;
}

RdpCurve release_rdp_curve(const ReleaseLaw& law) {
  constexpr const char* fn = "release_rdp_curve";
  RdpCurve curve;
  const auto& grid = ledger_alpha_grid();
  curve.reserve(grid.size());
  switch (law.family) {
    case LawFamily::skellam:
      require_positive(law.scale, fn, "scale");
      for (const Rational& a : grid) curve.emplace_back(a, lemma3_bound(law.sensitivity, law.scale, a));
      return curve;
    case LawFamily::protocol_zcdp:
      require_nonnegative(law.guarantee, fn, "guarantee");
      for (const Rational& a : grid) curve.emplace_back(a, a * law.guarantee);
      return curve;
    case LawFamily::gaussian: {
      require_positive(law.scale, fn, "scale");
      const Rational half_mu2 = law.sensitivity / (2 * law.scale);  // α·Δ²/(2σ²): exact (Mironov 2017, Prop. 7)
      for (const Rational& a : grid) curve.emplace_back(a, a * half_mu2);
      return curve;
    }
    case LawFamily::approx_dp:
      throw_parameter_error(fn, "law", "a law with a Renyi curve", "approx_dp (an (eps, delta) guarantee only)");
    case LawFamily::exact: throw_parameter_error(fn, "law", "a noisy release", "exact (no noise)");
    default: {
      const Rational e = pure_loss(law);
      for (const Rational& a : grid) curve.emplace_back(a, e > 0 ? pure_to_rdp_upper_bound(e, a) : Rational(0));
      return curve;
    }
  }
}

Interval rdp_to_dp_lemma10_enclosure(const RdpCurve& curve, const Rational& delta) {
  constexpr const char* fn = "rdp_to_dp_lemma10_enclosure";
  if (curve.empty()) throw_parameter_error(fn, "curve", "non-empty", "an empty curve");
  if (delta <= 0 || delta >= 1) throw_parameter_error(fn, "delta", "in (0, 1)", to_string(delta));
  constexpr mpfr_prec_t P = kAccountantPrecision;
  std::optional<Interval> best;
  const Interval one(1L, P);
  for (const auto& [alpha, e] : curve) {
    if (alpha <= 1) throw_parameter_error(fn, "alpha", "> 1", to_string(alpha));
    const Interval a(alpha, P);
    // Grouped as the accountant's rdp_to_dp_lemma10_upper_bound groups it (the same enclosure, the same upper end).
    const Interval v = Interval(e, P) + ((-(a * Interval(delta, P)).log()).div(alpha - 1) + (one - one / a).log());
    best = best ? -internal::max_of(-*best, -v) : v;
  }
  return *best;
}

Rational gaussian_eps_upper_bound(const Rational& mu2, const Rational& delta) {
  constexpr const char* fn = "gaussian_eps_upper_bound";
  require_nonnegative(mu2, fn, "mu2");
  if (delta <= 0 || delta >= 1) throw_parameter_error(fn, "delta", "in (0, 1)", to_string(delta));
  if (mu2 == 0) return Rational(0);
  constexpr mpfr_prec_t P = kAccountantPrecision;
  const Interval mu = Interval(mu2, P).sqrt();
  const Interval one(1L, P);
  auto ok = [&](const Rational& e) { return gaussian_delta(mu, one, e, P).upper() <= delta; };
  // δ(ε) decreases in ε: double an upper end until certified, then bisect on the grid 2^−24 (the result's
  // certified δ is ≤ the caller's: an upper bound of the least ε).
  const Integer unit = Integer(1) << 24;
  Integer hi = unit;  // ε = 1
  while (!ok(Rational(hi, unit))) {
    hi *= 2;
    if (hi > (Integer(1) << 44)) throw_parameter_error(fn, "mu2", "with eps(delta) <= 2^20", to_string(mu2));
  }
  Integer lo = 0;  // ok(lo) unknown (ε = 0 fails unless μ = 0)
  while (hi - lo > 1) {
    const Integer mid = (lo + hi) / 2;
    if (ok(Rational(mid, unit))) hi = mid;
    else lo = mid;
  }
  return Rational(hi, unit);
}

Rational gaussian_delta_upper_at(const Rational& mu2, const Rational& eps) {
  require_nonnegative(mu2, "gaussian_delta_upper_at", "mu2");
  require_nonnegative(eps, "gaussian_delta_upper_at", "eps");
  if (mu2 == 0) return Rational(0);
  constexpr mpfr_prec_t P = kAccountantPrecision;
  return gaussian_delta(Interval(mu2, P).sqrt(), Interval(1L, P), eps, P).upper();
}

Rational gaussian_delta_lower_at(const Rational& mu2, const Rational& eps) {
  require_nonnegative(mu2, "gaussian_delta_lower_at", "mu2");
  require_nonnegative(eps, "gaussian_delta_lower_at", "eps");
  if (mu2 == 0) return Rational(0);
  constexpr mpfr_prec_t P = kAccountantPrecision;
  return std::max(Rational(0), gaussian_delta(Interval(mu2, P).sqrt(), Interval(1L, P), eps, P).lower());
}

namespace {

struct Event {
  std::uint32_t stream;
  std::uint64_t position;
  bool start;
  std::uint32_t entry;
};

std::vector<Event> sweep_events(std::span<const LedgerEntry> entries) {
  std::vector<Event> events;
  events.reserve(2 * entries.size());
  for (std::uint32_t i = 0; i < entries.size(); ++i) {
    if (entries[i].count == 0) continue;
    events.push_back(Event{entries[i].stream, entries[i].first, true, i});
    events.push_back(Event{entries[i].stream, entries[i].first + entries[i].count, false, i});
  }
  // By stream, then position; at one position the ends (exclusive) come before the starts.
  std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
    if (a.stream != b.stream) return a.stream < b.stream;
    if (a.position != b.position) return a.position < b.position;
    return a.start < b.start;
  });
  return events;
}

}  // namespace

LedgerResult compose_ledger(std::span<const ReleaseLaw> laws, std::span<const LedgerEntry> entries,
                            const LedgerOptions& options) {
  constexpr const char* fn = "compose_ledger";
  LedgerResult result;
  bool all_pure = true;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].law >= laws.size())
      throw_parameter_error(fn, "entries", "laws within the law table (" + std::to_string(laws.size()) + " laws)",
                            "entry " + std::to_string(i) + " with law " + std::to_string(entries[i].law));
    const LawFamily f = laws[entries[i].law].family;
    if (!is_pure(f)) all_pure = false;
    if (f == LawFamily::exact && entries[i].count > 0 && laws[entries[i].law].sensitivity != 0)
      result.unbounded = true;
  }
  bool needs_delta = false;  // a law converted at the caller's δ (not pure, not an (ε, δ) guarantee)
  for (const LedgerEntry& e : entries)
    needs_delta |= !is_pure(laws[e.law].family) && laws[e.law].family != LawFamily::approx_dp;
  if (needs_delta && !result.unbounded) {
    if (!options.delta) throw_parameter_error(fn, "delta", "given when a release is not pure-eps", "none");
    if (*options.delta <= 0 || *options.delta >= 1)
      throw_parameter_error(fn, "delta", "in (0, 1)", to_string(*options.delta));
  }
  result.pure = all_pure;
  const std::vector<Event> events = sweep_events(entries);
  result.empty = events.empty();
  if (result.empty) {
    result.conversion = "no release";
    return result;
  }

  std::vector<Rational> weight;  // pure path: each law's ε
  if (all_pure) {
    weight.reserve(laws.size());
    for (const ReleaseLaw& l : laws) weight.push_back(pure_loss(l));
  }
  // The sweep: after the events at one position, the open entries are the releases covering the observations
  // from that position to the next event. A maximum is reached right after a start.
  Rational running = 0;
  std::int64_t open = 0;
  std::vector<std::int64_t> law_count(laws.size(), 0);
  std::map<std::vector<std::pair<std::uint32_t, std::int64_t>>, std::pair<std::uint32_t, std::uint64_t>> compositions;
  bool have_best = false;
  for (std::size_t i = 0; i < events.size();) {
    const std::uint32_t stream = events[i].stream;
    const std::uint64_t position = events[i].position;
    bool started = false;
    for (; i < events.size() && events[i].stream == stream && events[i].position == position; ++i) {
      const LedgerEntry& e = entries[events[i].entry];
      const int sign = events[i].start ? 1 : -1;
      started |= events[i].start;
      open += sign;
      law_count[e.law] += sign;
      if (all_pure) {
        if (sign > 0)
          running += weight[e.law];
        else
          running -= weight[e.law];
      }
    }
    if (!started || open == 0) continue;
    ++result.observations_compared;
    const auto open_u = static_cast<std::uint64_t>(open);
    result.max_releases_per_observation = std::max(result.max_releases_per_observation, open_u);
    if (all_pure) {
      if (!have_best || running > result.eps_pure) {
        have_best = true;
        result.eps_pure = running;
        result.worst_stream = stream;
        result.worst_observation = position;
      }
    } else {
      std::vector<std::pair<std::uint32_t, std::int64_t>> key;
      for (std::uint32_t l = 0; l < law_count.size(); ++l)
        if (law_count[l] > 0) key.emplace_back(l, law_count[l]);
      compositions.emplace(std::move(key), std::make_pair(stream, position));  // first occurrence kept
    }
  }

  if (all_pure) {
    result.eps_upper = result.eps_pure;
    result.conversion = "pure (exact sum over the releases containing the observation)";
  } else if (result.unbounded) {
    result.conversion = "unbounded (a release without noise)";
    // Locate one observation in a noiseless release.
    for (const LedgerEntry& e : entries)
      if (laws[e.law].family == LawFamily::exact && e.count > 0 && laws[e.law].sensitivity != 0) {
        result.worst_stream = e.stream;
        result.worst_observation = e.first;
        break;
      }
  } else {
    // Per distinct composition (the multiset of laws an observation enters), by the laws it holds:
    //   * gaussian only: the exact composition, one Gaussian mechanism of μ² = Σ Δ²/σ²; ε at δ from the exact
    //     profile (gaussian_eps_upper_bound);
    //   * with an approx_dp law: the basic composition theorem (Σε, Σδ) over (ε, δ) guarantees and pure ε (δ = 0);
    //     other families cannot join it (ParameterError);
    //   * otherwise: Rényi composition on the integer α grid, Lemma 10 at δ.
    // The whole-output (ε, δ) is (max ε, max δ) over the compositions: every observation's pair is dominated by it.
    std::map<std::uint32_t, RdpCurve> curve_of;
    bool have = false, used_gauss = false, used_basic = false, used_renyi = false;
    std::optional<Rational> best_mu2;
    std::pair<std::uint32_t, std::uint64_t> best_mu2_at{0, 0};
    auto consider = [&](const Rational& e, const Rational& d, std::pair<std::uint32_t, std::uint64_t> where) {
      if (!have || e > result.eps_upper) {
        result.eps_upper = e;
        result.worst_stream = where.first;
        result.worst_observation = where.second;
      }
      if (!have || d > result.delta) result.delta = d;
      have = true;
    };
    for (const auto& [key, where] : compositions) {
      bool gauss_only = true, has_approx = false;
      for (const auto& [l, count] : key) {
        gauss_only &= laws[l].family == LawFamily::gaussian;
        has_approx |= laws[l].family == LawFamily::approx_dp;
      }
      if (gauss_only) {
        Rational mu2 = 0;
        for (const auto& [l, count] : key) {
          require_positive(laws[l].scale, fn, "scale");
          mu2 += laws[l].sensitivity / laws[l].scale * count;
        }
        if (!best_mu2 || mu2 > *best_mu2) {
          best_mu2 = mu2;
          best_mu2_at = where;
        }
        continue;
      }
      if (has_approx) {
        Rational e = 0, d = 0;
        for (const auto& [l, count] : key) {
          const ReleaseLaw& law = laws[l];
          if (law.family == LawFamily::approx_dp) {
            e += law.guarantee * count;
            d += law.scale * count;
          } else if (is_pure(law.family)) {
            e += pure_loss(law) * count;
          } else {
            throw_parameter_error(fn, "laws", "approx_dp composed with pure or approx_dp laws only",
                                  std::string(law_family_name(law.family)));
          }
        }
        used_basic = true;
        consider(e, d, where);
        continue;
      }
      RdpCurve total;
      for (const auto& [l, count] : key) {
        auto it = curve_of.find(l);
        if (it == curve_of.end()) it = curve_of.emplace(l, release_rdp_curve(laws[l])).first;
        if (total.empty()) {
          total = it->second;
          for (auto& point : total) point.second *= count;
        } else {
          for (std::size_t k = 0; k < total.size(); ++k) total[k].second += it->second[k].second * count;
        }
      }
      used_renyi = true;
      consider(rdp_to_dp_lemma10_upper_bound(total, *options.delta), *options.delta, where);
    }
    if (best_mu2) {
      used_gauss = true;
      result.gaussian_mu2 = *best_mu2;
      consider(gaussian_eps_upper_bound(*best_mu2, *options.delta), *options.delta, best_mu2_at);
    }
    std::vector<std::string> parts;
    if (used_gauss)
      parts.push_back("exact Gaussian composition (mu^2 = sum Delta^2/sigma^2; Dong-Roth-Su 2019 Cor. 3.3), eps at "
                      "delta = " + to_string(*options.delta) + " from the exact profile (Balle-Wang 2018 Thm 8), "
                      "rounded up to 2^-24");
    if (used_basic)
      parts.push_back("basic composition of (eps, delta) guarantees (Dwork-Roth 2014 Thm 3.16: sum eps, sum delta), "
                      "exact rationals");
    if (used_renyi)
      parts.push_back("Renyi composition on integer alpha in [2, 4096], Lemma 10 (Canonne-Kamath-Steinke 2020 "
                      "Prop. 12) at delta = " + to_string(*options.delta) + ", rounded up");
    for (std::size_t i = 0; i < parts.size(); ++i) result.conversion += (i ? "; " : "") + parts[i];
  }
  for (const LedgerEntry& e : entries)
    if (e.stream == result.worst_stream && e.first <= result.worst_observation &&
        result.worst_observation < e.first + e.count)
      result.worst_releases.push_back(e.release);
  return result;
}

Interval xi_enclosure(const Rational& sigma2, const Integer& K) {
  constexpr mpfr_prec_t P = kAccountantPrecision;
  require_positive(sigma2, "xi_enclosure", "sigma2");
  require_nonnegative(K, "xi_enclosure", "K");
  const Integer head = K < 256 ? K : Integer(256);
  Interval xi = xi_sum(sigma2, head, P);
  if (K > head) {
    Interval pi2(P);
    mpfi_const_pi(pi2.get());
    pi2 = pi2.sqr().mul(2 * sigma2);  // 2π²σ²
    const Interval smallest = (-pi2).exp();
    const Interval largest = (-pi2.mul(Rational(257, 258))).exp();
    const Interval rest = Interval::hull(smallest.lower(), largest.upper(), P).mul(Rational(10 * (K - head)));
    xi += rest;
  }
  return xi;
}

ReleaseLaw protocol_release_law(const Calibration& c) {
  const Rational g(c.g);
  switch (c.variant) {
    case Variant::DistDP: return laplace_law(c.aggregate_noise.scale, g);
    case Variant::Central: return laplace_law(c.analyzer_noise.scale, g);
    case Variant::Local: return laplace_law(c.per_user_noise.scale, g);
    case Variant::DistRDP: return ReleaseLaw{LawFamily::skellam, ObservationUnit::arm_pull,
                                             c.aggregate_noise.variance, g, Rational(0)};
    case Variant::Shuffle:
      return ReleaseLaw{LawFamily::protocol_pure, ObservationUnit::arm_pull, Rational(0), g,
                        2 * *c.eps_tilde + c.eps_noise};
    case Variant::DistCDP: {
      const Interval xi = xi_enclosure(c.per_user_noise.variance, Integer(c.n - 1));
      const Interval e_hat = theorem4_eps_hat(c.eps, xi, kAccountantPrecision);
      const Rational rho = (e_hat.sqr().div(Rational(2))).upper();
      return ReleaseLaw{LawFamily::protocol_zcdp, ObservationUnit::arm_pull, Rational(0), g, rho};
    }
  }
  throw_parameter_error("protocol_release_law", "variant", "a seed 000 variant", "?");
}

}  // namespace dpb::ref
