#include "reference/privacy/p_amp_view.hpp"

#include <bit>
#include <cstdint>
#include <string>

#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

Integer squared_distance(const std::vector<Integer>& y, const std::vector<Integer>& x) {
  Integer s = 0;
  for (std::size_t k = 0; k < y.size(); ++k) {
    const Integer d = y[k] - x[k];
    s += d * d;
  }
  return s;
}

// The rows of a part's matrix on D (first row x) followed by the others.
std::vector<const std::vector<Integer>*> rows_with(const PAmpViewPart& part, const std::vector<Integer>& x) {
  std::vector<const std::vector<Integer>*> rows{&x};
  for (const auto& o : part.others) rows.push_back(&o);
  return rows;
}

}  // namespace

std::size_t pamp_view_batch(const PAmpView& view) { return view.parts.empty() ? 0 : view.parts[0].others.size() + 1; }

bool others_share_record(const PAmpViewPart& part) {
  for (const auto& o : part.others)
    if (o != part.others.front()) return false;
  return true;
}

void validate(const PAmpView& view) {
  if (view.sigma <= 0) throw_parameter_error("PAmpView", "sigma", "positive", to_string(view.sigma));
  if (view.grid_bits > 62)
    throw_parameter_error("PAmpView", "grid_bits", "at most 62", std::to_string(view.grid_bits));
  if (view.parts.empty()) throw_parameter_error("PAmpView", "parts", "at least one part", "none");
  const std::size_t B = pamp_view_batch(view);
  for (std::size_t p = 0; p < view.parts.size(); ++p) {
    const PAmpViewPart& part = view.parts[p];
    const std::string where = "part " + std::to_string(p);
    if (part.others.size() + 1 != B)
      throw_parameter_error("PAmpView", "parts", "the same batch size B in every part (" + where + ")",
                            std::to_string(part.others.size() + 1));
    const std::size_t L = part.x1.size();
    if (L == 0 || part.x1p.size() != L)
      throw_parameter_error("PAmpView", "x1p", "as many label values as x1 (>= 1) in " + where,
                            std::to_string(part.x1p.size()));
    for (const auto& o : part.others)
      if (o.size() != L)
        throw_parameter_error("PAmpView", "others", std::to_string(L) + " label values per user in " + where,
                              std::to_string(o.size()));
    if (B > (std::size_t{1} << 24))
      throw_parameter_error("PAmpView", "others", "a batch B <= 2^24", std::to_string(B));
    if (!others_share_record(part) && B > kRyserMaxBatch)
      throw_parameter_error("PAmpView", "others",
                            "one shared record (closed form) when B > 16 (Ryser's permanent otherwise), " + where,
                            "distinct records at B = " + std::to_string(B));
  }
}

Interval permanent_ryser(const std::vector<std::vector<Interval>>& a, mpfr_prec_t prec) {
  const std::size_t n = a.size();
  if (n == 0 || n > kRyserMaxBatch)
    throw_parameter_error("permanent_ryser", "n", "in [1, 16]", std::to_string(n));
  for (const auto& row : a)
    if (row.size() != n) throw_parameter_error("permanent_ryser", "a", "square", std::to_string(row.size()));
  std::vector<Interval> rowsum(n, Interval(0L, prec));
  Interval total(0L, prec);
  std::uint32_t gray = 0;
  for (std::uint32_t k = 1; k < (std::uint32_t{1} << n); ++k) {
    const unsigned j = static_cast<unsigned>(std::countr_zero(k));
    gray ^= std::uint32_t{1} << j;
    const bool added = (gray >> j) & 1U;
    for (std::size_t i = 0; i < n; ++i) rowsum[i] = added ? rowsum[i] + a[i][j] : rowsum[i] - a[i][j];
    Interval prod = rowsum[0];
    for (std::size_t i = 1; i < n; ++i) prod *= rowsum[i];
    // sign (−1)^{n − |S|}
    if ((n - static_cast<std::size_t>(std::popcount(gray))) % 2 == 0)
      total += prod;
    else
      total = total - prod;
  }
  return total;
}

