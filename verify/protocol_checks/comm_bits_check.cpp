#include "verify/protocol_checks/comm_bits_check.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace dpb::verify {

using dpb::to_string;

CommBitsResult check_comm_bits(const CommBitsConfig& config) {
  CommBitsResult r;
  r.config = config;
  for (unsigned k = config.k_min; k <= config.k_max; ++k) {
    ref::CalibrationInput in;
    in.eps = config.eps;
    in.n = Integer(1) << k;
    in.horizon = std::max(config.horizon, in.n);
    in.s = config.s;
    const ref::Calibration c = ref::calibrate(config.variant, in);
    CommBitsRow row{c.n, c.g, c.tau, c.m, c.bits_per_message};
    // ⌈log₂ m⌉ = b  ⇔  2^{b−1} < m <= 2^b
    const Integer two_b = Integer(1) << row.bits;
    if (!(row.m <= two_b && (row.bits == 0 || (two_b >> 1) < row.m))) r.exact_ceiling = false;
    if (!r.rows.empty()) {
      if (row.bits < r.rows.back().bits) r.monotone = false;
      else r.largest_step = std::max(r.largest_step, row.bits - r.rows.back().bits);
    }
    r.rows.push_back(std::move(row));
  }
  // Least squares of bits on k over k >= k_fit_min, exactly: slope = Σ(k−k̄)(b−b̄)/Σ(k−k̄)².
  std::vector<std::pair<Rational, Rational>> pts;  // (k, bits)
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const unsigned k = config.k_min + static_cast<unsigned>(i);
    if (k >= config.k_fit_min) pts.emplace_back(Rational(k), Rational(r.rows[i].bits));
  }
  Rational k_mean = 0, b_mean = 0;
  for (const auto& [k, b] : pts) {
    k_mean += k;
    b_mean += b;
  }
  if (!pts.empty()) {
    k_mean /= Rational(static_cast<long>(pts.size()));
    b_mean /= Rational(static_cast<long>(pts.size()));
  }
  Rational sxy = 0, sxx = 0;
  for (const auto& [k, b] : pts) {
    sxy += (k - k_mean) * (b - b_mean);
    sxx += (k - k_mean) * (k - k_mean);
  }
  r.slope = sxx == 0 ? Rational(0) : sxy / sxx;
  r.intercept = b_mean - r.slope * k_mean;
  r.max_deviation = 0;
  for (const auto& [k, b] : pts) {
    Rational d = b - (r.intercept + r.slope * k);
    if (d < 0) d = -d;
    r.max_deviation = std::max(r.max_deviation, d);
  }
  const bool ok = r.exact_ceiling && r.monotone && r.largest_step <= config.max_step && pts.size() >= 2 &&
                  config.slope_min <= r.slope && r.slope <= config.slope_max && r.max_deviation <= config.max_deviation;
  r.verdict = ok ? Verdict::holds : Verdict::violated;
  return r;
}

std::vector<CommBitsResult> check_comm_bits_all_variants() {
  std::vector<CommBitsResult> out;
  for (ref::Variant v : {ref::Variant::DistDP, ref::Variant::DistRDP, ref::Variant::DistCDP, ref::Variant::Shuffle,
                         ref::Variant::Central, ref::Variant::Local}) {
    CommBitsConfig c;
    c.variant = v;
    c.eps = Rational(1, 2);
    if (v == ref::Variant::DistRDP || v == ref::Variant::DistCDP) {
      c.s = Rational(10);
      c.k_max = 32;  // s = 10 multiplies m by about 10: stay below 2^62
    }
    if (v == ref::Variant::Local) {
      // Local's τ ~ (c g/ε)√(2n log(2T)) ~ n: m ≈ n·g + 2τ still grows like n^{3/2}.
      c.k_max = 34;
    }
    out.push_back(check_comm_bits(c));
  }
  return out;
}

nlohmann::json to_json(const CommBitsResult& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : r.rows)
    rows.push_back({{"n", to_string(row.n)}, {"g", to_string(row.g)}, {"tau", to_string(row.tau)},
                    {"m", to_string(row.m)}, {"bits", row.bits}});
  return {{"variant", std::string(ref::variant_name(r.config.variant))},
          {"eps", to_string(r.config.eps)},
          {"horizon", to_string(r.config.horizon)},
          {"slope_bits_per_log2_n", to_string(r.slope)},
          {"slope_approx", r.slope.convert_to<double>()},  // report-only
          {"max_deviation_bits", to_string(r.max_deviation)},
          {"fit_from_log2_n", r.config.k_fit_min},
          {"largest_step_bits_per_doubling", r.largest_step},
          {"exact_ceiling", r.exact_ceiling},
          {"monotone", r.monotone},
          {"verdict", std::string(to_string(r.verdict))},
          {"rows", rows}};
}

}  // namespace dpb::verify
