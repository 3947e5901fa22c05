// See the header and docs/audit.md § Learners: the white-box law of the decision.
#include "verify/audit/decision_law_elimination.hpp"

#include <algorithm>
#include <stdexcept>

#include "optimized/learners/batched_successive_elimination.hpp"
#include "optimized/learners/dp_successive_elimination.hpp"
#include "optimized/learners/protocol_aggregator.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/pmf/discrete_gaussian.hpp"
#include "reference/pmf/polya_difference.hpp"
#include "reference/privacy/view_distribution.hpp"

namespace dpb::verify::audit {

namespace {

constexpr const char* kLawFn = "elimination_law";

// The decisive batch is scripted; every other batch returns its noiseless sum (all rewards of the scripted tape are
// 1, so both arms tie and neither is eliminated). concentration() is the real aggregator's, so β(b) is the learner's.
class ScriptedAggregator final : public fast::BatchAggregator {
 public:
  ScriptedAggregator(std::shared_ptr<const fast::BatchAggregator> real, std::uint64_t decisive_len, std::int64_t den)
      : real_(std::move(real)), len_(decisive_len), den_(den) {}
  std::string name() const override { return "scripted(" + real_->name() + ")"; }
  fast::FixedPoint aggregate(std::span<const std::int32_t> units, std::int64_t grid, NoiseSource&) const override {
    if (units.size() != len_) {
      std::int64_t sum = 0;
      for (std::int32_t k : units) sum += k;
      return fast::FixedPoint{sum, grid};
    }
    return fast::FixedPoint{calls_++ % 2 == 0 ? r0_ : r1_, den_};  // arm 0 first (active arms in index order)
  }
  fast::NoiseConcentration concentration(std::uint64_t n) const override { return real_->concentration(n); }
  void set(std::int64_t r0, std::int64_t r1) {
    r0_ = r0;
    r1_ = r1;
    calls_ = 0;
  }

