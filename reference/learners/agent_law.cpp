#include "reference/learners/agent_law.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "reference/learners/internal/certified.hpp"

namespace dpb::ref {

namespace {

constexpr mpfr_prec_t kTablePrecision = 128;

// w_i = (i + 1 + α)^−γ = exp(−γ·ln(i + 1 + α)), enclosed.
Interval weight(std::uint32_t i, const Rational& gamma, const Rational& offset, mpfr_prec_t prec) {
  return Interval(Rational(Integer(i) + 1) + offset, prec).log().mul(-gamma).exp();
}

std::vector<Interval> prefix_cdf(std::uint32_t N, const Rational& gamma, const Rational& offset, mpfr_prec_t prec,
                                 std::uint32_t upto) {
  std::vector<Interval> S;
  S.reserve(N);
  Interval sum(Rational(0), prec);
  for (std::uint32_t i = 0; i < N; ++i) {
    sum += weight(i, gamma, offset, prec);
    S.push_back(sum);
  }
  std::vector<Interval> F;
  F.reserve(upto + 1);
  for (std::uint32_t k = 0; k <= upto; ++k) F.push_back(S[k] / S[N - 1]);
  return F;
}

}  // namespace

PowerAgentLaw::PowerAgentLaw(std::uint32_t N, Rational gamma, Rational offset)
    : N_(N), gamma_(std::move(gamma)), offset_(std::move(offset)) {
  table_ = prefix_cdf(N_, gamma_, offset_, kTablePrecision, N_ - 1);
}

Interval PowerAgentLaw::cdf(std::uint32_t k, mpfr_prec_t prec) const {
  if (k + 1 == N_) return Interval(Rational(1), prec);
  if (prec == kTablePrecision) return table_[k];
  return prefix_cdf(N_, gamma_, offset_, prec, k)[k];
}

int PowerAgentLaw::compare(std::uint32_t k, const Rational& x) {
  if (k + 1 == N_) return Rational(1) > x ? 1 : (Rational(1) == x ? 0 : -1);
  for (mpfr_prec_t prec = kTablePrecision; prec <= internal::kMaxPrecision; prec *= 2) {
    const Interval F = cdf(k, prec);
    if (F.certainly_greater(x)) return 1;
    if (F.certainly_less(x)) return -1;
  }
  throw std::runtime_error("PowerAgentLaw: F(" + std::to_string(k) + ") not separated from " + to_string(x) +
                           " at the maximal precision");
}

std::optional<std::uint32_t> PowerAgentLaw::decide(const Integer& u, unsigned chunks) {
  const Integer scale = Integer(1) << (64 * chunks);
  const Rational lo(u, scale), hi(Integer(u + 1), scale);
  // k = the smallest index with F(k) >= hi (F(N−1) = 1 >= hi).
  std::uint32_t a = 0, b = N_ - 1;
  while (a < b) {
    const std::uint32_t m = a + (b - a) / 2;
    if (compare(m, hi) >= 0)
      b = m;
    else
      a = m + 1;
  }
  if (a == 0 || compare(a - 1, lo) <= 0) return a;
  return std::nullopt;
}

std::uint64_t PowerAgentLaw::floor_cdf_scaled(std::uint32_t k) {
  const Interval scaled = table_[k].mul(Rational(Integer(1) << 64));  // usually decides at the table's precision
  const Integer lo = floor(scaled.lower()), hi = floor(scaled.upper());
  if (lo == hi) return to_uint64(lo);
  const Integer f = internal::certified_floor(
      [&](mpfr_prec_t prec) { return cdf(k, prec).mul(Rational(Integer(1) << 64)); },
      "PowerAgentLaw: floor(F(" + std::to_string(k) + ")·2^64)");
  return to_uint64(f);
}

}  // namespace dpb::ref
