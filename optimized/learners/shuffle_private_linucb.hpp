// Algorithm 1 of seed 001 (shuffle-private LinUCB), optimized build: the twin of
// reference/learners/shuffle_private_linucb.hpp. Same configuration (ref::configure_linucb: λ, β_m, D, σ̄, g, b),
// same protocols on machine integers (fast::PAmp, fast::PVec, fast::TreeMechanism: the same bits and values), the
// same integer statistics D·V_m and D·u_m in checked 128-bit integers — bit-identical to the reference's.
// Doubles only for the solve and the indices: Cholesky of V_m per update, θ̂, and per arm q = ⟨x, θ̂⟩,
// r = ‖L⁻¹x‖², index q + β√r, each with an error bound; an argmax whose top two are within their bounds is a near
// tie and is deferred to the reference's exact comparison (ref::exact_argmax on the exact broadcast), counted.
//
// Error bound (docs/learners.md § seed 001): Cholesky is backward stable — the computed factor and solves are
// exact for V + G with ‖G‖ <= c·u·‖V‖_F, c = 64d² (Higham, Thms 8.5 and 10.3, with room), u = 2^−53. With
// ‖V⁻¹‖ <= ‖L̂⁻¹‖_F² (bounded by 2‖L̂⁻¹‖_F² to cover its own rounding), η = 2c·u·‖V‖_F·‖L̂⁻¹‖_F² bounds the relative
// perturbation ‖V^{−1/2} G V^{−1/2}‖, and then |Δr| <= 2η·r, |Δq| <= 2η·√r·√|⟨u, θ̂⟩|, so
//   err = 4η(β√r + √(r·|⟨u, θ̂⟩|)) + 2^−45(|q| + β√r)
// (the last term: the index's own few operations). When η > 2^−20 the batch is ill-conditioned: every decision
// in it is deferred. Positive definiteness: certified by a completed Cholesky with η <= 2^−20 (then V = W − G with
// λ_min(W) >= 1/(2‖L̂⁻¹‖_F²) > ‖G‖); otherwise decided by the reference's exact Bareiss pivots (a PD deferral,
// counted). A V_m that is not positive definite goes through ref::apply_pd_policy (exact; rare).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "optimized/internal/wide_int.hpp"
#include "optimized/learners/trajectory.hpp"
#include "optimized/protocols/p_amp.hpp"
#include "optimized/protocols/p_vec.hpp"
#include "optimized/protocols/tree_mechanism.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/learners/shuffle_private_linucb.hpp"

namespace dpb::fast {

struct LinUcbUpdate {
  std::uint64_t m = 0, t = 0;
  std::vector<i128> V_num, u_num;  // D·V_m, D·u_m (bit-identical to the reference's)
  bool positive_definite = true;
  Integer policy_shift;
  bool broadcast_changed = true;
  std::vector<double> theta;       // the broadcast's θ̂ (double)
};

struct LinUcbTrajectory {
  Trajectory base;  // actions, pulls, pseudo-regret, near ties and deferrals
  std::vector<LinUcbUpdate> updates;
  std::uint64_t pd_failures = 0;
  std::uint64_t pd_deferrals = 0;          // PD decided by the exact pivots (Cholesky not conclusive)
  std::uint64_t ill_conditioned = 0;       // broadcasts with η > 2^−20 (all their decisions deferred)
  std::uint64_t unaggregated = 0;
  std::int64_t realized_regret = 0;        // context tapes only
};

struct LinUcbOptions {
  LearnerOptions base;  // record_actions, defer_near_ties and the cross-check controls' hooks
  bool record_updates = true;
};

// The configuration and the protocols of a run (P_Amp, P_Vec: built once, run as const; the tree: copied per run),
// for many runs at the same sizes (the audit targets of seed 001's learners: thousands of runs of a few rounds each,
// where configuring and building the protocols would cost more than the run). The configuration is taken as given:
// from ref::configure_linucb, or altered by a test or an audit's leaky twin (noise scale below the calibration's).
class LinUcbSetup {
 public:
  explicit LinUcbSetup(ref::LinUcbConfig config);
  const ref::LinUcbConfig& config() const { return cfg_; }

  std::optional<PAmp> amp_vec, amp_mat;
  std::optional<PVec> vec_vec, vec_mat;
  std::optional<TreeMechanism> tree;
  std::optional<PAmp> node_vec, node_mat;  // paper-code jdp's node noises

 private:
  ref::LinUcbConfig cfg_;
};

LinUcbTrajectory shuffle_private_linucb(const ref::LinUcbParams& params, const ref::LinearInstance& instance,
                                        const ref::RewardTape& tape, NoiseSource noise,
                                        const LinUcbOptions& options = {});
LinUcbTrajectory shuffle_private_linucb(const ref::LinUcbParams& params, const ref::ContextTape& tape,
                                        NoiseSource noise, const LinUcbOptions& options = {});

namespace internal {

// The double broadcast of one V_m = N/D, u_m = Du/D (the error bound above): L̂⁻¹ (row-major, lower triangular),
// θ̂, η and |⟨u, θ̂⟩|, and whether η <= 2^−20; nullopt when the double Cholesky breaks down (a non-positive pivot).
// The learner's own routine, exposed for the test of the bound (tests/optimized/learners/linucb_error_bound_test.cpp).
struct LinUcbDoubleBroadcast {
  std::vector<double> Linv, theta;
  double eta = 0, u_theta = 0;
  bool reliable = false;
};
std::optional<LinUcbDoubleBroadcast> linucb_double_broadcast(const std::vector<i128>& N, const std::vector<i128>& Du,
                                                             double D, std::uint32_t d);

}  // namespace internal
// The same on a prepared setup (ParameterError naming tape when its d, K, q differ from the setup's or it has fewer
// than T rounds).
LinUcbTrajectory shuffle_private_linucb(const LinUcbSetup& setup, const ref::ContextTape& tape, NoiseSource noise,
                                        const LinUcbOptions& options = {});
// The same on a prepared setup over fixed arms, for many runs of one configuration on different instances
// (`simulate`'s theorem-profile runs: configuring costs O(M) certified β's, as much as a short run). ParameterError
// naming instance when its d, K, q differ from the setup's, or when its largest ‖x_a‖² is not the setup's
// row_norm_sq (paper-code: the width's L) or exceeds 1 (theorem: the setup may hold the bound 1); naming tape as the
// params overload does.
LinUcbTrajectory shuffle_private_linucb(const LinUcbSetup& setup, const ref::LinearInstance& instance,
                                        const ref::RewardTape& tape, NoiseSource noise,
                                        const LinUcbOptions& options = {});

// What a run of `cfg` checks at its start in this build, before any round: its 128-bit integers (D, D/2^r, λ·D below
// 2^120) and its protocols' constructors (the samplers' int64 ranges). Throws their ParameterError (naming D or the
// sampler's parameter); the CLI calls it before any run and names the user's option
// (verify/crosscheck/linear_crosscheck.hpp, prepare_linear).
void check_linucb_run(const ref::LinUcbConfig& cfg);

}  // namespace dpb::fast
