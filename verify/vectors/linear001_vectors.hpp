// Golden vectors, category `linear001` (seed 001's learners, issue 18; docs/vectors.md §13): one trajectory per
// learner (Algorithm 1 in the theorem profile) on a small §6.1 instance and on a context tape, with everything a
// replay needs: the instance (θ*, features), the observed rewards, the run's constants (D, λ, β_m), every action, and
// every update's exact D·V_m, D·u_m, PD event, policy shift and broadcast θ̂. The runs are the build's own; θ̂ and
// the pseudo-regret are derived exactly from the recorded statistics and actions by the reference's solver in both
// builds, so `--impl optimized` checks the optimized build's actions and statistics byte for byte.
// verify/vectors/check_vectors.py replays every action from the recorded broadcasts (exact index comparison with
// Fractions and integer square roots), every θ̂ and PD event, and — for linucb — every statistic.
#pragma once

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_linear001(Impl impl);

}  // namespace dpb::verify::vectors
