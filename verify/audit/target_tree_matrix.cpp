#include "verify/audit/target_tree_matrix.hpp"

#include <cmath>
#include <unordered_map>

#include "optimized/samplers/rounded_normal.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/double_text.hpp"
#include "reference/core/errors.hpp"
#include "reference/privacy/seed001.hpp"
#include "reference/protocols/calibration_003.hpp"

namespace dpb::verify::audit {

namespace {

constexpr int kGridBits = 20;

}  // namespace

double gaussian_eps_for_delta(const ref::RealFn& mu, double delta) {
  const Rational d(delta);
  auto ok = [&](const Rational& e) {
    return ref::gaussian_delta(mu(256), Interval(1L, 256), e, 256).certainly_less_equal(Interval(d, 256));
  };
  if (ok(Rational(0))) return 0;
  Rational hi(1);
  while (!ok(hi)) hi *= 2;
  Rational lo(0);
  const Rational step(Integer(1), Integer(1) << 20);
  while (hi - lo > step) {
    const Rational mid = (lo + hi) / 2;
    if (ok(mid)) hi = mid; else lo = mid;
  }
  return hi.convert_to<double>();
}

PreparedTarget prepare_tree_matrix(const TargetInfo& info, const TargetOptions& o, std::uint64_t) {
  PreparedTarget t;
  t.info = info;
  // κ* = 4: the logistic link's least κ* (1/sup μ̇), what arms spread over the unit ball give. At κ* >= 1 the worst
  // feasible change is one user's V leaf e₁e₁ᵀ ↔ e₂e₂ᵀ (‖Δ‖_F² = 2 on nodes whose σ Lemma I.4 scales by 1/κ*): the
  // H change costs 2/κ*² and the cross change 1 + 1/κ*² at the same σ (ref::tree003_joint_mu), both <= 2.
  const Rational ks(4);
  const double delta_total = o.delta.value_or(1e-5);
  if (!(delta_total > 0)) throw_parameter_error("audit", "delta", "> 0 for tree-matrix", double_text(delta_total));
  ref::Calibration003Input in;
  in.eps = o.eps;
  in.delta = Rational(delta_total);
  in.horizon = Integer(o.horizon);
  in.d = Integer(2);
  in.kappa_star = ks;
  const ref::Calibration003 cal = ref::calibrate_003(in);
  const Rational sigma_bar = *cal.find("sigma_bar")->exact;
  ref::TreeParams p;
  p.labels = ref::LabelSet::symmetric_matrix(2);  // (0,0), (0,1), (1,1)
  p.symmetrisation = ref::Symmetrisation::Half;
  p.sigma = sigma_bar;
  p.grid_bits = kGridBits;
  const auto sig = ref::tree_label_sigmas(p);
  const unsigned nodes = ref::tree003_max_nodes_per_leaf(Integer(o.horizon));
  // V leaves (numerators on 2^−20): D = e₁e₁ᵀ, D′ = e₂e₂ᵀ; nominal variances v_e = c_e σ²; the H tree's nodes
  // have the same law on both sides and are not sampled
  const std::int64_t one = std::int64_t{1} << kGridBits;
  const double s2 = std::pow(sigma_bar.convert_to<double>(), 2);
  const double v[3] = {s2, s2 / 2, s2};
  const double shift[3] = {-1.0, 0.0, 1.0};  // m′ − m per entry
  double mu2 = 0;
  for (int e = 0; e < 3; ++e) mu2 += shift[e] * shift[e] / v[e];
  mu2 *= nodes;
  const double mu = std::sqrt(mu2);
  const double scale = std::ldexp(1.0, -kGridBits);
  const std::vector<Rational> sigmas(sig.begin(), sig.end());
  t.sample = [sigmas, nodes, one, v, shift, mu, scale](int side, std::uint64_t count, std::uint64_t seed,
                                                          std::uint64_t stream) {
    std::vector<fast::RoundedNormal> noise;
    for (const Rational& s : sigmas) noise.emplace_back(s, Integer(kGridBits));
    ChaCha20Source bits(seed, stream);
    std::unordered_map<std::int64_t, std::uint64_t> c;
    const std::int64_t leaf[2][3] = {{one, 0, 0}, {0, 0, one}};
    for (std::uint64_t i = 0; i < count; ++i) {
      double y = 0;
      for (unsigned h = 0; h < nodes; ++h)
        for (int e = 0; e < 3; ++e) {
          const double x = static_cast<double>(leaf[side][e] + noise[static_cast<std::size_t>(e)](bits)) * scale;
          const double m = static_cast<double>(leaf[0][e]) * scale;
          y += (x - m) * shift[e] / v[e];
        }
      ++c[std::llround(8 * y / mu)];
    }
    std::vector<std::pair<double, std::uint64_t>> out;
    for (const auto& [k, n] : c) out.emplace_back(static_cast<double>(k) / 8, n);
    std::sort(out.begin(), out.end());
    Histogram hist;
    hist.counts = std::move(out);
    hist.total = count;
    return hist;
  };
  const double eps = o.eps.convert_to<double>();
  t.eps_claimed = eps / 3;
  t.delta = delta_total / 3;
  const Rational mu2_exact = Rational(nodes) * Rational(2) / (sigma_bar * sigma_bar);  // 1/σ² + 0 + 1/σ²
  const ref::RealFn mu_fn = [mu2_exact](mpfr_prec_t prec) { return Interval(mu2_exact, prec).sqrt(); };
  t.eps_exact = gaussian_eps_for_delta(mu_fn, t.delta);
  t.eps_exact_source = "white box: exact Gaussian profile of the nodes holding leaf 1 (mu = " + std::to_string(mu) +
                       "), eps(delta/3) by bisection on certified enclosures, rounded up to 2^-20";
  t.details = {{"neighbours", "user 1's V leaf e1e1^T (D) vs e2e2^T (D'), H leaf 0 (kappa* = 4, d = 2): the worst feasible change at kappa* >= 1"},
               {"T", o.horizon},
               {"nodes_holding_leaf_1", nodes},
               {"sigma_bar", dpb::to_string(sigma_bar)},
               {"symmetrisation", "half"},
               {"mu", mu},
               {"claim", "trees jointly (eps/3, delta/3); eps, delta = Alg. 2's totals"}};
  t.relation = {{"name", "replace-one (one round's user, both trees)"},
                {"definition", "user t's leaves in V and H replaced (||x|| <= 1, H weight <= 1/kappa*)"},
                {"citation", "seed 003 Sec. 6, Lemma I.4; docs/privacy-003.md"},
                {"candidates_enumerated", 1},
                {"unobserved", 0},
                {"effective_pairs", 1},
                {"note", "the canonical pair is a worst feasible change (docs/privacy-003.md, 'The matrix trees')"}};
  return t;
}

}  // namespace dpb::verify::audit
