// The privacy ledger: see ledger.hpp and docs/privacy-000.md "Ledger".
#include "reference/privacy/ledger.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "reference/core/errors.hpp"
#include "reference/privacy/internal/interval_ops.hpp"
#include "reference/privacy/seed000_bounds.hpp"

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
  if (!all_pure && !result.unbounded) {
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
    result.delta = *options.delta;
    result.conversion = "Renyi composition on integer alpha in [2, 4096], Lemma 10 (Canonne-Kamath-Steinke 2020 "
                        "Prop. 12) at delta = " + to_string(result.delta) + ", rounded up";
    std::map<std::uint32_t, RdpCurve> curve_of;
    bool have = false;
    for (const auto& [key, where] : compositions) {
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
      const Rational e = rdp_to_dp_lemma10_upper_bound(total, result.delta);
      if (!have || e > result.eps_upper) {
        have = true;
        result.eps_upper = e;
        result.worst_stream = where.first;
        result.worst_observation = where.second;
      }
    }
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
