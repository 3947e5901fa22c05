#include "reference/learners/internal/bareiss.hpp"

#include <stdexcept>

namespace dpb::ref::internal {

namespace {
void divexact(Integer& v, const Integer& by) { mpz_divexact(v.backend().data(), v.backend().data(), by.backend().data()); }
}  // namespace

BareissResult bareiss_symmetric(const std::vector<Integer>& N, std::size_t d) {
  if (N.size() != d * d) throw std::invalid_argument("bareiss_symmetric: N is not d×d");
  BareissResult out;
  const std::size_t w = 2 * d;  // [U | R]
  std::vector<Integer> M(d * w);
  for (std::size_t i = 0; i < d; ++i) {
    for (std::size_t j = 0; j < d; ++j) M[i * w + j] = N[i * d + j];
    M[i * w + d + i] = 1;
  }
  Integer prev = 1;
  for (std::size_t k = 0; k < d; ++k) {
    const Integer p = M[k * w + k];
    out.pivots.push_back(p);
    if (p <= 0) {
      out.failed_pivot = k;
      return out;
    }
    for (std::size_t i = k + 1; i < d; ++i) {
      const Integer a = M[i * w + k];
      for (std::size_t j = k + 1; j < w; ++j) {
        Integer v = p * M[i * w + j] - a * M[k * w + j];
        divexact(v, prev);
        M[i * w + j] = std::move(v);
      }
      M[i * w + k] = 0;
    }
    prev = p;
  }
  out.positive_definite = true;
  out.det = prev;
  out.adj.assign(d * d, Integer(0));
  for (std::size_t col = 0; col < d; ++col)
    for (std::size_t ii = d; ii-- > 0;) {
      Integer v = out.det * M[ii * w + d + col];
      for (std::size_t j = ii + 1; j < d; ++j) v -= M[ii * w + j] * out.adj[j * d + col];
      divexact(v, M[ii * w + ii]);
      out.adj[ii * d + col] = std::move(v);
    }
  return out;
}

}  // namespace dpb::ref::internal
