#include "reference/protocols/p2.hpp"

#include <string>

#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

void check_d(std::uint32_t d, std::string_view fn) {
  if (d < 1 || d > 65536) throw_parameter_error(fn, "d", "in [1, 65536]", std::to_string(d));
}

}  // namespace

PVecParams p2_pvec_params(const P2Params& params) {
  check_d(params.d, "P2");
  PVecParams p;
  p.labels = LabelSet::symmetric_matrix(params.d);
  p.batch = params.n;
  p.g = params.g;
  p.b = params.b;
  p.p = Rational(1, 4);
  p.delta = params.delta;
  p.range = params.range;
  p.message_bits = params.message_bits;
  return validate(p);
}

Rational p2_frobenius_squared(std::span<const Rational> triu, std::uint32_t d) {
  check_d(d, "p2_frobenius_squared");
  const LabelSet labels = LabelSet::symmetric_matrix(d);
  if (triu.size() != labels.size())
    throw_parameter_error("p2_frobenius_squared", "triu", std::to_string(labels.size()) + " entries (d(d+1)/2)",
                          std::to_string(triu.size()));
  Rational s(0);
  for (std::size_t k = 0; k < triu.size(); ++k) {
    const Label l = labels.at(k);
    s += (l.i == l.j ? Rational(1) : Rational(2)) * triu[k] * triu[k];
  }
  return s;
}

std::vector<Rational> p2_rank_one_triu(std::span<const Rational> x, const Rational& w) {
  if (x.empty()) throw_parameter_error("p2_rank_one_triu", "x", "of dimension d >= 1", "0");
  std::vector<Rational> out;
  out.reserve(x.size() * (x.size() + 1) / 2);
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i; j < x.size(); ++j) out.emplace_back(w * x[i] * x[j]);
  return out;
}

std::vector<Rational> p2_symmetric(const std::vector<Rational>& triu_output, std::uint32_t d) {
  check_d(d, "p2_symmetric");
  const LabelSet labels = LabelSet::symmetric_matrix(d);
  if (triu_output.size() != labels.size())
    throw_parameter_error("p2_symmetric", "triu_output", std::to_string(labels.size()) + " entries",
                          std::to_string(triu_output.size()));
  std::vector<Rational> m(std::size_t{d} * d);
  for (std::size_t k = 0; k < triu_output.size(); ++k) {
    const Label l = labels.at(k);
    m[std::size_t{l.i} * d + l.j] = triu_output[k];
    m[std::size_t{l.j} * d + l.i] = triu_output[k];  // A₂: o_(j,i) <- o_(i,j)
  }
  return m;
}

P2::P2(const P2Params& params, NoisePath path, PVecShuffle shuffle)
    : params_(params), vec_(p2_pvec_params(params), path, shuffle) {
  params_.message_bits = vec_.params().message_bits;
}

void P2::check_users(std::span<const std::vector<Rational>> triu_rows) const {
  const std::size_t L = vec_.params().labels.size();
  const Rational bound = params_.delta * params_.delta;
  for (std::size_t i = 0; i < triu_rows.size(); ++i) {
    if (triu_rows[i].size() != L)
      throw_parameter_error(
          "P2::run", "X",
          "an upper triangle of d(d+1)/2 = " + std::to_string(L) + " entries (user " + std::to_string(i) + ")",
          std::to_string(triu_rows[i].size()) + " entries");
    const Rational f = p2_frobenius_squared(triu_rows[i], params_.d);
    if (f > bound)
      throw_parameter_error("P2::run", "X",
                            "of Frobenius norm <= delta = " + to_string(params_.delta) + " (user " + std::to_string(i) +
                                "; refused, not clipped)",
                            "squared norm " + to_string(f));
  }
}

}  // namespace dpb::ref
