// The shuffle protocol P_Vec = (R_Vec, S_Vec, A_Vec) of seed 001 (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567,
// App. C.1, Algorithms 5–7; after Cheu, Joseph, Mao, Peng 2021, Alg. 2), for one label set (labels.hpp) and one
// batch of B users; docs/protocol-001.md.
//
// R̃(w, r) on a label (errata to issue 17, "P_Vec encoding"), w = v + Δ ∈ [0, 2Δ] for a label value |v| <= Δ:
//   x̄ = ⌊w·g/r⌋;  γ₁ ~ Bernoulli(w·g/r − x̄);  x̂ = x̄ + γ₁;  γ₂ ~ Bin(b, p);
//   message = the multiset of ℓ bits with c = x̂ + γ₂ ones (ℓ = message_bits, default g + b for r = 2Δ).
// The message is well-formed iff 0 <= c <= ℓ; every message is checked (std::logic_error otherwise) and the
// constructor refuses parameters whose worst case ⌈2Δ·g/r⌉ + b exceeds ℓ (the printed r = Δ with ℓ = g + b).
// S: (a) `Explicit`: all B·|labels|·ℓ labelled bits in one list (user-major, label-major, a message's ones first)
//        permuted uniformly (Fisher–Yates, shuffled_shares.hpp), then counted per label; at most 2^22 bits.
//    (b) `Counts`: the per-label counts Σ_i c_{i,k} directly (the analyzer's sufficient statistic; no bits drawn).
// A: o_k = (r/g)·(Σ_k − p·b·B) − B·Δ, exact (Alg. 7 with the B·Δ re-centring and the range r in place of Δ).
// Noise paths: `PerUser` as written; `Aggregate`: each user's x̂ only, then per label one Bin(B·b, p)
// (Σ_i Bin(b, p) = Bin(B·b, p)); S is not simulated (its output's per-label counts are the counts).
//
// Bits (normative; docs/protocol-001.md): per-user path: for each user i, for each label k in LabelSet order: γ₁
// (uniform_below(den) of the reduced fraction; no bit when w·g/r is an integer), then γ₂ (BinomialLarge); then the
// Fisher–Yates draws (Explicit only). Aggregate path: every user's γ₁ in the same order, then per label k the
// Bin(B·b, p) draw. The binomials are BinomialLarge (p ∈ {1/4, 1/2}; n <= 2^63 − 1).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/labels.hpp"
#include "reference/protocols/shuffled_shares.hpp"
#include "reference/protocols/transcript.hpp"
#include "reference/samplers/bernoulli.hpp"
#include "reference/samplers/binomial_large.hpp"

namespace dpb::ref {

enum class PVecRange { TwoDelta, Delta };  // r = 2Δ (default, the proof's reading) or r = Δ (Alg. 5 as printed)
enum class PVecShuffle { Explicit, Counts };
std::string_view pvec_range_name(PVecRange r);      // "2delta", "delta"
std::string_view pvec_shuffle_name(PVecShuffle s);  // "explicit", "counts"

inline constexpr std::uint64_t kPVecMaxExplicitBits = std::uint64_t{1} << 22;

struct PVecParams {
  LabelSet labels = LabelSet::vector(1);
  Integer batch{1};        // B >= 1
  Integer g{4};            // accuracy, >= 1
  Integer b{0};            // noise bits, >= 0
  Rational p{1, 4};        // noise bias, 1/4 or 1/2
  Rational delta{1};       // Δ > 0: label values lie in [−Δ, Δ]
  PVecRange range = PVecRange::TwoDelta;
  Integer message_bits{0};  // ℓ; 0 = the default (g + b for r = 2Δ, 2g + b for r = Δ)

  Rational r() const { return range == PVecRange::TwoDelta ? Rational(2 * delta) : delta; }
  Integer length() const;  // ℓ after the default
};

// Validates (ParameterError naming PVec: B, g, b, p, delta, message_bits; B·ℓ·|labels| <= 2^63 − 1) and returns
// the parameters with ℓ filled in.
PVecParams validate(PVecParams params);

// The largest count a well-formed randomizer can produce: ⌈2Δ·g/r⌉ + b.
Integer pvec_max_ones(const PVecParams& params);

// One message: a multiset of `length` bits, `ones` of them 1.
struct BitMultiset {
  Integer ones, length;
  bool well_formed() const { return ones >= 0 && ones <= length; }
  bool operator==(const BitMultiset&) const = default;
};

// The scalar randomizer R̃(w, r) (Alg. 5), with its intermediate values for the transcript.
struct ScalarReport {
  Integer x_bar, x_hat, noise;  // ⌊w g/r⌋, x̄ + γ₁, γ₂
  BitMultiset message;
};

class ScalarRandomizer {
 public:
  // g >= 1, b >= 0, p ∈ {1/4, 1/2}, r > 0, length >= 0 (ParameterError naming ScalarRandomizer).
  ScalarRandomizer(const Integer& g, const Integer& b, const Rational& p, const Rational& r, const Integer& length);

  // The deterministic part for w ∈ [0, 2Δ] (w >= 0 checked): ⌊w g/r⌋ and the rounding probability.
  Integer floor_part(const Rational& w) const { return floor(Rational(w * g_ / r_)); }

  template <BitSource Bits>
  Integer round(const Rational& w, Bits& bits) const {
    if (w < 0) throw_parameter_error("ScalarRandomizer", "w", ">= 0", to_string(w));
    const Rational scaled = w * g_ / r_;
    const Integer low = floor(scaled);
    return Bernoulli(Rational(scaled - low))(bits) ? Integer(low + 1) : low;
  }

