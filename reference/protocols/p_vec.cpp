#include "reference/protocols/p_vec.hpp"

#include <limits>

namespace dpb::ref {

std::string_view pvec_range_name(PVecRange r) { return r == PVecRange::TwoDelta ? "2delta" : "delta"; }
std::string_view pvec_shuffle_name(PVecShuffle s) { return s == PVecShuffle::Explicit ? "explicit" : "counts"; }

Integer PVecParams::length() const {
  if (message_bits != 0) return message_bits;
  return range == PVecRange::TwoDelta ? Integer(g + b) : Integer(2 * g + b);
}

Integer pvec_max_ones(const PVecParams& params) { return ceil(Rational(2 * params.delta * params.g / params.r())) + params.b; }

namespace {

const Integer& int63_max() {
  static const Integer m = (Integer(1) << 63) - 1;
  return m;
}

void require_p(const Rational& p, std::string_view function) {
  if (p != Rational(1, 4) && p != Rational(1, 2))
    throw_parameter_error(function, "p", "1/4 or 1/2 (the sublinear binomial's biases)", to_string(p));
}

}  // namespace

PVecParams validate(PVecParams params) {
  require_positive(params.batch, "PVec", "B");
  require_positive(params.g, "PVec", "g");
  require_nonnegative(params.b, "PVec", "b");
  require_p(params.p, "PVec");
  require_positive(params.delta, "PVec", "delta");
  require_reasonable_size(params.delta, "PVec", "delta");
  require_nonnegative(params.message_bits, "PVec", "message_bits");
  if (params.g > int63_max()) throw_parameter_error("PVec", "g", "<= 2^63 - 1", to_string(params.g));
  if (params.b > int63_max()) throw_parameter_error("PVec", "b", "<= 2^63 - 1", to_string(params.b));
  params.message_bits = params.length();
  if (pvec_max_ones(params) > params.message_bits)
    throw_parameter_error("PVec", "message_bits",
                          ">= ceil(2 delta g / r) + b = " + to_string(pvec_max_ones(params)) + " (range " +
                              std::string(pvec_range_name(params.range)) + ")",
                          to_string(params.message_bits));
  const Integer total = params.batch * params.message_bits * Integer(params.labels.size());
  if (total > int63_max())
    throw_parameter_error("PVec", "B", "such that B·ℓ·|labels| <= 2^63 - 1 (ℓ = " + to_string(params.message_bits) +
                                           ", " + std::to_string(params.labels.size()) + " labels)",
                          to_string(params.batch));
  return params;
}

ScalarRandomizer::ScalarRandomizer(const Integer& g, const Integer& b, const Rational& p, const Rational& r,
                                   const Integer& length)
    : g_(require_positive(g, "ScalarRandomizer", "g")),
      r_(require_positive(r, "ScalarRandomizer", "r")),
      length_(require_nonnegative(length, "ScalarRandomizer", "length")),
      noise_(require_nonnegative(b, "ScalarRandomizer", "b"), (require_p(p, "ScalarRandomizer"), p)) {}

void check_report(const PVecUserReport& report, const PVecParams& params) {
  if (report.labels.size() != params.labels.size())
    throw std::logic_error("PVec: a report holds " + std::to_string(report.labels.size()) + " messages, expected " +
                           std::to_string(params.labels.size()));
  for (std::size_t k = 0; k < report.labels.size(); ++k) {
    const BitMultiset& m = report.labels[k].message;
    if (m.length != params.message_bits || !m.well_formed())
      throw std::logic_error("PVec: malformed message for label " + params.labels.name(k) + ": " + to_string(m.ones) +
                             " ones in " + to_string(m.length) + " bits (expected " +
                             to_string(params.message_bits) + " bits)");
  }
}

bool PVecTranscript::operator==(const PVecTranscript& o) const {
  return params.labels == o.params.labels && params.batch == o.params.batch && params.g == o.params.g &&
         params.b == o.params.b && params.p == o.params.p && params.delta == o.params.delta &&
         params.range == o.params.range && params.message_bits == o.params.message_bits && path == o.path &&
         shuffle == o.shuffle && values == o.values && x_hat == o.x_hat && noise == o.noise &&
         shuffled == o.shuffled && aggregate_noise == o.aggregate_noise && counts == o.counts && output == o.output;
}

Rational pvec_analyze(const PVecParams& params, const Integer& count) {
  return params.r() / params.g * (Rational(count) - params.p * params.b * params.batch) - params.batch * params.delta;
}

PVec::PVec(PVecParams params, NoisePath path, PVecShuffle shuffle)
    : params_(validate(std::move(params))),
      path_(path),
      shuffle_(shuffle),
      randomizer_(params_.g, params_.b, params_.p, params_.r(), params_.message_bits),
      aggregate_(Integer(params_.batch * params_.b), params_.p) {
  if (shuffle_ == PVecShuffle::Explicit) {
    if (path_ != NoisePath::PerUser)
      throw_parameter_error("PVec", "shuffle", "counts on the aggregate path (S is not simulated there)",
                            "explicit");
    const Integer total = params_.batch * params_.message_bits * Integer(params_.labels.size());
    if (total > Integer(kPVecMaxExplicitBits))
      throw_parameter_error("PVec", "shuffle", "counts when B·ℓ·|labels| > 2^22 (the explicit permutation's limit)",
                            "explicit with " + to_string(total) + " bits");
  }
}

void PVec::check_values(std::span<const std::vector<Rational>> values) const {
  if (Integer(values.size()) != params_.batch)
    throw_parameter_error("PVec::run", "values", "a batch of B = " + to_string(params_.batch) + " users",
                          std::to_string(values.size()) + " users");
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i].size() != params_.labels.size())
      throw_parameter_error("PVec::run", "values",
                            std::to_string(params_.labels.size()) + " label values per user (user " +
                                std::to_string(i) + ")",
                            std::to_string(values[i].size()));
    for (std::size_t k = 0; k < values[i].size(); ++k)
      if (abs(values[i][k]) > params_.delta)
        throw_parameter_error("PVec::run", "values",
                              "in [-delta, delta], delta = " + to_string(params_.delta) + " (user " +
                                  std::to_string(i) + ", label " + params_.labels.name(k) + ")",
                              to_string(values[i][k]));
  }
}

}  // namespace dpb::ref
