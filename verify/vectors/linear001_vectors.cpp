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
                  const std::optional<Rational>& lambda, Impl impl) {
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
  const LinearRunPair p = run_linear_pair(c, 0);  // both builds run; the record takes the chosen one's
  ref::LinUcbParams params = c.params;
  params.variant = *ref::parse_linucb_variant(learner);
  params.T = c.horizon;
  const ref::LinUcbConfig cfg = ref::configure_linucb(params, c.d, c.K, c.q);
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
    rewards.push_back(context_tape ? p.contexts->reward(t, a) : tape.units(a, pulls[a]++));
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
  std::string id = learner + "/" + (context_tape ? "tape" : "fixed") + "/B=" + std::to_string(B);
  if (lambda) id += "/lambda=" + dpb::to_string(*lambda) + "/" + std::string(ref::pd_policy_name(policy));
  return make_record("linear-run", id, body);
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
  return file;
}

}  // namespace dpb::verify::vectors
