#include "verify/statistical/seed001_amp_noise.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "optimized/protocols/p_amp.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/pmf/rounded_normal.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/stats/battery.hpp"
#include "verify/stats/gof.hpp"

namespace dpb::verify::statistical {

Outcome check_amp_noise_law(const RunOptions& options, const Rational& sigma_factor) {
  struct Case {
    Rational sigma;
    long r;
  };
  const std::vector<Case> cases = {{Rational(1), 0},
                                   {Rational(25, 2), 4},
                                   {Rational(Integer(58602782035LL), Integer(1) << 31), 16}};
  const std::uint64_t draws = options.suite == Suite::quick ? 20000 : 200000;
  const double alpha = options.alpha > 0 ? options.alpha : 1e-6;
  constexpr std::size_t B = 4, L = 5;
  stats::Battery battery("R_Amp's noise vs the rounded Gaussian's certified pmf", alpha);
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    ref::PAmpParams p;
    p.labels = ref::LabelSet::vector(L);
    p.batch = Integer(B);
    p.sigma = c.sigma * sigma_factor;
    p.grid_bits = Integer(c.r);
    const fast::PAmp amp(p, ref::PAmpShuffle::Permute);
    const std::vector<std::int64_t> values(B * L, 0);
    ChaCha20Source bits(options.seed, 0x0017100 + i);
    std::vector<std::int64_t> noise;
    noise.reserve(draws);
    while (noise.size() < draws) {
      if (noise.size() % 4096 == 0) poll_cancellation();
      const fast::PAmpTranscript t = amp.run(std::span<const std::int64_t>(values), bits);
      for (std::size_t x = 0; x < t.noise.size() && noise.size() < draws; ++x)
        noise.push_back(static_cast<std::int64_t>(t.noise[x]));
    }
    const ref::RoundedNormalPmf law(c.sigma, Integer(c.r));
    stats::GofOptions gof;
    gof.binning.max_bins = 50;
    const stats::GofPlan plan = stats::plan_goodness_of_fit(law, draws, gof);
    stats::add_goodness_of_fit(battery, law.describe(), plan, noise);
    rows.push_back({{"sigma", dpb::to_string(c.sigma)}, {"grid_bits", c.r}, {"draws", draws},
                    {"bins", plan.binning.size()}});
  }
  Outcome o;
  o.verdict = battery.any_rejected() ? Verdict::violated : Verdict::holds;
  o.key_figure = fmt::format("{} tests, Holm at {:g}, min p = {:.3g}", battery.records().size(), alpha,
                             battery.min_p_value());
  nlohmann::json tests = nlohmann::json::array();
  const std::vector<bool> rejected = battery.rejected();
  for (std::size_t k = 0; k < battery.records().size(); ++k) {
    const stats::TestRecord& t = battery.records()[k];
    tests.push_back({{"test", t.name}, {"n", t.n}, {"statistic", t.statistic}, {"df", t.df}, {"p", t.p_value},
                     {"rejected", static_cast<bool>(rejected[k])}});
  }
  o.evidence = {{"alpha", alpha}, {"seed", options.seed}, {"sigma_factor", dpb::to_string(sigma_factor)},
                {"cases", rows}, {"tests", tests}};
  return o;
}

}  // namespace dpb::verify::statistical
