#include "verify/protocol_checks/calibration_json.hpp"

namespace dpb::verify {
namespace {

// For display only: the nearest double of an exact rational.
double approx(const Rational& q) { return q.convert_to<double>(); }  // report-only

nlohmann::json law_json(const ref::NoiseLaw& law) {
  nlohmann::json j = {{"kind", std::string(ref::noise_kind_name(law.kind))}};
  switch (law.kind) {
    case ref::NoiseKind::None: break;
    case ref::NoiseKind::PolyaDifference:
      j["r"] = to_string(law.polya_r);
      j["scale"] = to_string(law.scale);
      j["beta"] = "e^(-" + to_string(Rational(1 / law.scale)) + ")";
      j["scale_approx"] = approx(law.scale);
      break;
    case ref::NoiseKind::DiscreteLaplace:
      j["scale"] = to_string(law.scale);
      j["beta"] = "e^(-" + to_string(Rational(1 / law.scale)) + ")";
      j["scale_approx"] = approx(law.scale);
      break;
    case ref::NoiseKind::Skellam:
    case ref::NoiseKind::DiscreteGaussian:
      j["variance"] = to_string(law.variance);
      j["variance_approx"] = approx(law.variance);
      break;
  }
  return j;
}

}  // namespace

nlohmann::json to_json(const ref::Calibration& c) {
  nlohmann::json inputs = {{"eps", to_string(c.eps)},
                           {"n", to_string(c.n)},
                           {"horizon", to_string(c.horizon)},
                           {"p", to_string(c.p)}};
  if (c.variant == ref::Variant::DistRDP || c.variant == ref::Variant::DistCDP) inputs["s"] = to_string(c.s);
  if (c.c) inputs["c"] = to_string(*c.c);
  nlohmann::json j = {
      {"variant", std::string(ref::variant_name(c.variant))},
      {"source", c.source},
      {"inputs", inputs},
      {"eps_noise", to_string(c.eps_noise)},
      {"g", to_string(c.g)},
      {"tau", to_string(c.tau)},
      {"m", to_string(c.m)},
      {"threshold", to_string(c.threshold)},
      {"bits_per_message", c.bits_per_message},
      {"per_user_noise", law_json(c.per_user_noise)},
      {"analyzer_noise", law_json(c.analyzer_noise)},
      {"aggregate_noise", law_json(c.aggregate_noise)},
      {"failure_probability", to_string(c.failure_probability)},
      {"failure_probability_approx", approx(c.failure_probability)},
      {"eps_approx", approx(c.eps)},
      {"approx_note", "*_approx fields are decimal approximations for display only"},
  };
  if (c.variant == ref::Variant::Shuffle)
    j["shuffle"] = {{"eps_tilde", to_string(*c.eps_tilde)},
                    {"eps_prime", to_string(c.eps_noise)},
                    {"q_tilde", to_string(*c.q_tilde)},
                    {"p_prime", to_string(*c.p_prime)}};
  return j;
}

}  // namespace dpb::verify
