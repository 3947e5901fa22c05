#include "verify/learner_checks/jdp_glm_counters.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <stdexcept>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/environments/glm_instance.hpp"
#include "reference/glm/certified_real.hpp"
#include "reference/learners/internal/bareiss.hpp"
#include "reference/learners/internal/rs_round.hpp"
#include "reference/learners/jdp_glm.hpp"
#include "reference/protocols/tree_mechanism.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::verify::learner_checks {

namespace {

constexpr const char* kFn = "count_jdp_events";

Rational pow2(unsigned k) { return Rational(Integer(Integer(1) << k)); }


// The d×d integer matrix a·I + b·N (N given on the symmetric label set) is positive definite (exact Bareiss).
bool pd_shift(const std::vector<Integer>& noise, std::uint32_t d, const Integer& a, const Integer& b) {
  const ref::LabelSet labels = ref::LabelSet::symmetric_matrix(d);
  std::vector<Integer> M(std::size_t{d} * d, Integer(0));
  for (std::size_t l = 0; l < labels.size(); ++l) {
    const ref::Label lb = labels.at(l);
    M[lb.i * d + lb.j] = b * noise[l];
    M[lb.j * d + lb.i] = b * noise[l];
  }
  for (std::uint32_t j = 0; j < d; ++j) M[j * d + j] += a;
  return ref::internal::bareiss_symmetric(M, d).positive_definite;
}

Rational quad(const std::vector<Rational>& M, const std::vector<Rational>& w, std::uint32_t d) {
  Rational acc = 0;
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) acc += w[i] * M[i * d + j] * w[j];
  return acc;
}

void tally(JdpEventCount& e, bool checked, bool failed, std::uint64_t checks) {
  if (!checked) return;
  ++e.runs;
  e.failed += failed ? 1 : 0;
  e.checks += checks;
}

}  // namespace

