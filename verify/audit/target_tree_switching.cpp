#include "verify/audit/target_tree_switching.hpp"

#include <array>
#include <vector>

#include "optimized/samplers/rounded_normal.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/double_text.hpp"
#include "reference/core/errors.hpp"
#include "reference/protocols/calibration_003.hpp"

namespace dpb::verify::audit {

namespace {

constexpr int kGridBits = 20;
__extension__ typedef __int128 i128;

// The nodes of a 16-leaf dyadic tree: level h, index j covers leaves j·2^h + 1 .. (j + 1)·2^h; a flat index per node.
constexpr unsigned node_index(unsigned h, unsigned j) { return (32U - (32U >> h)) + j; }  // 16 + 8 + … before level h
constexpr unsigned kNodes = 31;

struct Cover {
  unsigned count = 0;
  std::array<unsigned, 5> node{};
  std::array<unsigned, 5> lo{}, hi{};  // leaves covered
};

// The dyadic cover of the prefix 1..p (p <= 16): the largest aligned blocks first.
Cover cover_of(unsigned p) {
  Cover c;
  unsigned pos = 0;
  for (int h = 4; h >= 0; --h) {
    const unsigned w = 1U << h;
    if (p - pos >= w) {
      c.node[c.count] = node_index(static_cast<unsigned>(h), pos >> h);
      c.lo[c.count] = pos + 1;
      c.hi[c.count] = pos + w;
      ++c.count;
      pos += w;
    }
  }
  return c;
}

}  // namespace

PreparedTarget prepare_tree_switching(const TargetInfo& info, const TargetOptions& o, std::uint64_t) {
  PreparedTarget t;
  t.info = info;
  const Rational ks(20);
  const double delta_total = o.delta.value_or(1e-5);
  if (!(delta_total > 0 && delta_total < 1))
    throw_parameter_error("audit", "delta", "in (0, 1) for tree-switching", double_text(delta_total));
  if (o.horizon < kSwitchingObservers)
    throw_parameter_error("audit", "horizon", ">= 16 for tree-switching (rounds 1..16 are simulated)",
                          std::to_string(o.horizon));
  ref::Calibration003Input in;
  in.eps = o.eps;
  in.delta = Rational(delta_total);
  in.horizon = Integer(o.horizon);
  in.d = Integer(2);
  in.kappa_star = ks;
  const ref::Calibration003 cal = ref::calibrate_003(in);
  // noise_scale (TargetOptions, tests only): 1 the paper's calibration; 20 = κ* the corrected V tree (Lemma I.4's σ
  // at κ* = 1), which part (a) certifies private: the audit must not flag it
  if (o.noise_scale <= 0) throw_parameter_error("audit", "noise_scale", "> 0", dpb::to_string(o.noise_scale));
  const Rational sigma_bar = *cal.find("sigma_bar")->exact * o.noise_scale;
  // λ̄: Eq. 19's λ rounded up to the grid (any data-independent λ keeps the mechanism's privacy; the enclosure's upper
  // end is above λ)
  const Rational lambda_upper = cal.find("lambda")->enclosure->upper();
  const Integer scale = Integer(1) << kGridBits;
  const Integer lambda_num = ceil(Rational(lambda_upper * scale));
  if (!fits_int64(lambda_num) || lambda_num > (Integer(1) << 52))
    throw_parameter_error("audit", "eps", "such that lambda <= 2^32 for tree-switching", dpb::to_string(o.eps));
  const std::int64_t lam = to_int64(lambda_num);
  ref::TreeParams p;
  p.labels = ref::LabelSet::symmetric_matrix(2);  // (0,0), (0,1), (1,1)
  p.symmetrisation = ref::Symmetrisation::Half;
  p.sigma = sigma_bar;
  p.grid_bits = kGridBits;
  const auto sig = ref::tree_label_sigmas(p);
  const std::vector<Rational> sigmas(sig.begin(), sig.end());
  std::array<Cover, kSwitchingObservers + 1> covers{};
  for (unsigned s = 2; s <= kSwitchingObservers; ++s) covers[s] = cover_of(s - 1);
  const std::int64_t one = std::int64_t{1} << kGridBits;
  t.sample = [sigmas, covers, lam, one](int side, std::uint64_t count, std::uint64_t seed, std::uint64_t stream) {
    std::vector<fast::RoundedNormal> noise;
    for (const Rational& s : sigmas) noise.emplace_back(s, Integer(kGridBits));
    ChaCha20Source bits(seed, stream);
    std::vector<std::uint64_t> counts(kSwitchingObservers, 0);
    for (std::uint64_t i = 0; i < count; ++i) {
      std::array<std::array<std::int64_t, 3>, kNodes> z{};
      std::array<bool, kNodes> drawn{};
      std::array<std::int64_t, kSwitchingObservers + 1> v11_leaf{};  // V leaf entry (0,0) per round (grid units)
      std::array<std::int64_t, kSwitchingObservers + 1> v22_leaf{};
      if (side == 0) v11_leaf[1] = one;  // D: e₁e₁ᵀ
      else v22_leaf[1] = one;            // D′: e₂e₂ᵀ
      unsigned y = 0;
      for (unsigned s = 2; s <= kSwitchingObservers; ++s) {
        std::int64_t a = lam, b = 0, c = lam;  // V = [[a, b], [b, c]] on 2^−20
        const Cover& cv = covers[s];
        for (unsigned k = 0; k < cv.count; ++k) {
          const unsigned nd = cv.node[k];
          if (!drawn[nd]) {  // node noise once per node, labels in order (0,0), (0,1), (1,1)
            for (std::size_t e = 0; e < 3; ++e) z[nd][e] = noise[e](bits);
            drawn[nd] = true;
          }
          a += z[nd][0];
          b += z[nd][1];
          c += z[nd][2];
          for (unsigned r = cv.lo[k]; r <= cv.hi[k]; ++r) {
            a += v11_leaf[r];
            c += v22_leaf[r];
          }
        }
        // Criterion I for the context η e₁: [V⁻¹]₁₁ = c/det ≥ 1/λ̄ ⇔ λ̄·c ≥ det (det > 0); not PD: met
        const i128 det = static_cast<i128>(a) * c - static_cast<i128>(b) * b;
        const bool explore = a <= 0 || det <= 0 || static_cast<i128>(lam) * c >= det;
        if (explore) {
          v11_leaf[s] = 1;  // η²e₁e₁ᵀ = 2^−20 e₁e₁ᵀ: one grid unit
          ++y;
        }
      }
      ++counts[y];
    }
    std::vector<std::pair<double, std::uint64_t>> out;
    for (unsigned k = 0; k < kSwitchingObservers; ++k)
      if (counts[k] > 0) out.emplace_back(static_cast<double>(k), counts[k]);
    Histogram hist;
    hist.counts = std::move(out);
    hist.total = count;
    return hist;
  };
  t.eps_claimed = o.eps.convert_to<double>() / 3;
  t.delta = delta_total / 6;
  t.eps_exact_source = "none: only part (a)'s upper bound is known (docs/privacy-003.md, the switching set)";
  t.details = {{"neighbours", "user 1 explores with x = e1 (D) or e2 (D'): V leaf e1e1^T vs e2e2^T (kappa* = 20, d = 2)"},
               {"observers", "users 2..16, context {2^-10 e1}, threshold 2^-20/lambda_bar"},
               {"T", o.horizon},
               {"sigma_bar", dpb::to_string(sigma_bar)},
               {"lambda_bar", dpb::to_string(Rational(lambda_num, scale))},
               {"symmetrisation", "half"},
               {"statistic", "Y = number of observers that explore"},
               {"claim", "Lemma 6.1: T_o (eps/3, delta/6); eps, delta = Alg. 2's totals"}};
  t.relation = {{"name", "replace-one (one round's user: its context)"},
                {"definition", "user 1's context {e1} vs {e2}; both explore (Criterion I), so its V leaf changes"},
                {"citation", "seed 003 Sec. 6, Lemma 6.1; docs/privacy-003.md"},
                {"candidates_enumerated", 1},
                {"unobserved", 0},
                {"effective_pairs", 1},
                {"note", "the worst V change (x ⊥ x'); the observers are chosen by the auditor"}};
  return t;
}

}  // namespace dpb::verify::audit
