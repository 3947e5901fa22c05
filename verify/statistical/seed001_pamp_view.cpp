#include "verify/statistical/seed001_pamp_view.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "optimized/protocols/p_amp.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/privacy/seed001.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::verify::statistical {

namespace {

constexpr mpfr_prec_t kStartPrec = 64;
constexpr mpfr_prec_t kMaxPrec = 1 << 14;

std::int64_t to_i64(const Integer& z) {
  if (!fits_int64(z)) throw std::logic_error("p-amp view: a label value does not fit int64");
  return to_int64(z);
}

// One Bernoulli(( 1 − e^ε/LR(Y))₊) event for the drawn view: U's digits drawn from `bits` only when needed.
bool view_event(const ref::PAmpView& view, const PAmpObserved& y, const Rational& eps, ChaCha20Source& bits,
                PAmpViewEstimate& est) {
  Integer u = 0;
  unsigned ubits = 0;
  for (mpfr_prec_t prec = kStartPrec;;) {
    est.max_precision = std::max(est.max_precision, static_cast<unsigned>(prec));
    const Interval lr = ref::pamp_view_likelihood_ratio(view, y, prec);
    const Interval e = Interval(eps, prec).exp();
    if (lr.certainly_less_equal(e)) {
      if (ubits == 0) ++est.undrawn;
      return false;  // (1 − e^ε/LR)₊ = 0
    }
    const bool positive = lr.certainly_greater(Rational(0));
    if (positive) {
      const Interval t = Interval(1L, prec) - e / lr;
      if (ubits == 0) {
        u = Integer(bits.next_bits(64));
        ubits = 64;
      }
      const Rational ulo(u, Integer(1) << ubits), uhi(u + 1, Integer(1) << ubits);
      if (!t.certainly_less(uhi)) return true;      // U < uhi ≤ T
      if (!t.certainly_greater(ulo)) return false;  // U ≥ ulo ≥ T
      if (t.width() * (Integer(1) << ubits) < 1) {  // T is known finer than U: draw U's next 64 digits
        u = (u << 64) + Integer(bits.next_bits(64));
        ubits += 64;
        continue;
      }
    }
    prec *= 2;
    if (prec > kMaxPrec) throw std::runtime_error("p-amp view: the event is undecided at 2^14 bits");
  }
}

Rational sum_lower_bound(const ref::PAmpView& view, const Rational& eps) {
  const mpfr_prec_t prec = 256;
  const std::size_t B = ref::pamp_view_batch(view);
  std::size_t L = 0;
  for (const auto& part : view.parts) L += part.x1.size();
  const Interval c(view.sigma * Rational(Integer(1) << view.grid_bits), prec);
  const Interval shift = Interval(ref::pamp_view_shift2(view), prec).sqrt();
  if (!shift.certainly_greater(Rational(0))) return Rational(0);
  const Interval rootB = Interval(Integer(B), prec).sqrt();
  const Interval mu = shift / (c * rootB);
  const Interval eta = Interval(Integer(L), prec).sqrt() * rootB / (Interval(2L, prec) * c);
  const Interval e(eps, prec);
  const Interval half = mu / Interval(2L, prec), t = e / mu;
  const Interval d = ref::normal_cdf(half - t - eta) - e.exp() * ref::normal_cdf(-half - t + eta);
  const Rational lo = d.lower();
  return lo > 0 ? lo : Rational(0);
}

Rational one_upper_bound(const ref::PAmpView& view, const Rational& eps) {
  const Integer s2 = ref::pamp_view_shift2(view);
  const Rational c = view.sigma * Rational(Integer(1) << view.grid_bits);
  return ref::gaussian_delta_upper_bound([s2](mpfr_prec_t p) { return Interval(s2, p).sqrt(); }, c, eps);
}

struct ViewCase {
  std::string label;
  ref::PAmpView view;
  Rational eps;
};

// d = 2; φ on 1/4, y on 1/2, so φy lies on 1/8 and φφᵀ on 1/16; grid r = 16, σ̄ = 1 (c = 2^16): user 1's change
// φ = e₁, y = 1 ↔ y = −1 moves the vector part by (2, 0), μ = 2 for one message.
std::vector<Integer> vec_part(Rational f1, Rational f2, Rational y) {
  const Rational s(Integer(1) << 16);
  return {Integer(f1 * y * s), Integer(f2 * y * s)};
}
std::vector<Integer> mat_part(Rational f1, Rational f2) {
  const Rational s(Integer(1) << 16);
  return {Integer(f1 * f1 * s), Integer(f1 * f2 * s), Integer(f2 * f2 * s)};
}

std::vector<ViewCase> view_cases() {
  struct Rec {
    Rational f1, f2, y;
  };
  const Rec x1{1, 0, 1}, x1p{1, 0, -1};
  auto make = [&](const std::vector<Rec>& others) {
    ref::PAmpView v;
    v.sigma = 1;
    v.grid_bits = 16;
    ref::PAmpViewPart pv, pm;
    pv.x1 = vec_part(x1.f1, x1.f2, x1.y);
    pv.x1p = vec_part(x1p.f1, x1p.f2, x1p.y);
    pm.x1 = mat_part(x1.f1, x1.f2);
    pm.x1p = mat_part(x1p.f1, x1p.f2);
    for (const Rec& o : others) {
      pv.others.push_back(vec_part(o.f1, o.f2, o.y));
      pm.others.push_back(mat_part(o.f1, o.f2));
    }
    v.parts = {pv, pm};
    ref::validate(v);
    return v;
  };
  const Rec zero{0, 0, 0};
  std::vector<ViewCase> out;
  out.push_back({"B=3, others at x0 = 0 (closed form), eps = 1/2", make({zero, zero}), Rational(1, 2)});
  out.push_back({"B=3, others at x0 = x1 (closed form), eps = 1", make({x1, x1}), Rational(1)});
  out.push_back({"B=4, distinct others (Ryser), eps = 1/2",
                 make({Rec{Rational(1, 2), Rational(1, 2), 1}, Rec{-1, 0, Rational(1, 2)}, Rec{0, Rational(3, 4), -1}}),
                 Rational(1, 2)});
  return out;
}

}  // namespace

