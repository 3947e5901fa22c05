#include "verify/certified/seed003_glm.hpp"

#include <stdexcept>

#include "reference/bits/chacha20.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::certified {

namespace {

constexpr mpfr_prec_t kStart = 128, kMax = 2048;

const ref::Link kLinks[] = {ref::Link::logistic, ref::Link::probit};

// Decides a ≤ b (+1: certainly ≤, −1: certainly >, 0: undecided up to kMax bits) for enclosures f(prec).
template <class F>
int certify_le(const F& diff) {  // diff(prec) encloses b − a
  for (mpfr_prec_t p = kStart; p <= kMax; p *= 2) {
    const Interval d = diff(p);
    if (d.lower() >= 0) return 1;
    if (d.certainly_less(Rational(0))) return -1;
  }
  return 0;
}

Rational abs_q(const Rational& q) { return q < 0 ? Rational(-q) : q; }

}  // namespace

ref::ArmSet generated_arms(std::uint64_t seed, std::uint64_t stream, std::size_t K, std::size_t d) {
  ChaCha20Source bits(seed, stream);
  ref::ArmSet arms;
  while (arms.size() < K) {
    ref::Vec x;
    Rational n2 = 0;
    for (std::size_t j = 0; j < d; ++j) {
      x.emplace_back(Integer(static_cast<long>(bits.next_bits(11)) - 1024), Integer(1024));
      n2 += x.back() * x.back();
    }
    if (n2 <= 1 && n2 > 0) arms.push_back(std::move(x));
  }
  return arms;
}

// ---------------------------------------------------------------------------------------------------------- f1
Outcome check_glm_f1(const GlmFn& mu_dot, const GlmFn& mu_ddot) {
  Outcome o;
  nlohmann::json per_link = nlohmann::json::object();
  Verdict v = Verdict::holds;
  for (ref::Link link : kLinks) {
    int points = 0, undecided = 0;
    nlohmann::json witness = nullptr;
    Rational witness_z = 0;
    Interval worst_ratio(0L, kStart);
    bool have_worst = false;
    for (int k = -48; k <= 48; ++k) {
      const Rational z(k, 16);
      ++points;
      // μ̇ − |μ̈| ≥ 0 ?
      const int r = certify_le([&](mpfr_prec_t p) { return mu_dot(link, z, p) - mu_ddot(link, z, p).abs(); });
      if (r == 0) ++undecided;
      if (mu_dot(link, z, kStart).certainly_greater(Rational(0))) {
        const Interval ratio = mu_ddot(link, z, kStart).abs() / mu_dot(link, z, kStart);
        if (!have_worst || ratio.lower() > worst_ratio.lower()) worst_ratio = ratio, have_worst = true;
      }
      if (r < 0 && (witness.is_null() || abs_q(z) >= witness_z)) {  // keep the witness of largest |z|
        witness_z = abs_q(z);
        const Interval ratio = mu_ddot(link, z, kStart).abs() / mu_dot(link, z, kStart);
        witness = {{"z", rational_text(z)}, {"ratio_lower", lower_text(ratio, 8)}, {"mu_ddot_abs", enclosure_json(mu_ddot(link, z, kStart).abs())},
                   {"mu_dot", enclosure_json(mu_dot(link, z, kStart))}};
      }
    }
    Verdict lv = !witness.is_null() ? Verdict::violated : (undecided ? Verdict::inconclusive : Verdict::holds);
    v = combine(v, lv);
    per_link[std::string(ref::link_name(link))] = {{"verdict", std::string(to_string(lv))},
                                                   {"grid_points", points},
                                                   {"undecided", undecided},
                                                   {"max_ratio", enclosure_json(worst_ratio)},
                                                   {"witness_largest_z", witness}};
  }
  o.verdict = v;
  o.key_figure = std::string("logistic ") + per_link["logistic"]["verdict"].get<std::string>() + ", probit " +
                 per_link["probit"]["verdict"].get<std::string>() + " (max |μ̈|/μ̇ ≥ " +
                 per_link["probit"]["max_ratio"]["lo"].get<std::string>() + ")";
  o.evidence = {{"R", 1},
                {"grid", "z = k/16, |k| ≤ 48"},
                {"method", "MPFI enclosures of μ̇ and μ̈ at 128 bits, refined to 2048; a witness is a z with "
                           "|μ̈(z)| − μ̇(z) certainly > 0"},
                {"links", per_link}};
  return o;
}

