// Returning users (seed 000 App. I). See returning_users.hpp and docs/privacy-000.md §4.2.
#include "reference/privacy/returning_users.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <utility>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/seed000_bounds.hpp"
#include "reference/privacy/skellam_renyi.hpp"

namespace dpb::ref {
namespace {

constexpr std::string_view kFn = "calibrate";
constexpr mpfr_prec_t P = kAccountantPrecision;

struct RouteName {
  ReturningRoute route;
  std::string_view name;
};
constexpr std::array<RouteName, 3> kRouteNames{
    {{ReturningRoute::Approx, "approx"}, {ReturningRoute::Rdp, "rdp"}, {ReturningRoute::Pure, "pure"}}};

bool is_pure_variant(Variant v) { return v != Variant::DistRDP && v != Variant::DistCDP; }

}  // namespace
const std::vector<Rational>& returning_real_alpha_grid();
const std::vector<Rational>& returning_integer_alpha_grid();
namespace {

// The grid of a variant's batch law (rdp_grid_for): fine for dist-cdp's ρ, integer for dist-rdp's Lemma 3.
const std::vector<Rational>& grid_of(Variant v) {
  return v == Variant::DistCDP ? returning_real_alpha_grid() : returning_integer_alpha_grid();
}

// The batch calibration at theorem ε = x (the base input otherwise).
Calibration batch_at(Variant v, const CalibrationInput& base, const Rational& x) {
  CalibrationInput in = base;
  in.eps = x;
  return calibrate(v, in);
}

// x rounded down to `digits` significant decimal digits (x > 0): ⌊x·10^k⌋/10^k with 10^{digits−1} ≤ x·10^k.
Rational round_down_significant(const Rational& x, int digits) {
  Integer lo_bound = 1;
  for (int i = 1; i < digits; ++i) lo_bound *= 10;
  Rational scale = 1;
  Rational y = x;
  while (y < Rational(lo_bound)) {
    y *= 10;
    scale *= 10;
  }
  while (y >= Rational(lo_bound * 10)) {
    y /= 10;
    scale /= 10;
  }
  return Rational(floor(y)) / scale;
}

// The largest x found in (0, cap) with ok(x), by doubling or halving from `start` and bisecting to relative width
// 2^−16; the returned point passed ok. A ParameterError inside ok (a theorem range, the modulus limit) counts as a
// failure. Throws ParameterError naming `name` when no point passes down to 2^−60·start.
Rational search_largest(const std::function<bool(const Rational&)>& pred, const Rational& start, const Rational& cap,
                        std::string_view name, const std::string& what, const std::string& value) {
  const auto ok = [&](const Rational& x) {
    if (x >= cap) return false;
    try {
      return pred(x);
    } catch (const ParameterError&) {
      return false;
    }
  };
  Rational lo, hi;
  if (ok(start)) {
    lo = start;
    hi = start * 2;
    while (ok(hi)) {
      lo = hi;
      hi *= 2;
    }
  } else {
    hi = start;
    lo = start / 2;
    for (int k = 0; !ok(lo); ++k) {
      if (k >= 60) throw_parameter_error(kFn, name, what, value);
      hi = lo;
      lo /= 2;
    }
  }
  // ok(lo), !ok(hi).
  while (hi - lo > lo / Rational(Integer(1) << 16)) {
    const Rational mid = (lo + hi) / 2;
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  const Rational nice = round_down_significant(lo, 6);
  return nice > 0 && ok(nice) ? nice : lo;
}

}  // namespace

std::string_view returning_route_name(ReturningRoute r) {
  for (const auto& e : kRouteNames)
    if (e.route == r) return e.name;
  return "unknown";
}

ReturningRoute parse_returning_route(std::string_view name, std::string_view function) {
  for (const auto& e : kRouteNames)
    if (e.name == name) return e.route;
  throw_parameter_error(function, "route", "one of approx, rdp, pure", std::string(name));
}

bool returning_route_applies(Variant v, ReturningRoute r) {
  switch (r) {
    case ReturningRoute::Approx: return true;
    case ReturningRoute::Rdp: return !is_pure_variant(v);
    case ReturningRoute::Pure: return is_pure_variant(v);
  }
  return false;
}

Lemma10Grid::Lemma10Grid(std::vector<Rational> alphas, const Rational& delta) : alphas_(std::move(alphas)), delta_(delta) {
  constexpr const char* fn = "Lemma10Grid";
  if (delta <= 0 || delta >= 1) throw_parameter_error(fn, "delta", "in (0, 1)", to_string(delta));
  if (alphas_.empty()) throw_parameter_error(fn, "alphas", "non-empty", "an empty grid");
  const Interval one(1L, P);
  const Interval d(delta, P);
  correction_.reserve(alphas_.size());
  for (const Rational& a : alphas_) {
    if (a <= 1) throw_parameter_error(fn, "alpha", "> 1", to_string(a));
    const Interval ai(a, P);
    // Grouped as rdp_to_dp_lemma10_upper_bound groups it.
    correction_.push_back((-(ai * d).log()).div(a - 1) + (one - one / ai).log());
  }
}

ComposedRdp Lemma10Grid::minimum(const std::vector<Rational>& values) const {
  if (values.size() != alphas_.size())
    throw_parameter_error("Lemma10Grid::minimum", "values", std::to_string(alphas_.size()) + " values",
                          std::to_string(values.size()));
  std::optional<Rational> lo, hi;
  Rational alpha;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const Interval v = Interval(values[i], P) + correction_[i];
    const Rational vl = v.lower(), vu = v.upper();
    if (!lo || vl < *lo) lo = vl;
    if (!hi || vu < *hi) {
      hi = vu;
      alpha = alphas_[i];
    }
  }
  // (ε < 0, δ)-DP implies (0, δ)-DP.
  const Rational l = *lo > 0 ? *lo : Rational(0), h = *hi > 0 ? *hi : Rational(0);
  return {Interval::hull(l, h, P), alpha};
}

const std::vector<Rational>& returning_real_alpha_grid() {
  // The accountant's α − 1 = 2^{j/16} up to 2^14, then 2^{j/8} up to 2^40 (rational stand-ins ⌈·2^20⌉/2^20, as the
  // accountant's): a per-batch ρ of 10^−9 puts the optimal α near 10^5, beyond the accountant's grid.
  static const std::vector<Rational> grid = [] {
    std::vector<Rational> g = accountant_alpha_grid();
    for (int j = 113; j <= 320; ++j) {
      const Interval x = (Interval(Rational(j, 8), 64) * Interval(2L, 64).log()).exp();
      g.push_back(1 + Rational(ceil(x.upper() * Rational(Integer(1) << 20)), Integer(1) << 20));
    }
    return g;
  }();
  return grid;
}

const std::vector<Rational>& returning_integer_alpha_grid() {
  // The ledger's integer grid (2..64, 96, 144, …, 3687), then a += ⌊a/11⌋ from 4096 up to 2^40.
  static const std::vector<Rational> grid = [] {
    std::vector<Rational> g = ledger_alpha_grid();
    for (long a = 4096; a <= (1L << 40); a += a / 11) g.emplace_back(a);
    return g;
  }();
  return grid;
}

const std::vector<Rational>& rdp_grid_for(const ReleaseLaw& law) {
  return law.family == LawFamily::protocol_zcdp ? returning_real_alpha_grid() : returning_integer_alpha_grid();
}

std::vector<Rational> rdp_values(const ReleaseLaw& law, const std::vector<Rational>& alphas) {
  std::vector<Rational> v;
  v.reserve(alphas.size());
  switch (law.family) {
    case LawFamily::protocol_zcdp:
      require_nonnegative(law.guarantee, "rdp_values", "guarantee");
      for (const Rational& a : alphas) v.push_back(a * law.guarantee);
      return v;
    case LawFamily::skellam:
      require_positive(law.scale, "rdp_values", "scale");
      for (const Rational& a : alphas) {
        if (a != Rational(floor(a)))
          throw_parameter_error("rdp_values", "alpha", "an integer for a Skellam law (Lemma 3)", to_string(a));
        v.push_back(lemma3_bound(law.sensitivity, law.scale, a));
      }
      return v;
    case LawFamily::exact:
    case LawFamily::approx_dp:
      throw_parameter_error("rdp_values", "law", "a law with a Renyi curve", std::string(law_family_name(law.family)));
    default: {
      const RdpCurve c = [&] {
        if (law.family == LawFamily::gaussian) {
          RdpCurve g;
          for (const Rational& a : alphas) g.emplace_back(a, a * law.sensitivity / (2 * law.scale));
          return g;
        }
        const Rational e = pure_loss(law);
        RdpCurve g;
        for (const Rational& a : alphas) g.emplace_back(a, e > 0 ? pure_to_rdp_upper_bound(e, a) : Rational(0));
        return g;
      }();
      for (const auto& point : c) v.push_back(point.second);
      return v;
    }
  }
}

ComposedRdp compose_batch_rdp(const Calibration& batch, const Integer& B, const Rational& delta) {
  return compose_batch_rdp(batch, B, Lemma10Grid(rdp_grid_for(protocol_release_law(batch)), delta));
}

ComposedRdp compose_batch_rdp(const Calibration& batch, const Integer& B, const Lemma10Grid& grid) {
  require_positive(B, "compose_batch_rdp", "B");
  const ReleaseLaw law = protocol_release_law(batch);
  std::vector<Rational> v = rdp_values(law, grid.alphas());
  for (Rational& x : v) x *= Rational(B);
  return grid.minimum(v);
}

ExactSkellamTotal exact_skellam_rdp_total(const ReturningCalibration& r, std::size_t max_alphas) {
  ExactSkellamTotal out;
  if (r.variant != Variant::DistRDP || r.route != ReturningRoute::Rdp || !r.alpha) {
    out.note = "only for dist-rdp on the rdp route";
    return out;
  }
  const ReleaseLaw law = protocol_release_law(r.batch);
  if (law.family != LawFamily::skellam || law.sensitivity != Rational(floor(law.sensitivity)) ||
      law.sensitivity > Rational(kSkellamRenyiMaxWindow)) {
    out.note = "the batch law is not a Skellam law of integer sensitivity within the window limit";
    return out;
  }
  const long Delta = static_cast<long>(to_int64(numerator(law.sensitivity)));
  const Rational lo = std::max(Rational(2), Rational(*r.alpha / 8)), hi = *r.alpha * 8;
  std::vector<Rational> candidates;
  for (const Rational& a : returning_integer_alpha_grid())
    if (a >= lo && a <= hi && a * Rational(Delta) <= Rational(kSkellamRenyiMaxWindow)) candidates.push_back(a);
  if (candidates.size() > max_alphas) {  // evenly spaced over the candidates, the Lemma-3 optimum always kept
    std::vector<Rational> kept;
    for (std::size_t i = 0; i < max_alphas; ++i) kept.push_back(candidates[i * (candidates.size() - 1) / (max_alphas - 1)]);
    if (std::find(kept.begin(), kept.end(), *r.alpha) == kept.end() &&
        std::find(candidates.begin(), candidates.end(), *r.alpha) != candidates.end())
      kept.push_back(*r.alpha);
    candidates = std::move(kept);
  }
  SkellamRenyiExact exact(law.scale);
  std::vector<Rational> alphas, values;
  for (const Rational& a : candidates) {
    const std::optional<Interval> d = exact.try_divergence(Delta, static_cast<long>(to_int64(numerator(a))), P);
    if (!d) continue;
    alphas.push_back(a);
    values.push_back(Rational(d->upper() * Rational(r.B)));
  }
  out.alphas_evaluated = alphas.size();
  if (alphas.empty()) {
    out.note = "no alpha near the Lemma-3 optimum has a window within " + std::to_string(kSkellamRenyiMaxWindow) +
               " (sigma^2 = " + to_string(law.scale) + ", g = " + std::to_string(Delta) + ")";
    return out;
  }
  const ComposedRdp c = Lemma10Grid(alphas, r.delta_total).minimum(values);
  out.computed = true;
  out.eps_upper = c.eps.upper();
  out.alpha = c.alpha;
  out.note = "B-fold exact Skellam curve (certified window sum and tails) at " + std::to_string(alphas.size()) +
             " integer alpha in [alpha*/8, 8 alpha*], Lemma 10 at delta";
  return out;
}

namespace {

// The sum of the B largest of `values` when each may be taken up to `repeat` times.
Rational top_b_sum(std::vector<Rational> values, std::uint64_t B, std::uint64_t repeat) {
  std::sort(values.begin(), values.end(), [](const Rational& a, const Rational& b) { return a > b; });
  Rational sum = 0;
  std::uint64_t left = B;
  for (const Rational& v : values) {
    if (left == 0) break;
    const std::uint64_t k = std::min(left, repeat);
    sum += v * Rational(Integer(static_cast<unsigned long>(k)));
    left -= k;
  }
  return sum;
}

}  // namespace

LedgerResult compose_returning_user(std::span<const ReleaseLaw> laws, std::span<const LedgerEntry> entries,
                                    std::uint64_t B, const LedgerOptions& options) {
  constexpr const char* fn = "compose_returning_user";
  if (B < 1) throw_parameter_error(fn, "B", ">= 1", std::to_string(B));
  if (entries.empty()) throw_parameter_error(fn, "entries", "non-empty", "no release");
  bool pure = true, zcdp_only = true;
  for (const LedgerEntry& e : entries) {
    if (e.law >= laws.size()) throw_parameter_error(fn, "entries", "laws in range", std::to_string(e.law));
    const LawFamily f = laws[e.law].family;
    if (f == LawFamily::exact || f == LawFamily::approx_dp)
      throw_parameter_error(fn, "laws", "laws with a Renyi curve", std::string(law_family_name(f)));
    pure &= is_pure(f);
    zcdp_only &= f == LawFamily::protocol_zcdp;
  }
  const std::uint64_t n = entries.size();
  const std::uint64_t repeat = (B + n - 1) / n;
  LedgerResult r;
  r.empty = false;
  r.max_releases_per_observation = std::min<std::uint64_t>(B, n * repeat);
  r.observations_compared = n;
  // The releases charged, by their pure ε or their curve at the smallest α (for the evidence).
  std::vector<std::pair<Rational, std::uint64_t>> order;
  if (pure) {
    std::vector<Rational> eps;
    for (const LedgerEntry& e : entries) {
      eps.push_back(pure_loss(laws[e.law]));
      order.emplace_back(eps.back(), e.release);
    }
    r.pure = true;
    r.eps_pure = top_b_sum(eps, B, repeat);
    r.eps_upper = r.eps_pure;
    r.delta = 0;
    r.conversion = "pure (exact sum of the user's worst " + std::to_string(B) + " releases)";
  } else {
    if (!options.delta) throw_parameter_error(fn, "delta", "given for a non-pure law", "nothing");
    const Lemma10Grid grid(zcdp_only ? returning_real_alpha_grid() : returning_integer_alpha_grid(), *options.delta);
    std::vector<std::vector<Rational>> curves;
    curves.reserve(laws.size());
    for (const ReleaseLaw& l : laws) {
      const bool used = std::any_of(entries.begin(), entries.end(), [&](const LedgerEntry& e) {
        return &laws[e.law] == &l;
      });
      curves.push_back(used ? rdp_values(l, grid.alphas()) : std::vector<Rational>{});
    }
    std::vector<Rational> total(grid.alphas().size());
    for (std::size_t i = 0; i < total.size(); ++i) {
      std::vector<Rational> column;
      column.reserve(n);
      for (const LedgerEntry& e : entries) column.push_back(curves[e.law][i]);
      total[i] = top_b_sum(std::move(column), B, repeat);
    }
    for (const LedgerEntry& e : entries) order.emplace_back(curves[e.law][0], e.release);
    const ComposedRdp c = grid.minimum(total);
    r.pure = false;
    r.eps_upper = c.eps.upper();
    r.delta = *options.delta;
    r.conversion = std::string("user-level Renyi composition of the worst ") + std::to_string(B) +
                   " releases per alpha, Lemma 10 (CKS 2020 Prop. 12) at delta = " + to_string(*options.delta) +
                   (zcdp_only ? " on the fine real alpha grid" : " on the integer alpha grid") + ", best alpha " +
                   to_string(c.alpha);
  }
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t i = 0; i < order.size() && i < B; ++i) r.worst_releases.push_back(order[i].second);
  return r;
}

