#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::ref {

unsigned tree_levels(const Integer& leaves) {
  require_positive(leaves, "tree_levels", "N");
  // ⌈log₂ N⌉ = bit_length(N − 1)
  return bit_length(Integer(leaves - 1)) + 1;
}

namespace {

const TreeParams& checked(const TreeParams& p) {
  if (p.leaves < 1 || p.leaves > (Integer(1) << 62))
    throw_parameter_error("TreeMechanism", "N", "in [1, 2^62]", to_string(p.leaves));
  return p;
}

// ⌈√X⌉ for X >= 0.
Integer ceil_sqrt(const Integer& X) {
  Integer s = floor_sqrt(X);
  if (s * s < X) ++s;
  return s;
}

// a = ⌈σ·f·2^32⌉ for f = 2^(e/2), e = −1 (σ/√2: shift = 63) or +1 (σ√2: shift = 65), σ = num/den: the least a with
// (a·den)² >= num²·2^shift, i.e. a = ⌈b/den⌉ with b = ⌈√(num²·2^shift)⌉ (a·den >= b ⇔ a·den >= √(num²·2^shift)).
Rational round_up_scaled(const Rational& sigma, unsigned shift) {
  if (sigma <= 0) throw_parameter_error("TreeMechanism", "sigma", "> 0", to_string(sigma));
  const Integer num = boost::multiprecision::numerator(sigma), den = boost::multiprecision::denominator(sigma);
  const Integer b = ceil_sqrt(Integer(Integer(num * num) << shift));
  Integer a = b / den;
  if (a * den < b) ++a;
  return Rational(a, Integer(1) << kTreeSigmaGridBits);
}

}  // namespace

std::string symmetrisation_name(Symmetrisation s) {
  switch (s) {
    case Symmetrisation::None: return "none";
    case Symmetrisation::Half: return "half";
    case Symmetrisation::Root2: return "root2";
  }
  return "none";
}

Symmetrisation parse_symmetrisation(const std::string& s, std::string_view function) {
  if (s == "none") return Symmetrisation::None;
  if (s == "half") return Symmetrisation::Half;
  if (s == "root2") return Symmetrisation::Root2;
  throw_parameter_error(function, "symmetrisation", "one of none, half, root2", s);
}

Rational round_up_sigma_over_sqrt2(const Rational& sigma) { return round_up_scaled(sigma, 2 * kTreeSigmaGridBits - 1); }
Rational round_up_sigma_times_sqrt2(const Rational& sigma) { return round_up_scaled(sigma, 2 * kTreeSigmaGridBits + 1); }

std::vector<TreeNodeId> tree_prefix_cover(std::uint64_t t) {
  std::vector<TreeNodeId> out;
  for (unsigned h = 0; h < 64; ++h)
    if ((t >> h) & 1U) out.push_back({h, (t >> h) - 1});
  return out;
}

std::vector<Rational> tree_label_sigmas(const TreeParams& p) {
  const std::size_t L = p.labels.size();
  if (p.symmetrisation == Symmetrisation::None) return std::vector<Rational>(L, p.sigma);
  if (p.labels.kind() != LabelKind::SymmetricMatrix)
    throw_parameter_error("TreeMechanism", "symmetrisation", "none for a vector label set",
                          symmetrisation_name(p.symmetrisation));
  const bool half = p.symmetrisation == Symmetrisation::Half;
  const Rational diag = half ? p.sigma : round_up_sigma_times_sqrt2(p.sigma);
  const Rational off = half ? round_up_sigma_over_sqrt2(p.sigma) : p.sigma;
  std::vector<Rational> out;
  for (std::size_t k = 0; k < L; ++k) {
    const Label l = p.labels.at(k);
    out.push_back(l.i == l.j ? diag : off);
  }
  return out;
}

std::vector<Rational> tree_variance_factors(const TreeParams& p) {
  const std::size_t L = p.labels.size();
  if (p.symmetrisation == Symmetrisation::None) return std::vector<Rational>(L, Rational(1));
  (void)tree_label_sigmas(p);  // validation
  const bool half = p.symmetrisation == Symmetrisation::Half;
  std::vector<Rational> out;
  for (std::size_t k = 0; k < L; ++k) {
    const Label l = p.labels.at(k);
    out.push_back(l.i == l.j ? (half ? Rational(1) : Rational(2)) : (half ? Rational(1, 2) : Rational(1)));
  }
  return out;
}

TreeMechanism::TreeMechanism(TreeParams params)
    : params_(checked(params)),
      m_(tree_levels(params_.leaves)),
      open_(m_, std::vector<Integer>(params_.labels.size(), Integer(0))),
      noisy_(m_, std::vector<Integer>(params_.labels.size(), Integer(0))) {
  const std::vector<Rational> sig = tree_label_sigmas(params_);
  std::vector<Rational> distinct;
  for (const Rational& s : sig) {
    std::size_t i = 0;
    while (i < distinct.size() && distinct[i] != s) ++i;
    if (i == distinct.size()) {
      distinct.push_back(s);
      samplers_.emplace_back(s, params_.grid_bits);
    }
    sampler_of_.push_back(i);
  }
}

std::vector<Integer> TreeMechanism::to_numerators(std::span<const Rational> leaf) const {
  std::vector<Integer> out;
  const Integer two_r = Integer(1) << params_.grid_bits.convert_to<unsigned>();
  for (std::size_t k = 0; k < leaf.size(); ++k) {
    const Rational a = leaf[k] * two_r;
    if (boost::multiprecision::denominator(a) != 1)
      throw_parameter_error("TreeMechanism::add", "leaf",
                            "on the grid 2^-" + to_string(params_.grid_bits) + " (label " + std::to_string(k) + ")",
                            to_string(leaf[k]));
    out.push_back(boost::multiprecision::numerator(a));
  }
  return out;
}

}  // namespace dpb::ref
