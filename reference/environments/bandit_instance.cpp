#include "reference/environments/bandit_instance.hpp"

#include <algorithm>

#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

void require_arms(std::size_t K, const char* function) {
  if (K == 0) throw_parameter_error(function, "K", ">= 1 (an instance needs an arm)", "0");
  if (K > (std::size_t{1} << 20)) throw_parameter_error(function, "K", "<= 2^20", std::to_string(K));
}

std::int64_t require_grid(const Integer& grid, const char* function) {
  require_positive(grid, function, "grid");
  if (grid > (Integer(1) << 30)) throw_parameter_error(function, "grid", "<= 2^30", to_string(grid));
  return to_int64(grid);
}

// C(n, j) as an Integer.
Integer binomial_coefficient(unsigned n, unsigned j) {
  Integer c = 1;
  for (unsigned i = 1; i <= j; ++i) c = c * (n - j + i) / i;
  return c;
}

}  // namespace

std::string arm_kind_name(ArmKind kind) {
  switch (kind) {
    case ArmKind::Bernoulli:
      return "bernoulli";
    case ArmKind::ClippedGaussian:
      return "gaussian";
    case ArmKind::Beta:
      return "beta";
  }
  return "?";
}

BanditInstance BanditInstance::bernoulli(const std::vector<Rational>& means) {
  constexpr const char* f = "BanditInstance::bernoulli";
  require_arms(means.size(), f);
  BanditInstance instance;
  instance.kind_ = ArmKind::Bernoulli;
  instance.grid_ = 1;
  for (const Rational& mu : means) {
    require_probability(mu, f, "mean");
    instance.laws_.push_back(ArmLaw{ArmKind::Bernoulli, mu, Rational(0), 0, 0});
    instance.means_.push_back(mu);
  }
  return instance;
}

BanditInstance BanditInstance::clipped_gaussian(const std::vector<Rational>& means, const Rational& sigma,
                                                const Integer& grid, GaussianMethod method) {
  constexpr const char* f = "BanditInstance::clipped_gaussian";
  require_arms(means.size(), f);
  require_positive(sigma, f, "sigma");
  require_reasonable_size(sigma, f, "sigma", 32);
  BanditInstance instance;
  instance.kind_ = ArmKind::ClippedGaussian;
  instance.grid_ = require_grid(grid, f);
  for (const Rational& mu : means) {
    require_probability(mu, f, "mean");
    require_reasonable_size(mu, f, "mean", 32);
    instance.laws_.push_back(ArmLaw{ArmKind::ClippedGaussian, mu, sigma, 0, 0, method});
    instance.means_.push_back(mu);
  }
  return instance;
}

BanditInstance BanditInstance::beta(const std::vector<std::pair<Integer, Integer>>& alpha_beta, const Integer& grid) {
  constexpr const char* f = "BanditInstance::beta";
  require_arms(alpha_beta.size(), f);
  BanditInstance instance;
  instance.kind_ = ArmKind::Beta;
  instance.grid_ = require_grid(grid, f);
  for (const auto& [alpha, beta] : alpha_beta) {
    require_positive(alpha, f, "alpha");
    require_positive(beta, f, "beta");
    if (alpha + beta > 64) throw_parameter_error(f, "alpha + beta", "<= 64", to_string(Integer(alpha + beta)));
    const Rational mean = beta_proxy_mean(alpha, beta, grid);
    instance.laws_.push_back(ArmLaw{ArmKind::Beta, mean, Rational(0), alpha, beta});
    instance.means_.push_back(mean);
  }
  return instance;
}

std::uint32_t BanditInstance::best_arm() const {
  return static_cast<std::uint32_t>(std::max_element(means_.begin(), means_.end()) - means_.begin());
}

Rational BanditInstance::gap(std::uint32_t arm) const { return means_.at(best_arm()) - means_.at(arm); }

std::string BanditInstance::describe() const {
  std::string s = arm_kind_name(kind_) +
                  (kind_ == ArmKind::ClippedGaussian && laws_.at(0).method == GaussianMethod::Inversion ? "(inversion)"
                                                                                                       : "") +
                  " K=" + std::to_string(arms()) + " grid=1/" + std::to_string(grid_) + " means=(";
  for (std::size_t a = 0; a < means_.size(); ++a) s += (a ? "," : "") + to_string(means_[a]);
  return s + ")";
}

Rational beta_proxy_mean(const Integer& alpha, const Integer& beta, const Integer& grid) {
  // E[U_(k)] = Σ_{x=0}^{G−1} P[U_(k) > x], and U_(k) > x iff fewer than k of the n uniforms are <= x, each being
  // <= x with probability q = (x + 1)/(G + 1): P = Σ_{j<k} C(n, j) q^j (1 − q)^{n−j}.
  const unsigned k = static_cast<unsigned>(to_int64(alpha));
  const unsigned n = static_cast<unsigned>(to_int64(Integer(alpha + beta - 1)));
  const std::int64_t G = to_int64(grid);
  std::vector<Integer> choose(k);
  for (unsigned j = 0; j < k; ++j) choose[j] = binomial_coefficient(n, j);
  // With q = (x+1)/(G+1): C(n,j) (x+1)^j (G−x)^{n−j} / (G+1)^n, summed as integers, divided once.
  Integer total = 0;
  for (std::int64_t x = 0; x < G; ++x) {
    const Integer below = x + 1, above = G - x;
    for (unsigned j = 0; j < k; ++j) {
      Integer term = choose[j];
      term *= boost::multiprecision::pow(below, j);
      term *= boost::multiprecision::pow(above, n - j);
      total += term;
    }
  }
  const Integer denominator = boost::multiprecision::pow(Integer(G + 1), n);
  return Rational(total, denominator) / G;
}

std::vector<Rational> seed002_means(int setting) {
  const Rational top(3, 4);
  switch (setting) {
    case 1:
      return {top, Rational(7, 10), Rational(7, 10), Rational(7, 10), Rational(7, 10)};
    case 2:
      return {top, Rational(5, 8), Rational(1, 2), Rational(3, 8), Rational(1, 4)};
    case 3:
      return {top, Rational(3, 20), Rational(3, 20), Rational(3, 20), Rational(3, 20)};
    default:
      throw_parameter_error("seed002_means", "setting", "1, 2 or 3", std::to_string(setting));
  }
}

BanditInstance seed002_instance(int setting) { return BanditInstance::bernoulli(seed002_means(setting)); }

}  // namespace dpb::ref
