#include "reference/learners/internal/rs_round.hpp"

#include <algorithm>

#include "reference/glm/mle.hpp"

namespace dpb::ref::internal {

bool interval_cholesky(const std::vector<Interval>& A, std::uint32_t d, mpfr_prec_t p, std::vector<Interval>& L,
                       Interval& det) {
  L.assign(std::size_t{d} * d, Interval(0L, p));
  det = Interval(1L, p);
  for (std::uint32_t j = 0; j < d; ++j) {
    Interval v = A[j * d + j];
    for (std::uint32_t k = 0; k < j; ++k) v = v - L[j * d + k].sqr();
    if (!v.certainly_greater(Rational(0))) return false;
    det = det * v;
    L[j * d + j] = v.sqrt();
    for (std::uint32_t i = j + 1; i < d; ++i) {
      Interval w = A[i * d + j];
      for (std::uint32_t k = 0; k < j; ++k) w = w - L[i * d + k] * L[j * d + k];
      L[i * d + j] = w / L[j * d + j];
    }
  }
  return true;
}

Interval quad_inverse(const std::vector<Interval>& L, std::uint32_t d, const std::int64_t* f, unsigned q,
                      mpfr_prec_t p) {
  std::vector<Interval> y(d, Interval(0L, p));
  Interval s(0L, p);
  for (std::uint32_t i = 0; i < d; ++i) {
    Interval v(Rational(Integer(f[i]), Integer(Integer(1) << q)), p);
    for (std::uint32_t k = 0; k < i; ++k) v = v - L[i * d + k] * y[k];
    y[i] = v / L[i * d + i];
    s += y[i].sqr();
  }
  return s;
}

Interval inner_box(const std::int64_t* f, unsigned q, const std::vector<Interval>& box, mpfr_prec_t p) {
  const auto [lo, hi] = inner_range(f, q, box);
  return Interval::hull(lo, hi, p);
}

std::vector<std::uint32_t> first_of_duplicates(std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d) {
  std::vector<std::uint32_t> first(K);
  for (std::uint32_t a = 0; a < K; ++a) {
    first[a] = a;
    const std::int64_t* f = &arms[std::size_t{a} * d];
    for (std::uint32_t b = 0; b < a; ++b)
      if (std::equal(f, f + d, &arms[std::size_t{b} * d])) {
        first[a] = b;
        break;
      }
  }
  return first;
}

bool eliminate(std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d, unsigned q,
               const std::vector<std::uint32_t>& first, const std::vector<Rational>& s,
               const std::vector<Interval>& theta_o, const Rational& width2, mpfr_prec_t p, std::vector<bool>& kept) {
  kept.assign(K, true);
  const Interval width = Interval(width2, p).sqrt();
  std::vector<Interval> root;
  for (std::uint32_t a = 0; a < K; ++a) root.push_back(Interval(s[a], p).sqrt());
  std::vector<std::int64_t> diff(d);
  for (std::uint32_t a = 0; a < K; ++a) {
    if (first[a] != a) {
      kept[a] = kept[first[a]];
      continue;
    }
    for (std::uint32_t z = 0; z < K && kept[a]; ++z) {
      if (first[z] != z || z == a) continue;
      for (std::uint32_t i = 0; i < d; ++i) diff[i] = arms[std::size_t{a} * d + i] - arms[std::size_t{z} * d + i];
      const Interval v = inner_box(diff.data(), q, theta_o, p) + (root[a] + root[z]) * width;
      if (v.certainly_less(Rational(0)))
        kept[a] = false;
      else if (v.lower() < 0)
        return false;
    }
  }
  return true;
}

std::optional<std::uint32_t> ucb_argmax(std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d,
                                        unsigned q, const std::vector<std::uint32_t>& first,
                                        const std::vector<bool>& kept, const std::vector<Interval>& L,
                                        const std::vector<Interval>& theta_tau, const Rational& beta, mpfr_prec_t p) {
  std::uint32_t c = K;
  std::vector<Interval> idx(K, Interval(0L, p)), root(K, Interval(0L, p));
  for (std::uint32_t a = 0; a < K; ++a) {
    if (!kept[a] || first[a] != a) continue;
    root[a] = quad_inverse(L, d, &arms[std::size_t{a} * d], q, p).sqrt();
    idx[a] = inner_box(&arms[std::size_t{a} * d], q, theta_tau, p) + root[a].mul(beta);
    if (c == K || idx[a].lower() > idx[c].lower()) c = a;
  }
  if (c == K) return std::nullopt;
  std::vector<std::int64_t> diff(d);
  for (std::uint32_t a = 0; a < K; ++a) {
    if (!kept[a] || first[a] != a || a == c) continue;
    for (std::uint32_t i = 0; i < d; ++i) diff[i] = arms[std::size_t{c} * d + i] - arms[std::size_t{a} * d + i];
    const Interval v = inner_box(diff.data(), q, theta_tau, p) + (root[c] - root[a]).mul(beta);
    if (!v.certainly_greater(Rational(0))) return std::nullopt;
  }
  return c;
}

std::uint32_t norm_argmax(std::span<const std::int64_t> arms, std::uint32_t K, std::uint32_t d,
                          const std::vector<std::uint32_t>& first, const std::vector<bool>& kept, bool beta_zero) {
  std::uint32_t c = K;
  Integer best = -1;
  for (std::uint32_t a = 0; a < K; ++a) {
    if (!kept[a] || first[a] != a) continue;
    Integer n2 = 0;
    if (!beta_zero)
      for (std::uint32_t i = 0; i < d; ++i) n2 += Integer(arms[std::size_t{a} * d + i]) * arms[std::size_t{a} * d + i];
    if (c == K || n2 > best) {
      best = n2;
      c = a;
    }
  }
  return c;
}

}  // namespace dpb::ref::internal
