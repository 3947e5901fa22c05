#include "verify/statistical/seed003_pgd_excess.hpp"

#include <fmt/format.h>

#include <Eigen/Dense>
#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "optimized/protocols/p_gd.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/stats/battery.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::verify::statistical {

namespace {

constexpr unsigned kQ = 16;
constexpr double kZeta = 1.0 / 20;
constexpr double kSlopeClaim = -0.5;
constexpr double kS = 16;  // the ball's radius
constexpr std::size_t kNMax = 2000;

double uniform01(ChaCha20Source& bits) {
  return (static_cast<double>(bits.next_bits(53)) + 0.5) / 9007199254740992.0;
}

struct DataSet {
  std::vector<ref::PgdDatum> exact;
  Eigen::MatrixXd X;  // n × d
  Eigen::VectorXd r;
};

// x coordinates uniform on the grid 2^−q in [−m, m]·2^−q, m = ⌊2^q/√d⌋ (so ‖x‖ <= 1); r ~ Bernoulli(μ(2x₁)).
DataSet make_data(std::size_t n, std::size_t d, ChaCha20Source& bits) {
  DataSet s;
  s.X.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
  s.r.resize(static_cast<Eigen::Index>(n));
  const auto m = static_cast<std::uint64_t>(std::floor(std::ldexp(1.0, kQ) / std::sqrt(static_cast<double>(d))));
  const Integer den = Integer(1) << kQ;
  for (std::size_t i = 0; i < n; ++i) {
    ref::PgdDatum u;
    for (std::size_t k = 0; k < d; ++k) {
      // uniform on {−m, …, m} by rejection on 32 bits
      std::uint64_t v;
      do v = bits.next_bits(32);
      while (v >= (std::uint64_t{1} << 32) / (2 * m + 1) * (2 * m + 1));
      const auto num = static_cast<std::int64_t>(v % (2 * m + 1)) - static_cast<std::int64_t>(m);
      u.x.push_back(Rational(Integer(num), den));
      s.X(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(k)) = std::ldexp(static_cast<double>(num), -static_cast<int>(kQ));
    }
    const double z = 2 * s.X(static_cast<Eigen::Index>(i), 0);
    const int ri = uniform01(bits) < 1 / (1 + std::exp(-z)) ? 1 : 0;
    u.r = Rational(ri);
    s.r(static_cast<Eigen::Index>(i)) = ri;
    s.exact.push_back(std::move(u));
  }
  return s;
}

DataSet prefix(const DataSet& s, std::size_t n) {
  DataSet p;
  p.exact.assign(s.exact.begin(), s.exact.begin() + static_cast<std::ptrdiff_t>(n));
  p.X = s.X.topRows(static_cast<Eigen::Index>(n));
  p.r = s.r.head(static_cast<Eigen::Index>(n));
  return p;
}

double softplus(double z) { return std::max(z, 0.0) + std::log1p(std::exp(-std::fabs(z))); }
double sigmoid(double z) { return z >= 0 ? 1 / (1 + std::exp(-z)) : std::exp(z) / (1 + std::exp(z)); }

double risk(const DataSet& s, const Eigen::VectorXd& theta) {
  const Eigen::VectorXd z = s.X * theta;
  double sum = 0;
  for (Eigen::Index i = 0; i < z.size(); ++i) sum += softplus(z(i)) - s.r(i) * z(i);
  return sum / static_cast<double>(z.size());
}

Eigen::VectorXd gradient(const DataSet& s, const Eigen::VectorXd& theta) {
  const Eigen::VectorXd z = s.X * theta;
  Eigen::VectorXd w(z.size());
  for (Eigen::Index i = 0; i < z.size(); ++i) w(i) = sigmoid(z(i)) - s.r(i);
  return s.X.transpose() * w / static_cast<double>(z.size());
}

// argmin L(θ) + (μ/2)‖θ‖² by damped Newton from 0.
Eigen::VectorXd newton(const DataSet& s, double mu) {
  const auto d = s.X.cols();
  const double n = static_cast<double>(s.X.rows());
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(d);
  const auto obj = [&](const Eigen::VectorXd& t) { return risk(s, t) + mu / 2 * t.squaredNorm(); };
  for (int it = 0; it < 200; ++it) {
    const Eigen::VectorXd g = gradient(s, theta) + mu * theta;
    if (g.norm() < 1e-14) break;
    const Eigen::VectorXd z = s.X * theta;
    Eigen::MatrixXd H = mu * Eigen::MatrixXd::Identity(d, d);
    for (Eigen::Index i = 0; i < z.size(); ++i) {
      const double p = sigmoid(z(i));
      H += (p * (1 - p) / n) * s.X.row(i).transpose() * s.X.row(i);
    }
    const Eigen::VectorXd step = H.ldlt().solve(g);
    double a = 1;
    const double f0 = obj(theta);
    while (a > 1e-12 && obj(theta - a * step) > f0 - 1e-4 * a * g.dot(step)) a /= 2;
    if (a <= 1e-12) break;
    theta -= a * step;
  }
  return theta;
}

struct Minimum {
  Eigen::VectorXd theta;
  double value = 0, gap = 0;
};

// min over the S-ball: the unconstrained Newton point if inside, else the KKT point with ‖θ(μ)‖ = S (μ bisected);
// the Frank–Wolfe gap of the result bounds its suboptimality.
Minimum minimise_on_ball(const DataSet& s, double S) {
  Eigen::VectorXd theta = newton(s, 0);
  if (theta.norm() > S) {
    double lo = 0, hi = gradient(s, Eigen::VectorXd::Zero(s.X.cols())).norm() / S * 2 + 1e-9;
    for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; ++it) {
      const double mid = (lo + hi) / 2;
      (newton(s, mid).norm() > S ? lo : hi) = mid;
    }
    theta = newton(s, hi);
  }
  if (theta.norm() > S) theta *= S / theta.norm();
  Minimum m;
  m.theta = theta;
  m.value = risk(s, theta);
  const Eigen::VectorXd g = gradient(s, theta);
  m.gap = std::max(0.0, g.dot(theta) + S * g.norm());
  return m;
}

