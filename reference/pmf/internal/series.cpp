#include "reference/pmf/internal/series.hpp"

#include <stdexcept>

#include "reference/pmf/internal/certified_math.hpp"

namespace dpb::ref::internal {

namespace {
constexpr std::uint64_t kMaxTerms = 200'000'000;
}

Interval sum_ratio_series(const Interval& t0, std::optional<std::uint64_t> count, const RatioFn& ratio,
                          const RhoFn& rho, mpfr_prec_t rel_bits) {
  if (count && *count == 0) return Interval(0L, t0.precision());
  Interval sum = t0, term = t0;
  if (mpfr_zero_p(&t0.get()->right)) return sum;  // t_0 = 0 forces every term to 0
  for (std::uint64_t n = 0;; ++n) {
    if (count && n + 1 >= *count) return sum;  // every term added: no rest
    const Interval r = ratio(n);
    // The rest is tested at every term at first, then at every 16th (the test costs more than a term).
    if (n < 16 || n % 16 == 0) {
      if (auto bound = rho(n, r)) {
        if (auto rest = geometric_rest(term, *bound); rest && negligible_rest(*rest, sum, rel_bits))
          return sum + *rest;
      }
    }
    term = term * r;
    sum += term;
    if (n > kMaxTerms) throw std::runtime_error("sum_ratio_series: no negligible rest after 2e8 terms");
  }
}

std::optional<Interval> rho_nonincreasing(std::uint64_t, const Interval& ratio_n) { return ratio_n; }

}  // namespace dpb::ref::internal