ReturningCalibration calibrate_returning(Variant variant, const ReturningInput& in) {
  ReturningCalibration r;
  r.variant = variant;
  r.route = in.route;
  r.B = in.B;
  // --- validation: B, the route, δ; then the base calibration's own checks (at the total ε) ---
  if (in.B < 1 || in.B > kMaxReturningBatches)
    throw_parameter_error(kFn, "returning-batches", "in [1, 2^40] (batches per user, Assumption 2)", to_string(in.B));
  if (!returning_route_applies(variant, in.route))
    throw_parameter_error(kFn, "route",
                          std::string(is_pure_variant(variant) ? "approx or pure" : "approx or rdp") + " for variant " +
                              std::string(variant_name(variant)) +
                              (is_pure_variant(variant) ? " (a pure-DP variant has no Renyi curve to compose)"
                                                        : " (an RDP/CDP variant has no pure guarantee)"),
                          std::string(returning_route_name(in.route)));
  if (in.route == ReturningRoute::Pure) {
    if (in.delta) throw_parameter_error(kFn, "delta", "absent for route pure (the total is (eps, 0))", to_string(*in.delta));
  } else {
    if (!in.delta) throw_parameter_error(kFn, "delta", "given for route " + std::string(returning_route_name(in.route)),
                                         "nothing");
    require_reasonable_size(*in.delta, kFn, "delta");
    if (*in.delta <= 0 || *in.delta >= 1) throw_parameter_error(kFn, "delta", "in (0, 1)", to_string(*in.delta));
  }
  // The base inputs (n, horizon, s, p, c) must be valid for one batch; ε is checked here and per batch below (the
  // total ε may exceed a theorem's range, e.g. ε ≥ 1 for dist-cdp, when every batch's ε is inside it).
  const Rational& eps = in.base.eps;
  require_reasonable_size(eps, kFn, "eps");
  require_positive(eps, kFn, "eps");
  (void)batch_at(variant, in.base, eps < Rational(1, 2) ? eps : Rational(1, 2));
  r.eps_target = eps;
  r.delta_target = in.delta.value_or(Rational(0));
  const std::string eps_text = to_string(eps);
  // The theorem's range of ε for the search (Theorem 4 fixes ε < 1; Theorem 2 any ε > 0, searched below 2^20).
  const Rational cap = variant == Variant::DistCDP ? Rational(1) : Rational(Integer(1) << 20);

  switch (in.route) {
    case ReturningRoute::Pure: {
      // Remark 9: basic composition; every pure variant's batch guarantee equals its theorem ε (Theorems 1, 3, 5, 6).
      r.eps_param = eps / Rational(in.B);
      r.batch = batch_at(variant, in.base, r.eps_param);
      r.batch_eps_required = r.eps_param;
      r.batch_eps_certified = pure_loss(protocol_release_law(r.batch));
      r.eps_total_upper = Rational(in.B) * *r.batch_eps_certified;
      r.delta_total = 0;
      r.method = "Remark 9: basic composition of B pure batches at eps/B";
      break;
    }
    case ReturningRoute::Approx: {
      const ReturningUsersBudget b = returning_users_budget(eps, *in.delta, in.B);
      if (b.eps_total_upper > eps)
        throw_parameter_error(kFn, "eps",
                              "such that the advanced-composition total (Dwork-Roth Thm 3.20, rounded up: " +
                                  Interval(b.eps_total_upper, 64).upper_string(6) + ") is <= eps",
                              eps_text);
      r.budget = b;
      r.batch_eps_required = b.eps_batch;
      r.batch_delta_required = b.delta_batch;
      if (is_pure_variant(variant)) {
        r.eps_param = round_down_significant(b.eps_batch, 6);  // smaller is safe: the total increases in ε_i
        r.batch = batch_at(variant, in.base, r.eps_param);
        r.batch_eps_certified = pure_loss(protocol_release_law(r.batch));
      } else {
        const Lemma10Grid grid(grid_of(variant), b.delta_batch);
        const auto ok = [&](const Rational& x) {
          return compose_batch_rdp(batch_at(variant, in.base, x), Integer(1), grid).eps.upper() <=
                 b.eps_batch;
        };
        r.eps_param = search_largest(ok, b.eps_batch, cap, "eps",
                                     "large enough that one batch reaches (eps_i, delta_i) of App. I", eps_text);
        r.batch = batch_at(variant, in.base, r.eps_param);
        r.batch_eps_certified = compose_batch_rdp(r.batch, Integer(1), grid).eps.upper();
      }
      if (*r.batch_eps_certified > b.eps_batch)  // a guard: every path above checked it
        throw_parameter_error(kFn, "eps", "a per-batch guarantee <= eps_i", eps_text);
      r.eps_total_upper = b.eps_total_upper;
      r.delta_total = b.delta_total;
      r.method = "App. I approximate route: (eps_i, delta_i) per batch, advanced composition (Dwork-Roth Thm 3.20)";
      break;
    }
    case ReturningRoute::Rdp: {
      const Rational delta = *in.delta;
      const Lemma10Grid grid(grid_of(variant), delta);
      const auto ok = [&](const Rational& x) {
        return compose_batch_rdp(batch_at(variant, in.base, x), in.B, grid).eps.upper() <= eps;
      };
      r.eps_param = search_largest(ok, eps / Rational(in.B), cap, "eps",
                                   "large enough that the B-fold Renyi composition reaches eps", eps_text);
      r.batch = batch_at(variant, in.base, r.eps_param);
      const ComposedRdp c = compose_batch_rdp(r.batch, in.B, grid);
      r.eps_total_upper = c.eps.upper();
      r.alpha = c.alpha;
      r.delta_total = delta;
      r.method = variant == Variant::DistRDP
                     ? "B-fold Renyi composition of Lemma 3 (Delta = g, sigma^2 = g^2/eps_b^2) on integer alpha, "
                       "Lemma 10 at delta"
                     : "B-fold composition of Lemma 4's rho (alpha*rho on integer alpha), Lemma 10 at delta";
      break;
    }
  }
  if (!is_pure_variant(variant)) r.variance_reward_units = 1 / (r.eps_param * r.eps_param);
  return r;
}

}  // namespace dpb::ref