struct Point {
  std::size_t n, d;
  Rational eps;
  std::string series;  // "d=2", "d=4", "eps"
};

struct PointResult {
  std::vector<double> excess_hi;
  double bound = 0, headline = 0, log_eps_n = 0;
  std::uint64_t exceed = 0;
};

}  // namespace

Outcome check_g2(const RunOptions& options, const PgdTwin& twin) {
  const bool full = options.suite == Suite::full;
  const std::size_t runs = full ? 60 : 6;
  const double alpha = options.alpha > 0 ? options.alpha : 1e-6;
  const Rational delta(1, 100000);
  const double delta_d = 1e-5;
  std::vector<Point> points;
  for (std::size_t d : {2, 4})
    for (std::size_t n : {250, 500, 1000, 2000}) points.push_back({n, d, Rational(1), fmt::format("d={}", d)});
  for (const Rational& e : {Rational(1, 2), Rational(2), Rational(4), Rational(8)}) points.push_back({500, 2, e, "eps"});
  // the ε series also uses (n, d, ε) = (500, 2, 1) from the n series

  ChaCha20Source dbits2(options.seed, 0x3020002), dbits4(options.seed, 0x3020004);
  const DataSet data2 = make_data(kNMax, 2, dbits2), data4 = make_data(kNMax, 4, dbits4);
  stats::Battery battery("003.g2: P_GD's excess empirical risk vs Lemma T.2", alpha);
  std::vector<PointResult> results(points.size());
  nlohmann::json rows = nlohmann::json::array();
  double min_margin = INFINITY, max_gap = 0;
  for (std::size_t pi = 0; pi < points.size(); ++pi) {
    const Point& pt = points[pi];
    const DataSet data = prefix(pt.d == 2 ? data2 : data4, pt.n);
    const Minimum mn = minimise_on_ball(data, kS);
    if (mn.gap > 1e-9) throw std::runtime_error(fmt::format("003.g2: minimiser's Frank-Wolfe gap {:g} > 1e-9", mn.gap));
    max_gap = std::max(max_gap, mn.gap);
    ref::CalibrationPgdInput ci;
    ci.eps = pt.eps;
    ci.delta = delta;
    ci.n = Integer(static_cast<unsigned long>(pt.n));
    ci.d = Integer(static_cast<unsigned long>(pt.d));
    ci.S = Rational(static_cast<long>(kS));
    ci.lambda_max = 0;
    const ref::PgdCalibration cal = ref::calibrate_pgd(ci);
    if (cal.T_it == 0) throw std::logic_error("003.g2: T_it = 0 on the grid");
    ref::PgdParams p;
    p.link = ref::Link::logistic;
    p.q = kQ;
    p.R = 1;
    p.reg = 0;
    p.domain = ref::PgdDomain::ball(Rational(static_cast<long>(kS)));
    p.theta_bound = Rational(static_cast<long>(kS));
    p.L = cal.L;
    p.iterations = cal.T_it;
    p.eta = cal.eta * twin.eta_factor;
    p.g = cal.g;
    p.b = cal.b * twin.b_factor;
    const fast::PGd pgd(p, pt.n, pt.d);
    // Lemma T.2's bound (O(·) constant 1, ln) at the nominal calibration.
    const double T = cal.T_it.convert_to<double>(), eta = cal.eta.convert_to<double>(), L = cal.L.convert_to<double>(),
                 D = cal.D.convert_to<double>(), eps = pt.eps.convert_to<double>(), n = static_cast<double>(pt.n),
                 d = static_cast<double>(pt.d);
    const double lg = std::log(d * d * T / delta_d);
    const double noise_proxy = T * L * L * lg * lg / (2 * n * n * eps * eps);  // per coordinate, per iteration
    const double t1 = D * D / (2 * eta * T), t2 = eta * L * L / 2, t3 = eta * d * noise_proxy,
                 t4 = eta * std::log(2 * T / kZeta) * std::sqrt(d) * L * std::sqrt(L * L * lg * lg / (2 * n * n * T * eps * eps));
    PointResult& res = results[pi];
    res.bound = t1 + t2 + t3 + t4;
    res.headline = 1.25 * D * L * std::sqrt(d) * std::pow(std::log(n * d / delta_d), 1.5) / (eps * n);
    res.log_eps_n = std::log(eps * n);
    for (std::size_t j = 0; j < runs; ++j) {
      poll_cancellation();
      ChaCha20Source bits(options.seed, 0x3021000 + 4096 * pi + j);
      const ref::PgdResult out = pgd.run(std::span<const ref::PgdDatum>(data.exact), bits);
      Eigen::VectorXd tb(static_cast<Eigen::Index>(pt.d));
      const std::vector<Rational>& released = twin.release_last_iterate ? out.iterates.back() : out.theta_bar;
      for (std::size_t k = 0; k < pt.d; ++k) tb(static_cast<Eigen::Index>(k)) = released[k].convert_to<double>();
      const double ex = risk(data, tb) - mn.value + mn.gap;
      res.excess_hi.push_back(std::max(ex, 1e-300));
      if (ex > res.bound) ++res.exceed;
      min_margin = std::min(min_margin, res.bound / std::max(ex, 1e-300));
    }
    const double p_value = stats::binomial_upper_tail(res.exceed, runs, kZeta);
    stats::TestRecord rec;
    rec.name = fmt::format("bound n={} d={} eps={}", pt.n, pt.d, dpb::to_string(pt.eps));
    rec.n = runs;
    rec.statistic = static_cast<double>(res.exceed);
    rec.p_value = p_value;
    rec.detail = fmt::format("P[Bin({}, {}) >= {}]", runs, kZeta, res.exceed);
    battery.add(rec);
    double mean = 0, mx = 0;
    for (double v : res.excess_hi) {
      mean += v / static_cast<double>(runs);
      mx = std::max(mx, v);
    }
    rows.push_back({{"n", pt.n}, {"d", pt.d}, {"eps", dpb::to_string(pt.eps)}, {"T_it", dpb::to_string(cal.T_it)},
                    {"eta", cal.eta.convert_to<double>()}, {"L", L}, {"D", D}, {"g", dpb::to_string(cal.g)},
                    {"b", dpb::to_string(p.b)}, {"min_risk", mn.value}, {"theta_min_norm", mn.theta.norm()},
                    {"fw_gap", mn.gap}, {"bound", res.bound},
                    {"excess_at_0", risk(data, Eigen::VectorXd::Zero(static_cast<Eigen::Index>(pt.d))) - mn.value},
                    {"bound_terms", {t1, t2, t3, t4}}, {"headline_5/4_DL_sqrt(d)_ln^1.5/(eps n)", res.headline},
                    {"noise_proxy_lemma", noise_proxy},
                    {"noise_var_actual", std::pow(2 * L / cal.g.convert_to<double>(), 2) *
                                             (3.0 / 16 * n * p.b.convert_to<double>() + n / 4) / (n * n)},
                    {"runs", runs}, {"exceed", res.exceed}, {"p_value", p_value},
                    {"cp_upper", stats::clopper_pearson_upper(res.exceed, runs, 1 - alpha)},
                    {"mean_excess", mean}, {"max_excess", mx}});
  }
  {
    std::uint64_t k = 0;
    for (const PointResult& r : results) k += r.exceed;
    const std::uint64_t N = runs * points.size();
    stats::TestRecord rec;
    rec.name = "bound, all points pooled";
    rec.n = N;
    rec.statistic = static_cast<double>(k);
    rec.p_value = stats::binomial_upper_tail(k, N, kZeta);
    rec.detail = fmt::format("P[Bin({}, {}) >= {}] (independent runs, each exceeding w.p. <= zeta under the claim)", N,
                             kZeta, k);
    battery.add(rec);
  }
  // (b) the slopes: H0 "slope of ln excess on ln(εn) <= −1/2" per series.
  nlohmann::json slopes = nlohmann::json::array();
  const auto slope_test = [&](const std::string& name, const std::vector<std::size_t>& idx) {
    std::vector<double> xs, ys;
    for (std::size_t i : idx)
      for (double v : results[i].excess_hi) {
        xs.push_back(results[i].log_eps_n);
        ys.push_back(std::log(v));
      }
    const double m = static_cast<double>(xs.size());
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) mx += xs[i] / m, my += ys[i] / m;
    double sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) sxx += (xs[i] - mx) * (xs[i] - mx), sxy += (xs[i] - mx) * (ys[i] - my);
    const double b = sxy / sxx, a = my - b * mx;
    double sse = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) sse += std::pow(ys[i] - a - b * xs[i], 2);
    const double dfree = m - 2, se = std::sqrt(sse / dfree / sxx);
    const boost::math::students_t dist(dfree);
    const double q = boost::math::quantile(boost::math::complement(dist, 0.025));
    // H0: slope <= −1/2; p = P[t_df >= (b + 1/2)/se] (exact Student t).
    const double tstat = (b - kSlopeClaim) / se;
    const double p_value = boost::math::cdf(boost::math::complement(dist, tstat));
    stats::TestRecord rec;
    rec.name = "slope " + name;
    rec.n = xs.size();
    rec.statistic = tstat;
    rec.p_value = p_value;
    rec.detail = fmt::format("OLS slope {:.3f} (se {:.3f}, df {}) vs <= {}", b, se, dfree, kSlopeClaim);
    battery.add(rec);
    slopes.push_back({{"series", name}, {"points", idx.size()}, {"runs", xs.size()}, {"slope", b}, {"se", se},
                      {"df", dfree}, {"ci95", {b - q * se, b + q * se}}, {"claim", "<= -1/2"}, {"t", tstat},
                      {"p_value", p_value}});
    return b;
  };
  std::vector<std::size_t> d2, d4, es;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (points[i].series == "d=2") d2.push_back(i);
    if (points[i].series == "d=4") d4.push_back(i);
    if (points[i].series == "eps" || (points[i].series == "d=2" && points[i].n == 500)) es.push_back(i);
  }
  const double s2 = slope_test("vs ln(eps n), n series, d=2, eps=1", d2);
  const double s4 = slope_test("vs ln(eps n), n series, d=4, eps=1", d4);
  const double se = slope_test("vs ln(eps n), eps series, n=500, d=2", es);
  Outcome o;
  o.verdict = battery.any_rejected() ? Verdict::violated : Verdict::holds;
  std::uint64_t exceed = 0;
  for (const PointResult& r : results) exceed += r.exceed;
  o.key_figure = fmt::format("{} of {} runs above Lemma T.2's bound (min bound/excess {:.3g}); slopes of ln excess "
                             "on ln(eps n) {:.2f}, {:.2f}, {:.2f} (claim <= -1/2); Holm at {:g}, min p = {:.3g}",
                             exceed, runs * points.size(), min_margin, s2, s4, se, alpha,
                             battery.min_p_value());
  nlohmann::json tests = nlohmann::json::array();
  const std::vector<bool> rejected = battery.rejected();
  for (std::size_t k = 0; k < battery.records().size(); ++k) {
    const stats::TestRecord& t = battery.records()[k];
    tests.push_back({{"test", t.name}, {"n", t.n}, {"statistic", t.statistic}, {"p", t.p_value},
                     {"detail", t.detail}, {"rejected", static_cast<bool>(rejected[k])}});
  }
  o.evidence = {{"alpha", alpha},
                {"seed", options.seed},
                {"zeta", kZeta},
                {"delta", "1e-5"},
                {"twin",
                 {{"eta_factor", dpb::to_string(twin.eta_factor)},
                  {"b_factor", dpb::to_string(twin.b_factor)},
                  {"release_last_iterate", twin.release_last_iterate}}},
                {"radius_S", kS},
                {"theta_star", "2 e_1"},
                {"bound", "D^2/(2 eta T) + eta L^2/2 + eta d T L^2 ln^2(d^2 T/delta)/(2 n^2 eps^2) + eta ln(2T/zeta) "
                          "sqrt(d) L sqrt(L^2 ln^2(d^2 T/delta)/(2 n^2 T eps^2)) (Lemma T.2, O(.) constant 1)"},
                {"minimiser", "Newton / KKT bisection in double; excess = L(theta_bar) - L(theta_min) + Frank-Wolfe gap"},
                {"max_fw_gap", max_gap},
                {"points", rows},
                {"slopes", slopes},
                {"tests", tests}};
  return o;
}

}  // namespace dpb::verify::statistical
