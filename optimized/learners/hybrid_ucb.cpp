#include "optimized/learners/hybrid_ucb.hpp"

#include <array>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "optimized/learners/internal/common.hpp"
#include "optimized/learners/internal/release_noise.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "reference/learners/internal/certified.hpp"
#include "reference/learners/internal/validation.hpp"

namespace dpb::fast {

namespace {

struct Block {
  std::int64_t raw;
  std::int64_t noisy;
};

struct ArmState {
  std::uint64_t pulls = 0;
  std::uint32_t r = 1;
  std::int64_t first_group = 0;  // F̃, units of 1/(G q)
  std::int64_t array_raw = 0;
  std::int64_t tree_noisy = 0;  // Σ of the blocks' noisy values (B̃)
  std::array<Block, 64> blocks{};
  unsigned depth = 0;
  double mean = 0, c_sqrt = 0, c_lin = 0;  // μ̃, √(3/O), 6√8⌊log₂(O+1)⌋/(εO)
};

}  // namespace

Trajectory hybrid_ucb(const HybridUcbParams& params, const ref::RewardTape& tape, NoiseSource noise,
                      const LearnerOptions& options) {
  constexpr const char* f = "hybrid_ucb";
  ref::internal::require_arms_and_horizon(f, params.K, params.T, tape);
  const Rational& eps = ref::internal::require_eps(params.eps, f);
  const std::int64_t q = ref::internal::require_noise_refinement(params.noise_refinement, f);
  internal::require_int64_headroom(params.T, tape.grid(), q, f);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;
  const std::int64_t unit = tape.grid() * q;
  const Rational unit_q(Integer{unit});
  const DiscreteLaplace array_noise(2 * unit_q / eps);
  std::array<std::optional<DiscreteLaplace>, 64> node_noise;  // per tree r, built on first use
  auto node_sampler = [&](std::uint32_t r) -> const DiscreteLaplace& {
    if (!node_noise[r]) {
      const unsigned levels = params.tree_scale == TreeScale::Paper ? r : r + 1;
      node_noise[r].emplace(2 * unit_q * levels / eps);
    }
    return *node_noise[r];
  };
  const double six_root8_over_eps = 6 * std::sqrt(8.0) / internal::to_double(eps);

  ref::internal::require_ledger_recording(options.record_ledger, options.record_releases, f);
  Trajectory out;
  out.horizon = T;
  if (options.record_ledger) {  // the reference's laws: 0 the arrays, r the nodes of tree r
    out.laws.push_back(ref::laplace_law(2 * unit_q / eps, unit_q));
    for (unsigned r = 1; r < 64; ++r)
      out.laws.push_back(
          ref::laplace_law(2 * unit_q * (params.tree_scale == TreeScale::Paper ? r : r + 1) / eps, unit_q));
  }
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  if (options.record_releases) out.releases.reserve(T + std::size_t{K} * 64);  // one node per pull, few arrays
  std::vector<ArmState> arm(K);
  std::vector<std::pair<std::int64_t, std::uint64_t>> key(K);  // (F̃ + B̃, O): the exact inputs of the index
  auto refresh = [&](std::uint32_t j) {
    ArmState& s = arm[j];
    const double O = static_cast<double>(s.pulls);
    const auto floor_log = static_cast<double>(63 - __builtin_clzll(s.pulls + 1));  // ⌊log₂(O + 1)⌋
    const std::int64_t total = internal::checked_add(s.first_group, s.tree_noisy, f);
    s.mean = static_cast<double>(total) / (static_cast<double>(unit) * O);
    s.c_sqrt = std::sqrt(3 / O);
    s.c_lin = six_root8_over_eps * floor_log / O;
    key[j] = {total, s.pulls};
  };
  internal::ReleaseNoise releases(noise, options.reuse_noise);
  for (std::uint64_t t = 1; t <= T && t <= K; ++t) {
    const auto j = static_cast<std::uint32_t>(t - 1);
    NoiseSource release_noise = releases.next();
    arm[j].first_group = internal::noisy_value(tape.units(j, 0), q, array_noise(release_noise), f);
    arm[j].pulls = 1;
    if (options.record_actions) out.actions.push_back(j);
    if (options.record_releases)
      out.releases.push_back(Release{t, j, 0, 0, 1, arm[j].first_group, unit,
                                     static_cast<double>(arm[j].first_group) / static_cast<double>(unit)});
    refresh(j);
  }

  std::vector<double> value(K), error(K);
  for (std::uint64_t t = K + 1; t <= T; ++t) {
    const double L = std::log2(static_cast<double>(t)), root_L = std::sqrt(L);
    for (std::uint32_t j = 0; j < K; ++j) {
      const ArmState& s = arm[j];
      const double w1 = root_L * s.c_sqrt, w2 = L * s.c_lin;
      value[j] = s.mean + w1 + w2;
      error[j] = kRelativeError * (std::abs(s.mean) + w1 + w2);
    }
    const std::uint32_t j = internal::argmax_deferring(value.data(), error.data(), key.data(), K, t, out, options, [&]() {
      std::vector<ref::internal::LogIndex> index(K);  // reference/learners/hybrid_ucb.cpp's index, exactly
      const Rational six_over_eps = 6 / eps;           // 6√8/ε = (6/ε)·√8
      for (std::uint32_t a = 0; a < K; ++a) {
        const Integer O(arm[a].pulls);
        const auto floor_log = static_cast<unsigned>(63 - __builtin_clzll(arm[a].pulls + 1));  // ⌊log₂(O + 1)⌋
        index[a].q = Rational(Integer(key[a].first), Integer(unit) * O);
        index[a].u = ref::radical(1, Rational(Integer(3), O));
        index[a].v = ref::radical(six_over_eps * floor_log / O, 8);
      }
      return static_cast<std::uint32_t>(ref::internal::certified_argmax(index, t, ref::internal::LogBase::Two));
    });
    ArmState& s = arm[j];
    const std::int64_t x = tape.units(j, s.pulls);
    const std::uint64_t n = ++s.pulls;
    if (options.record_actions) out.actions.push_back(j);
    const auto r = static_cast<std::uint32_t>(63 - __builtin_clzll(n));
    const std::uint64_t m = n - (std::uint64_t{1} << r) + 1;
    if (m == 1 && r >= 2) {
      NoiseSource release_noise = releases.next();
      const std::int64_t noisy = internal::noisy_value(s.array_raw, q, array_noise(release_noise), f);
      s.first_group = internal::checked_add(s.first_group, noisy, f);
      if (options.record_releases) {
        const std::uint64_t size = std::uint64_t{1} << (r - 1);
        out.releases.push_back(
            Release{t, j, r - 1, size - 1, size, noisy, unit, static_cast<double>(noisy) / static_cast<double>(unit)});
      }
    }
    if (m == 1) {
      s.r = r;
      s.array_raw = 0;
      s.depth = 0;
      s.tree_noisy = 0;
    }
    const auto low = static_cast<unsigned>(__builtin_ctzll(m));
    std::int64_t raw = x;
    for (unsigned k = 0; k < low; ++k) {
      const Block& top = s.blocks[--s.depth];
      raw += top.raw;
      s.tree_noisy = internal::checked_add(s.tree_noisy, -top.noisy, f);
    }
    NoiseSource release_noise = releases.next();
    const std::int64_t noisy = internal::noisy_value(raw, q, node_sampler(r)(release_noise), f);
    s.blocks[s.depth++] = Block{raw, noisy};
    s.tree_noisy = internal::checked_add(s.tree_noisy, noisy, f);
    s.array_raw += x;
    if (options.record_releases) {
      const std::uint64_t size = std::uint64_t{1} << low;
      out.releases.push_back(Release{t, j, ref::kHybridNodeIndexBase + r, n - size, size, noisy, unit,
                                     static_cast<double>(noisy) / static_cast<double>(unit), r});
    }
    refresh(j);
  }
  for (std::uint32_t j = 0; j < K; ++j) out.pulls[j] = arm[j].pulls;
  const std::vector<double> means = internal::means_of(tape);
  out.pseudo_regret = pseudo_regret(means, out.pulls);
  return out;
}

}  // namespace dpb::fast
