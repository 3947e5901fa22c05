// `dpbandit sample DIST [--PARAM V]... --count N [--seed S] [--impl reference|optimized]
//  [--method cks|inversion|large|split]`
// Prints N exact samples, one integer per line. With --seed the bits come from the seeded ChaCha20 stream
// (docs/bits.md), so both builds print the same sequence; without it, from the OS entropy source.
// Every parameter is validated before the first line is written. --method inversion (dlaplace, dgauss only) selects
// the certified-inversion algorithm of docs/samplers.md: the same law, a different (faster) use of the bits.
// --method large (binomial only, p ∈ {1/2, 1/4}) selects the exact rejection sampler for n up to 2^80;
// --method split (binomial only, any p) counts n uniforms below p along p's binary expansion (O(log n) half draws).
#include <algorithm>
#include <cstdio>
#include <iostream>

#include <fmt/format.h>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/os_entropy.hpp"
#include "reference/core/errors.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cli/distribution_options.hpp"
#include "verify/cli/progress.hpp"
#include "verify/vectors/named_sampler.hpp"

namespace dpb::cli {
namespace {

constexpr std::uint64_t kMaxCount = 1'000'000'000;

// Issue 14 class 4 (docs/reliability.md "Limits"): the inversion samplers keep a CDF table that grows with the value
// drawn (about 700 bytes per entry in the reference), so their library range (scale <= 2^32) does not finish in
// bounded time and memory. The command line refuses, up front, what does not: dlaplace --method inversion at
// scale > 2^16 (2^20 took 6 s and 730 MB for three draws, 2^24 exhausted 4 GiB), and Pólya and its difference
// when scale·max(r, 1) > 2^16 (r = 1, scale = 2^24: 2 GB and no draw within 30 s).
void refuse_unbounded_tables(const std::string& dist, const std::map<std::string, Rational>& q, bool inversion) {
  const Rational limit = pow2(16);
  if (dist == "dlaplace" && inversion && q.at("scale") > limit)
    throw_parameter_error("sample", "--scale", "<= 2^16 with --method inversion (its table grows with scale)",
                          to_string(q.at("scale")));
  if (dist == "polya" || dist == "polya-diff") {
    const Rational r = q.at("r"), scale = q.at("scale");
    if (scale > 0 && r > 0 && scale * std::max(r, Rational(1)) > limit)
      throw_parameter_error("sample", "--scale", "such that scale*max(r, 1) <= 2^16 for " + dist +
                                                     " (its table grows with r*scale)",
                            "--r " + to_string(r) + " --scale " + to_string(scale));
  }
}

void append(fmt::memory_buffer& buf, bool v) { buf.push_back(v ? '1' : '0'); }
void append(fmt::memory_buffer& buf, std::int64_t v) { fmt::format_to(std::back_inserter(buf), "{}", v); }
void append(fmt::memory_buffer& buf, const Integer& v) {
  std::string s = v.str();
  buf.append(s.data(), s.data() + s.size());
}

// A sampler whose one draw can be long (binomial: n Bernoulli draws, n up to 10^9) reports inside the draw.
template <class Sampler, class Source>
concept TicksInsideDraw = requires(const Sampler& s, Source& bits) {
  s.draw(bits, [](std::uint64_t) {});
  s.n();
};

template <class Sampler, class Source>
void emit(Sampler& sampler, Source& bits, std::uint64_t count) {
  fmt::memory_buffer buf;
  // On stderr after a second (docs/reliability.md); binomial counts its Bernoulli draws, so that one long draw
  // (n = 10^9 takes minutes in the reference) shows progress too.
  std::uint64_t per_draw = 1;
  if constexpr (TicksInsideDraw<Sampler, Source>) per_draw = std::max<std::uint64_t>(1, sampler.n().template convert_to<std::uint64_t>());
  const bool inside = per_draw > 1;
  // n·count <= 10^9·10^9 < 2^64 at today's limits (Binomial's n, --count); saturated, so that a larger limit of
  // either shows "2^64 or more" instead of a wrapped total (issue 14).
  Progress progress("sample", inside ? "Bernoulli draws" : "samples", saturating_product(count, per_draw));
  for (std::uint64_t i = 0; i < count; ++i) {
    if constexpr (TicksInsideDraw<Sampler, Source>)
      append(buf, sampler.draw(bits, [&](std::uint64_t done) {
        progress.update(saturating_sum(saturating_product(i, per_draw), done));
      }));
    else
      append(buf, sampler(bits));
    buf.push_back('\n');
    if (buf.size() > (1U << 16)) {
      std::fwrite(buf.data(), 1, buf.size(), stdout);
      buf.clear();
    }
    if ((i & 1023) == 0 || inside) progress.update(saturating_product(i + 1, per_draw));
  }
  std::fwrite(buf.data(), 1, buf.size(), stdout);
  std::fflush(stdout);
}

// Constructs the reference or the optimized sampler named `dist` (the constructor validates; the mapping is
// shared with the golden vectors, verify/vectors/named_sampler.hpp) and emits `count` draws.
template <class Source>
void dispatch(const std::string& dist, const std::map<std::string, Rational>& q, bool opt, Source& bits,
              std::uint64_t count, bool inversion, const std::string& method) {
  if (method == "large" || method == "split")
    verify::vectors::with_named_large_sampler(
        dist, q, opt, [&](auto& sampler) { emit(sampler, bits, count); }, "sample", method);
  else if (inversion)
    verify::vectors::with_named_inversion_sampler(dist, q, opt, [&](auto& sampler) { emit(sampler, bits, count); });
  else
    verify::vectors::with_named_sampler(dist, q, opt, [&](auto& sampler) { emit(sampler, bits, count); });
}

struct SampleArgs {
  DistributionOptions dist;
  std::string count = "";
  std::string seed;
  std::string impl = "reference";
  std::string method = "cks";
};

}  // namespace

void add_sample_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<SampleArgs>();
  auto* cmd = app.add_subcommand("sample", "Draw exact samples of a distribution, one integer per line");
  auto options = std::make_shared<Options>(
      cmd, "sample", context.options,
      std::vector<std::string>{"sample", "dlaplace", "--scale", "1", "--count", "2", "--seed", "1"});
  args->dist.add_to(cmd, *options, {"sample"}, {"--count", "2", "--seed", "1"}, {{"p", {closed(0), closed(1)}}});
  // The limit's time is stated, not lowered (docs/decisions.md "sample --count keeps 10^9"): linear in the count,
  // constant memory, progress on stderr; measured in docs/reliability.md ("Limits", row `sample --count`).
  options
      ->integer("--count", args->count, closed(1), closed(Rational(kMaxCount), "10^9"),
                "number of samples (1 to 10^9; time linear in the count, progress on stderr after 1 s: 10^9 "
                "dlaplace or dgauss draws take about 3 to 6 min with --impl optimized, 2 to 5 h with the reference)")
      .slow_values({"1000000000"});
  options->integer("--seed", args->seed, closed(0), max_u64(),
                   "seed of the ChaCha20 bit stream (0 to 2^64-1); omitted: OS entropy");
  options->choice("--impl", args->impl, {"reference", "optimized"}, "reference (exact, GMP) or optimized (machine integers)");
  options->choice("--method", args->method, {"cks", "inversion", "large", "split"},
                  "cks (default: CKS20 rejection), inversion (certified inversion, dlaplace and dgauss only), "
                  "large (binomial only: p in {1/2, 1/4}, n up to 2^80, cost independent of n) or split "
                  "(binomial only: any p, n up to 2^63-1, O(log n) half-binomial draws)");
  cmd->callback([args, options, &context]() {
    options->check();
    if (!options->given("count")) throw_parameter_error("sample", "--count", "given", "nothing");
    auto params = args->dist.parse("sample");
    const std::uint64_t count = options->u64("count", 1);
    const bool optimized = args->impl == "optimized";
    const bool inversion = args->method == "inversion";
    const bool large = args->method == "large" || args->method == "split";
    if (large && args->dist.dist != "binomial")
      throw_parameter_error("sample", "--method",
                            "cks for " + args->dist.dist + " (" + args->method + " exists for binomial)", args->method);
    if (inversion && args->dist.dist != "dlaplace" && args->dist.dist != "dgauss")
      throw_parameter_error("sample", "--method",
                            "cks for " + args->dist.dist + " (inversion exists for dlaplace and dgauss)", args->method);
    refuse_unbounded_tables(args->dist.dist, params, inversion);
    if (const auto seed = options->u64("seed")) {
      ChaCha20Source bits(*seed);
      dispatch(args->dist.dist, params, optimized, bits, count, inversion, args->method);
    } else {
      OsEntropySource bits;
      dispatch(args->dist.dist, params, optimized, bits, count, inversion, args->method);
    }
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
