#include "reference/learners/hybrid_ucb.hpp"

#include <vector>

#include "reference/learners/internal/certified.hpp"
#include "reference/learners/internal/validation.hpp"
#include "reference/samplers/discrete_laplace.hpp"

namespace dpb::ref {

namespace {

struct Block {
  Integer raw;    // Σ of the block's rewards, units of 1/G
  Integer noisy;  // raw·q + Y, units of 1/(G q)
};

struct ArmState {
  std::uint64_t pulls = 0;    // O_j
  std::uint32_t r = 1;        // current tree/array
  Integer first_group = 0;    // F̃, units of 1/(G q)
  Integer array_raw = 0;      // ΣF^(r) so far (= the tree's raw total), units of 1/G
  std::vector<Block> blocks;  // the dyadic blocks of the current prefix, largest first
};

}  // namespace

Trajectory hybrid_ucb(const HybridUcbParams& params, const RewardTape& tape, NoiseSource noise,
                      const LearnerOptions& options) {
  constexpr const char* f = "hybrid_ucb";
  internal::require_arms_and_horizon(f, params.K, params.T, tape);
  const Rational& eps = internal::require_eps(params.eps, f);
  const std::int64_t q = internal::require_noise_refinement(params.noise_refinement, f);
  const auto K = static_cast<std::uint32_t>(params.K);
  const std::uint64_t T = params.T;
  const Integer unit = Integer(tape.grid()) * q;
  const DiscreteLaplace array_noise(2 * Rational(unit) / eps);  // Lap(1/(0.5ε)) on each array sum
  auto node_noise = [&](std::uint32_t r) {                      // Lap(log₂λ^(r)/(0.5ε)) = Lap(2r/ε)
    const unsigned levels = params.tree_scale == TreeScale::Paper ? r : r + 1;
    return DiscreteLaplace(2 * Rational(unit) * levels / eps);
  };
  internal::require_ledger_recording(options.record_ledger, options.record_releases, f);

  Trajectory out;
  out.horizon = T;
  if (options.record_ledger) {  // law 0: the arrays' Lap(2/ε); law r: tree r's nodes (r = 1..63)
    out.laws.push_back(laplace_law(2 * Rational(unit) / eps, Rational(unit)));
    for (unsigned r = 1; r < 64; ++r)
      out.laws.push_back(laplace_law(
          2 * Rational(unit) * (params.tree_scale == TreeScale::Paper ? r : r + 1) / eps, Rational(unit)));
  }
  out.pulls.assign(K, 0);
  if (options.record_actions) out.actions.reserve(T);
  std::vector<ArmState> arm(K);

  for (std::uint64_t t = 1; t <= T && t <= K; ++t) {  // initialization: F^(0), Z^(0)
    const auto j = static_cast<std::uint32_t>(t - 1);
    arm[j].first_group = Integer(tape.units(j, 0)) * q + array_noise(noise);
    arm[j].pulls = 1;
    if (options.record_actions) out.actions.push_back(j);
    if (options.record_releases) out.releases.push_back(Release{t, j, 0, 0, 1, Rational(arm[j].first_group, unit)});
    options.on_round(t);
  }

  std::vector<internal::LogIndex> index(K);
  const Rational six_root8_over_eps = 6 / eps;  // 6√8/ε = (6/ε)·√8
  for (std::uint64_t t = K + 1; t <= T; ++t) {
    for (std::uint32_t j = 0; j < K; ++j) {
      const ArmState& s = arm[j];
      Integer total = s.first_group;
      for (const Block& block : s.blocks) total += block.noisy;
      const Integer O(s.pulls);
      const unsigned floor_log = static_cast<unsigned>(bit_length(Integer(O + 1)) - 1);  // ⌊log₂(O + 1)⌋
      index[j].q = Rational(total, unit * O);
      index[j].u = radical(1, Rational(3, O));
      index[j].v = radical(six_root8_over_eps * floor_log / O, 8);
    }
    const std::size_t J = internal::certified_argmax(index, t, internal::LogBase::Two);
    if (options.wants_margin(t)) {
      std::size_t other = 0;
      const auto m = internal::argmax_margin(index, J, t, internal::LogBase::Two, other);
      out.margins.push_back(DecisionMargin{t, static_cast<std::uint32_t>(J), static_cast<std::uint32_t>(other), m});
    }
    const auto j = static_cast<std::uint32_t>(J);
    ArmState& s = arm[j];
    const std::int32_t x = tape.units(j, s.pulls);
    const std::uint64_t n = ++s.pulls;  // observation n >= 2
    if (options.record_actions) out.actions.push_back(j);
    const auto r = static_cast<std::uint32_t>(63 - __builtin_clzll(n));
    const std::uint64_t m = n - (std::uint64_t{1} << r) + 1;
    if (m == 1 && r >= 2) {  // tree r starts: array r − 1 joins F̃ with its own Z
      const Integer noisy = s.array_raw * q + array_noise(noise);
      s.first_group += noisy;
      if (options.record_releases) {
        const std::uint64_t size = std::uint64_t{1} << (r - 1);
        out.releases.push_back(Release{t, j, r - 1, size - 1, size, Rational(noisy, unit)});
      }
    }
    if (m == 1) {
      s.r = r;
      s.array_raw = 0;
      s.blocks.clear();
    }
    // Leaf m: the blocks of sizes below lowbit(m) merge with it into one new block, noised once.
    const unsigned low = static_cast<unsigned>(__builtin_ctzll(m));
    Integer raw = x;
    for (unsigned k = 0; k < low; ++k) {
      raw += s.blocks.back().raw;
      s.blocks.pop_back();
    }
    const Integer noisy = raw * q + node_noise(r)(noise);
    s.blocks.push_back(Block{raw, noisy});
    s.array_raw += x;
    if (options.record_releases) {
      const std::uint64_t size = std::uint64_t{1} << low;
      out.releases.push_back(Release{t, j, kHybridNodeIndexBase + r, n - size, size, Rational(noisy, unit), r});
    }
    options.on_round(t);
  }
  for (std::uint32_t j = 0; j < K; ++j) out.pulls[j] = arm[j].pulls;
  out.pseudo_regret = pseudo_regret(tape.means(), out.pulls);
  return out;
}

}  // namespace dpb::ref
