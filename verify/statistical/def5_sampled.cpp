#include "verify/statistical/def5_sampled.hpp"

#include <stdexcept>

#include "reference/pmf/skellam.hpp"

namespace dpb::verify::statistical {

SumCheck def5_sampled_check(Suite suite) {
  SumCheck check;
  check.claim_id = "000.def5.sampled";
  check.stream_base = 2000;
  check.samples = suite == Suite::quick ? 200000 : 1000000;
  const std::vector<std::uint64_t> ns = suite == Suite::quick ? std::vector<std::uint64_t>{1, 8, 64}
                                                              : std::vector<std::uint64_t>{1, 2, 8, 64};
  const std::vector<Rational> vars =
      suite == Suite::quick ? std::vector<Rational>{Rational(2), Rational(100)}
                            : std::vector<Rational>{Rational(1, 2), Rational(2), Rational(100), Rational(1000)};
  for (const auto& v : vars)
    for (auto n : ns) {
      SumCase c;
      c.label = "n=" + std::to_string(n) + ", σ²=" + dpb::to_string(v);
      c.users = n;
      c.per_user = {ref::NoiseKind::Skellam, Rational(0), Rational(0), v / Integer(n)};
      c.aggregate = {ref::NoiseKind::Skellam, Rational(0), Rational(0), v};
      check.cases.push_back(std::move(c));
    }
  if (suite == Suite::full) {  // one large batch
    SumCase c;
    c.label = "n=256, σ²=100";
    c.users = 256;
    c.per_user = {ref::NoiseKind::Skellam, Rational(0), Rational(0), Rational(100, 256)};
    c.aggregate = {ref::NoiseKind::Skellam, Rational(0), Rational(0), Rational(100)};
    check.cases.push_back(std::move(c));
  }
  check.cases.push_back(calibrated_case(ref::Variant::DistRDP, Rational(1, 2), 5, 1000));
  check.target = [](const SumCase& c) {
    if (c.per_user.kind != ref::NoiseKind::Skellam)
      throw std::invalid_argument("000.def5.sampled: case '" + c.label + "' is not Skellam per user");
    // Closure: Σ_{i=1}^n Sk(0, v) = Sk(0, n v).
    return SumTarget{std::make_unique<ref::SkellamPmf>(c.per_user.variance * Integer(c.users)), {}};
  };
  return check;
}

}  // namespace dpb::verify::statistical
