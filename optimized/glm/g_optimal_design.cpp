#include "optimized/glm/g_optimal_design.hpp"

#include <mpfr.h>

#include <stdexcept>

#include "reference/core/errors.hpp"
#include "reference/glm/internal/fedorov_wynn.hpp"

namespace dpb::fast {

namespace {

constexpr int kMaxSolverSteps = 20000;  // = reference/glm/g_optimal_design.cpp's

// The double nearest to q (ties to even): MPFR's correctly rounded conversion, then an exact read-out.
double nearest_double(const Rational& q) {
  mpfr_t v;
  mpfr_init2(v, 53);
  mpfr_set_q(v, q.backend().data(), MPFR_RNDN);
  const double d = mpfr_get_d(v, MPFR_RNDN);
  mpfr_clear(v);
  return d;
}

Rational exact_of(double x) {
  mpfr_t v;
  mpfr_init2(v, 53);
  mpfr_set_d(v, x, MPFR_RNDN);
  Rational q;
  mpfr_get_q(q.backend().data(), v);
  mpfr_clear(v);
  return q;
}

ref::internal::FedorovWynnResult<double> solve(const ref::ArmSet& arms, const std::vector<double>& scale,
                                               const char* who) {
  std::vector<std::vector<double>> a;
  for (const ref::Vec& x : arms) {
    std::vector<double> row;
    for (const Rational& v : x) row.push_back(nearest_double(v));
    a.push_back(std::move(row));
  }
  const double target = nearest_double(Rational(3 * static_cast<long>(arms[0].size()), 2));
  auto res = ref::internal::fedorov_wynn<double>(a, scale, target, 0x1p-60, kMaxSolverSteps);
  if (!res) throw std::runtime_error(std::string(who) + ": the binary64 solver met a non-positive pivot");
  return *res;
}

std::vector<Rational> exact_weights(const std::vector<double>& w) {
  std::vector<Rational> out;
  for (double x : w) out.push_back(exact_of(x));
  return out;
}

}  // namespace

ref::GOptimalDesign g_optimal_design(const ref::ArmSet& arms) {
  const ref::ArmSet coords = ref::design_coordinates(arms, "g_optimal_design");
  const auto res = solve(coords, std::vector<double>(arms.size(), 1.0), "g_optimal_design");
  return ref::finish_design(coords, exact_weights(res.weights), res.iterations);
}

ref::GOptimalDesign g_optimal_design_scaled(const ref::ArmSet& arms, const std::vector<ref::CertifiedReal>& c) {
  const ref::ArmSet coords = ref::design_coordinates(arms, "g_optimal_design_scaled");
  if (c.size() != arms.size())
    throw_parameter_error("g_optimal_design_scaled", "c", "one scale per arm (" + std::to_string(arms.size()) + ")",
                          std::to_string(c.size()));
  std::vector<double> scale;
  for (const ref::CertifiedReal& x : c) {
    if (ref::compare(x, Rational(0)) <= 0) throw_parameter_error("g_optimal_design_scaled", "c", "> 0", "a value <= 0");
    scale.push_back(nearest_double(ref::round_to_binary64(x)));
  }
  const auto res = solve(coords, scale, "g_optimal_design_scaled");
  return ref::finish_design_scaled(coords, c, exact_weights(res.weights), res.iterations);
}

}  // namespace dpb::fast
