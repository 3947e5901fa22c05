#include "reference/protocols/labels.hpp"

#include "reference/core/errors.hpp"

namespace dpb::ref {

LabelSet LabelSet::vector(std::uint32_t d) {
  if (d < 1) throw_parameter_error("LabelSet", "d", ">= 1", std::to_string(d));
  return LabelSet(LabelKind::Vector, d);
}

LabelSet LabelSet::symmetric_matrix(std::uint32_t dim) {
  if (dim < 1 || dim > 65536) throw_parameter_error("LabelSet", "dim", "in [1, 65536]", std::to_string(dim));
  return LabelSet(LabelKind::SymmetricMatrix, dim);
}

Label LabelSet::at(std::size_t index) const {
  if (index >= size())
    throw_parameter_error("LabelSet::at", "index", "< " + std::to_string(size()), std::to_string(index));
  if (kind_ == LabelKind::Vector) return {static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index)};
  // Row i holds dim − i labels (i, i..dim−1).
  std::uint32_t i = 0;
  std::size_t rest = index;
  while (rest >= dim_ - i) {
    rest -= dim_ - i;
    ++i;
  }
  return {i, static_cast<std::uint32_t>(i + rest)};
}

std::size_t LabelSet::index(const Label& l) const {
  if (kind_ == LabelKind::Vector) {
    if (l.i != l.j || l.i >= dim_)
      throw_parameter_error("LabelSet::index", "label", "a vector label (k, k), k < " + std::to_string(dim_),
                            "(" + std::to_string(l.i) + "," + std::to_string(l.j) + ")");
    return l.i;
  }
  const std::uint32_t i = l.i <= l.j ? l.i : l.j, j = l.i <= l.j ? l.j : l.i;
  if (j >= dim_)
    throw_parameter_error("LabelSet::index", "label", "(i, j) with i, j < " + std::to_string(dim_),
                          "(" + std::to_string(l.i) + "," + std::to_string(l.j) + ")");
  // Σ_{r<i} (dim − r) = i·dim − i(i−1)/2
  return std::size_t{i} * dim_ - (i == 0 ? 0 : std::size_t{i} * (i - 1) / 2) + (j - i);
}

std::string LabelSet::name(std::size_t index) const {
  const Label l = at(index);
  if (kind_ == LabelKind::Vector) return std::to_string(l.i);
  return "(" + std::to_string(l.i) + "," + std::to_string(l.j) + ")";
}

namespace {

bool on_grid(const Rational& x, unsigned q) {
  const Integer den = boost::multiprecision::denominator(x);
  return (Integer(1) << q) % den == 0;
}

}  // namespace

void check_user_data(std::span<const Rational> phi, const Rational& y, const DataDomain& domain,
                     std::string_view function) {
  if (domain.q > 30) throw_parameter_error(function, "q", "in [0, 30]", std::to_string(domain.q));
  require_nonnegative(domain.L, function, "L");
  require_nonnegative(domain.Y, function, "Y");
  Rational norm2 = 0;
  for (std::size_t k = 0; k < phi.size(); ++k) {
    if (!on_grid(phi[k], domain.q))
      throw_parameter_error(function, "phi", "on the grid 2^-" + std::to_string(domain.q) + " (coordinate " +
                                                 std::to_string(k) + ")",
                            to_string(phi[k]));
    norm2 += phi[k] * phi[k];
  }
  if (norm2 > domain.L * domain.L)
    throw_parameter_error(function, "phi", "of Euclidean norm <= L = " + to_string(domain.L),
                          "squared norm " + to_string(norm2));
  if (!on_grid(y, domain.q))
    throw_parameter_error(function, "y", "on the grid 2^-" + std::to_string(domain.q), to_string(y));
  if (abs(y) > domain.Y) throw_parameter_error(function, "y", "in [-Y, Y], Y = " + to_string(domain.Y), to_string(y));
}

std::vector<Rational> vector_label_values(std::span<const Rational> phi, const Rational& y) {
  std::vector<Rational> v;
  v.reserve(phi.size());
  for (const Rational& p : phi) v.push_back(p * y);
  return v;
}

std::vector<Rational> matrix_label_values(std::span<const Rational> z) {
  std::vector<Rational> v;
  v.reserve(z.size() * (z.size() + 1) / 2);
  for (std::size_t i = 0; i < z.size(); ++i)
    for (std::size_t j = i; j < z.size(); ++j) v.push_back(z[i] * z[j]);
  return v;
}

Rational vector_value_bound(const DataDomain& domain) { return domain.L * domain.Y; }

Rational matrix_value_bound(const DataDomain& domain, bool with_reward) {
  const Rational m = with_reward && domain.Y > domain.L ? domain.Y : domain.L;
  return m * m;
}

}  // namespace dpb::ref
