// `dpbandit sample DIST [--PARAM V]... --count N [--seed S] [--impl reference|optimized]
//  [--method cks|inversion|large]`
// Prints N exact samples, one integer per line. With --seed the bits come from the seeded ChaCha20 stream
// (docs/bits.md), so both builds print the same sequence; without it, from the OS entropy source.
// Every parameter is validated before the first line is written. --method inversion (dlaplace, dgauss only) selects
// the certified-inversion algorithm of docs/samplers.md: the same law, a different (faster) use of the bits.
// --method large (binomial only, p ∈ {1/2, 1/4}) selects the exact rejection sampler for n up to 2^63 − 1.
#include <cstdio>
#include <iostream>

#include <fmt/format.h>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/os_entropy.hpp"
#include "reference/core/errors.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cli/distribution_options.hpp"
#include "verify/vectors/named_sampler.hpp"

namespace dpb::cli {
namespace {

constexpr std::uint64_t kMaxCount = 1'000'000'000;

void append(fmt::memory_buffer& buf, bool v) { buf.push_back(v ? '1' : '0'); }
void append(fmt::memory_buffer& buf, std::int64_t v) { fmt::format_to(std::back_inserter(buf), "{}", v); }
void append(fmt::memory_buffer& buf, const Integer& v) {
  std::string s = v.str();
  buf.append(s.data(), s.data() + s.size());
}

template <class Sampler, class Source>
void emit(Sampler& sampler, Source& bits, std::uint64_t count) {
  fmt::memory_buffer buf;
  for (std::uint64_t i = 0; i < count; ++i) {
    append(buf, sampler(bits));
    buf.push_back('\n');
    if (buf.size() > (1U << 16)) {
      std::fwrite(buf.data(), 1, buf.size(), stdout);
      buf.clear();
    }
  }
  std::fwrite(buf.data(), 1, buf.size(), stdout);
  std::fflush(stdout);
}

// Constructs the reference or the optimized sampler named `dist` (the constructor validates; the mapping is
// shared with the golden vectors, verify/vectors/named_sampler.hpp) and emits `count` draws.
template <class Source>
void dispatch(const std::string& dist, const std::map<std::string, Rational>& q, bool opt, Source& bits,
              std::uint64_t count, bool inversion, bool large) {
  if (large)
    verify::vectors::with_named_large_sampler(dist, q, opt, [&](auto& sampler) { emit(sampler, bits, count); });
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
  args->dist.add_to(cmd);
  cmd->add_option("--count", args->count, "number of samples (1 to 10^9)")->required();
  cmd->add_option("--seed", args->seed, "seed of the ChaCha20 bit stream (0 to 2^64-1); omitted: OS entropy");
  cmd->add_option("--impl", args->impl, "reference (exact, GMP) or optimized (machine integers)")
      ->check(CLI::IsMember({"reference", "optimized"}));
  cmd->add_option("--method", args->method,
                  "cks (default: CKS20 rejection), inversion (certified inversion, dlaplace and dgauss only) or "
                  "large (binomial only: p in {1/2, 1/4}, n up to 2^63-1, cost independent of n)")
      ->check(CLI::IsMember({"cks", "inversion", "large"}));
  cmd->callback([args, &context]() {
    auto params = args->dist.parse("sample");
    Integer count = parse_integer(args->count, "sample", "count");
    if (count < 1 || count > kMaxCount) throw_parameter_error("sample", "count", "in [1, 10^9]", args->count);
    const bool optimized = args->impl == "optimized";
    const bool inversion = args->method == "inversion";
    const bool large = args->method == "large";
    if (large && args->dist.dist != "binomial")
      throw_parameter_error("sample", "method", "cks for " + args->dist.dist + " (large exists for binomial)",
                            args->method);
    if (inversion && args->dist.dist != "dlaplace" && args->dist.dist != "dgauss")
      throw_parameter_error("sample", "method",
                            "cks for " + args->dist.dist + " (inversion exists for dlaplace and dgauss)", args->method);
    if (!args->seed.empty()) {
      Integer seed = parse_integer(args->seed, "sample", "seed");
      if (!fits_uint64(seed)) throw_parameter_error("sample", "seed", "in [0, 2^64 - 1]", args->seed);
      ChaCha20Source bits(to_uint64(seed));
      dispatch(args->dist.dist, params, optimized, bits, to_uint64(count), inversion, large);
    } else {
      OsEntropySource bits;
      dispatch(args->dist.dist, params, optimized, bits, to_uint64(count), inversion, large);
    }
    context.exit_code = 0;
  });
}

}  // namespace dpb::cli