 private:
  std::shared_ptr<const fast::BatchAggregator> real_;
  std::uint64_t len_;
  std::int64_t den_;
  std::int64_t r0_ = 0, r1_ = 0;
  mutable unsigned calls_ = 0;
};

Interval zero(mpfr_prec_t prec) { return Interval(0L, prec); }

}  // namespace

DecisionLaw elimination_law(const ReleaseLaw& r0, const ReleaseLaw& r1_d, const ReleaseLaw& r1_d_prime,
                            const EliminationDecision& decide, const std::string& method) {
  if (r0.prob.empty() || r1_d.prob.empty())
    throw_parameter_error(kLawFn, "law", "a non-empty window", "an empty window");
  if (r1_d.min_num != r1_d_prime.min_num || r1_d.prob.size() != r1_d_prime.prob.size())
    throw_parameter_error(kLawFn, "r1_d_prime", "the window of r1_d",
                          std::to_string(r1_d_prime.min_num) + " + " + std::to_string(r1_d_prime.prob.size()));
  const mpfr_prec_t prec = r0.prob.front().precision();
  const std::size_t n0 = r0.prob.size(), n1 = r1_d.prob.size();
  // prefix[i] = P[R_0 < min + i], suffix[i] = P[R_0 >= min + i], each summed from its own end (tight small tails).
  std::vector<Interval> prefix(n0 + 1, zero(prec)), suffix(n0 + 1, zero(prec));
  for (std::size_t i = 0; i < n0; ++i) prefix[i + 1] = prefix[i] + r0.prob[i];
  for (std::size_t i = n0; i-- > 0;) suffix[i] = suffix[i + 1] + r0.prob[i];

  // One sweep: a(r1) = the first index of R_0's window with Y = 1 (n0 if none); non-decreasing in r1.
  std::vector<std::size_t> a(n1);
  std::size_t ai = 0;
  for (std::size_t j = 0; j < n1; ++j) {
    const std::int64_t v1 = r1_d.min_num + static_cast<std::int64_t>(j);
    while (ai < n0 && decide(r0.min_num + static_cast<std::int64_t>(ai), v1) != 1) ++ai;
    a[j] = ai;
  }
  const Interval tails = r0.tail + r1_d.tail.join(r1_d_prime.tail);
  auto outcome_probs = [&](const ReleaseLaw& r1) {
    std::vector<Interval> p(2, zero(prec));
    for (std::size_t j = 0; j < n1; ++j) {
      p[0] += r1.prob[j] * prefix[a[j]];
      p[1] += r1.prob[j] * suffix[a[j]];
    }
    // The windows' missing mass can go to either outcome: added to every upper end.
    for (Interval& x : p) x = Interval::hull(x.lower(), (x + tails).upper(), prec);
    return p;
  };
  DecisionLaw law;
  law.outcomes = {0, 1};
  law.p_d = outcome_probs(r1_d);
  law.p_d_prime = outcome_probs(r1_d_prime);
  law.conditional = true;
  law.method = method;
  return law;
}

namespace {

// The decoded numerator for the folded noise law F of c's view (computed once, shifted per total).
ReleaseLaw shifted_release_law(const ref::Calibration& c, const ref::ModularNoiseLaw& F, std::uint64_t ones,
                               mpfr_prec_t prec) {
  if (Integer(ones) > c.n)
    throw_parameter_error("protocol_release_law", "ones", "<= n = " + to_string(c.n), std::to_string(ones));
  const std::int64_t m = to_int64(c.m), g = to_int64(c.g), thr = to_int64(c.threshold);
  const std::int64_t t = static_cast<std::int64_t>(ones) * g;  // rewards 0/1 encode exactly: x̂ ∈ {0, g}
  ReleaseLaw law;
  law.min_num = thr - m + 1;  // the analyzer's decode maps Z_m onto [threshold − m + 1, threshold]
  law.prob.reserve(static_cast<std::size_t>(m));
  for (std::int64_t i = 0; i < m; ++i) {
    const std::int64_t v = law.min_num + i;
    const std::int64_t r = ((v % m) + m) % m;  // the residue the analyzer decoded to v
    law.prob.push_back(F.prob[static_cast<std::size_t>(((r - t) % m + m) % m)]);
  }
  law.tail = zero(prec);
  law.description = "decode((" + std::to_string(ones) + "*g + N) mod m), N ~ " + F.description;
  return law;
}

// Σ of n i.i.d. N_Z(0, variance), folded mod m, for n beyond ref::folded_discrete_gaussian_sum's limit (64): the
// same certification — enclosures of truncated convolutions (dropped terms are nonnegative, so they only lower the
// window), and the missing mass, certainly ≤ 1 − Σ lower ends, added to every residue's upper end — by repeated
// squaring on windows of ±20 standard deviations (+20) of the sum (per user ±(20 sd + 10), as the reference).
ref::ModularNoiseLaw folded_dgauss_sum(const Rational& variance, std::uint64_t n, const Integer& m_in,
                                       mpfr_prec_t prec) {
  struct Window {
    std::int64_t lo = 0;
    std::vector<Interval> p;
  };
  const ref::DiscreteGaussianPmf dg(variance);
  const std::int64_t w1 = to_int64(20 * (floor_sqrt(ceil(variance)) + 1) + 10);
  const std::int64_t W = to_int64(20 * (floor_sqrt(ceil(variance * Integer(n))) + 1) + 20);
  auto convolve = [&](const Window& a, const Window& b) {
    const auto a_hi = a.lo + static_cast<std::int64_t>(a.p.size()) - 1, b_hi = b.lo + static_cast<std::int64_t>(b.p.size()) - 1;
    Window out;
    out.lo = std::max(a.lo + b.lo, -W);
    const std::int64_t hi = std::min(a_hi + b_hi, W);
    out.p.assign(static_cast<std::size_t>(hi - out.lo + 1), zero(prec));
    for (std::size_t i = 0; i < a.p.size(); ++i)
      for (std::size_t j = 0; j < b.p.size(); ++j) {
        const std::int64_t k = a.lo + static_cast<std::int64_t>(i) + b.lo + static_cast<std::int64_t>(j);
        if (k >= out.lo && k <= hi) out.p[static_cast<std::size_t>(k - out.lo)] += a.p[i] * b.p[j];
      }
    return out;
  };
  Window base{-w1, {}};
  for (std::int64_t k = -w1; k <= w1; ++k) base.p.push_back(dg.pmf(Integer(k < 0 ? -k : k), prec));
  Window acc{0, {Interval(1L, prec)}};
  for (std::uint64_t e = n; e > 0; e >>= 1) {  // binary powering: acc = base^n
    if (e & 1) acc = convolve(acc, base);
    if (e > 1) base = convolve(base, base);
  }
  const std::int64_t m = to_int64(m_in);
  ref::ModularNoiseLaw F;
  F.m = m_in;
  F.prob.assign(static_cast<std::size_t>(m), zero(prec));
  Interval total = zero(prec);
  for (std::size_t i = 0; i < acc.p.size(); ++i) {
    const std::int64_t k = acc.lo + static_cast<std::int64_t>(i);
    F.prob[static_cast<std::size_t>(((k % m) + m) % m)] += acc.p[i];
    total += acc.p[i];
  }
  F.deficit = Interval(1L, prec) - total;
  const Rational deficit_up = F.deficit.upper() < 0 ? Rational(0) : F.deficit.upper();
  for (Interval& x : F.prob) x = Interval::hull(x.lower(), x.upper() + deficit_up, prec);
  F.description = "sum of " + std::to_string(n) + " dgauss(var=" + to_string(variance) + ") mod " + to_string(m_in) +
                  " (repeated squaring)";
  return F;
}

ref::ModularNoiseLaw sum_view_noise_law(const ref::Calibration& c, mpfr_prec_t prec) {
  if (c.variant == ref::Variant::DistCDP && c.n > 64)
    return folded_dgauss_sum(c.per_user_noise.variance, to_uint64(c.n), c.m, prec);
  return ref::view_noise_law(c, prec);
}

void require_sum_view(const ref::Calibration& c) {
  if (c.variant == ref::Variant::Local)
    throw_parameter_error("protocol_release_law", "variant", "one whose view is the batch's modular sum", "local");
}

}  // namespace

ReleaseLaw protocol_release_law(const ref::Calibration& c, std::uint64_t ones, mpfr_prec_t prec) {
  require_sum_view(c);
  return shifted_release_law(c, sum_view_noise_law(c, prec), ones, prec);
}

ReleaseLaw discrete_laplace_release_law(const Rational& scale, std::int64_t center, std::int64_t pad_below,
                                        std::int64_t pad_above, mpfr_prec_t prec) {
  constexpr const char* f = "discrete_laplace_release_law";
  if (scale <= 0) throw_parameter_error(f, "scale", "> 0", to_string(scale));
  if (pad_below < 0 || pad_above < 0)
    throw_parameter_error(f, "pad", ">= 0", std::to_string(pad_below) + ", " + std::to_string(pad_above));
  // β^{w+1} <= 2^-100 ⇐ w + 1 >= 70·scale (100 ln 2 < 70).
  const Rational w_min = scale * 70;
  const Integer w_exact = numerator(w_min) / denominator(w_min) + 1;
  if (w_exact > 10000000) throw_parameter_error(f, "scale", "<= 10^5", to_string(scale));
  const std::int64_t w = to_int64(w_exact);
  const Interval beta = exp_neg(Rational(1) / scale, prec);
  const Interval one(1L, prec);
  const Interval p0 = (one - beta) / (one + beta);
  ReleaseLaw law;
  law.min_num = center - w - pad_below;
  const std::size_t size = static_cast<std::size_t>(2 * w + 1 + pad_below + pad_above);
  law.prob.assign(size, zero(prec));
  const auto at = [&](std::int64_t z) -> Interval& { return law.prob[static_cast<std::size_t>(center + z - law.min_num)]; };
  Interval p = p0;
  at(0) = p0;
  for (std::int64_t z = 1; z <= w; ++z) {
    p *= beta;
    at(z) = p;
    at(-z) = p;
  }
  law.tail = (one + one) * p * beta / (one - beta);  // P[|Z| > w] = 2·p0·β^{w+1}/(1 − β), p = p0·β^w
  law.description = std::to_string(center) + " + Lap_Z(" + to_string(scale) + ")";
  return law;
}

EliminationDecision batched_se_decision(std::shared_ptr<const fast::BatchAggregator> real, unsigned level,
                                        const Rational& p, std::int64_t den) {
  const std::uint64_t len = std::uint64_t{1} << level;
  const std::uint64_t T = 2 * ((std::uint64_t{1} << (level + 1)) - 2);  // the decisive batch ends the run
  auto scripted = std::make_shared<ScriptedAggregator>(std::move(real), len, den);
  auto tape = std::make_shared<ref::RewardTape>(2, T, 1, std::vector<Rational>{Rational(1), Rational(1)},
                                                std::vector<std::int32_t>(2 * T, 1));
  fast::BatchedSuccessiveEliminationParams params;
  params.K = 2;
  params.T = T;
  params.p = p;
  return [scripted, tape, params, level](std::int64_t r0, std::int64_t r1) {
    scripted->set(r0, r1);
    ChaCha20Source unused(0);  // the scripted aggregator draws no bits
    fast::LearnerOptions o;
    o.record_actions = false;
    o.record_releases = false;
    const fast::Trajectory tr = fast::batched_successive_elimination(params, *tape, *scripted, NoiseSource(unused), o);
    int y = 0;
    for (const fast::Elimination& e : tr.eliminations) {
      if (e.batch != level) throw std::logic_error("batched_se_decision: an elimination before the decisive batch");
      y += e.arm == 1 ? 1 : 2;
    }
    return y;
  };
}

EliminationDecision dp_se_decision(unsigned epoch, std::uint64_t R, std::int64_t unit, const Rational& beta,
                                   const Rational& eps) {
  // As the learner: threshold from β and ε in double, top = the first largest noisy sum, the other arm tested.
  const double threshold = fast::dp_se_threshold(2, epoch, R, beta.convert_to<double>(), eps.convert_to<double>());
  return [=](std::int64_t r0, std::int64_t r1) {
    const int top = r1 > r0 ? 1 : 0;
    const std::int64_t diff = top == 0 ? r0 - r1 : r1 - r0;
    const fast::DpSeTest t =
        fast::dp_se_test_exact(fast::EliminationRule::ConfidenceWidths, epoch, R, unit, threshold, diff);
    if (t.keep) return 0;
    return top == 0 ? 1 : 2;
  };
}

namespace {

// Local (Algorithm 4): every user adds Lap_Z(b), b = g/ε, to its encoded reward (0/1 encode exactly as 0/g), so the
// batch's noise is a sum of n i.i.d. Lap_Z(b) = Geom(β) − Geom(β), β = e^{−1/b}: a Pólya(n, β) difference N (the
// calibration's aggregate_noise, which the optimized aggregate path draws). The decoded sum is ones·g + N unless it
// leaves the decode window [−τ, n·g + τ], which needs |N| > τ. With both noises in [−W, W] (W <= τ) the decision is
// a function of R_0 − R_1 if the learner's threshold is r1 + c for every r1 of arm 1's window — checked, point by
// point, with the learner itself on a scripted batch (both sides of the threshold; the set {Y = 1} is an up-set in
// R_0, see the header). Then P[Y = 1] = P[N_0 − N_1 >= c − (n − ones)·g] ± P[some |N_i| > W], and N_0 − N_1 is a
// Pólya(2n, β) difference (independent, symmetric): one certified tail per neighbour.
std::optional<DecisionLaw> local_decision_law(const EliminationSetup& s, const ref::Calibration& cal,
                                              const Rational& noise_eps, std::uint64_t ones_d, std::uint64_t ones_dp,
                                              const std::string& neighbours, std::string& why) {
  constexpr mpfr_prec_t prec = 128;  // ones_d, ones_dp <= s.len: checked by elimination_decision_law
  const std::int64_t g = to_int64(cal.g), tau = to_int64(cal.tau);
  const auto n = static_cast<std::int64_t>(s.len);
  const Rational b = Rational(cal.g) / noise_eps;
  // sd(N) = √(2nβ)/(1 − β) <= √(2n)·b (β/(1 − β)² = 1/(4 sinh²(1/(2b))) <= b²); W = 8 of that bound, at most τ.
  const Integer sd_up = (floor_sqrt(Integer(2 * n)) + 1) * (ceil(b) + 1);
  const std::int64_t W = std::min(tau, to_int64(8 * sd_up));
  const ref::PolyaDifferencePmf one_batch(Rational(Integer(n)), b);
  const Interval out_one = one_batch.upper_tail(Integer(W + 1), prec);  // P[N >= W + 1] = P[N <= −W − 1]
  const Interval four(4L, prec);
  const Rational bad = (out_one * four).upper();  // P[|N_0| > W or |N_1| > W], rounded up

  const EliminationDecision decide = batched_se_decision(s.aggregator, s.level, s.conf, g);
  // c: the least r0 − r1 with Y = 1 at r1 = ones_dp·g (binary search; the up-set in R_0).
  const std::int64_t r1c = static_cast<std::int64_t>(ones_dp) * g;
  std::int64_t lo = r1c, hi = r1c + 2 * n * g + 2 * tau;
  if (decide(lo, r1c) == 1 || decide(hi, r1c) != 1) {
    why = "local: no threshold of R_0 at R_1 = " + std::to_string(r1c);
    return std::nullopt;
  }
  while (hi - lo > 1) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    (decide(mid, r1c) == 1 ? hi : lo) = mid;
  }
  const std::int64_t c = hi - r1c;
  const std::int64_t w_lo = static_cast<std::int64_t>(std::min(ones_d, ones_dp)) * g - W,
                     w_hi = static_cast<std::int64_t>(std::max(ones_d, ones_dp)) * g + W;
  for (std::int64_t r1 = w_lo; r1 <= w_hi; ++r1)
    if (decide(r1 + c - 1, r1) == 1 || decide(r1 + c, r1) != 1) {
      why = "local: the decision is not {R_0 - R_1 >= " + std::to_string(c) + "} at R_1 = " + std::to_string(r1);
      return std::nullopt;
    }

