// The shuffle protocol P_Amp = (R_Amp, S_Amp, A_Amp) of seed 001 (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567,
// App. B.1, Algorithms 2–4) and, with the shuffler replaced by the identity, the LDP randomizer of Batched-Local
// LinUCB (Zheng et al. 2020; App. F, Prop. F.1, Cor. B.3), for one label set (labels.hpp) and one batch of B users.
// docs/protocol-001.md.
//
// R: per label, message = v + K·2^−r with K = RoundedNormal(σ̄, r) (σ̄ the certified upper rounding of the calibrated
//    σ; for a matrix label set the upper triangle is drawn and mirrored: the paper's symmetric noise, every entry of
//    variance σ̄²). Label values lie on the grid 2^−r (checked), so a message is round_{2^−r}(v + σ̄X), a
//    post-processing of the Gaussian mechanism.
// S: `Permute`: one uniform permutation π of the B users' messages (Alg. 3; the vector and the matrix parts are two
//    instances, hence two independent permutations). `None`: the identity (the local model).
// A: the exact sum over users per label (Alg. 4).
// The vector part (R1, σ₁) and the matrix part (R2, σ₂) of a batch are two PAmp instances run one after the other
// on the same stream.
// Matrix noise variant `Symmetrized` (the authors' code, spec 001 §6.3): a full D×D matrix N of rounded Gaussians
// is drawn (row-major, all D² entries) and (N + Nᵀ)/2 is added: entry (i, j), i < j, gets (K_ij + K_ji)/2·2^−r
// (variance σ̄²/2 before rounding), the diagonal K_ii·2^−r. Values, messages and sums are then numerators on the
// grid 2^−(r+1) (`output_grid_bits`): 2a + K_ij + K_ji off the diagonal, 2a + 2K_ii on it.
//
// Bits (normative): for each user i, for each label k in LabelSet order, one RoundedNormal draw; then (Permute only)
// Fisher–Yates over the B messages: for i = B − 1 down to 1, j = uniform_below(i + 1), swap.
#pragma once

#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/labels.hpp"
#include "reference/protocols/shuffled_shares.hpp"
#include "reference/samplers/rounded_normal.hpp"

namespace dpb::ref {

enum class PAmpShuffle { Permute, None };
enum class MatrixNoise { UpperTriangle, Symmetrized };  // the paper's symmetric copy, or the code's (N + Nᵀ)/2

struct PAmpParams {
  LabelSet labels = LabelSet::vector(1);
  Integer batch{1};       // B >= 1, <= 2^24
  Rational sigma{1};      // σ̄ > 0
  Integer grid_bits{32};  // r
  MatrixNoise matrix_noise = MatrixNoise::UpperTriangle;  // Symmetrized: symmetric-matrix label sets only
};

struct PAmpTranscript {
  unsigned output_grid_bits = 0;               // r, or r + 1 for the Symmetrized variant
  std::vector<std::vector<Integer>> values;    // a_{i,k}: v = a·2^−r (input grid)
  std::vector<std::vector<Integer>> noise;     // K_{i,k} (Symmetrized: K_ij + K_ji or 2K_ii, on 2^−(r+1))
  std::vector<std::vector<Integer>> messages;  // a + K (Symmetrized: 2a + noise), per user (R's output, before S)
  std::vector<std::size_t> permutation;        // S's view position x holds user permutation[x]
  std::vector<Integer> sum;                    // A's output per label (numerators on 2^−r)
  bool operator==(const PAmpTranscript&) const = default;
};

class PAmp {
 public:
  // ParameterError naming PAmp for B outside [1, 2^24]; RoundedNormal's for σ̄ and r.
  PAmp(PAmpParams params, PAmpShuffle shuffle = PAmpShuffle::Permute);

  const PAmpParams& params() const { return params_; }

  // values: B rows of |labels| numerators on the grid 2^−r.
  template <BitSource Bits>
  PAmpTranscript run(std::span<const std::vector<Integer>> values, Bits& bits) const {
    if (Integer(values.size()) != params_.batch)
      throw_parameter_error("PAmp::run", "values", "a batch of B = " + to_string(params_.batch) + " users",
                            std::to_string(values.size()) + " users");
    const std::size_t L = params_.labels.size();
    PAmpTranscript t;
    const bool sym = params_.matrix_noise == MatrixNoise::Symmetrized;
    t.output_grid_bits = params_.grid_bits.convert_to<unsigned>() + (sym ? 1 : 0);
    t.values.assign(values.begin(), values.end());
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (values[i].size() != L)
        throw_parameter_error("PAmp::run", "values", std::to_string(L) + " label values per user (user " +
                                                         std::to_string(i) + ")",
                              std::to_string(values[i].size()));
      std::vector<Integer> noise, msg;
      if (sym) {
        const std::uint32_t D = params_.labels.dim();
        std::vector<Integer> full;
        for (std::size_t x = 0; x < std::size_t{D} * D; ++x) full.push_back(noise_(bits));
        for (std::size_t k = 0; k < L; ++k) {
          const Label l = params_.labels.at(k);
          noise.push_back(full[std::size_t{l.i} * D + l.j] + full[std::size_t{l.j} * D + l.i]);
          msg.push_back(2 * values[i][k] + noise.back());
        }
      } else {
        for (std::size_t k = 0; k < L; ++k) {
          noise.push_back(noise_(bits));
          msg.push_back(values[i][k] + noise.back());
        }
      }
      t.noise.push_back(std::move(noise));
      t.messages.push_back(std::move(msg));
    }
    t.permutation.resize(values.size());
    std::iota(t.permutation.begin(), t.permutation.end(), std::size_t{0});
    if (shuffle_ == PAmpShuffle::Permute) fisher_yates_shuffle(t.permutation, bits);
    t.sum.assign(L, Integer(0));
    for (std::size_t x : t.permutation)
      for (std::size_t k = 0; k < L; ++k) t.sum[k] += t.messages[x][k];
    return t;
  }

 private:
  PAmpParams params_;
  PAmpShuffle shuffle_;
  RoundedNormal noise_;
};

}  // namespace dpb::ref
