#include "reference/protocols/calibration_003.hpp"

#include <algorithm>

#include "reference/core/errors.hpp"
#include "reference/protocols/internal/quantities.hpp"
#include "reference/glm/link.hpp"

namespace dpb::ref {

namespace {

using quantities::exact;
using quantities::real;
using quantities::flag;
using quantities::text;

constexpr const char* kFn = "calibrate";
constexpr mpfr_prec_t kReport = 256;
constexpr mpfr_prec_t kMaxPrec = 1 << 14;

template <class T>
const T& need(const std::optional<T>& v, const char* name) {
  if (!v) throw_parameter_error(kFn, name, "given for tree-matrix", "nothing");
  return *v;
}

Interval ln(const Rational& x, mpfr_prec_t p) { return Interval(x, p).log(); }

Link parse_link_named(const std::string& name) {
  if (name == "logistic") return Link::logistic;
  if (name == "probit") return Link::probit;
  throw_parameter_error(kFn, "link", "logistic or probit", name);
}

// a <= b decided on enclosures refined to kMaxPrec bits (std::runtime_error if still undecided: equality).
bool decide_le(const RealFn& a, const RealFn& b) {
  for (mpfr_prec_t p = 128; p <= kMaxPrec; p *= 2) {
    const Interval x = a(p), y = b(p);
    if (x.certainly_less_equal(y)) return true;
    if (y.certainly_less(x)) return false;
  }
  throw std::runtime_error("calibrate tree-matrix: a comparison stayed undecided at 2^14 bits");
}

Symmetrisation sym_of(const Calibration003Input& in) {
  const Symmetrisation s = parse_symmetrisation(in.symmetrisation.value_or("half"), kFn);
  if (s == Symmetrisation::None)
    throw_parameter_error(kFn, "symmetrisation", "half or root2 (the paper's node noise)", "none");
  return s;
}

struct Common {
  Rational eps, delta, ks;
  Integer T;
  unsigned d = 1, m = 1;
  Symmetrisation sym = Symmetrisation::Half;
};

Common common(const Calibration003Input& in, Calibration003& c) {
  Common x;
  x.eps = need(in.eps, "eps");
  x.delta = need(in.delta, "delta");
  x.T = need(in.horizon, "horizon");
  const Integer d = need(in.d, "d");
  x.ks = need(in.kappa_star, "kappa-star");
  if (x.eps <= 0 || x.eps > 100) throw_parameter_error(kFn, "eps", "in (0, 100]", to_string(x.eps));
  if (x.delta <= 0 || x.delta >= 1) throw_parameter_error(kFn, "delta", "in (0, 1)", to_string(x.delta));
  if (x.T < 2 || x.T > (Integer(1) << 40)) throw_parameter_error(kFn, "horizon", "in [2, 2^40]", to_string(x.T));
  if (d < 1 || d > 1024) throw_parameter_error(kFn, "d", "in [1, 1024]", to_string(d));
  // κ* = 1/max μ̇ over the arms (spec 003 §2.2) is at least 1/sup μ̇: 4 (logistic), √(2π) (probit). The H weights
  // are at most 1/κ* <= 1/4 (Alg. 2 line 11), the V leaves have norm up to 1.
  if (x.ks > 1000000) throw_parameter_error(kFn, "kappa-star", "<= 10^6", to_string(x.ks));
  check_kappa_star(parse_link_named(in.link.value_or("logistic")), x.ks, kFn, "kappa-star");
  require_reasonable_size(x.eps, kFn, "eps");
  require_reasonable_size(x.delta, kFn, "delta");
  require_reasonable_size(x.ks, kFn, "kappa-star");
  x.sym = sym_of(in);
  x.d = d.convert_to<unsigned>();
  x.m = tree_levels(x.T);
  c.variant = "tree-matrix";
  c.quantities.push_back(exact("T", Rational(x.T), "leaves per tree (one per round, zeros included)"));
  c.quantities.push_back(exact("d", Rational(d)));
  c.quantities.push_back(exact("eps", x.eps));
  c.quantities.push_back(exact("delta", x.delta));
  c.quantities.push_back(exact("kappa_star", x.ks, "1/max mu' over the arms; checked >= 1/sup mu' of the link"));
  c.quantities.push_back(text("link", in.link.value_or("logistic"), "the link kappa* is checked against"));
  c.quantities.push_back(text("symmetrisation", symmetrisation_name(x.sym),
                              "half: (Z'+Z'^T)/2 (Lemma I.4, default); root2: (Z'+Z'^T)/sqrt2 (App. P)"));
  c.quantities.push_back(exact("m", Rational(x.m), "levels ceil(log2 T) + 1 = max nodes holding one leaf"));
  return x;
}

// σ̄ of every label kind: diagonal and off-diagonal, from the Z′ std σ̄ (tree_label_sigmas on a 2×2 label set).
void add_entry_sigmas(Calibration003& c, const std::string& prefix, const Rational& sigma_bar, Symmetrisation s) {
  TreeParams p;
  p.labels = LabelSet::symmetric_matrix(2);
  p.sigma = sigma_bar;
  p.symmetrisation = s;
  const auto sig = tree_label_sigmas(p);  // (0,0), (0,1), (1,1)
  c.quantities.push_back(exact(prefix + "_diag_bar", sig[0], "sampler std of a diagonal entry (grid 2^-32, rounded up)"));
  c.quantities.push_back(exact(prefix + "_off_bar", sig[1], "sampler std of an off-diagonal entry (grid 2^-32, rounded up)"));
}

void add_joint(Calibration003& c, const Common& x, const RealFn& sv, const RealFn& sh, const Rational& eps_claim,
               const Rational& delta_claim, const std::string& suffix = "") {
  const unsigned nodes = tree003_max_nodes_per_leaf(x.T);
  const RealFn mu = tree003_joint_mu(x.sym, nodes, x.d, x.ks, sv, sh);
  if (!suffix.empty()) {
    const Rational du = tree003_delta_upper(mu, eps_claim);
    c.quantities.push_back(real("joint_mu" + suffix, mu(kReport), "the same joint shift with these sigmas"));
    c.quantities.push_back(exact("delta_at_claim_eps_upper" + suffix, du, "exact Gaussian delta(eps) of the joint view"));
    c.quantities.push_back(flag("claim_holds" + suffix, du <= delta_claim, "certified upper bound <= claim_delta"));
    return;
  }
  const Rational s2 = x.d >= 2 ? Rational(2) : Rational(1);
  c.quantities.push_back(exact("leaf_change_sq_V", s2, "max ||xx^T - x'x'^T||_F^2, ||x|| <= 1 (2 for d >= 2)"));
  c.quantities.push_back(exact("leaf_change_sq_H", s2 / (x.ks * x.ks), "the same with weights <= 1/kappa*"));
  c.quantities.push_back(exact("leaf_change_sq_cross", 1 + 1 / (x.ks * x.ks), "V leaf to zero, H leaf from zero"));
  c.quantities.push_back(exact("nodes_per_leaf_max", Rational(nodes),
                               "floor(log2 T) + 1 <= m: leaf 1 lies in the complete nodes (h, 0), 2^h <= T"));
  c.quantities.push_back(real("joint_mu", mu(kReport), "Gaussian shift of all nodes of both trees, c*m*max(...)"));
  const Rational du = tree003_delta_upper(mu, eps_claim);
  c.quantities.push_back(exact("claim_eps", eps_claim));
  c.quantities.push_back(exact("claim_delta", delta_claim));
  c.quantities.push_back(exact("delta_at_claim_eps_upper", du, "exact Gaussian delta(eps) of the joint view, upper end"));
  c.quantities.push_back(flag("claim_holds", du <= delta_claim, "certified upper bound <= claim_delta"));
}

Calibration003 theorem(const Calibration003Input& in) {
  Calibration003 c;
  c.profile = "theorem";
  c.source = "seed 003, Lemma I.4 and Eq. 19/49 (Sarmasarkar 2026, arXiv:2602.00417); joint V/H Gaussian profile";
  const Common x = common(in, c);
  const Rational zeta = in.zeta.value_or(x.delta / 2);
  if (zeta <= 0 || zeta >= x.delta) throw_parameter_error(kFn, "zeta", "in (0, delta) (Lemma I.7: delta > zeta)", to_string(zeta));
  require_reasonable_size(zeta, kFn, "zeta");
  c.quantities.push_back(exact("zeta", zeta, "failure probability (default delta/2)"));
  const RealFn sigma = tree003_theorem_sigma(x.eps, x.delta, x.m, x.ks);
  c.quantities.push_back(real("sigma_noise", sigma(kReport), "6 sqrt(m) ln(32/delta)/(kappa* eps), the std of Z'"));
  const Rational sbar = round_up_to_grid(sigma, kTreeSigmaGridBits);
  c.quantities.push_back(exact("sigma_bar", sbar, "sigma_noise rounded up to the grid 2^-32, both trees"));
  add_entry_sigmas(c, "sigma", sbar, x.sym);
  add_joint(c, x, sigma, sigma, x.eps / 3, x.delta / 3);
  // Lemma I.4 scales both trees' noise by 1/κ*, the H leaves' bound; the V leaves (x xᵀ, ‖x‖ <= 1) are κ* times
  // larger (spec 003 §9 item 23; docs/findings.md, 003.tree.privacy.theorem). The corrected V tree takes the same
  // formula at κ* = 1, its own leaves' scale: then V's, H's and the cross change cost the same, 2/σ_H²·(1/κ*)².
  const RealFn sigma_v = tree003_theorem_sigma(x.eps, x.delta, x.m, Rational(1));
  c.quantities.push_back(real("sigma_V_corrected", sigma_v(kReport),
                              "6 sqrt(m) ln(32/delta)/eps: the V tree calibrated to its own leaves (item 23)"));
  c.quantities.push_back(exact("sigma_V_corrected_bar", round_up_to_grid(sigma_v, kTreeSigmaGridBits),
                               "rounded up to the grid 2^-32"));
  add_joint(c, x, sigma_v, sigma, x.eps / 3, x.delta / 3, "_corrected");
  // Eq. 19: λ = 64(4√d+1)·ln(32/δ)·ln T·(ln(16T/ζ) + √d)/(εκ*); Eq. 49: N = √72·(ln(32/δ) ln T/(εκ*))(4√d + 2 ln(16T/ζ)).
  const Rational eps = x.eps, delta = x.delta, ks = x.ks;
  const Integer T = x.T;
  const unsigned d = x.d;
  const RealFn sd = [d](mpfr_prec_t p) { return Interval(long(d), p).sqrt(); };
  const RealFn base = [=](mpfr_prec_t p) { return (ln(32 / delta, p) * ln(Rational(T), p)).div(eps * ks); };
  const RealFn l16 = [=](mpfr_prec_t p) { return ln(Rational(16 * T) / zeta, p); };
  const RealFn q = [=](mpfr_prec_t p) { return sd(p).mul(4) + Interval(1L, p); };  // 4√d + 1
  const RealFn lambda = [=](mpfr_prec_t p) { return base(p).mul(64) * q(p) * (l16(p) + sd(p)); };
  const RealFn noise = [=](mpfr_prec_t p) {
    return Interval(72L, p).sqrt() * base(p) * (sd(p).mul(4) + l16(p).mul(2));
  };
  c.quantities.push_back(real("lambda", lambda(kReport), "Eq. 19 (log = ln)"));
  c.quantities.push_back(real("lambda_min", (lambda(kReport) * sd(kReport).mul(4)) / q(kReport), "4 sqrt(d) lambda/(4 sqrt(d)+1)"));
  c.quantities.push_back(real("lambda_max", (lambda(kReport) * (sd(kReport).mul(4) + Interval(2L, kReport))) / q(kReport),
                              "(4 sqrt(d)+2) lambda/(4 sqrt(d)+1)"));
  c.quantities.push_back(real("noise_bound", noise(kReport), "Eq. 49: sqrt72 (ln(32/delta) ln T/(eps kappa*))(4 sqrt d + 2 ln(16T/zeta))"));
  c.quantities.push_back(flag("assumption_I1", decide_le(noise, [=](mpfr_prec_t p) { return lambda(p) / q(p); }),
                              "noise_bound <= lambda/(4 sqrt(d)+1), decided exactly"));
  c.quantities.push_back(flag("lemma_O4_hypothesis",
                              decide_le(noise, [=](mpfr_prec_t p) { return lambda(p) / (sd(p) + Interval(1L, p)).mul(4); }),
                              "noise_bound <= lambda/(4(sqrt(d)+1)), decided exactly"));
  return c;
}

Calibration003 paper_code(const Calibration003Input& in) {
  Calibration003 c;
  c.profile = "paper-code";
  c.source = "seed 003 authors' code (spec 003 §7.3): BinaryTreeMechanism(T, eps/3, delta/3, C), C = 1 (V), 1/kappa* (H)";
  if (in.zeta) throw_parameter_error(kFn, "zeta", "absent for tree-matrix --profile paper-code", to_string(*in.zeta));
  const Common x = common(in, c);
  const RealFn rho = tree003_paper_code_rho(x.eps, x.delta);
  c.quantities.push_back(real("rho", rho(kReport), "root of eps/3 = rho + 2 sqrt(rho ln(3/delta)) (per tree)"));
  const RealFn sv = tree003_paper_code_sigma(x.eps, x.delta, x.m, Rational(1));
  const RealFn sh = tree003_paper_code_sigma(x.eps, x.delta, x.m, 1 / x.ks);
  c.quantities.push_back(real("sigma_V", sv(kReport), "sqrt(m/(2 rho)), the std of Z' (V tree)"));
  c.quantities.push_back(real("sigma_H", sh(kReport), "sqrt(m/(2 rho))/kappa* (H tree)"));
  const Rational sv_bar = round_up_to_grid(sv, kTreeSigmaGridBits), sh_bar = round_up_to_grid(sh, kTreeSigmaGridBits);
  c.quantities.push_back(exact("sigma_V_bar", sv_bar, "rounded up to the grid 2^-32"));
  c.quantities.push_back(exact("sigma_H_bar", sh_bar, "rounded up to the grid 2^-32"));
  add_entry_sigmas(c, "sigma_V", sv_bar, x.sym);
  add_entry_sigmas(c, "sigma_H", sh_bar, x.sym);
  add_joint(c, x, sv, sh, 2 * x.eps / 3, 2 * x.delta / 3);
  return c;
}

}  // namespace

RealFn tree003_theorem_sigma(const Rational& eps, const Rational& delta, unsigned m, const Rational& ks) {
  return [=](mpfr_prec_t p) { return (Interval(long(m), p).sqrt() * ln(32 / delta, p)).mul(Rational(6) / (ks * eps)); };
}

RealFn tree003_paper_code_rho(const Rational& eps, const Rational& delta) {
  return [=](mpfr_prec_t p) {
    const Interval L = ln(3 / delta, p);
    // √(L + ε/3) − √L = (ε/3)/(√(L + ε/3) + √L): the second form has no cancellation
    const Interval r = Interval(eps / 3, p) / ((L + Interval(eps / 3, p)).sqrt() + L.sqrt());
    return r.sqr();
  };
}

RealFn tree003_paper_code_sigma(const Rational& eps, const Rational& delta, unsigned m, const Rational& C) {
  const RealFn rho = tree003_paper_code_rho(eps, delta);
  return [=](mpfr_prec_t p) { return (Interval(long(m), p) / rho(p).mul(2)).sqrt().mul(C); };
}

Rational tree003_loss_factor(Symmetrisation s) {
  if (s == Symmetrisation::Root2) return Rational(1, 2);
  if (s == Symmetrisation::Half) return Rational(1);
  throw_parameter_error("tree003_loss_factor", "symmetrisation", "half or root2", "none");
}

RealFn tree003_joint_mu(Symmetrisation s, unsigned nodes, unsigned d, const Rational& ks, RealFn sv, RealFn sh) {
  const Rational c = tree003_loss_factor(s) * nodes;
  const Rational s2 = d >= 2 ? Rational(2) : Rational(1);
  const Rational ik2 = 1 / (ks * ks);
  return [=](mpfr_prec_t p) {
    const Interval iv = Interval(1L, p) / sv(p).sqr(), ih = Interval(1L, p) / sh(p).sqr();
    const Interval a = iv.mul(s2), b = ih.mul(s2 * ik2), x = iv + ih.mul(ik2);
    // max of enclosures: the hull of the pointwise maxima of the ends
    const Rational lo = std::max({a.lower(), b.lower(), x.lower()});
    const Rational hi = std::max({a.upper(), b.upper(), x.upper()});
    return Interval::hull(lo, hi, p).mul(c).sqrt();
  };
}

Rational tree003_delta_upper(const RealFn& mu, const Rational& eps) {
  return gaussian_delta(mu(256), Interval(1L, 256), eps, 256).upper();
}

unsigned tree003_max_nodes_per_leaf(const Integer& T) {
  require_positive(T, "tree003_max_nodes_per_leaf", "T");
  return bit_length(T);
}

bool is_variant_003(const std::string& v) { return v == "tree-matrix"; }

Calibration003 calibrate_003(const Calibration003Input& in) {
  if (in.variant != "tree-matrix") throw_parameter_error(kFn, "variant", "tree-matrix", in.variant);
  return in.profile == Profile003::Theorem ? theorem(in) : paper_code(in);
}

}  // namespace dpb::ref