// ---------------------------------------------------------------------------------------------------------- t8
Outcome check_glm_t8(const GlmFn& mu_dot) {
  Outcome o;
  nlohmann::json per_link = nlohmann::json::object();
  Verdict v = Verdict::holds;
  const auto e = [](mpfr_prec_t p) { return Interval(1L, p).exp(); };
  for (ref::Link link : kLinks) {
    int pairs = 0, undecided = 0, failing = 0;
    nlohmann::json witness = nullptr;
    double worst = 0;
    for (int k = -24; k <= 24; ++k)
      for (int j = -8; j <= 8; ++j) {
        if (j == 0 || std::abs(k + j) > 24) continue;
        const Rational z2(k, 8), z1(k + j, 8);
        ++pairs;
        // μ̇(z₁)/e ≤ μ̇(z₂) ?
        const int r = certify_le([&](mpfr_prec_t p) { return mu_dot(link, z2, p) - mu_dot(link, z1, p) / e(p); });
        if (r == 0) ++undecided;
        if (r < 0) {
          ++failing;
          const Interval ratio = mu_dot(link, z1, kStart) / (e(kStart) * mu_dot(link, z2, kStart));
          if (ratio.midpoint_for_report() > worst) {
            worst = ratio.midpoint_for_report();
            witness = {{"z_hat", rational_text(z1)}, {"z_star", rational_text(z2)},
                       {"weight_over_mu_dot_star_lower", lower_text(ratio, 8)},
                       {"mu_dot_hat", enclosure_json(mu_dot(link, z1, kStart))},
                       {"mu_dot_star", enclosure_json(mu_dot(link, z2, kStart))}};
          }
        }
      }
    const Verdict lv = failing > 0 ? Verdict::violated : (undecided ? Verdict::inconclusive : Verdict::holds);
    v = combine(v, lv);
    per_link[std::string(ref::link_name(link))] = {{"verdict", std::string(to_string(lv))},
                                                   {"pairs", pairs},
                                                   {"failing_pairs", failing},
                                                   {"undecided", undecided},
                                                   {"witness_largest_ratio", witness}};
  }
  o.verdict = v;
  o.key_figure = std::string("logistic ") + per_link["logistic"]["verdict"].get<std::string>() + ", probit " +
                 per_link["probit"]["verdict"].get<std::string>() +
                 (per_link["probit"]["witness_largest_ratio"].is_null()
                      ? std::string()
                      : " (weight/mu'(z*) >= " +
                            per_link["probit"]["witness_largest_ratio"]["weight_over_mu_dot_star_lower"].get<std::string>() +
                            ")");
  o.evidence = {{"R", 1},
                {"grid", "z* = k/8, |k| <= 24; z_hat = z* + j/8, 1 <= |j| <= 8, |z_hat| <= 3"},
                {"method", "MPFI enclosures of mu' at 128 bits, refined to 2048; a witness is a pair with mu'(z_hat)/e "
                           "certainly > mu'(z*)"},
                {"links", per_link}};
  return o;
}

// ---------------------------------------------------------------------------------------------------------- f2
Interval logistic_alpha(const Rational& z1, const Rational& z2, mpfr_prec_t prec) {
  return (ref::mu_enclosure(ref::Link::logistic, z2, prec) - ref::mu_enclosure(ref::Link::logistic, z1, prec))
      .div(Rational(z2 - z1));
}

Interval logistic_alpha_tilde(const Rational& z1, const Rational& z2, mpfr_prec_t prec) {
  const Rational dz = z2 - z1;
  return (ref::b_enclosure(ref::Link::logistic, z2, prec) - ref::b_enclosure(ref::Link::logistic, z1, prec) -
          ref::mu_enclosure(ref::Link::logistic, z1, prec).mul(dz))
      .div(Rational(dz * dz));
}

