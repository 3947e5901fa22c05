// Label sets and user data of seed 001's protocols (Chowdhury & Zhou, "Shuffle Private Linear Contextual Bandits",
// ICML 2022, arXiv:2202.05567; App. C.1, Algorithms 5–7; docs/protocol-001.md).
//
// A label set names the coordinates one protocol instance releases:
//   Vector(d):          labels k = 0..d−1, the coordinates of v = φ·y            (Alg. 5 R1)
//   SymmetricMatrix(D): labels (i, j), 0 ≤ i ≤ j < D, row-major upper triangle, the entries of z zᵀ
//                       (Alg. 5 R2 with z = φ, D = d; issue 20's Gram of z = (φ, y) with D = d + 1)
// Only the upper triangle is randomized and released; the mirrored entry (j, i) is a copy (Alg. 5 line
// "m_(j,i) ← m_(i,j)"), so it carries no message of its own.
//
// User data (errata to issue 17, "Domain"): φ ∈ (2^−q ℤ)^d with ‖φ‖₂ ≤ L and y ∈ 2^−q ℤ with |y| ≤ Y, all checked
// exactly (‖φ‖₂² ≤ L² on rationals). Every label value then lies on the grid 2^−2q and |v| ≤ the label set's bound
// (L·Y for vectors, max(L, Y)² for matrices of z = (φ, y), L² for matrices of φ).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"

namespace dpb::ref {

enum class LabelKind { Vector, SymmetricMatrix };

struct Label {
  std::uint32_t i = 0, j = 0;  // vector label k: (k, k); matrix label (i, j), i <= j
  bool operator==(const Label&) const = default;
};

class LabelSet {
 public:
  // dim >= 1 and, for matrices, dim <= 2^16 (ParameterError naming LabelSet otherwise).
  static LabelSet vector(std::uint32_t d);
  static LabelSet symmetric_matrix(std::uint32_t dim);

  LabelKind kind() const { return kind_; }
  std::uint32_t dim() const { return dim_; }
  std::size_t size() const { return kind_ == LabelKind::Vector ? dim_ : std::size_t{dim_} * (dim_ + 1) / 2; }
  Label at(std::size_t index) const;          // index < size()
  std::size_t index(const Label& l) const;    // inverse of at (matrix: either order of i, j)
  std::string name(std::size_t index) const;  // "3" or "(1,2)" (0-based)
  bool operator==(const LabelSet&) const = default;

 private:
  LabelSet(LabelKind k, std::uint32_t dim) : kind_(k), dim_(dim) {}
  LabelKind kind_;
  std::uint32_t dim_;
};

// The declared data domain (errata "Domain"): grid 2^−q, ‖φ‖₂ ≤ L, |y| ≤ Y.
struct DataDomain {
  unsigned q = 16;  // 0 <= q <= 30
  Rational L{1}, Y{1};
};

// Throws ParameterError (naming `function`, parameter phi or y) unless φ and y are in the domain.
void check_user_data(std::span<const Rational> phi, const Rational& y, const DataDomain& domain,
                     std::string_view function);

// The label values of one user: v_k = φ_k·y (vector set, d = φ.size()), or z_i·z_j for i <= j (matrix set, z given).
std::vector<Rational> vector_label_values(std::span<const Rational> phi, const Rational& y);
std::vector<Rational> matrix_label_values(std::span<const Rational> z);

// Bound on |label value| over the domain: L·Y (vector), L² (matrix of φ), max(L, Y)² (matrix of (φ, y)).
Rational vector_value_bound(const DataDomain& domain);
Rational matrix_value_bound(const DataDomain& domain, bool with_reward);

}  // namespace dpb::ref
