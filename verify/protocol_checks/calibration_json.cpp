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

nlohmann::json to_json(const ref::ReturningCalibration& r) {
  nlohmann::json j = {
      {"variant", std::string(ref::variant_name(r.variant))},
      {"returning_batches", to_string(r.B)},
      {"route", std::string(ref::returning_route_name(r.route))},
      {"method", r.method},
      {"target", {{"eps", to_string(r.eps_target)}, {"delta", to_string(r.delta_target)}}},
      {"eps_batch_param", to_string(r.eps_param)},
      {"eps_batch_param_approx", approx(r.eps_param)},
      {"total", {{"eps_upper", to_string(r.eps_total_upper)},
                 {"eps_upper_approx", approx(r.eps_total_upper)},
                 {"delta", to_string(r.delta_total)}}},
  };
  nlohmann::json per_batch;
  if (r.batch_eps_required) per_batch["eps_required"] = to_string(*r.batch_eps_required);
  if (r.batch_delta_required) per_batch["delta_required"] = to_string(*r.batch_delta_required);
  if (r.batch_eps_certified) per_batch["eps_certified_upper"] = to_string(*r.batch_eps_certified);
  // The noise each batch needs: the aggregate law's parameter (Lap_Z / Pólya-difference scale, or variance).
  const ref::NoiseLaw& agg =
      r.batch.variant == ref::Variant::Central ? r.batch.analyzer_noise
      : r.batch.variant == ref::Variant::DistCDP || r.batch.variant == ref::Variant::Local ? r.batch.per_user_noise
                                                  : r.batch.aggregate_noise;
  if (r.batch.variant == ref::Variant::DistCDP) {
    per_batch["noise"] = "per-user discrete Gaussian, variance " + to_string(agg.variance) + " (sum: " +
                         to_string(agg.variance * Rational(r.batch.n)) + ")";
    per_batch["aggregate_variance"] = to_string(agg.variance * Rational(r.batch.n));
  } else if (agg.kind == ref::NoiseKind::Skellam) {
    per_batch["noise"] = "aggregate Skellam, variance " + to_string(agg.variance);
    per_batch["aggregate_variance"] = to_string(agg.variance);
  } else {
    per_batch["noise"] = std::string(ref::noise_kind_name(agg.kind)) +
                         (r.batch.variant == ref::Variant::Local ? " per user" : r.batch.variant == ref::Variant::Central ? " by the analyzer" : " aggregate") + ", scale " +
                         to_string(agg.scale);
    per_batch["scale"] = to_string(agg.scale);
    per_batch["scale_approx"] = approx(agg.scale);
  }
  if (r.variance_reward_units) {
    per_batch["variance_reward_units"] = to_string(*r.variance_reward_units);
    per_batch["variance_reward_units_approx"] = approx(*r.variance_reward_units);
  }
  j["per_batch"] = per_batch;
  if (r.budget)
    j["approx"] = {{"eps_i", to_string(r.budget->eps_batch)},
                   {"delta_i", to_string(r.budget->delta_batch)},
                   {"delta_prime", to_string(r.budget->delta_prime)},
                   {"thm_3_20_total_upper", to_string(r.budget->eps_total_upper)},
                   {"thm_3_20_total_upper_approx", approx(r.budget->eps_total_upper)},
                   {"delta_total", to_string(r.budget->delta_total)}};
  if (r.alpha)
    j["rdp"] = {{"alpha", to_string(*r.alpha)},
                {"alpha_grid", r.variant == ref::Variant::DistCDP ? "alpha - 1 = 2^(j/16), j = -160..224, then 2^(j/8) up to 2^40 (rho-zCDP holds at every alpha > 1)"
                                                                  : "integers 2..64, x3/2 to 3687, then a += a/11 up to 2^40 (Lemma 3 needs integer alpha)"}};
  j["batch"] = to_json(r.batch);
  j["approx_note"] = "*_approx fields are decimal approximations for display only";
  return j;
}

}  // namespace dpb::verify
