#include "reference/learners/release_schedule.hpp"

#include <map>
#include <utility>

#include "reference/core/errors.hpp"
#include "reference/learners/dp_se_epoch.hpp"
#include "reference/learners/internal/validation.hpp"

namespace dpb::ref {

namespace {

void require_grid(std::int64_t grid, const char* function) {
  if (grid < 1) throw_parameter_error(function, "grid", ">= 1", std::to_string(grid));
}

void add(ReleaseSchedule& s, std::uint32_t law, std::uint64_t first, std::uint64_t count) {
  s.entries.push_back(LedgerEntry{law, 0, first, count, s.entries.size()});
}

}  // namespace

ReleaseSchedule dp_se_schedule(const DpSuccessiveEliminationParams& params, std::int64_t grid) {
  constexpr const char* f = "dp_se_schedule";
  require_grid(grid, f);
  if (params.K < 2) throw_parameter_error(f, "K", ">= 2", std::to_string(params.K));
  if (params.T < 1) throw_parameter_error(f, "T", ">= 1", "0");
  const Rational& eps = internal::require_eps(params.eps, f);
  const Rational beta = internal::confidence_or_default(params.beta, params.T, f, "beta");
  const std::int64_t q = internal::require_noise_refinement(params.noise_refinement, f);
  const Rational unit{Integer(grid) * q};
  ReleaseSchedule s;
  s.horizon = params.T;
  s.description = "dp-se: one arm's epochs e = 1, 2, ... of R_e(|S| = K) fresh pulls, one Lap_Z(Gq/eps) each";
  s.laws.push_back(laplace_law(unit / eps, unit));
  std::uint64_t pulls = 0;
  for (std::uint32_t e = 1;; ++e) {
    const Integer R = dp_se_epoch_length(params.K, e, beta, eps);
    if (R > Integer(params.T - pulls)) break;
    add(s, 0, pulls, to_uint64(R));
    pulls += to_uint64(R);
  }
  return s;
}

ReleaseSchedule anytime_lazy_ucb_schedule(const AnytimeLazyUcbParams& params, std::int64_t grid) {
  constexpr const char* f = "anytime_lazy_ucb_schedule";
  require_grid(grid, f);
  if (params.T < 1) throw_parameter_error(f, "T", ">= 1", "0");
  const Rational& eps = internal::require_eps(params.eps, f);
  const std::int64_t q = internal::require_noise_refinement(params.noise_refinement, f);
  const Rational unit{Integer(grid) * q};
  ReleaseSchedule s;
  s.horizon = params.T;
  s.description = "anytime-lazy-ucb: one arm's arrays r = 0, 1, ... of 2^r pulls, one Lap_Z(Gq/eps) each";
  s.laws.push_back(laplace_law(unit / eps, unit));
  for (std::uint32_t r = 0; (std::uint64_t{1} << (r + 1)) - 1 <= params.T; ++r)
    add(s, 0, (std::uint64_t{1} << r) - 1, std::uint64_t{1} << r);
  return s;
}

ReleaseSchedule hybrid_ucb_schedule(const HybridUcbParams& params, std::int64_t grid) {
  constexpr const char* f = "hybrid_ucb_schedule";
  require_grid(grid, f);
  if (params.T < 1) throw_parameter_error(f, "T", ">= 1", "0");
  const Rational& eps = internal::require_eps(params.eps, f);
  const std::int64_t q = internal::require_noise_refinement(params.noise_refinement, f);
  const Rational unit{Integer(grid) * q};
  ReleaseSchedule s;
  s.horizon = params.T;
  s.description = "hybrid-ucb: one arm's arrays (Lap_Z(2Gq/eps)) and tree nodes (tree r: Lap_Z(2 levels(r) Gq/eps))";
  s.laws.push_back(laplace_law(2 * unit / eps, unit));  // the learner's law table (record_ledger)
  for (unsigned r = 1; r < 64; ++r)
    s.laws.push_back(laplace_law(2 * unit * (params.tree_scale == TreeScale::Paper ? r : r + 1) / eps, unit));
  s.entries.reserve(params.T + 64);
  add(s, 0, 0, 1);  // array 0: the initialization pull
  for (std::uint64_t n = 2; n <= params.T; ++n) {
    const auto r = static_cast<std::uint32_t>(63 - __builtin_clzll(n));
    const std::uint64_t m = n - (std::uint64_t{1} << r) + 1;
    if (m == 1 && r >= 2) {
      const std::uint64_t size = std::uint64_t{1} << (r - 1);
      add(s, 0, size - 1, size);  // array r − 1 joins F̃
    }
    const std::uint64_t size = std::uint64_t{1} << __builtin_ctzll(m);
    add(s, r, n - size, size);  // the node ending at leaf m
  }
  return s;
}

ReleaseSchedule ftnl_schedule(const FtnlParams& params, std::int64_t grid) {
  constexpr const char* f = "ftnl_schedule";
  require_grid(grid, f);
  if (params.T < 1) throw_parameter_error(f, "T", ">= 1", "0");
  if (params.K < 2) throw_parameter_error(f, "K", ">= 2", std::to_string(params.K));
  const Rational& eps = internal::require_eps(params.eps, f);
  require_positive(params.noise_multiplier, f, "noise_multiplier");
  const std::int64_t q = internal::require_noise_refinement(params.noise_refinement, f);
  const Rational unit{Integer(grid) * q};
  ReleaseSchedule s;
  s.horizon = params.T;
  s.description = "ftnl: rounds [2^s, 2^(s+1) - 1] feed one Report-Noisy-Max over K actions (Lap_Z(c Gq/eps) each), "
                  "run when a round remains";
  s.laws.push_back(report_noisy_max_law(params.noise_multiplier * unit / eps, unit));
  for (std::uint32_t s_ = 0; (std::uint64_t{1} << (s_ + 1)) - 1 < params.T; ++s_)
    add(s, 0, (std::uint64_t{1} << s_) - 1, std::uint64_t{1} << s_);
  for (auto& law : s.laws) law.unit = ObservationUnit::round;
  return s;
}

ReleaseSchedule dp_mase_schedule(std::uint32_t agents, std::uint32_t K, std::uint64_t rounds, const Rational& beta,
                                 const Rational& eps, std::int64_t grid, std::int64_t noise_refinement) {
  constexpr const char* f = "dp_mase_schedule";
  require_grid(grid, f);
  if (agents < 1 || agents > (1U << 20)) throw_parameter_error(f, "agents", "in [1, 2^20]", std::to_string(agents));
  if (K < 2 || K > 64) throw_parameter_error(f, "K", "in [2, 64]", std::to_string(K));
  if (std::uint64_t{agents} * K > (std::uint64_t{1} << 26))
    throw_parameter_error(f, "agents", "agents·K <= 2^26", std::to_string(agents));
  if (rounds < 1) throw_parameter_error(f, "rounds", ">= 1", "0");
  const Rational& e_ = internal::require_eps(eps, f);
  if (beta <= 0 || beta >= 1) throw_parameter_error(f, "beta", "in (0, 1)", to_string(beta));
  const std::int64_t q = internal::require_noise_refinement(noise_refinement, f);
  const Rational unit{Integer(grid) * q};
  ReleaseSchedule s;
  s.horizon = rounds;
  s.description = "dp-mase: " + std::to_string(agents) + " agents x " + std::to_string(K) +
                  " arms, stream n K + a = agent n's pulls of arm a; agent n's epochs of R(e) activations at frozen "
                  "sizes K - (n mod (K - 1)), then one fewer per epoch down to 2; one Lap_Z(Gq/eps) per arm and epoch";
  s.laws.push_back(laplace_law(unit / e_, unit));
  std::map<std::pair<std::uint64_t, std::uint32_t>, std::uint64_t> length;  // (size, e) -> R(e), capped at rounds + 1
  auto R = [&](std::uint64_t size, std::uint32_t e) {
    auto it = length.find({size, e});
    if (it == length.end()) {
      const Integer r = dp_se_epoch_length(size, e, beta, e_);
      it = length.emplace(std::make_pair(size, e), r > Integer(rounds) ? rounds + 1 : to_uint64(r)).first;
    }
    return it->second;
  };
  for (std::uint32_t n = 0; n < agents; ++n) {
    std::uint64_t size = K - n % (K - 1), pulls = 0;
    for (std::uint32_t e = 1;; ++e) {
      const std::uint64_t len = R(size, e);
      if (len > rounds - pulls) break;
      for (std::uint32_t a = 0; a < K; ++a)
        s.entries.push_back(LedgerEntry{0, n * K + a, pulls, len, s.entries.size()});
      pulls += len;
      if (size > 2) --size;
    }
  }
  return s;
}

ReleaseSchedule batched_se_schedule(const BatchedSuccessiveEliminationParams& params,
                                    const BatchAggregator& aggregator) {
  constexpr const char* f = "batched_se_schedule";
  if (params.T < 1) throw_parameter_error(f, "T", ">= 1", "0");
  if (params.eta <= 1) throw_parameter_error(f, "eta", "> 1", to_string(params.eta));
  ReleaseSchedule s;
  s.horizon = params.T;
  s.description = "batched SE (" + aggregator.name() + "): one arm's batches b = 1, 2, ... of l(b) = ceil(eta^b) "
                  "users, one protocol release R_a(b) each";
  std::uint64_t pulls = 0;
  for (std::uint32_t b = 1;; ++b) {
    const Integer l = batch_size(params.eta, b);
    if (l > Integer(params.T - pulls)) break;
    const auto law = static_cast<std::uint32_t>(s.laws.size());
    s.laws.push_back(aggregator.release_law(to_uint64(l)));
    add(s, law, pulls, to_uint64(l));
    pulls += to_uint64(l);
  }
  return s;
}

std::uint64_t hybrid_ucb_releases_bound(std::uint32_t r) { return std::uint64_t{r} + 2; }

Rational hybrid_ucb_eps_bound_all_horizons(const Rational& eps, TreeScale scale) {
  // r = 1 maximizes ε(r + 1)/(2·levels(r)) + ε/2 (levels = r or r + 1); observation 0 has ε/2 only.
  const unsigned levels = scale == TreeScale::Paper ? 1 : 2;
  return eps * 2 / (2 * levels) + eps / 2;
}

}  // namespace dpb::ref
