// Claims of seed 000 checked by sampling (issue 3, item 4; method `statistical`): the aggregate noise of the
// protocol, drawn per user through the protocol's own noise sampler and summed, against its exact law. The engine,
// its α policy (Holm over each claim's tests at the claim's α: the `sampled-laws` family's 1e-6 shared by
// Bonferroni over its claims) and seeds are in verify/statistical/
// sampled_sums.hpp; docs/statistics.md ("Statistical claims of seed 000") gives sizes and the power against each
// negative control (tests/verify/statistical/).
#include "verify/claims/registry.hpp"
#include "verify/statistical/def5_sampled.hpp"
#include "verify/statistical/dgauss_sum_sampled.hpp"
#include "verify/statistical/fact1_sampled.hpp"

namespace dpb::verify {

void register_claims_000_statistical(Registry& registry) {
  registry.add(in_family("sampled-laws", Claim{
      "000.fact1.sampled",
      "Σ_{i=1}^n (γ⁺_i − γ⁻_i) ~ Lap_Z(t) for γ^± i.i.d. Pólya(1/n, e^{−1/t}), sampled through R's per-user noise "
      "sampler: goodness of fit to the certified Lap_Z(t) pmf, and homogeneity with the direct Lap_Z(t) sampler",
      {"000", "§4", "Fact 1"},
      Method::statistical,
      "n ∈ {1,8,64} × t ∈ {1,4} + calibrate(dist-dp, ε=1/2, n=5, T=1000), N = 2·10⁵ sums per case (full: n ∈ "
      "{1,2,8,64} × t ∈ {1/2,1,4,16} + (256, 4) + the same, N = 10⁶); χ², G, tails 0.99/0.999, two-sample; Holm at "
      "the claim's α",
      Verdict::holds,
      [](const RunOptions& o) {
        auto check = statistical::fact1_sampled_check(o.suite);
        check.family_alpha = o.alpha;
        return statistical::check_sampled_sums(check, o);
      }}));
  registry.add(in_family("sampled-laws", Claim{
      "000.def5.sampled",
      "Σ_{i=1}^n Sk(0, σ²/n) ~ Sk(0, σ²), sampled through R's per-user noise sampler: goodness of fit to the "
      "certified Sk(0, σ²) pmf, and homogeneity with the direct Sk(0, σ²) sampler",
      {"000", "§5", "Def. 5 (closure)"},
      Method::statistical,
      "n ∈ {1,8,64} × σ² ∈ {2,100} + calibrate(dist-rdp, ε=1/2, n=5, T=1000), N = 2·10⁵ sums per case (full: n ∈ "
      "{1,2,8,64} × σ² ∈ {1/2,2,100,1000} + (256, 100) + the same, N = 10⁶); χ², G, tails, two-sample; Holm at the claim's α",
      Verdict::holds,
      [](const RunOptions& o) {
        auto check = statistical::def5_sampled_check(o.suite);
        check.family_alpha = o.alpha;
        return statistical::check_sampled_sums(check, o);
      }}));
  registry.add(in_family("sampled-laws", Claim{
      "000.dgauss-sum.sampled",
      "Σ_{i=1}^n N_Z(0, σ²/n) ~ N_Z(0, σ²/n)^{*n} (the exact n-fold convolution, certified, which is not "
      "N_Z(0, σ²)), sampled through R's per-user noise sampler; the certified TV distance to N_Z(0, σ²) is reported",
      {"000", "App. F", "Def. 11; Theorem 4 (per-user noise of dist-cdp)"},
      Method::statistical,
      "n ∈ {2,3,8} × σ² ∈ {1,4,16} + calibrate(dist-cdp, ε=1/2, n=5, T=1000), N = 3·10⁵ sums per case (full: n ∈ "
      "{2,3,8,16} × σ² ∈ {1/2,1,4,16,64} with σ²/n ≥ 1/8 + the same, N = 10⁶); χ², G, tails 0.99/0.999; Holm at "
      "the claim's α",
      Verdict::holds,
      [](const RunOptions& o) {
        auto check = statistical::dgauss_sum_sampled_check(o.suite);
        check.family_alpha = o.alpha;
        return statistical::check_sampled_sums(check, o);
      }}));
}

}  // namespace dpb::verify
