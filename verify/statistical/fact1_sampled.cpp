#include "verify/statistical/fact1_sampled.hpp"

#include <stdexcept>

#include "reference/pmf/discrete_laplace.hpp"

namespace dpb::verify::statistical {

SumCheck fact1_sampled_check(Suite suite) {
  SumCheck check;
  check.claim_id = "000.fact1.sampled";
  check.stream_base = 1000;
  check.samples = suite == Suite::quick ? 200000 : 1000000;
  const std::vector<std::uint64_t> ns = suite == Suite::quick ? std::vector<std::uint64_t>{1, 8, 64}
                                                              : std::vector<std::uint64_t>{1, 2, 8, 64};
  const std::vector<Rational> ts = suite == Suite::quick
                                       ? std::vector<Rational>{Rational(1), Rational(4)}
                                       : std::vector<Rational>{Rational(1, 2), Rational(1), Rational(4), Rational(16)};
  for (const auto& t : ts)
    for (auto n : ns) {
      SumCase c;
      c.label = "n=" + std::to_string(n) + ", t=" + dpb::to_string(t);
      c.users = n;
      c.per_user = {ref::NoiseKind::PolyaDifference, Rational(Integer(1), Integer(n)), t, Rational(0)};
      c.aggregate = {ref::NoiseKind::DiscreteLaplace, Rational(0), t, Rational(0)};
      check.cases.push_back(std::move(c));
    }
  if (suite == Suite::full) {  // one large batch
    SumCase c;
    c.label = "n=256, t=4";
    c.users = 256;
    c.per_user = {ref::NoiseKind::PolyaDifference, Rational(1, 256), Rational(4), Rational(0)};
    c.aggregate = {ref::NoiseKind::DiscreteLaplace, Rational(0), Rational(4), Rational(0)};
    check.cases.push_back(std::move(c));
  }
  check.cases.push_back(calibrated_case(ref::Variant::DistDP, Rational(1, 2), 5, 1000));
  check.target = [](const SumCase& c) {
    // Fact 1 applies with r = 1/n: the claim's law of the sum is Lap_Z(t) for the case's own t.
    if (c.per_user.kind != ref::NoiseKind::PolyaDifference || c.per_user.polya_r * Integer(c.users) != 1)
      throw std::invalid_argument("000.fact1.sampled: case '" + c.label + "' is not Pólya(1/n, ·) per user");
    return SumTarget{std::make_unique<ref::DiscreteLaplacePmf>(c.per_user.scale), {}};
  };
  return check;
}

}  // namespace dpb::verify::statistical