  const ref::PolyaDifferencePmf diff(Rational(Integer(2 * n)), b);
  auto probs = [&](std::uint64_t ones) {
    const Integer k = Integer(c) - Integer(n - static_cast<std::int64_t>(ones)) * g;  // Y = 1 ⇔ N_0 − N_1 >= k
    std::vector<Interval> p{diff.cdf(k - 1, prec), diff.upper_tail(k, prec)};
    for (Interval& x : p) {  // the window's complement can go either way: widened on both sides, clipped to [0, 1]
      const Rational l = x.lower() - bad, u = x.upper() + bad;
      x = Interval::hull(l < 0 ? Rational(0) : l, u > 1 ? Rational(1) : u, prec);
    }
    return p;
  };
  DecisionLaw law;
  law.outcomes = {0, 1};
  law.p_d = probs(ones_d);
  law.p_d_prime = probs(ones_dp);
  law.conditional = true;
  law.method = "batch " + std::to_string(s.level) + " decoded sums ones*g + N, N ~ polya_difference(n = " +
               std::to_string(n) + ", scale g/eps = " + to_string(b) + ") (g = " + std::to_string(g) + ", tau = " +
               std::to_string(tau) + "; " + neighbours + "); Y = 1 iff R_0 - R_1 >= " + std::to_string(c) +
               " (checked with fast::batched_successive_elimination on scripted releases for |N_i| <= " +
               std::to_string(W) + "), P by polya_difference(2n) tails, window/wrap mass <= " +
               Interval(bad, 64).upper_string(3);
  return law;
}

}  // namespace

