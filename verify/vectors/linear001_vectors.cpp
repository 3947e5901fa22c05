#include "verify/vectors/linear001_vectors.hpp"

#include "reference/bits/chacha20.hpp"
#include "verify/crosscheck/linear_crosscheck.hpp"

namespace dpb::verify::vectors {

namespace {

constexpr std::uint64_t kSeed = 1001;

Json integers(const std::vector<Integer>& v) {
  Json a = Json::array();
  for (const auto& x : v) a.push_back(dpb::to_string(x));
  return a;
}

Record run_record(const std::string& learner, std::uint64_t B, bool context_tape, ref::PdPolicy policy,
                  const std::optional<Rational>& lambda, Impl impl, bool paper_code = false) {
  LinearCrosscheckConfig c;
  c.learner = learner;
  c.horizon = 32;
  c.seed = kSeed;
  c.d = 3;
  c.K = 6;
  c.q = 16;
  c.context_tape = context_tape;
  c.params.B = B;
  c.params.eps = 1;
  c.params.delta = Rational(1, 10);
  c.params.pd_policy = policy;
  c.params.lambda = lambda;
  if (paper_code) c.params.profile = ref::Profile001::PaperCode;
  const LinearRunPair p = run_linear_pair(c, 0);  // both builds run; the record takes the chosen one's
  ref::LinUcbParams params = c.params;
  params.variant = *ref::parse_linucb_variant(learner);
  params.T = c.horizon;
  // Paper-code: the authors' instance (‖x‖² up to 2: the width's L²).
  const ref::LinUcbConfig cfg =
      ref::configure_linucb(params, c.d, c.K, c.q, paper_code ? ref::max_row_norm_sq(p.instance) : Rational(1));
  const std::uint32_t d = c.d;

  std::vector<std::uint32_t> actions;
  struct Up {
    std::uint64_t m, t;
    std::vector<Integer> V, u;
    bool pd, changed;
    Integer shift;
  };
  std::vector<Up> ups;
  if (impl == Impl::reference) {
    actions = p.reference.actions;
    for (const auto& u : p.reference.updates)
      ups.push_back({u.m, u.t, u.V_num, u.u_num, u.positive_definite, u.broadcast_changed, u.policy_shift});
  } else {
    actions = p.optimized.base.actions;
    for (const auto& u : p.optimized.updates) {
      std::vector<Integer> V, uu;
      for (auto x : u.V_num) V.push_back(fast::from_i128(x));
      for (auto x : u.u_num) uu.push_back(fast::from_i128(x));
      ups.push_back({u.m, u.t, V, uu, u.positive_definite, u.broadcast_changed, u.policy_shift});
    }
  }
  Json body;
  body["learner"] = learner;
  body["contexts"] = context_tape ? "tape" : "fixed";
  body["params"] = Json{{"T", c.horizon}, {"B", B}, {"eps", "1"}, {"delta", "1/10"},
                        {"alpha", dpb::to_string(cfg.alpha)}, {"pd_policy", std::string(ref::pd_policy_name(policy))},
                        {"lambda_override", lambda ? dpb::to_string(*lambda) : std::string("")}};
  if (paper_code) body["params"]["profile"] = "paper-code";
  body["streams"] = Json{{"seed", kSeed}, {"run", 0}};
  body["d"] = d;
  body["K"] = c.K;
  body["q"] = c.q;
  // The instance: θ*, and the features of every round (fixed arms: one round).
  const std::vector<std::int64_t>& theta = context_tape ? p.contexts->theta : p.instance.theta;
  body["theta"] = theta;
  Json feats = Json::array();
  std::vector<std::int32_t> rewards;
  std::vector<std::uint64_t> pulls(c.K, 0);
  const ref::RewardTape tape = context_tape ? ref::RewardTape(1, 1, 1, {Rational(0)}, {0})
                                            : ref::make_reward_tape(p.instance.bandit(), c.horizon, kSeed, 2);
  for (std::uint64_t t = 1; t <= c.horizon; ++t) {
    const std::uint32_t a = actions[t - 1];
    // Paper-code: every arm's reward is drawn every round, so round t's reward is the tape's (a, t − 1).
    rewards.push_back(context_tape ? p.contexts->reward(t, a) : paper_code ? tape.units(a, t - 1) : tape.units(a, pulls[a]++));
  }
  if (context_tape) {
    for (std::uint64_t t = 1; t <= c.horizon; ++t) {
      const auto r = p.contexts->round(t);
      feats.push_back(std::vector<std::int64_t>(r.begin(), r.end()));
    }
  } else {
    feats.push_back(p.instance.features);
  }
  body["features"] = feats;  // per round (or once): K·d numerators on 2^-q, arm-major
  body["D"] = dpb::to_string(cfg.D);
  body["lambda"] = dpb::to_string(cfg.lambda);
  Json beta = Json::array();
  for (const auto& b : cfg.beta) beta.push_back(dpb::to_string(b));
  body["beta"] = beta;
  body["actions"] = actions;
  body["rewards"] = rewards;
  // Updates, with the broadcast's θ̂ derived exactly from the statistics and the policy.
  Json updates = Json::array();
  std::vector<Integer> bcN(std::size_t{d} * d, Integer(0)), bcDu(d, Integer(0));
  for (std::uint32_t i = 0; i < d; ++i) bcN[std::size_t{i} * d + i] = cfg.lambda_num();
  std::vector<std::string> theta_str(d, "0");
  std::uint64_t pd_failures = 0;
  for (const Up& u : ups) {
    if (u.changed) {
      bcN = u.V;
      bcDu = u.u;
      if (!u.pd) {
        const Integer s = cfg.pd_policy == ref::PdPolicy::RaiseLambda ? Integer(u.shift * cfg.lambda_num()) : u.shift;
        for (std::uint32_t i = 0; i < d; ++i) bcN[std::size_t{i} * d + i] += s;
      }
      const auto bc = ref::make_broadcast(bcN, bcDu, cfg.D, d);
      for (std::uint32_t i = 0; i < d; ++i) theta_str[i] = dpb::to_string(Rational(bc->w[i], bc->det));
    }
    pd_failures += !u.pd;
    updates.push_back(Json{{"m", u.m}, {"t", u.t}, {"V", integers(u.V)}, {"u", integers(u.u)}, {"pd", u.pd},
                           {"shift", dpb::to_string(u.shift)}, {"changed", u.changed}, {"theta", theta_str}});
  }
  body["updates"] = updates;  // V, u: D·V_m, D·u_m (row-major); theta: the broadcast after the update
  body["pd_failures"] = pd_failures;
  std::string id = learner + "/" + (context_tape ? "tape" : paper_code ? "paper-code" : "fixed") + "/B=" + std::to_string(B);
  if (lambda) id += "/lambda=" + dpb::to_string(*lambda) + "/" + std::string(ref::pd_policy_name(policy));
  return make_record("linear-run", id, body);
}

// The paper-code constants of spec 001 §6.4 (δ = 1/10, B = 20 for the shuffle learners, n = T = 20000, the authors'
// L² = 2, P_Vec at scale C = 1 as in the table): per (d, ε) and learner, the configuration both builds share —
// s (σ̄, rounded up onto its grid), Γ (rounded up onto 2^−32), λ = 2Γ (rounded up onto 2^−(r−1)), the width cew
// (β, rounded up onto 2^−32), and for linucb-sdp-vec b = ⌊C g² ln²(d/δ)/(ε² B)⌋ and g_c = ⌈√(g²·2^39)⌉.
Record constants_record(std::uint32_t d, const Rational& eps) {
  Json rows = Json::array();
  for (const std::string learner : {"linucb", "linucb-sdp-amp", "linucb-sdp-vec", "linucb-ldp", "linucb-jdp"}) {
    ref::LinUcbParams p;
    p.variant = *ref::parse_linucb_variant(learner);
    p.profile = ref::Profile001::PaperCode;
    p.T = 20000;
    p.B = learner == "linucb-sdp-amp" || learner == "linucb-sdp-vec" ? 20 : 1;
    p.eps = eps;
    p.delta = Rational(1, 10);
    if (learner == "linucb-sdp-vec") p.vec_scale = Rational(1);
    const ref::LinUcbConfig c = ref::configure_linucb(p, d, 100, 16, Rational(2));
    Json row{{"learner", learner}, {"B", p.B}, {"gamma", dpb::to_string(c.gamma_upper)},
             {"lambda", dpb::to_string(c.lambda)}, {"cew", dpb::to_string(c.beta.at(0))}};
    if (learner != "linucb" && learner != "linucb-sdp-vec") row["s"] = dpb::to_string(c.sigma);
    if (learner == "linucb-sdp-vec") {
      row["b"] = dpb::to_string(c.b);
      row["g_c"] = dpb::to_string(c.g);
      row["scale"] = dpb::to_string(c.vec_scale);
    }
    rows.push_back(row);
  }
  Json body{{"d", d}, {"eps", dpb::to_string(eps)}, {"delta", "1/10"}, {"n", 20000}, {"L2", "2"}, {"q", 16},
            {"learners", rows}};
  return make_record("paper-code-constants", "d=" + std::to_string(d) + "/eps=" + dpb::to_string(eps), body);
}

}  // namespace

CategoryFile generate_linear001(Impl impl) {
  CategoryFile file;
  file.category = "linear001";
  file.records.push_back(header_record(file.category));
  for (const std::string learner : {"linucb", "linucb-sdp-amp", "linucb-sdp-vec", "linucb-ldp", "linucb-jdp"}) {
    const std::uint64_t B = learner == "linucb-sdp-amp" || learner == "linucb-sdp-vec" ? 8 : 1;
    for (bool tape : {false, true}) file.records.push_back(run_record(learner, B, tape, ref::PdPolicy::Skip, {}, impl));
  }
  file.records.push_back(run_record("linucb", 5, false, ref::PdPolicy::Skip, {}, impl));
  // PD events: λ far below 2Σ_N, every policy.
  for (ref::PdPolicy pol : {ref::PdPolicy::Skip, ref::PdPolicy::RaiseLambda, ref::PdPolicy::Project})
    file.records.push_back(run_record("linucb-ldp", 2, false, pol, Rational(1, 64), impl));
  // The paper-code profile (issue 18; spec 001 §6.2–6.3) on the authors' instance: every learner.
  for (const std::string learner : {"linucb", "linucb-sdp-amp", "linucb-sdp-vec", "linucb-ldp", "linucb-jdp"}) {
    const std::uint64_t B = learner == "linucb-sdp-amp" || learner == "linucb-sdp-vec" ? 8 : 1;
    file.records.push_back(run_record(learner, B, false, ref::PdPolicy::Skip, {}, impl, true));
  }
  // Spec 001 §6.4's rows (configuration only: the same in both builds).
  for (const auto& [d, eps] : std::vector<std::pair<std::uint32_t, Rational>>{
           {5, Rational(1, 5)}, {5, Rational(1)}, {5, Rational(10)}, {10, Rational(1)}, {15, Rational(1)}})
    file.records.push_back(constants_record(d, eps));
  return file;
}

}  // namespace dpb::verify::vectors