  template <BitSource Bits>
  ScalarReport operator()(const Rational& w, Bits& bits) const {
    ScalarReport rep;
    rep.x_bar = floor_part(w);
    rep.x_hat = round(w, bits);
    rep.noise = noise_(bits);
    rep.message = {Integer(rep.x_hat + rep.noise), length_};
    if (!rep.message.well_formed())
      throw std::logic_error("ScalarRandomizer: malformed message: " + to_string(rep.message.ones) + " ones in " +
                             to_string(length_) + " bits");
    return rep;
  }

 private:
  Integer g_;
  Rational r_;
  Integer length_;
  BinomialLarge noise_;
};

// One user's report: one message per label, in LabelSet order.
struct PVecUserReport {
  std::vector<ScalarReport> labels;
};

// Throws std::logic_error unless `report` has |labels| messages, each of ℓ bits and well-formed.
void check_report(const PVecUserReport& report, const PVecParams& params);

struct LabelledBit {
  std::uint32_t label = 0;
  bool bit = false;
  bool operator==(const LabelledBit&) const = default;
};

struct PVecTranscript {
  PVecParams params;
  NoisePath path = NoisePath::PerUser;
  PVecShuffle shuffle = PVecShuffle::Counts;
  std::vector<std::vector<Rational>> values;  // v_{i,k}
  std::vector<std::vector<Integer>> x_hat;    // x̂_{i,k}
  std::vector<std::vector<Integer>> noise;    // γ₂_{i,k} (per-user path; empty on the aggregate path)
  std::vector<LabelledBit> shuffled;          // S's output (Explicit only)
  std::vector<Integer> aggregate_noise;       // per label Bin(B·b, p) (aggregate path)
  std::vector<Integer> counts;                // Σ_k
  std::vector<Rational> output;               // o_k
  bool operator==(const PVecTranscript& o) const;
};

// The analyzer: o_k = (r/g)(Σ_k − p·b·B) − B·Δ.
Rational pvec_analyze(const PVecParams& params, const Integer& count);

class PVec {
 public:
  explicit PVec(PVecParams params, NoisePath path = NoisePath::PerUser, PVecShuffle shuffle = PVecShuffle::Counts);

  const PVecParams& params() const { return params_; }
  NoisePath path() const { return path_; }
  PVecShuffle shuffle() const { return shuffle_; }

  // values: B rows of |labels| label values, each in [−Δ, Δ] (ParameterError naming PVec::run otherwise).
  template <BitSource Bits>
  PVecTranscript run(std::span<const std::vector<Rational>> values, Bits& bits) const;

 private:
  void check_values(std::span<const std::vector<Rational>> values) const;

  PVecParams params_;
  NoisePath path_;
  PVecShuffle shuffle_;
  ScalarRandomizer randomizer_;
  BinomialLarge aggregate_;
};

template <BitSource Bits>
PVecTranscript PVec::run(std::span<const std::vector<Rational>> values, Bits& bits) const {
  check_values(values);
  const std::size_t L = params_.labels.size();
  PVecTranscript t;
  t.params = params_;
  t.path = path_;
  t.shuffle = shuffle_;
  t.values.assign(values.begin(), values.end());
  t.counts.assign(L, Integer(0));
  if (path_ == NoisePath::PerUser) {
    std::vector<PVecUserReport> reports;
    for (const auto& row : values) {
      PVecUserReport rep;
      std::vector<Integer> xh, nz;
      for (std::size_t k = 0; k < L; ++k) {
        rep.labels.push_back(randomizer_(Rational(row[k] + params_.delta), bits));
        xh.push_back(rep.labels.back().x_hat);
        nz.push_back(rep.labels.back().noise);
      }
      check_report(rep, params_);
      t.x_hat.push_back(std::move(xh));
      t.noise.push_back(std::move(nz));
      reports.push_back(std::move(rep));
    }
    if (shuffle_ == PVecShuffle::Explicit) {
      const std::uint64_t len = to_uint64(params_.length());
      for (const auto& rep : reports)
        for (std::size_t k = 0; k < L; ++k) {
          const std::uint64_t ones = to_uint64(rep.labels[k].message.ones);
          for (std::uint64_t u = 0; u < len; ++u) t.shuffled.push_back({static_cast<std::uint32_t>(k), u < ones});
        }
      fisher_yates_shuffle(t.shuffled, bits);
      for (const LabelledBit& lb : t.shuffled)
        if (lb.bit) ++t.counts[lb.label];
    } else {
      for (const auto& rep : reports)
        for (std::size_t k = 0; k < L; ++k) t.counts[k] += rep.labels[k].message.ones;
    }
  } else {
    for (const auto& row : values) {
      std::vector<Integer> xh;
      for (std::size_t k = 0; k < L; ++k) {
        xh.push_back(randomizer_.round(Rational(row[k] + params_.delta), bits));
        t.counts[k] += xh.back();
      }
      t.x_hat.push_back(std::move(xh));
    }
    for (std::size_t k = 0; k < L; ++k) {
      t.aggregate_noise.push_back(aggregate_(bits));
      t.counts[k] += t.aggregate_noise.back();
    }
  }
  for (std::size_t k = 0; k < L; ++k) t.output.push_back(pvec_analyze(params_, t.counts[k]));
  return t;
}

}  // namespace dpb::ref