JdpCounts count_jdp_events(const JdpCounterOptions& o, std::uint64_t seed) {
  if (o.d != 4) throw_parameter_error(kFn, "d", "4 (4√d + 1 = 9 keeps Assumption I.1's bound rational)",
                                      std::to_string(o.d));
  if (!(o.switch_scale == 0 || o.switch_scale == 1))
    throw_parameter_error(kFn, "switch_scale", "0 or 1", dpb::to_string(o.switch_scale));
  ref::GlmInstanceParams ip;
  ip.link = ref::Link::logistic;
  ip.generator = ref::GlmGenerator::authors;
  ip.d = o.d;
  ip.K = o.K;
  ip.q = 10;
  ip.sets = o.T;
  ip.S = Rational(2);
  ip.seed = seed;
  ip.stream = 0;
  const ref::GlmInstance inst = ref::make_glm_instance(ip);
  ref::JdpGlmParams jp;
  jp.T = o.T;
  jp.eps = o.eps;
  jp.delta = o.delta;
  jp.kappa_star = Rational(4);
  jp.kappa = Rational(10);
  jp.S = Rational(2);
  jp.gamma_constant = o.gamma_constant;
  jp.lambda_override = o.lambda_override;
  const std::uint32_t d = o.d, K = o.K;
  const unsigned q = inst.q;
  JdpCounts c;
  std::vector<Rational> theta_star(d);
  for (std::uint32_t i = 0; i < d; ++i) theta_star[i] = Rational(Integer(inst.theta[i]), Integer(Integer(1) << q));
  for (std::uint64_t run = 0; run < o.runs; ++run) {
    poll_cancellation();
    const ref::JdpGlmTrajectory tr = ref::jdp_glm(jp, inst, seed, run);
    const ref::JdpGlmConstants& k = tr.constants;
    const unsigned r = k.grid_bits;
    c.zeta = k.zeta;
    c.lambda = Rational(k.lambda);
    c.gamma = k.gamma;
    c.beta = k.beta;
    c.count1 = Rational(k.count1);
    c.count2 = Rational(k.count2);
    c.threshold = k.threshold;
    const ref::LabelSet labels = ref::LabelSet::symmetric_matrix(d);
    ref::TreeParams tv;
    tv.labels = labels;
    tv.leaves = Integer(o.T);
    tv.grid_bits = Integer(r);
    tv.symmetrisation = ref::Symmetrisation::Half;
    ref::TreeParams th = tv;
    tv.sigma = k.sigma_V;
    th.sigma = k.sigma_H;
    ref::TreeMechanism treeV(tv), treeH(th);
    ChaCha20Source sV(seed, ref::jdp_glm_stream(run, 0)), sH(seed, ref::jdp_glm_stream(run, 1));
    std::vector<Integer> relV(labels.size(), Integer(0)), relH = relV, dataV = relV, dataH = relV;
    std::vector<Rational> theta_o(d, Rational(0)), theta_tau(d, Rational(0));
    std::vector<Rational> H_tau = ref::jdp_internal::matrix({}, d, k.lambda, r);
    Rational lambda_d = 1;
    for (std::uint32_t j = 0; j < d; ++j) lambda_d *= Rational(k.lambda);
    Rational D = lambda_d, D_tau = lambda_d;
    std::uint64_t calls_o = 0, sw = 0, refused = 0, to_size = 0, exploits = 0;
    bool i1_ok = true, l3_ok = true, m1_ok = true, m2_ok = true;
    std::uint64_t m1_checks = 0;
    // Assumption I.1's bound s·λ/9 with s = i1_scale = p/q': λ·2^r·p I ± 9q'·N ≻ 0
    const Integer i1_a = k.lambda * (Integer(1) << r) * numerator(o.i1_scale);
    const Integer i1_b = 9 * denominator(o.i1_scale);
    const Rational width_o = o.width_scale * k.gamma * k.gamma * jp.kappa;
    const Rational width_tau = o.width_scale * k.beta * k.beta;
    for (std::uint64_t t = 1; t <= o.T; ++t) {
      // Assumption I.1 on the releases before leaf t (V_t, H_t)
      std::vector<Integer> nV(labels.size()), nH(labels.size());
      for (std::size_t l = 0; l < labels.size(); ++l) {
        nV[l] = relV[l] - dataV[l];
        nH[l] = relH[l] - dataH[l];
      }
      i1_ok = i1_ok && pd_shift(nV, d, i1_a, i1_b) && pd_shift(nV, d, i1_a, -i1_b) && pd_shift(nH, d, i1_a, i1_b) &&
              pd_shift(nH, d, i1_a, -i1_b);
      const std::vector<Rational> V = ref::jdp_internal::matrix(relV, d, k.lambda, r);
      const std::vector<Rational> H = ref::jdp_internal::matrix(relH, d, k.lambda, r);
      // Lemma L.3: θ* in the elimination width at every round
      std::vector<Rational> w(d);
      for (std::uint32_t i = 0; i < d; ++i) w[i] = theta_o[i] - theta_star[i];
      l3_ok = l3_ok && quad(V, w, d) <= width_o;
      // Criterion II's running maximum, replayed (a refused switch is a cap hit)
      D = std::max(D, ref::jdp_internal::det(H, d));
      const bool explore = tr.explore[t - 1] != 0;
      const bool is_switch = sw < tr.switches.size() && tr.switches[sw] == t;
      // The exploration flag includes non-PD H_τ rounds, which met Criterion II's test first (no Criterion I).
      const bool h_not_pd = std::find(tr.h_not_pd.begin(), tr.h_not_pd.end(), t) != tr.h_not_pd.end();
      if (!explore || h_not_pd) {
        const bool fires = D > 2 * D_tau;
        if (fires && Integer(sw) >= k.count2) ++refused;
        if (fires && Integer(sw) < k.count2) {
          if (!is_switch) throw std::logic_error("count_jdp_events: replayed Criterion II disagrees at round " +
                                                 std::to_string(t));
          D_tau = D;
          H_tau = H;
          theta_tau = tr.theta_tau.at(sw);
          ++sw;
        } else if (is_switch) {
          throw std::logic_error("count_jdp_events: a recorded switch the replay does not make at " +
                                 std::to_string(t));
        }
      }
      const std::uint64_t set = inst.set_of_round(t);
      const std::span<const std::int64_t> arms(inst.arms.data() + set * K * d, std::size_t{K} * d);
      const std::uint32_t action = tr.actions[t - 1];
      if (!explore) {
        ++exploits;
        // Cor. M.1: θ* in the UCB width (H_τ, θ̂_τ)
        for (std::uint32_t i = 0; i < d; ++i) w[i] = theta_tau[i] - theta_star[i];
        m1_ok = m1_ok && quad(H_tau, w, d) <= width_tau;
        ++m1_checks;
        // Lemma M.2: the gap to the best arm ≤ 4/R (z on 4^−q), and a best arm survives the elimination
        const std::uint32_t best = inst.best_arm(set);
        const std::int64_t zb = inst.z_num[set * K + best], za = inst.z_num[set * K + action];
        m2_ok = m2_ok && Rational(Integer(zb) - Integer(za)) <= o.gap_scale * 4 * pow2(2 * q);
        const ref::jdp_internal::CriterionI ci = ref::jdp_internal::criterion_i(k, arms, K, d, q, V);
        const std::vector<std::uint32_t> first = ref::internal::first_of_duplicates(arms, K, d);
        for (mpfr_prec_t prec = ref::kGlmStartPrecision;; prec *= 2) {
          std::vector<Interval> to;
          for (const Rational& v : theta_o) to.push_back(Interval(v, prec));
          std::vector<bool> kept;
          if (ref::internal::eliminate(arms, K, d, q, first, ci.s, to, k.gamma * k.gamma * jp.kappa, prec, kept)) {
            bool survives = false;
            for (std::uint32_t a = 0; a < K; ++a)
              survives = survives || (kept[a] && inst.z_num[set * K + a] == zb);
            m2_ok = m2_ok && survives;
            break;
          }
          if (2 * prec > ref::kGlmPrecisionCap)
            throw ref::GlmUndecided("count_jdp_events: elimination open at round " + std::to_string(t));
        }
      }
      // leaf t, as the learner wrote it
      const std::span<const std::int64_t> f = inst.arm(set, action);
      std::vector<Integer> leafV(labels.size(), Integer(0)), leafH(labels.size(), Integer(0));
      if (explore) {
        ++to_size;
        for (std::size_t l = 0; l < labels.size(); ++l) {
          const ref::Label lb = labels.at(l);
          leafV[l] = Integer(f[lb.i]) * f[lb.j] * (Integer(1) << ref::kJdpWeightBits);
        }
        if (Integer(calls_o) < k.count1) theta_o = tr.theta_o.at(calls_o++);
      } else {
        const Integer& wn = tr.weights.at(exploits - 1);
        for (std::size_t l = 0; l < labels.size(); ++l) {
          const ref::Label lb = labels.at(l);
          leafH[l] = Integer(f[lb.i]) * f[lb.j] * wn;
        }
      }
      for (std::size_t l = 0; l < labels.size(); ++l) {
        dataV[l] += leafV[l];
        dataH[l] += leafH[l];
      }
      relV = treeV.add_numerators(leafV, sV).release;
      relH = treeH.add_numerators(leafH, sH).release;
    }
    if (relV != tr.release_V || relH != tr.release_H || sw != tr.switches.size())
      throw std::logic_error("count_jdp_events: the replayed trees differ from the run's releases (run " +
                             std::to_string(run) + ")");
    ++c.runs;
    c.explore_rounds += to_size;
    c.exploit_rounds += exploits;
    c.switch_total += sw;
    c.not_pd += tr.not_pd;
    c.max_to = std::max(c.max_to, to_size);
    c.max_switches = std::max<std::uint64_t>(c.max_switches, sw);
    c.to_sure = Rational(Integer(o.T)) < o.to_scale * Rational(k.count1);  // |T_o| ≤ T: no run can fail
    tally(c.to_bound, true, !(Rational(Integer(to_size)) < o.to_scale * Rational(k.count1)), 1);
    tally(c.caps, true, Integer(to_size) > k.count1 || refused > 0, 1);
    // T9: 2^m ≤ (2 + 2T/(κ*λd))^d (scale 1), or m ≤ 0 (scale 0)
    bool o4 = sw == 0;
    if (o.switch_scale == 1) {
      Rational y = 2 + Rational(Integer(2 * o.T)) / (jp.kappa_star * Rational(k.lambda) * Rational(Integer(d)));
      Rational yd = 1;
      for (std::uint32_t j = 0; j < d; ++j) yd *= y;
      o4 = Rational(Integer(Integer(1) << sw)) <= yd;
    }
    tally(c.switches, true, !o4, 1);
    tally(c.i1, true, !i1_ok, o.T);
    tally(c.l3_width, true, !l3_ok, o.T);
    tally(c.m1_width, m1_checks > 0, !m1_ok, m1_checks);
    tally(c.m2, exploits > 0, !m2_ok, exploits);
  }
  return c;
}