Integer pamp_view_shift2(const PAmpView& view) {
  Integer s = 0;
  for (const auto& part : view.parts) s += squared_distance(part.x1, part.x1p);
  return s;
}

Interval pamp_view_likelihood_ratio(const PAmpView& view, const std::vector<std::vector<std::vector<Integer>>>& observed,
                                    mpfr_prec_t prec, bool force_ryser) {
  const std::size_t B = pamp_view_batch(view);
  if (observed.size() != view.parts.size())
    throw_parameter_error("pamp_view_likelihood_ratio", "observed", std::to_string(view.parts.size()) + " parts",
                          std::to_string(observed.size()));
  const Rational c = view.sigma * Rational(Integer(1) << view.grid_bits);
  const Rational two_c2 = 2 * c * c;
  Interval lr(1L, prec);
  for (std::size_t p = 0; p < view.parts.size(); ++p) {
    const PAmpViewPart& part = view.parts[p];
    const auto& Y = observed[p];
    const std::size_t L = part.x1.size();
    if (Y.size() != B)
      throw_parameter_error("pamp_view_likelihood_ratio", "observed", std::to_string(B) + " messages per part",
                            std::to_string(Y.size()));
    for (const auto& y : Y)
      if (y.size() != L)
        throw_parameter_error("pamp_view_likelihood_ratio", "observed", std::to_string(L) + " labels per message",
                              std::to_string(y.size()));
    // Squared distances: row 0 = x₁, row B = x₁′, rows 1..B−1 the others.
    const auto rows = rows_with(part, part.x1);
    std::vector<std::vector<Integer>> D(B + 1, std::vector<Integer>(B));
    Integer dmax = 0;
    for (std::size_t j = 0; j < B; ++j) {
      for (std::size_t i = 0; i < B; ++i) D[i][j] = squared_distance(Y[j], *rows[i]);
      D[B][j] = squared_distance(Y[j], part.x1p);
      for (std::size_t i = 0; i <= B; ++i)
        if (D[i][j] > dmax) dmax = D[i][j];
    }
    Interval ratio(prec);
    if (B == 1) {
      ratio = Interval(Rational(D[1][0] - D[0][0]) / two_c2, prec).exp();
    } else if (others_share_record(part) && !force_ryser) {
      Interval num(0L, prec), den(0L, prec);
      for (std::size_t j = 0; j < B; ++j) {
        num += Interval(Rational(D[1][j] - D[0][j]) / two_c2, prec).exp();
        den += Interval(Rational(D[1][j] - D[B][j]) / two_c2, prec).exp();
      }
      ratio = num / den;
    } else {
      std::vector<std::vector<Interval>> A(B, std::vector<Interval>(B, Interval(prec)));
      std::vector<Interval> row_p(B, Interval(prec));
      for (std::size_t j = 0; j < B; ++j) {
        Integer m = D[0][j];
        for (std::size_t i = 0; i <= B; ++i)
          if (D[i][j] < m) m = D[i][j];
        for (std::size_t i = 0; i < B; ++i) A[i][j] = Interval(Rational(m - D[i][j]) / two_c2, prec).exp();
        row_p[j] = Interval(Rational(m - D[B][j]) / two_c2, prec).exp();
      }
      const Interval num = permanent_ryser(A, prec);
      A[0] = row_p;
      ratio = num / permanent_ryser(A, prec);
    }
    // The rounded view's pmf against the Gaussian kernel: a factor in [e^{−s}, e^{s}],
    // s = B·(L/(8c²) + dmax/(8c⁴)).
    const Rational s = Rational(Integer(B)) * (Rational(Integer(L)) / (8 * c * c) + Rational(dmax) / (8 * c * c * c * c));
    lr = lr * ratio * Interval::hull(-s, s, prec).exp();
  }
  return lr;
}

}  // namespace dpb::ref