std::optional<DecisionLaw> elimination_decision_law(const EliminationSetup& s, std::string& why,
                                                    std::uint64_t max_modulus) {
  const std::uint64_t k = s.ones_after_change, len = s.len;
  const std::uint64_t ones_d = s.ones_d.value_or(k + 1), ones_dp = s.ones_d_prime.value_or(k);
  // Checked here, once, for every branch (a branch's own check could be swallowed as "no law" below).
  if (std::max(ones_d, ones_dp) > len)
    throw_parameter_error("elimination_decision_law", "ones", "<= n = " + std::to_string(len),
                          std::to_string(std::max(ones_d, ones_dp)));
  const Rational noise_eps = s.noise_eps.value_or(s.eps);
  const std::string neighbours = "arm 0: " + std::to_string(len) + " ones; arm 1: " + std::to_string(ones_d) +
                                 " (D) vs " + std::to_string(ones_dp) + " (D') ones of " + std::to_string(len);
  if (s.target == "dp-se") {
    const std::int64_t unit = 1;  // tape grid 1, noise refinement 1: noisy sums are integers
    const Rational scale = Rational(unit) / noise_eps;
    const auto c0 = static_cast<std::int64_t>(len), cd = static_cast<std::int64_t>(ones_d),
               cdp = static_cast<std::int64_t>(ones_dp);
    const ReleaseLaw r0 = discrete_laplace_release_law(scale, c0);
    const std::int64_t lo = std::min(cd, cdp), hi = std::max(cd, cdp);
    const ReleaseLaw r1d = discrete_laplace_release_law(scale, cd, cd - lo, hi - cd);
    const ReleaseLaw r1dp = discrete_laplace_release_law(scale, cdp, cdp - lo, hi - cdp);
    return elimination_law(r0, r1d, r1dp, dp_se_decision(s.level, len, unit, s.conf, s.eps),
                           "epoch " + std::to_string(s.level) + " sums S + Lap_Z(" + to_string(scale) + ") (" +
                               neighbours + "), decision by fast::dp_se_test_exact");
  }
  if (!s.aggregator) throw_parameter_error("elimination_decision_law", "aggregator", "set", "null");
  if (s.target == "central-dlap-se") {
    const auto* agg = dynamic_cast<const fast::CentralDiscreteLaplaceAggregator*>(s.aggregator.get());
    if (!agg) throw_parameter_error("elimination_decision_law", "aggregator", "central-discrete-laplace", s.aggregator->name());
    const std::int64_t g = agg->precision(len);
    const Rational scale = Rational(Integer(g)) / noise_eps;
    const auto c0 = static_cast<std::int64_t>(len) * g, cd = static_cast<std::int64_t>(ones_d) * g,
               cdp = static_cast<std::int64_t>(ones_dp) * g;
    const std::int64_t lo = std::min(cd, cdp), hi = std::max(cd, cdp);
    const ReleaseLaw r0 = discrete_laplace_release_law(scale, c0);
    const ReleaseLaw r1d = discrete_laplace_release_law(scale, cd, cd - lo, hi - cd);
    const ReleaseLaw r1dp = discrete_laplace_release_law(scale, cdp, cdp - lo, hi - cdp);
    return elimination_law(r0, r1d, r1dp, batched_se_decision(s.aggregator, s.level, s.conf, g),
                           "batch " + std::to_string(s.level) + " sums g*S + Lap_Z(" + to_string(scale) + "), g = " +
                               std::to_string(g) + " (" + neighbours +
                               "), decision by fast::batched_successive_elimination on scripted releases");
  }
  const std::string v = s.target == "cdp-se"   ? "central"
                        : s.target == "ldp-se" ? "local"
                                               : s.target.substr(0, s.target.size() - 3);
  const ref::Variant variant = ref::parse_variant(v, "elimination_decision_law");
  if (variant == ref::Variant::Local) {
    ref::CalibrationInput in;
    in.eps = s.eps;
    in.n = Integer(len);
    in.horizon = Integer(s.horizon);
    const ref::Calibration cal = ref::calibrate(variant, in);
    if (const auto* pa = dynamic_cast<const fast::ProtocolAggregator*>(s.aggregator.get()))
      if (pa->calibration(len).g != cal.g || pa->calibration(len).tau != cal.tau)
        throw std::logic_error("elimination_decision_law: the aggregator's calibration differs from the law's");
    return local_decision_law(s, cal, noise_eps, ones_d, ones_dp, neighbours, why);
  }
  if (s.noise_eps)
    throw_parameter_error("elimination_decision_law", "noise_eps", "unset for protocol variants", to_string(noise_eps));
  ref::CalibrationInput in;
  in.eps = s.eps;
  in.n = Integer(len);
  in.horizon = Integer(s.horizon);
  const ref::Calibration cal = ref::calibrate(variant, in);
  if (cal.m > Integer(max_modulus)) {
    why = "m = " + to_string(cal.m) + " > " + std::to_string(max_modulus);
    return std::nullopt;
  }
  if (const auto* pa = dynamic_cast<const fast::ProtocolAggregator*>(s.aggregator.get()))
    if (pa->calibration(len).g != cal.g || pa->calibration(len).m != cal.m)
      throw std::logic_error("elimination_decision_law: the aggregator's calibration differs from the law's");
  ReleaseLaw r0, r1d, r1dp;
  try {
    require_sum_view(cal);
    const ref::ModularNoiseLaw F = sum_view_noise_law(cal, 128);
    r0 = shifted_release_law(cal, F, len, 128);
    r1d = shifted_release_law(cal, F, ones_d, 128);
    r1dp = shifted_release_law(cal, F, ones_dp, 128);
  } catch (const ParameterError& e) {  // the exact view law refuses these parameters (e.g. dist-cdp's n > 64)
    why = e.what();
    return std::nullopt;
  }
  return elimination_law(r0, r1d, r1dp, batched_se_decision(s.aggregator, s.level, s.conf, to_int64(cal.g)),
                         "batch " + std::to_string(s.level) + " decoded sums, " + r0.description + " (n = " +
                             std::to_string(len) + ", g = " + to_string(cal.g) + ", m = " + to_string(cal.m) + "; " +
                             neighbours + "), decision by fast::batched_successive_elimination on scripted releases");
}

}  // namespace dpb::verify::audit