PAmpViewSampler pamp_view_sampler(const ref::PAmpView& view, long noise_divisor) {
  ref::validate(view);
  std::vector<std::shared_ptr<const fast::PAmp>> amps;
  std::vector<std::vector<std::int64_t>> values;
  for (const auto& part : view.parts) {
    ref::PAmpParams p;
    p.labels = ref::LabelSet::vector(static_cast<std::uint32_t>(part.x1.size()));
    p.batch = Integer(part.others.size() + 1);
    p.sigma = view.sigma / noise_divisor;
    p.grid_bits = view.grid_bits;
    amps.push_back(std::make_shared<const fast::PAmp>(p, ref::PAmpShuffle::Permute));
    std::vector<std::int64_t> v;
    for (const Integer& a : part.x1) v.push_back(to_i64(a));
    for (const auto& o : part.others)
      for (const Integer& a : o) v.push_back(to_i64(a));
    values.push_back(std::move(v));
  }
  return [amps, values](ChaCha20Source& bits) {
    PAmpObserved out;
    for (std::size_t p = 0; p < amps.size(); ++p) {
      const fast::PAmpTranscript t = amps[p]->run(std::span<const std::int64_t>(values[p]), bits);
      std::vector<std::vector<Integer>> msgs;
      for (std::size_t u : t.permutation) {
        std::vector<Integer> m;
        for (std::size_t k = 0; k < t.labels; ++k)
          m.push_back(Integer(values[p][u * t.labels + k]) +
                      Integer(static_cast<std::int64_t>(t.noise[u * t.labels + k])));
        msgs.push_back(std::move(m));
      }
      out.push_back(std::move(msgs));
    }
    return out;
  };
}

PAmpViewEstimate estimate_pamp_view_delta(const ref::PAmpView& view, const Rational& eps, const PAmpViewSampler& sampler,
                                          std::uint64_t runs, std::uint64_t seed, std::uint64_t stream,
                                          double confidence) {
  ref::validate(view);
  if (eps < 0) throw_parameter_error("estimate_pamp_view_delta", "eps", "non-negative", dpb::to_string(eps));
  PAmpViewEstimate est;
  est.runs = runs;
  for (const auto& part : view.parts) est.closed_form = est.closed_form && ref::others_share_record(part);
  ChaCha20Source bits(seed, stream);
  for (std::uint64_t i = 0; i < runs; ++i) {
    if (i % 256 == 0) poll_cancellation();
    const PAmpObserved y = sampler(bits);
    if (view_event(view, y, eps, bits, est)) ++est.events;
  }
  est.lower = stats::clopper_pearson_lower(est.events, runs, confidence);
  est.upper = stats::clopper_pearson_upper(est.events, runs, confidence);
  est.sum_lower = sum_lower_bound(view, eps);
  est.one_upper = one_upper_bound(view, eps);
  return est;
}

Outcome check_pamp_shuffled_view(const RunOptions& options, long divisor) {
  const std::uint64_t runs = options.suite == Suite::quick ? 3000 : 50000;
  const double alpha = options.alpha > 0 ? options.alpha : 1e-6;
  const std::vector<ViewCase> cases = view_cases();
  const double confidence = 1 - alpha / (2.0 * static_cast<double>(cases.size()));
  Outcome o;
  o.verdict = Verdict::holds;
  nlohmann::json rows = nlohmann::json::array();
  std::uint64_t stream = 0x0017000;
  std::string worst;
  for (const ViewCase& c : cases) {
    const PAmpViewEstimate e =
        estimate_pamp_view_delta(c.view, c.eps, pamp_view_sampler(c.view, divisor), runs, options.seed, stream++,
                                 confidence);
    const double lo = e.sum_lower.convert_to<double>(), hi = e.one_upper.convert_to<double>();  // report-only
    const bool below = e.upper < lo, above = e.lower > hi;
    if (below || above) {
      o.verdict = Verdict::violated;
      worst = c.label + (above ? ": estimate above the one-message bound" : ": estimate below the sum's bound");
    }
    rows.push_back({{"case", c.label},
                    {"eps", dpb::to_string(c.eps)},
                    {"runs", e.runs},
                    {"events", e.events},
                    {"estimate", static_cast<double>(e.events) / static_cast<double>(e.runs)},
                    {"monte_carlo_lower", e.lower},
                    {"monte_carlo_upper", e.upper},
                    {"certified_sum_lower", lo},
                    {"certified_one_message_upper", hi},
                    {"likelihood", e.closed_form ? "closed form (others share x0)" : "Ryser permanent"},
                    {"runs_without_u", e.undrawn},
                    {"max_precision_bits", e.max_precision},
                    {"consistent", !(below || above)}});
  }
  o.key_figure = o.verdict == Verdict::holds
                     ? std::to_string(cases.size()) + " cases: Monte Carlo δ(ε) within [δ_sum, δ_one]"
                     : worst;
  o.evidence = {{"label", "Monte Carlo estimate (exact Bernoulli events, Clopper–Pearson), not certified"},
                {"alpha", alpha},
                {"confidence_per_side", confidence},
                {"seed", options.seed},
                {"noise_divisor", divisor},
                {"cases", rows}};
  return o;
}

}  // namespace dpb::verify::statistical
