#include "verify/statistical/dgauss_sum_sampled.hpp"

#include <stdexcept>

#include "reference/pmf/discrete_gaussian.hpp"
#include "verify/certified/common.hpp"
#include "verify/statistical/windowed_law.hpp"

namespace dpb::verify::statistical {

SumTarget dgauss_sum_target(const SumCase& c, DgaussSumTarget target) {
  if (c.per_user.kind != ref::NoiseKind::DiscreteGaussian)
    throw std::invalid_argument("000.dgauss-sum.sampled: case '" + c.label + "' is not a discrete Gaussian per user");
  constexpr mpfr_prec_t prec = 192;
  const Rational sigma2 = c.per_user.variance * Integer(c.users);
  const ref::DiscreteGaussianPmf user(c.per_user.variance);
  const ref::DiscreteGaussianPmf single(sigma2);
  auto sum = std::make_unique<WindowedLaw>(convolution_power(user, c.users, certified::ten_to_minus(30), prec));

  // How far the sum's law is from N_Z(0, σ²) (certified enclosures).
  const Interval tv = total_variation(*sum, single, prec);
  nlohmann::json ev = {{"sum_law", sum->describe()},
                       {"window", {sum->first(), sum->last()}},
                       {"deficit_upper", certified::upper_text(sum->deficit())},
                       {"tv_to_single_dgauss", certified::enclosure_json(tv, 4)},
                       {"variance_sum", certified::enclosure_json(sum->variance(prec), 10)},
                       {"variance_single_dgauss", certified::enclosure_json(single.variance(prec), 10)},
                       {"single_dgauss", single.describe()}};
  if (target == DgaussSumTarget::exact_convolution) return SumTarget{std::move(sum), std::move(ev)};
  ev["note"] = "negative control: tested against N_Z(0, σ²) instead of the exact convolution";
  return SumTarget{std::make_unique<ref::DiscreteGaussianPmf>(sigma2), std::move(ev)};
}

SumCheck dgauss_sum_sampled_check(Suite suite, DgaussSumTarget target) {
  SumCheck check;
  check.claim_id = "000.dgauss-sum.sampled";
  check.stream_base = 3000;
  check.samples = suite == Suite::quick ? 300000 : 1000000;
  check.two_sample = false;
  const std::vector<std::uint64_t> ns =
      suite == Suite::quick ? std::vector<std::uint64_t>{2, 3, 8} : std::vector<std::uint64_t>{2, 3, 8, 16};
  const std::vector<Rational> vars =
      suite == Suite::quick
          ? std::vector<Rational>{Rational(1), Rational(4), Rational(16)}
          : std::vector<Rational>{Rational(1, 2), Rational(1), Rational(4), Rational(16), Rational(64)};
  for (const auto& v : vars)
    for (auto n : ns) {
      // Per-user variance below 1/8: the sum is 0 so often that no two bins of mass ≥ 1/50 exist (binning.hpp).
      if (v / Integer(n) < Rational(1, 8)) continue;
      SumCase c;
      c.label = "n=" + std::to_string(n) + ", σ²=" + dpb::to_string(v);
      c.users = n;
      c.per_user = {ref::NoiseKind::DiscreteGaussian, Rational(0), Rational(0), v / Integer(n)};
      c.aggregate = {};  // none: the sum is not a discrete Gaussian
      check.cases.push_back(std::move(c));
    }
  check.cases.push_back(calibrated_case(ref::Variant::DistCDP, Rational(1, 2), 5, 1000));
  check.target = [target](const SumCase& c) { return dgauss_sum_target(c, target); };
  return check;
}

}  // namespace dpb::verify::statistical
