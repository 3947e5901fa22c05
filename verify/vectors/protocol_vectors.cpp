#include "verify/vectors/protocol_vectors.hpp"

#include <fmt/format.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "optimized/protocols/protocol.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/rational.hpp"
#include "reference/privacy/returning_users.hpp"
#include "reference/protocols/calibration.hpp"
#include "reference/protocols/protocol.hpp"

namespace dpb::verify::vectors {
namespace {

// One calibration input as text (rationals "p/q", integers decimal); empty optional fields are not given.
struct CalibrationCase {
  std::string variant;
  std::string eps;
  long n = 1;
  long horizon = 1;
  std::string s, p, c;
};

// Two or three inputs per variant. The local variant always passes c (its default is provisional, calibration.hpp).
const std::vector<CalibrationCase>& calibration_cases() {
  static const std::vector<CalibrationCase> cases = {
      {"dist-dp", "1", 10, 1000, "", "", ""},       {"dist-dp", "1/2", 100, 1000000, "", "", ""},
      {"dist-dp", "2", 1, 2, "", "", ""},           {"dist-rdp", "1", 10, 1000, "", "", ""},
      {"dist-rdp", "1/2", 64, 100000, "2", "", ""}, {"dist-rdp", "3", 7, 50, "", "1/20", ""},
      {"dist-cdp", "1/2", 10, 1000, "", "", ""},    {"dist-cdp", "9/10", 50, 10000, "3", "", ""},
      {"shuffle", "1", 10, 1000, "", "", ""},       {"shuffle", "3", 20, 100000, "", "1/100", ""},
      {"central", "1/2", 10, 1000, "", "", ""},     {"central", "1/10", 1, 100, "", "", ""},
      {"local", "1/2", 10, 1000, "", "", "2"},      {"local", "9/10", 100, 10000, "", "", "159421/100000"},
      {"local", "1/2", 3, 1000000, "", "", "2"},
  };
  return cases;
}

ref::CalibrationInput to_input(const CalibrationCase& c) {
  ref::CalibrationInput in;
  in.eps = parse_rational(c.eps, "golden vectors", "eps");
  in.n = c.n;
  in.horizon = c.horizon;
  if (!c.s.empty()) in.s = parse_rational(c.s, "golden vectors", "s");
  if (!c.p.empty()) in.p = parse_rational(c.p, "golden vectors", "p");
  if (!c.c.empty()) in.c = parse_rational(c.c, "golden vectors", "c");
  return in;
}

std::string calibration_label(const CalibrationCase& c) {
  std::string s = c.variant + "(eps=" + c.eps + ",n=" + std::to_string(c.n) + ",horizon=" + std::to_string(c.horizon);
  if (!c.s.empty()) s += ",s=" + c.s;
  if (!c.p.empty()) s += ",p=" + c.p;
  if (!c.c.empty()) s += ",c=" + c.c;
  return s + ")";
}

Json input_json(const CalibrationCase& c) {
  Json in;
  in["eps"] = c.eps;
  in["n"] = c.n;
  in["horizon"] = c.horizon;
  if (!c.s.empty()) in["s"] = c.s;
  if (!c.p.empty()) in["p"] = c.p;
  if (!c.c.empty()) in["c"] = c.c;
  return in;
}

std::int64_t int64_of(const Integer& z) {
  if (!fits_int64(z)) throw std::runtime_error("golden vectors: an integer does not fit int64: " + z.str());
  return to_int64(z);
}

Json noise_json(const ref::NoiseLaw& law) {
  Json j;
  j["kind"] = std::string(ref::noise_kind_name(law.kind));
  switch (law.kind) {
    case ref::NoiseKind::None:
      break;
    case ref::NoiseKind::PolyaDifference:
      j["r"] = dpb::to_string(law.polya_r);
      j["scale"] = dpb::to_string(law.scale);
      break;
    case ref::NoiseKind::DiscreteLaplace:
      j["scale"] = dpb::to_string(law.scale);
      break;
    case ref::NoiseKind::Skellam:
    case ref::NoiseKind::DiscreteGaussian:
      j["variance"] = dpb::to_string(law.variance);
      break;
  }
  return j;
}

Record calibration_record(const CalibrationCase& cc) {
  const ref::Calibration c = ref::calibrate(ref::parse_variant(cc.variant), to_input(cc));
  Json body;
  body["variant"] = cc.variant;
  body["input"] = input_json(cc);
  body["s"] = dpb::to_string(c.s);
  body["p"] = dpb::to_string(c.p);
  if (c.c) body["c"] = dpb::to_string(*c.c);
  body["eps_noise"] = dpb::to_string(c.eps_noise);
  if (c.eps_tilde) body["eps_tilde"] = dpb::to_string(*c.eps_tilde);
  if (c.q_tilde) body["q_tilde"] = dpb::to_string(*c.q_tilde);
  if (c.p_prime) body["p_prime"] = dpb::to_string(*c.p_prime);
  body["g"] = int64_of(c.g);
  body["tau"] = int64_of(c.tau);
  body["m"] = int64_of(c.m);
  body["threshold"] = int64_of(c.threshold);
  body["bits_per_message"] = c.bits_per_message;
  body["per_user_noise"] = noise_json(c.per_user_noise);
  body["analyzer_noise"] = noise_json(c.analyzer_noise);
  body["aggregate_noise"] = noise_json(c.aggregate_noise);
  body["failure_probability"] = dpb::to_string(c.failure_probability);
  return make_record("calibration", calibration_label(cc), body);
}

// --- returning users (App. I): calibrate_returning for a few (variant, route, B) ---------------------------------

struct ReturningCase {
  CalibrationCase base;  // base.eps is the total ε
  long B = 1;
  std::string route;
  std::string delta;  // empty for pure
};

const std::vector<ReturningCase>& returning_cases() {
  static const std::vector<ReturningCase> cases = {
      {{"dist-dp", "1", 100, 10000, "", "", ""}, 4, "pure", ""},
      {{"dist-dp", "1", 100, 10000, "", "", ""}, 10, "approx", "1/100000"},
      {{"shuffle", "1", 100, 10000, "", "", ""}, 10, "approx", "1/100000"},
      {{"central", "1/2", 10, 1000, "", "", ""}, 3, "pure", ""},
      {{"local", "1/2", 10, 1000, "", "", "2"}, 1000, "pure", ""},
      {{"dist-rdp", "1", 100, 10000, "", "", ""}, 10, "rdp", "1/100000"},
      {{"dist-rdp", "1", 100, 10000, "", "", ""}, 10, "approx", "1/100000"},
      {{"dist-cdp", "1/2", 1000, 1000000, "", "", ""}, 100, "rdp", "1/1000000"},
      {{"dist-cdp", "1/2", 1000, 1000000, "", "", ""}, 100, "approx", "1/1000000"},
  };
  return cases;
}

Record returning_record(const ReturningCase& rc) {
  ref::ReturningInput in;
  in.base = to_input(rc.base);
  in.B = rc.B;
  in.route = ref::parse_returning_route(rc.route, "golden vectors");
  if (!rc.delta.empty()) in.delta = parse_rational(rc.delta, "golden vectors", "delta");
  const ref::ReturningCalibration r = ref::calibrate_returning(ref::parse_variant(rc.base.variant), in);
  Json body;
  body["variant"] = rc.base.variant;
  body["input"] = input_json(rc.base);
  body["B"] = rc.B;
  body["route"] = rc.route;
  body["delta"] = rc.delta.empty() ? std::string("0") : rc.delta;
  body["eps_param"] = dpb::to_string(r.eps_param);
  body["g"] = int64_of(r.batch.g);
  body["tau"] = int64_of(r.batch.tau);
  body["m"] = int64_of(r.batch.m);
  body["eps_total_upper"] = dpb::to_string(r.eps_total_upper);
  body["delta_total"] = dpb::to_string(r.delta_total);
  if (r.budget) {
    body["eps_i"] = dpb::to_string(r.budget->eps_batch);
    body["delta_i"] = dpb::to_string(r.budget->delta_batch);
    body["delta_prime"] = dpb::to_string(r.budget->delta_prime);
  }
  if (r.batch_eps_certified) body["batch_eps_certified"] = dpb::to_string(*r.batch_eps_certified);
  return make_record("returning_calibration",
                     calibration_label(rc.base) + "/B=" + std::to_string(rc.B) + "/" + rc.route, body);
}

// --- transcripts ---------------------------------------------------------------------------------------------

constexpr std::uint64_t kTranscriptSeed = 20261121;
// Transcript streams start here, apart from the sampler records' streams (0, 1, 2, ...).
constexpr std::uint64_t kTranscriptStreamBase = 1000;

struct TranscriptCase {
  CalibrationCase calibration;
  ref::SecureSumKind secure_sum;
  ref::NoisePath path;
  unsigned shares = 3;
};

const std::vector<std::string> kRewards = {"1/3", "0", "1", "7/10", "1/2"};

const std::vector<TranscriptCase>& transcript_cases() {
  using ref::NoisePath;
  using ref::SecureSumKind;
  static const CalibrationCase dp{"dist-dp", "1", 5, 100, "", "", ""};
  static const CalibrationCase rdp{"dist-rdp", "1", 5, 100, "", "", ""};
  static const CalibrationCase cdp{"dist-cdp", "1/2", 5, 100, "", "", ""};
  static const CalibrationCase shuffle{"shuffle", "1", 5, 100, "", "", ""};
  static const CalibrationCase central{"central", "1/2", 5, 100, "", "", ""};
  static const CalibrationCase local{"local", "1/2", 5, 100, "", "", "2"};
  static const std::vector<TranscriptCase> cases = {
      {dp, SecureSumKind::Modular, NoisePath::PerUser},
      {dp, SecureSumKind::Masked, NoisePath::PerUser},
      {dp, SecureSumKind::ShuffledShares, NoisePath::PerUser, 3},
      {dp, SecureSumKind::Modular, NoisePath::Aggregate},
      {rdp, SecureSumKind::Modular, NoisePath::PerUser},
      {rdp, SecureSumKind::Modular, NoisePath::Aggregate},
      {cdp, SecureSumKind::Modular, NoisePath::PerUser},
      {cdp, SecureSumKind::Modular, NoisePath::Aggregate},
      {shuffle, SecureSumKind::ShuffledShares, NoisePath::PerUser, 2},
      {shuffle, SecureSumKind::Modular, NoisePath::Aggregate},
      {central, SecureSumKind::Modular, NoisePath::PerUser},
      {central, SecureSumKind::Masked, NoisePath::PerUser},
      {central, SecureSumKind::Modular, NoisePath::Aggregate},
      {local, SecureSumKind::Modular, NoisePath::PerUser},
      {local, SecureSumKind::Modular, NoisePath::Aggregate},
  };
  return cases;
}

template <class V>
Json int_array(const V& v) {
  Json a = Json::array();
  for (const auto& x : v) a.push_back(int64_of(Integer(x)));
  return a;
}

Record transcript_record(const TranscriptCase& tc, std::uint64_t stream, Impl impl) {
  const ref::Calibration c = ref::calibrate(ref::parse_variant(tc.calibration.variant), to_input(tc.calibration));
  ref::ProtocolOptions options;
  options.secure_sum = tc.secure_sum;
  options.path = tc.path;
  options.shares = tc.shares;
  std::vector<Rational> x;
  for (const auto& s : kRewards) x.push_back(parse_rational(s, "golden vectors", "x"));
  ChaCha20Source source(kTranscriptSeed, stream);
  CountingSource<ChaCha20Source> bits(source);
  ref::Transcript t;
  if (impl == Impl::optimized) {
    fast::Protocol protocol(c, options);
    t = protocol.run(std::span<const Rational>(x), bits).to_reference();
  } else {
    ref::Protocol protocol(c, options);
    t = protocol.run(std::span<const Rational>(x), bits);
  }
  Json body;
  Json calibration;
  calibration["variant"] = tc.calibration.variant;
  const Json input = input_json(tc.calibration);
  for (auto it = input.begin(); it != input.end(); ++it) calibration[it.key()] = it.value();
  body["calibration"] = calibration;
  body["secure_sum"] = std::string(ref::secure_sum_name(tc.secure_sum));
  body["path"] = std::string(ref::noise_path_name(tc.path));
  body["shares_per_message"] = t.shares_per_message;
  body["seed"] = kTranscriptSeed;
  body["stream"] = stream;
  body["n"] = int64_of(t.n);
  body["g"] = int64_of(t.g);
  body["tau"] = int64_of(t.tau);
  body["m"] = int64_of(t.m);
  body["threshold"] = int64_of(t.threshold);
  body["x"] = kRewards;
  body["x_hat"] = int_array(t.x_hat);
  body["noise"] = int_array(t.noise);
  body["noise_sum"] = int64_of(t.noise_sum);
  body["messages"] = int_array(t.messages);
  body["masks"] = int_array(t.masks);
  body["masked_messages"] = int_array(t.masked_messages);
  body["shares"] = int_array(t.shares);
  body["shuffled_shares"] = int_array(t.shuffled_shares);
  body["y_hat"] = int64_of(t.y_hat);
  body["analyzer_noise"] = int64_of(t.analyzer_noise);
  body["y_analyzed"] = int64_of(t.y_analyzed);
  body["decoded"] = int64_of(t.decoded);
  body["z"] = dpb::to_string(t.z);
  body["bits"] = bits.count();
  const std::string id =
      fmt::format("{}/{}/{}@{}/{}", calibration_label(tc.calibration), ref::secure_sum_name(tc.secure_sum),
                  ref::noise_path_name(tc.path), kTranscriptSeed, stream);
  return make_record("transcript", id, body);
}

}  // namespace

CategoryFile generate_calibrations() {
  CategoryFile file{"calibrations", {header_record("calibrations")}};
  for (const auto& c : calibration_cases()) file.records.push_back(calibration_record(c));
  for (const auto& c : returning_cases()) file.records.push_back(returning_record(c));
  return file;
}

CategoryFile generate_transcripts(Impl impl) {
  CategoryFile file{"transcripts", {header_record("transcripts")}};
  std::uint64_t stream = kTranscriptStreamBase;
  for (const auto& c : transcript_cases()) file.records.push_back(transcript_record(c, stream++, impl));
  return file;
}

}  // namespace dpb::verify::vectors
