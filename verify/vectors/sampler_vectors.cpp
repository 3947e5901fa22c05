#include "verify/vectors/sampler_vectors.hpp"

#include <fmt/format.h>

#include <map>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "optimized/samplers/bernoulli.hpp"
#include "verify/vectors/named_sampler.hpp"

namespace dpb::verify::vectors {
namespace {

// Every sampler record reads seed kSeed; the stream number is the record's index among the sampler records, so no
// two records share a stream.
constexpr std::uint64_t kSeed = 20261121;

using Params = std::vector<std::pair<std::string, std::string>>;

// Parameter sets: 2–4 per sampler; edge cases (p = 1, γ = 0 and γ = 1, x·g integer, negative μ) included.
const std::vector<std::pair<std::string, Params>>& sampler_table() {
  static const std::vector<std::pair<std::string, Params>> table = {
      {"bernoulli", {{"p", "1/3"}}},
      {"bernoulli", {{"p", "3/10"}}},
      {"bernoulli", {{"p", "1"}}},
      {"bernoulli-exp", {{"gamma", "1/2"}}},
      {"bernoulli-exp", {{"gamma", "1"}}},
      {"bernoulli-exp", {{"gamma", "5/2"}}},
      {"bernoulli-exp", {{"gamma", "0"}}},
      {"geometric", {{"scale", "10"}}},
      {"geometric", {{"scale", "5/2"}}},
      {"geometric", {{"scale", "1/3"}}},
      {"dlaplace", {{"scale", "1/3"}}},
      {"dlaplace", {{"scale", "10"}}},
      {"dlaplace", {{"scale", "1000"}}},
      {"dgauss", {{"sigma2", "100"}}},
      {"dgauss", {{"sigma2", "7/3"}, {"mu", "1/2"}}},
      {"dgauss", {{"sigma2", "1/10"}, {"mu", "-3/2"}}},
      {"dgauss", {{"sigma2", "1000000"}}},
      {"binomial", {{"n", "50"}, {"p", "1/3"}}},
      {"binomial", {{"n", "10"}, {"p", "2/7"}}},
      {"binomial", {{"n", "1000"}, {"p", "1/1000"}}},
      {"round", {{"x", "3/7"}, {"g", "100"}}},
      {"round", {{"x", "2/3"}, {"g", "10"}}},
      {"round", {{"x", "-5/4"}, {"g", "4"}}},
      {"poisson", {{"mean", "10"}}},
      {"poisson", {{"mean", "1/3"}}},
      {"poisson", {{"mean", "1000"}}},
      {"skellam", {{"var", "100"}}},
      {"skellam", {{"var", "1/2"}}},
      {"polya", {{"r", "1/8"}, {"scale", "10"}}},
      {"polya", {{"r", "3"}, {"scale", "2"}}},
      {"polya", {{"r", "1"}, {"scale", "1/2"}}},
      {"polya-diff", {{"r", "1/3"}, {"scale", "4"}}},
      {"polya-diff", {{"r", "1/100"}, {"scale", "10"}}},
  };
  return table;
}

struct StreamCase {
  std::uint64_t seed, stream;
};
// (1, 0) is docs/bits.md's worked example; 2^64 − 1 checks the little-endian encoding of both integers.
const std::vector<StreamCase> kStreams = {{1, 0}, {0, 0}, {kSeed, 0}, {kSeed, 1}, {UINT64_MAX, UINT64_MAX}};

// uniform_below(n) on seed 1, stream 0; n = 10 continues docs/bits.md's example (5 9 2 1 4 4 6 1 ...).
const std::vector<std::uint64_t> kUniformN = {
    1, 2, 3, 10, 1000, 4294967297ULL /* 2^32 + 1 */, 9223372036854775808ULL /* 2^63 */, UINT64_MAX};
// Bounds wider than 64 bits (docs/bits.md §6), after the ones above: 2^64 + 1 (k = 65), 3·2^64 (k = 66),
// 2^100 + 7 (k = 101). Their outputs are written as decimal strings.
const std::vector<std::string> kWideUniformN = {"18446744073709551617", "55340232221128654848",
                                                "1267650600228229401496703205383"};

std::string hex(const std::uint8_t* data, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += fmt::format("{:02x}", data[i]);
  return s;
}

std::string stream_hex(std::uint64_t seed, std::uint64_t stream) {
  ChaCha20Source bits(seed, stream);
  std::uint8_t bytes[kStreamBytes];
  for (auto& b : bytes) b = static_cast<std::uint8_t>(bits.next_bits(8));
  return hex(bytes, kStreamBytes);
}

std::int64_t as_int64(bool v) { return v ? 1 : 0; }
std::int64_t as_int64(std::int64_t v) { return v; }
std::int64_t as_int64(const Integer& v) {
  if (!fits_int64(v)) throw std::runtime_error("golden vectors: a sampler output does not fit int64: " + v.str());
  return to_int64(v);
}

Record stream_record(const StreamCase& c) {
  const auto key = chacha20_key_for_seed(c.seed, c.stream);
  Json body;
  body["seed"] = c.seed;
  body["stream"] = c.stream;
  body["key"] = hex(key.data(), key.size());
  body["bytes"] = stream_hex(c.seed, c.stream);
  return make_record("stream", fmt::format("stream@{}/{}", c.seed, c.stream), body);
}

// A `uniform` record: uniform_below(n) draws on seed 1, stream 0 (docs/vectors.md §3).
Record uniform_record_of(const std::string& n, Json outputs, Json bits_each, std::uint64_t bits) {
  Json body;
  body["n"] = n;
  body["seed"] = 1;
  body["stream"] = 0;
  body["count"] = kSamplerOutputs;
  body["outputs"] = std::move(outputs);
  body["bits_each"] = std::move(bits_each);
  body["bits"] = bits;
  return make_record("uniform", fmt::format("uniform_below({})@1/0", n), body);
}

Record uniform_record(std::uint64_t n, Impl impl) {
  ChaCha20Source source(1, 0);
  CountingSource<ChaCha20Source> bits(source);
  Json outputs = Json::array(), bits_each = Json::array();
  for (int i = 0; i < kSamplerOutputs; ++i) {
    const std::uint64_t before = bits.count();
    std::uint64_t u;
    if (impl == Impl::optimized) {
      u = uniform_below_u64(bits, n);
    } else {
      u = to_uint64(uniform_below(bits, Integer(n)));
    }
    outputs.push_back(u);
    bits_each.push_back(bits.count() - before);
  }
  return uniform_record_of(std::to_string(n), std::move(outputs), std::move(bits_each), bits.count());
}

Record wide_uniform_record(const std::string& n_text, Impl impl) {
  const Integer n(n_text);
  if (n <= Integer(UINT64_MAX) || n > (Integer(1) << 128))
    throw std::logic_error("golden vectors: a wide uniform bound must lie in (2^64, 2^128]");
  ChaCha20Source source(1, 0);
  CountingSource<ChaCha20Source> bits(source);
  Json outputs = Json::array(), bits_each = Json::array();
  for (int i = 0; i < kSamplerOutputs; ++i) {
    const std::uint64_t before = bits.count();
    Integer u;
    if (impl == Impl::optimized) {
      using fast::detail::u128;
      const u128 n128 = (static_cast<u128>(static_cast<std::uint64_t>(n >> 64)) << 64) |
                        static_cast<u128>(static_cast<std::uint64_t>(n & Integer(UINT64_MAX)));
      const u128 v = fast::detail::uniform_below_u128(bits, n128);
      u = (Integer(static_cast<std::uint64_t>(v >> 64)) << 64) + Integer(static_cast<std::uint64_t>(v));
    } else {
      u = uniform_below(bits, n);
    }
    outputs.push_back(u.str());
    bits_each.push_back(bits.count() - before);
  }
  return uniform_record_of(n_text, std::move(outputs), std::move(bits_each), bits.count());
}

Record sampler_record(const SamplerCase& c, Impl impl) {
  std::map<std::string, Rational> q;
  Json params = Json::object();
  for (const auto& [name, text] : c.params) {
    q[name] = parse_rational(text, "golden vectors", name);
    if (dpb::to_string(q[name]) != text)
      throw std::logic_error("golden vectors: parameter text is not canonical: " + text);
    params[name] = text;
  }
  Json outputs = Json::array(), bits_each = Json::array();
  ChaCha20Source source(c.seed, c.stream);
  CountingSource<ChaCha20Source> bits(source);
  auto draw_all = [&](auto& sampler) {
    for (int i = 0; i < kSamplerOutputs; ++i) {
      const std::uint64_t before = bits.count();
      outputs.push_back(as_int64(sampler(bits)));
      bits_each.push_back(bits.count() - before);
    }
  };
  if (c.method == "inversion")
    with_named_inversion_sampler(c.dist, q, impl == Impl::optimized, draw_all, "golden vectors");
  else
    with_named_sampler(c.dist, q, impl == Impl::optimized, draw_all, "golden vectors");
  // A record chosen for a rare path must reach it: its first draw reads a second 64-bit chunk.
  if (!c.path.empty() && bits_each[0].get<std::uint64_t>() < 128)
    throw std::logic_error("golden vectors: " + case_label(c.dist, c.params) + " does not reach its path");
  Json body;
  body["dist"] = c.dist;
  if (!c.method.empty()) body["method"] = c.method;
  body["params"] = params;
  body["seed"] = c.seed;
  body["stream"] = c.stream;
  body["stream_hex"] = stream_hex(c.seed, c.stream);
  body["count"] = kSamplerOutputs;
  body["outputs"] = outputs;
  body["bits_each"] = bits_each;
  body["bits"] = bits.count();
  if (!c.path.empty()) body["path"] = c.path;
  const std::string method = c.method.empty() ? "" : "/" + c.method;
  return make_record("sampler", fmt::format("{}{}@{}/{}", case_label(c.dist, c.params), method, c.seed, c.stream),
                     body);
}

}  // namespace

std::string case_label(const std::string& dist, const Params& params) {
  std::string s = dist + "(";
  for (std::size_t i = 0; i < params.size(); ++i) s += (i ? "," : "") + params[i].first + "=" + params[i].second;
  return s + ")";
}

Rational crafted_poisson_mean(std::uint64_t seed, std::uint64_t stream) {
  ChaCha20Source bits(seed, stream);
  const std::uint64_t M = bits.next_bits(64);
  if (M == 0) throw std::logic_error("golden vectors: crafted_poisson_mean needs a non-zero first chunk");
  constexpr mpfr_prec_t kPrec = 1024;
  const Rational m = Rational(Integer(M)) / Rational(Integer(1) << 64);
  // x = (−ln m − 2^−600)·2^640, enclosed; its floor must be certain.
  const Interval L = -Interval(m, kPrec).log();
  const Interval x = (L - Interval(Rational(1) / Rational(Integer(1) << 600), kPrec)).mul(Rational(Integer(1) << 640));
  const Integer lo = floor(x.lower()), hi = floor(x.upper());
  if (lo != hi) throw std::logic_error("golden vectors: crafted_poisson_mean: floor not decided");
  const Rational lambda = Rational(lo) / Rational(Integer(1) << 640);
  // Check the promise: M/2^64 < e^{−λ} < M/2^64 + 2^−590.
  const Interval f0 = exp_neg(lambda, kPrec);
  if (!f0.certainly_greater(m) || !f0.certainly_less(m + Rational(1) / Rational(Integer(1) << 590)))
    throw std::logic_error("golden vectors: crafted_poisson_mean misses its window");
  return lambda;
}

std::vector<SamplerCase> sampler_cases() {
  std::vector<SamplerCase> cases;
  std::uint64_t stream = 0;
  for (const auto& [dist, params] : sampler_table()) cases.push_back(SamplerCase{dist, params, kSeed, stream++, "", ""});
  // Appended after the table (streams continue its numbering, so earlier records keep their bytes): the `inversion`
  // method of dlaplace and dgauss on the same parameter sets as their default method, then the crafted Poisson mean
  // that reaches the rare paths of inversion (crafted_poisson_mean).
  for (const auto& [dist, params] : sampler_table())
    if (dist == "dlaplace" || dist == "dgauss")
      cases.push_back(SamplerCase{dist, params, kSeed, stream++, "inversion", ""});
  const std::uint64_t crafted = stream++;
  cases.push_back(SamplerCase{"poisson",
                              {{"mean", dpb::to_string(crafted_poisson_mean(kSeed, crafted))}},
                              kSeed,
                              crafted,
                              "",
                              "second-chunk, extra-precision, optimized-hand-over: the first chunk equals "
                              "floor(F(0)*2^64) and F(0) - chunk/2^64 < 2^-590"});
  return cases;
}

CategoryFile generate_samplers(Impl impl) {
  CategoryFile file{"samplers", {header_record("samplers")}};
  for (const auto& s : kStreams) file.records.push_back(stream_record(s));
  for (std::uint64_t n : kUniformN) file.records.push_back(uniform_record(n, impl));
  for (const auto& n : kWideUniformN) file.records.push_back(wide_uniform_record(n, impl));
  for (const auto& c : sampler_cases()) file.records.push_back(sampler_record(c, impl));
  return file;
}

}  // namespace dpb::verify::vectors