Outcome check_glm_f2(const PairFn& alpha, const PairFn& alpha_tilde) {
  const ref::Link L = ref::Link::logistic;
  const char* names[] = {"alpha >= mu'(z1)/(1+|dz|)", "alpha >= mu'(z2)/(1+|dz|)", "mu'(z2) e^-|dz| <= mu'(z1)",
                         "mu'(z1) <= e^|dz| mu'(z2)", "alpha~ >= mu'(z1)/(2+|dz|)"};
  int holds[5] = {0, 0, 0, 0, 0}, undecided[5] = {0, 0, 0, 0, 0};
  nlohmann::json witnesses = nlohmann::json::array();
  int pairs = 0;
  for (int a = -16; a <= 16; ++a) {
    for (int c = -16; c <= 16; ++c) {
      if (a == c) continue;
      const Rational z1(a, 4), z2(c, 4), ad = abs_q(Rational(z2 - z1));
      ++pairs;
      auto md = [&](const Rational& z, mpfr_prec_t p) { return ref::mu_dot_enclosure(L, z, p); };
      auto e = [&](mpfr_prec_t p) { return Interval(ad, p).exp(); };
      const std::function<Interval(mpfr_prec_t)> diffs[5] = {
          [&](mpfr_prec_t p) { return alpha(z1, z2, p) - md(z1, p).div(Rational(1 + ad)); },
          [&](mpfr_prec_t p) { return alpha(z1, z2, p) - md(z2, p).div(Rational(1 + ad)); },
          [&](mpfr_prec_t p) { return md(z1, p) - md(z2, p) / e(p); },
          [&](mpfr_prec_t p) { return e(p) * md(z2, p) - md(z1, p); },
          [&](mpfr_prec_t p) { return alpha_tilde(z1, z2, p) - md(z1, p).div(Rational(2 + ad)); }};
      for (int i = 0; i < 5; ++i) {
        const int r = certify_le(diffs[i]);
        if (r > 0) ++holds[i];
        if (r == 0) ++undecided[i];
        if (r < 0 && witnesses.size() < 5)
          witnesses.push_back({{"inequality", names[i]}, {"z1", rational_text(z1)}, {"z2", rational_text(z2)},
                               {"rhs_minus_lhs", enclosure_json(diffs[i](kStart))}});
      }
    }
  }
  Outcome o;
  int total_undecided = 0;
  nlohmann::json rows = nlohmann::json::array();
  for (int i = 0; i < 5; ++i) {
    total_undecided += undecided[i];
    rows.push_back({{"inequality", names[i]}, {"certified", holds[i]}, {"undecided", undecided[i]}});
  }
  o.verdict = !witnesses.empty() ? Verdict::violated : (total_undecided ? Verdict::inconclusive : Verdict::holds);
  o.key_figure = std::to_string(pairs) + " pairs × 5 inequalities" +
                 (witnesses.empty() ? std::string(" certified") : std::string(": FAILS"));
  o.evidence = {{"R", 1},
                {"link", "logistic"},
                {"pairs", pairs},
                {"grid", "z1 != z2 in {k/4 : |k| <= 16}"},
                {"method", "closed forms alpha = (mu(z2) - mu(z1))/dz, alpha~ = (b(z2) - b(z1) - dz mu(z1))/dz^2 "
                           "(integration by parts), MPFI at 128 bits refined to 2048"},
                {"inequalities", rows},
                {"counterexamples", witnesses}};
  return o;
}

// ---------------------------------------------------------------------------------------------------------- f3
Interval kappa_star_of_support(ref::Link link, const std::vector<ref::ArmSet>& support, const ref::Vec& theta,
                               mpfr_prec_t prec) {
  ref::ArmSet all;
  for (const auto& X : support) all.insert(all.end(), X.begin(), X.end());
  return ref::kappa_of_arms(link, all, theta, prec).kappa_star;
}

namespace {

// θ on the grid 2^−10 with ‖θ‖ ≤ S: S·v for v on the grid 2^−10 inside the unit ball (rejection), S ∈ Z.
ref::Vec generated_theta(std::uint64_t seed, std::size_t d, long S) {
  ref::Vec v = generated_arms(seed, 99, 1, d)[0];
  for (auto& x : v) x *= S;
  return v;
}

}  // namespace

