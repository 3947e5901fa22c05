#include "verify/protocol_checks/accuracy_check.hpp"

#include "reference/core/interval.hpp"
#include "reference/pmf/discrete_gaussian.hpp"
#include "reference/pmf/polya_difference.hpp"
#include "reference/pmf/skellam.hpp"

namespace dpb::verify {

using dpb::to_string;

namespace {

using ref::Variant;

// The enclosure's endpoints, clamped to [0, 1].
void set_tail(AccuracyResult& r, const Interval& tail) {
  r.tail_lower = std::max(Rational(0), tail.lower());
  r.tail_upper = std::min(Rational(1), tail.upper());
  r.tail_upper_text = tail.upper_string(4);
}

}  // namespace

AccuracyResult check_accuracy(const ref::Calibration& c, mpfr_prec_t prec) {
  AccuracyResult r;
  r.calibration = c;
  r.target = c.p_prime ? *c.p_prime : c.p;
  const Rational b = Rational(c.g) / c.eps_noise;  // the discrete Laplace scale g/ε (g/ε′)
  const Integer t = c.tau + 1;                     // |Σ η| > τ  ⇔  |Σ η| >= τ + 1
  switch (c.variant) {
    case Variant::DistDP:
    case Variant::Shuffle:
    case Variant::Central: {
      // P[|X| >= t] = 2β^t/(1+β), X ~ Lap_Z(b) (Def 4 of Chowdhury & Zhou 2023).
      r.law = "Lap_Z(" + to_string(b) + ")";
      r.method = "closed form 2*beta^(tau+1)/(1+beta), beta = e^(-1/b)";
      const Interval beta = exp_neg(Rational(1) / b, prec);
      const Interval beta_t = exp_neg(Rational(t) / b, prec);
      set_tail(r, beta_t.mul(Rational(2)) / (Interval(1L, prec) + beta));
      break;
    }
    case Variant::DistRDP: {
      const Rational variance = b * b;
      r.law = "Sk(0, " + to_string(variance) + ")";
      r.method = "2 * certified Skellam upper tail P[X >= tau+1]";
      set_tail(r, ref::SkellamPmf(variance).upper_tail(t, prec).mul(Rational(2)));
      break;
    }
    case Variant::Local: {
      r.law = "Polya(" + to_string(c.n) + ", e^(-1/" + to_string(b) + ")) difference = sum of n Lap_Z(" +
              to_string(b) + ")";
      r.method = "2 * certified Polya-difference upper tail P[X >= tau+1]";
      set_tail(r, ref::PolyaDifferencePmf(Rational(c.n), b).upper_tail(t, prec).mul(Rational(2)));
      break;
    }
    case Variant::DistCDP: {
      const Rational& sigma2 = c.per_user_noise.variance;
      const Rational n(c.n);
      r.law = "sum of " + to_string(c.n) + " i.i.d. N_Z(0, " + to_string(sigma2) + ")";
      r.method = "Chernoff with the exact MGF: 2 e^(-lambda t) (e^(lambda^2 sigma^2/2) Z(lambda sigma^2)/Z(0))^n, "
                 "lambda = t/(n sigma^2)";
      const Rational lambda = Rational(t) / (n * sigma2);
      const Rational mu = lambda * sigma2;
      const Interval z_mu = ref::DiscreteGaussianPmf(sigma2, mu).normalizer(prec);
      const Interval z_0 = ref::DiscreteGaussianPmf(sigma2).normalizer(prec);
      // exponent −λt + nλ²σ²/2, exact rational
      const Rational exponent = -lambda * Rational(t) + n * lambda * lambda * sigma2 / 2;
      const Interval e = exp_neg(-exponent, prec);
      const Interval ratio = z_mu / z_0;
      const unsigned long n_ul = c.n.convert_to<unsigned long>();
      set_tail(r, (e * ratio.pow(n_ul)).mul(Rational(2)));
      r.tail_lower = 0;
      break;
    }
  }
  if (r.tail_upper <= r.target)
    r.verdict = Verdict::holds;
  else if (r.tail_lower > r.target)
    r.verdict = Verdict::violated;
  else
    r.verdict = Verdict::inconclusive;
  return r;
}

std::vector<ref::Calibration> accuracy_grid(Suite suite) {
  std::vector<ref::Calibration> grid;
  std::vector<long> ns = {1, 2, 16, 1000};
  if (suite == Suite::full) ns.push_back(16384);
  const std::vector<Rational> epss = {Rational(1, 10), Rational(1, 2), Rational(9, 10)};
  for (Variant v : {Variant::DistDP, Variant::DistRDP, Variant::DistCDP, Variant::Shuffle, Variant::Central,
                    Variant::Local}) {
    const bool has_s = v == Variant::DistRDP || v == Variant::DistCDP;
    for (long n : ns)
      for (const Rational& eps : epss)
        for (bool experiments_p : {false, true})
          for (long s : {1L, 10L}) {
            if (!has_s && s != 1) continue;
            ref::CalibrationInput in;
            in.eps = eps;
            in.n = n;
            in.horizon = 1000000;
            if (experiments_p) in.p = Rational(1, 10);
            if (has_s) in.s = Rational(s);
            grid.push_back(ref::calibrate(v, in));
          }
  }
  return grid;
}

AccuracyGridResult check_accuracy_grid(const std::vector<ref::Calibration>& grid, mpfr_prec_t prec) {
  AccuracyGridResult out;
  out.verdict = Verdict::holds;
  for (const auto& c : grid) {
    out.rows.push_back(check_accuracy(c, prec));
    out.verdict = combine(out.verdict, out.rows.back().verdict);
  }
  return out;
}

nlohmann::json to_json(const AccuracyResult& r) {
  const auto& c = r.calibration;
  return {{"variant", std::string(ref::variant_name(c.variant))},
          {"eps", to_string(c.eps)},
          {"n", to_string(c.n)},
          {"s", to_string(c.s)},
          {"g", to_string(c.g)},
          {"tau", to_string(c.tau)},
          {"target", to_string(r.target)},
          {"law", r.law},
          {"method", r.method},
          {"tail_upper", r.tail_upper_text},
          {"verdict", std::string(to_string(r.verdict))}};
}

nlohmann::json to_json(const AccuracyGridResult& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : r.rows) rows.push_back(to_json(row));
  return {{"verdict", std::string(to_string(r.verdict))}, {"cases", rows.size()}, {"rows", rows}};
}

}  // namespace dpb::verify
