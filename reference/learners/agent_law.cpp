#include "reference/learners/agent_law.hpp"

#include <gmp.h>

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

// The exact b-th root of x >= 0 when x is a perfect b-th power.
std::optional<Integer> exact_root(const Integer& x, unsigned long b) {
  Integer r;
  if (mpz_root(r.backend().data(), x.backend().data(), b) == 0) return std::nullopt;
  return r;
}

// (u/v)^(1/b) when u/v is a b-th power of a rational (u/v in lowest terms), else nullopt.
std::optional<Rational> rational_root(const Rational& q, unsigned long b) {
  const auto u = exact_root(boost::multiprecision::numerator(q), b);
  if (!u) return std::nullopt;
  const auto v = exact_root(boost::multiprecision::denominator(q), b);
  if (!v) return std::nullopt;
  return Rational(*u, *v);
}

// Refinement first tries this precision before asking whether F(k) is rational.
constexpr mpfr_prec_t kExactCheckPrecision = 1024;

}  // namespace

std::optional<Rational> PowerAgentLaw::rational_cdf(std::uint32_t k) const {
  if (k + 1 == N_) return Rational(1);
  // γ = a/b (lowest terms, b >= 2 as γ ∈ (0, 1)); m_i = i + 1 + α; w_i = m_i^(−a/b). w_i/w_j is rational iff m_j/m_i
  // is a b-th power of a rational (gcd(a, b) = 1). Group the weights into such classes: within class C with
  // representative r, w_i = w_r·c_i with c_i = ((m_r/m_i)^(1/b))^a rational. The representatives' weights are
  // b-th roots of rationals in distinct classes, hence linearly independent over Q (Besicovitch 1940; Siegel 1972
  // for real radicals), so F(k) = Σ_C w_C A_C / Σ_C w_C B_C (A_C = Σ_{i∈C, i<=k} c_i, B_C = Σ_{i∈C} c_i) is a
  // rational f iff A_C = f·B_C for every class: iff every class has the same fraction A_C/B_C, which is then F(k).
  const Integer a = boost::multiprecision::numerator(gamma_);
  const Integer bz = boost::multiprecision::denominator(gamma_);
  if (bz > Integer(1) << 20 || a > Integer(1) << 20) return std::nullopt;  // such a root exists only for m_i/m_j = 1
  const auto b = bz.convert_to<unsigned long>();
  const auto ai = a.convert_to<unsigned>();
  auto m = [&](std::uint32_t i) { return Rational(Integer(i) + 1) + offset_; };
  // A necessary condition, O(N): a class wholly above k makes F(k) irrational, so index k + 1 must share a class
  // with some index <= k.
  bool shared = false;
  for (std::uint32_t i = 0; i <= k && !shared; ++i) shared = rational_root(m(i) / m(k + 1), b).has_value();
  if (!shared) return std::nullopt;
  std::vector<std::uint32_t> reps;
  std::vector<Rational> A, B;
  for (std::uint32_t i = 0; i < N_; ++i) {
    std::size_t c = 0;
    std::optional<Rational> root;
    for (; c < reps.size(); ++c)
      if ((root = rational_root(m(reps[c]) / m(i), b))) break;
    if (c == reps.size()) {
      reps.push_back(i);
      A.emplace_back(0);
      B.emplace_back(0);
      root = Rational(1);
    }
    Rational ci = 1;
    for (unsigned t = 0; t < ai; ++t) ci *= *root;
    B[c] += ci;
    if (i <= k) A[c] += ci;
  }
  const Rational f = A[0] / B[0];
  for (std::size_t c = 1; c < reps.size(); ++c)
    if (A[c] != f * B[c]) return std::nullopt;
  return f;
}

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
    if (prec == kExactCheckPrecision) {  // errata, issue 15: where F(k) is rational, compare exactly
      auto it = rational_cdf_.find(k);
      if (it == rational_cdf_.end()) it = rational_cdf_.emplace(k, rational_cdf(k)).first;
      if (it->second) return *it->second > x ? 1 : (*it->second == x ? 0 : -1);
    }
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
  if (const auto F = rational_cdf(k)) return to_uint64(floor(*F * Rational(Integer(1) << 64)));
  const Integer f = internal::certified_floor(
      [&](mpfr_prec_t prec) { return cdf(k, prec).mul(Rational(Integer(1) << 64)); },
      "PowerAgentLaw: floor(F(" + std::to_string(k) + ")·2^64)");
  return to_uint64(f);
}

}  // namespace dpb::ref