Outcome check_glm_f3(const KappaStarFn& kappa_star) {
  Outcome o;
  o.verdict = Verdict::holds;
  nlohmann::json rows = nlohmann::json::array();
  std::uint64_t seed = 3000;
  for (ref::Link link : kLinks) {
    for (std::size_t d : {std::size_t{3}, std::size_t{5}}) {
      for (long S : {2L, 3L}) {
        ++seed;
        std::vector<ref::ArmSet> support;
        for (std::uint64_t s = 0; s < 30; ++s) support.push_back(generated_arms(seed, s, 20, d));
        const ref::Vec theta = generated_theta(seed, d, S);
        Verdict v = Verdict::inconclusive;
        Interval kh(0L, kStart), ks(0L, kStart);
        for (mpfr_prec_t p = kStart; p <= kMax && v == Verdict::inconclusive; p *= 2) {
          kh = ref::kappa_hat(link, support, theta, p);
          ks = kappa_star(link, support, theta, p);
          if (ks.upper() <= kh.lower()) v = Verdict::holds;
          else if (kh.certainly_less(ks)) v = Verdict::violated;
        }
        if (v == Verdict::inconclusive) {
          // Equality is possible exactly when every best arm has the smallest |z| of the instance.
          ref::ArmSet all;
          for (const auto& X : support) all.insert(all.end(), X.begin(), X.end());
          const Rational near = abs_q(ref::kappa_of_arms(link, all, theta, kStart).z_near);
          bool equal = true;
          for (const Rational& z : ref::best_z(support, theta)) equal = equal && abs_q(z) == near;
          if (equal) v = Verdict::holds;
        }
        o.verdict = combine(o.verdict, v);
        rows.push_back({{"link", std::string(ref::link_name(link))}, {"d", d}, {"S", S}, {"seed", seed},
                        {"kappa_hat", enclosure_json(kh)}, {"kappa_star", enclosure_json(ks)},
                        {"verdict", std::string(to_string(v))}});
      }
    }
  }
  o.key_figure = std::to_string(rows.size()) + " instances, κ̂ ≥ κ*" + (o.verdict == Verdict::holds ? "" : ": FAILS");
  o.evidence = {{"instances", rows},
                {"support", "30 arm sets of K = 20 arms on the grid 2^-10 in the unit ball (ChaCha20(seed, set)), "
                            "equally likely; theta = S v, v on the grid in the unit ball (stream 99)"},
                {"method", "kappa_hat = 1/mean mu'(z*), kappa_star = 1/max mu' over all arms; MPFI 128..2048 bits"}};
  return o;
}

// ---------------------------------------------------------------------------------------------------------- f4
std::vector<Rational> reference_design(const ref::ArmSet& arms, const std::vector<ref::CertifiedReal>* c) {
  return (c ? ref::g_optimal_design_scaled(arms, *c) : ref::g_optimal_design(arms)).weights();
}

Outcome check_glm_f4(const DesignFn& design) {
  Outcome o;
  o.verdict = Verdict::holds;
  nlohmann::json rows = nlohmann::json::array();
  std::uint64_t seed = 4000;
  for (std::size_t d : {std::size_t{2}, std::size_t{3}, std::size_t{5}}) {
    for (std::size_t K : {d, std::size_t{10}, std::size_t{20}}) {
      for (int scaled = 0; scaled < 3; ++scaled) {  // grid arms, logistic-scaled, probit-scaled
        ++seed;
        const ref::ArmSet arms = generated_arms(seed, 0, K, d);
        std::vector<ref::CertifiedReal> c;
        if (scaled) {
          const ref::Vec theta = generated_theta(seed, d, 3);
          for (const auto& a : arms)
            c.push_back(ref::mu_dot(scaled == 1 ? ref::Link::logistic : ref::Link::probit, ref::inner(a, theta)));
        }
        const std::vector<Rational> w = design(arms, scaled ? &c : nullptr);
        Rational sum = 0;
        for (const auto& x : w) sum += x;
        Verdict v;
        std::string lev;
        if (sum != 1) {
          v = Verdict::violated;
          lev = "weights sum to " + rational_text(sum);
        } else if (!scaled) {
          const auto m = ref::certified_max_leverage(arms, w);
          v = m && *m <= 2 * static_cast<long>(d) ? Verdict::holds : Verdict::violated;
          lev = m ? upper_text(*m, 6) : std::string("singular");
        } else {
          Rational bound;
          v = ref::certify_scaled_f4(arms, c, w, &bound) ? Verdict::holds : Verdict::violated;
          lev = v == Verdict::holds ? upper_text(bound, 6) : std::string("> 2d (certified)");
        }
        o.verdict = combine(o.verdict, v);
        rows.push_back({{"d", d}, {"K", K}, {"arms", scaled == 0 ? "grid" : scaled == 1 ? "logistic-scaled" : "probit-scaled"},
                        {"seed", seed}, {"max_leverage_upper", lev}, {"verdict", std::string(to_string(v))}});
      }
    }
  }
  o.key_figure = std::to_string(rows.size()) + " designs, max leverage ≤ 2d" + (o.verdict == Verdict::holds ? "" : ": FAILS");
  o.evidence = {{"designs", rows},
                {"method", "grid arms: exact rational leverages x^T A^-1 x; scaled arms sqrt(c) a with c = mu'(<a,theta>): "
                           "interval LDL^T refined until every leverage is certainly <= 2d or one certainly > 2d"}};
  return o;
}

}  // namespace dpb::verify::certified
