#include "verify/protocol_checks/decode_check.hpp"

#include "optimized/protocols/analyzer.hpp"
#include "optimized/protocols/modular.hpp"
#include "reference/protocols/analyzer.hpp"
#include "reference/protocols/modular.hpp"

namespace dpb::verify {
namespace {

// d(N): the number of ways N = n·g with n, g >= 1.
std::uint64_t divisor_count(std::int64_t N) {
  std::uint64_t d = 0;
  for (std::int64_t i = 1; i * i <= N; ++i)
    if (N % i == 0) d += (i * i == N) ? 1 : 2;
  return d;
}

}  // namespace

DecodeCheckConfig decode_check_config(Suite suite) {
  DecodeCheckConfig c;
  if (suite == Suite::quick) {
    c.max_modulus = 600;
    c.reference_max_modulus = 150;
  }
  return c;
}

DecodeCheckResult check_decode_exhaustive(const DecodeCheckConfig& config) {
  DecodeCheckResult r;
  r.config = config;
  auto fail = [&r](std::int64_t N, std::int64_t tau, std::int64_t S, std::int64_t z, bool reference) {
    ++r.failures;
    if (!r.first_failure) r.first_failure = DecodeCounterexample{N, tau, S, z, reference};
  };
  for (std::int64_t N = 1; N + 1 <= config.max_modulus; ++N) {
    const std::uint64_t d = divisor_count(N);
    for (std::int64_t tau = 0; N + 2 * tau + 1 <= config.max_modulus; ++tau) {
      const std::int64_t m = N + 2 * tau + 1, threshold = N + tau;
      ++r.pairs;
      r.triples += d;
      const fast::Analyzer A(1, static_cast<std::uint64_t>(threshold), static_cast<std::uint64_t>(m));
      for (std::int64_t S = -tau - config.margin; S <= threshold + config.margin; ++S) {
        ++r.points;
        const std::uint64_t y = fast::residue(S, static_cast<std::uint64_t>(m));
        const std::int64_t z = A.decode(y);
        const bool inside = -tau <= S && S <= threshold;
        if (y >= static_cast<std::uint64_t>(m)) {
          fail(N, tau, S, z, false);
        } else if (inside && z == S) {
          ++r.inside_correct;
        } else if (!inside && z != S) {
          ++r.outside_wrong;
        } else {
          fail(N, tau, S, z, false);
        }
        // The ">=" mutant on the same point.
        const std::int64_t zm = y >= static_cast<std::uint64_t>(threshold)
                                    ? static_cast<std::int64_t>(y) - m
                                    : static_cast<std::int64_t>(y);
        if (inside && zm != S) ++r.mutant_failures;
      }
      if (m <= config.reference_max_modulus) {
        const Integer M(m);
        const ref::Analyzer RA(Integer(1), Integer(threshold), M);
        for (std::int64_t S = -tau - config.margin; S <= threshold + config.margin; ++S) {
          ++r.reference_points;
          const Integer z = RA.decode(ref::residue(Integer(S), M));
          const bool inside = -tau <= S && S <= threshold;
          if ((z == S) != inside) fail(N, tau, S, z.convert_to<std::int64_t>(), true);
        }
      }
    }
  }
  r.verdict = (r.failures == 0 && r.mutant_failures > 0) ? Verdict::holds : Verdict::violated;
  return r;
}

nlohmann::json to_json(const DecodeCheckResult& r) {
  nlohmann::json j = {{"max_modulus", r.config.max_modulus},
                      {"reference_max_modulus", r.config.reference_max_modulus},
                      {"margin", r.config.margin},
                      {"pairs_ng_tau", r.pairs},
                      {"triples_n_g_tau", r.triples},
                      {"points", r.points},
                      {"reference_points", r.reference_points},
                      {"inside_correct", r.inside_correct},
                      {"outside_wrong", r.outside_wrong},
                      {"failures", r.failures},
                      {"mutant_geq_failures", r.mutant_failures},
                      {"verdict", std::string(to_string(r.verdict))}};
  if (r.first_failure) {
    const auto& f = *r.first_failure;
    j["first_failure"] = {{"ng", f.ng}, {"tau", f.tau}, {"S", f.S}, {"decoded", f.decoded},
                          {"build", f.reference ? "reference" : "optimized"}};
  }
  return j;
}

}  // namespace dpb::verify
