// Claims of seed 000 (Chowdhury & Zhou, "Distributed Differential Privacy in Multi-Armed Bandits"; spec
// /work/shared/spec/000-distributed-dp-mab.md). This file registers the certified checks (issue 3, item 3); other
// claims of seed 000 may live in claims_000_<topic>.cpp files of their own (see all_claims.cpp).
#include "verify/certified/fact1.hpp"
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_000(Registry& registry) {
  registry.add(Claim{
      "000.fact1",
      "Σ_{i=1}^n (γ⁺_i − γ⁻_i) ~ Lap_Z(t) for γ^± i.i.d. Pólya(1/n, e^{−1/t}): the n-fold convolution of the "
      "per-user law equals P[X = k] = ((1−β)/(1+β)) β^{|k|}, β = e^{−1/t}",
      {"000", "§4.2", "Fact 1"},
      Method::certified,
      "n ∈ {1,2,3,8,64,1024} × t ∈ {1/2,1,4,32}, window holding all but 1e−12 of Lap_Z(t) (quick: t = 32 only for "
      "n ≤ 3)",
      Verdict::holds,
      [](const RunOptions& o) { return certified::check_fact1(certified::fact1_config(o.suite)); }});
}

}  // namespace dpb::verify