Outcome assess_jdp_event(const JdpCounts& c, const std::string& event, double alpha, const JdpCounterOptions& o) {
  const JdpEventCount* e = nullptr;
  Rational p0 = c.zeta / 8;
  std::string rule;
  if (event == "lemma-p2.to-bound") {
    e = &c.to_bound;
    rule = "|T_o| < count1 = ceil(8 d R^2 kappa gamma^2 ln T) (conservative for |T_o| <= 8 d R^2 kappa gamma^2 ln T)";
  } else if (event == "lemma-p2.caps") {
    e = &c.caps;
    rule = "|T_o| <= count1 (no theta_o update refused) and no Criterion-II switch refused at count2 (replayed)";
  } else if (event == "lemma-o4.switches") {
    e = &c.switches;
    rule = "m <= d log2(2 + 2 T L^2/(lambda d)), L^2 = 1/kappa*, decided as 2^m <= (2 + 2T/(kappa* lambda d))^d";
  } else if (event == "assumption-i1") {
    e = &c.i1;
    rule = "every t: ||V_t - lambda I - sum x x^T||_2 and ||H_t - lambda I - sum w x x^T||_2 <= lambda/(4 sqrt(d)+1) "
           "= lambda/9 (d = 4), i.e. lambda_min I <= . <= lambda_max I; exact Bareiss on lambda 2^r I +- 9N";
  } else if (event == "lemma-l3.confidence") {
    e = &c.l3_width;
    rule = "every t: ||theta_o - theta*||^2_{V_t} <= gamma^2 kappa (exact rationals)";
  } else if (event == "cor-m1") {
    e = &c.m1_width;
    rule = "every exploitation round: ||theta_tau - theta*||^2_{H_tau} <= beta^2 (exact rationals)";
  } else if (event == "lemma-m2") {
    e = &c.m2;
    p0 = c.zeta / 2;
    rule = "every exploitation round: <x* - x_t, theta*> <= 4/R exactly, and a best arm survives the elimination "
           "(certified); p0 = zeta/2 (Assumptions I.1, I.2, Lemmas K.1, L.4: zeta/8 each)";
  } else {
    throw_parameter_error("assess_jdp_event", "event", "a counter name", event);
  }
  const double p = p0.convert_to<double>();
  Outcome out;
  double upper = 1, lower = 0;
  if (e->runs > 0) {
    upper = stats::clopper_pearson_upper(e->failed, e->runs, 1 - alpha);
    lower = stats::clopper_pearson_lower(e->failed, e->runs, 1 - alpha);
  }
  char buf[300];
  if (e == &c.to_bound && c.to_sure && e->failed == 0) {
    out.verdict = Verdict::holds;
    std::snprintf(buf, sizeof buf, "surely: |T_o| <= T = %llu < count1 = %s (no run can fail; %llu of %llu runs "
                  "checked, 0 fail)", static_cast<unsigned long long>(o.T), dpb::to_string(c.count1).c_str(),
                  static_cast<unsigned long long>(e->runs), static_cast<unsigned long long>(e->runs));
  } else if (e->runs == 0) {
    out.verdict = Verdict::inconclusive;
    std::snprintf(buf, sizeof buf, "nothing to check: no run had an exploitation round (%llu runs, T = %llu; "
                  "theorem profile degenerate: Criterion I fires every round)",
                  static_cast<unsigned long long>(c.runs), static_cast<unsigned long long>(o.T));
  } else {
    out.verdict = lower > p ? Verdict::violated : upper <= p ? Verdict::holds : Verdict::inconclusive;
    std::snprintf(buf, sizeof buf, "%llu of %llu runs fail; failure rate in [%.3g, %.3g] at 1 - %.2g vs p0 = %.4g%s",
                  static_cast<unsigned long long>(e->failed), static_cast<unsigned long long>(e->runs), lower, upper,
                  alpha, p, out.verdict == Verdict::inconclusive ? " (too few runs to decide)" : "");
  }
  out.key_figure = buf;
  nlohmann::json& ev = out.evidence;
  ev["event"] = event;
  ev["rule"] = rule;
  ev["runs"] = c.runs;
  ev["runs_checked"] = e->runs;
  ev["failed_runs"] = e->failed;
  ev["checks"] = e->checks;
  ev["p0"] = dpb::to_string(p0);
  ev["alpha"] = alpha;
  ev["clopper_pearson"] = {{"lower", lower}, {"upper", upper}};
  ev["verdict_rule"] = "one-sided Clopper-Pearson at 1 - alpha on the failed runs: holds iff upper <= p0, violated iff "
                       "lower > p0, else inconclusive; inconclusive when no run had anything to check";
  ev["setting"] = {{"profile", "theorem"}, {"T", o.T}, {"d", o.d}, {"K", o.K}, {"eps", dpb::to_string(o.eps)},
                   {"delta", dpb::to_string(o.delta)}, {"zeta", dpb::to_string(c.zeta)}, {"kappa*", 4},
                   {"kappa", 10}, {"S", 2}, {"link", "logistic"}, {"generator", "authors"},
                   {"gamma_constant", dpb::to_string(o.gamma_constant)}};
  auto dec = [](const Rational& x) { return Interval(x, 64).upper_string(6); };
  ev["constants"] = {{"lambda", dpb::to_string(c.lambda)}, {"gamma", dec(c.gamma)}, {"beta", dec(c.beta)},
                     {"threshold", dec(c.threshold)}, {"count1_cutoff", dpb::to_string(c.count1)},
                     {"count2_cutoff", dpb::to_string(c.count2)}};
  ev["runs_summary"] = {{"explore_rounds", c.explore_rounds}, {"exploit_rounds", c.exploit_rounds},
                        {"switches", c.switch_total}, {"not_pd", c.not_pd}, {"max_T_o", c.max_to},
                        {"max_switches", c.max_switches}};
  if (c.exploit_rounds == 0)
    ev["degenerate"] = "Criterion I fired at every round of every run (threshold 1/(gamma^2 kappa) below every "
                       "||x||^2_{V^-1}): T_o = [T], no exploitation round, no switch; P_GD calls have T_it = 0";
  return out;
}

Outcome check_jdp_event(const std::string& event, const RunOptions& run) {
  JdpCounterOptions o;
  if (run.suite == Suite::full) o.runs = 700;
  static std::mutex mutex;
  static std::map<std::pair<int, std::uint64_t>, JdpCounts> cache;
  const auto started = std::chrono::steady_clock::now();
  JdpCounts counts;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    const auto key = std::make_pair(static_cast<int>(run.suite), run.seed);
    auto it = cache.find(key);
    if (it == cache.end()) it = cache.emplace(key, count_jdp_events(o, run.seed)).first;
    counts = it->second;
  }
  Outcome out = assess_jdp_event(counts, event, run.alpha > 0 ? run.alpha : 1e-6, o);
  out.evidence["seed"] = run.seed;
  out.evidence["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace dpb::verify::learner_checks
