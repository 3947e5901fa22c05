#include "reference/learners/returning_se.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "reference/core/errors.hpp"
#include "reference/learners/batched_successive_elimination.hpp"

namespace dpb::ref {

std::vector<std::uint64_t> se_schedule_batch_sizes(const Rational& eta, std::uint64_t T) {
  constexpr const char* f = "se_schedule_batch_sizes";
  if (T < 1) throw_parameter_error(f, "T", ">= 1", "0");
  if (eta <= 1) throw_parameter_error(f, "eta", "> 1", to_string(eta));
  std::vector<std::uint64_t> out;
  std::uint64_t pulls = 0;  // batched_se_schedule's loop
  for (std::uint32_t b = 1;; ++b) {
    const Integer l = batch_size(eta, b);
    if (l > Integer(T - pulls)) break;
    out.push_back(to_uint64(l));
    pulls += out.back();
  }
  return out;
}

ReturningSeCalibration calibrate_returning_se(const ProtocolAggregatorParams& base, const Rational& eta, std::uint64_t T,
                                              const ReturningSetting& setting) {
  constexpr const char* f = "calibrate_returning_se";
  std::vector<std::uint64_t> sizes = se_schedule_batch_sizes(eta, T);
  if (sizes.empty())
    throw_parameter_error(f, "T", "at least l(1) = " + to_string(batch_size(eta, 1)) + " (no batch completes)",
                          std::to_string(T));
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  ReturningSeCalibration out;
  out.variant = base.variant;
  out.setting = setting;
  out.eps_total = base.eps;
  std::optional<ReturningCalibration> best;
  for (const std::uint64_t n : sizes) {
    ReturningInput in;
    in.base.eps = base.eps;
    in.base.n = Integer(n);
    in.base.horizon = base.horizon;
    in.base.s = base.s;
    in.base.p = base.p;
    in.base.c = base.c;
    in.B = Integer(setting.B);
    in.route = setting.route;
    in.delta = setting.delta;
    ReturningCalibration c = calibrate_returning(base.variant, in);
    out.per_size.emplace_back(n, c.eps_param);
    if (!best || c.eps_param < best->eps_param) {
      out.size_at_min = n;
      best = std::move(c);
    }
  }
  out.eps_batch = best->eps_param;
  out.at_min = std::move(*best);
  return out;
}

ProtocolAggregatorParams returning_aggregator_params(const ProtocolAggregatorParams& base,
                                                     const ReturningSeCalibration& c) {
  ProtocolAggregatorParams p = base;
  p.eps = c.eps_batch;
  return p;
}

ReturningSeLedger returning_se_ledger(const ProtocolAggregatorParams& base, const Rational& eta, std::uint64_t T,
                                      const ReturningSeCalibration& c, std::uint64_t charged) {
  BatchedSuccessiveEliminationParams p;
  p.K = 2;
  p.T = T;
  p.eta = eta;
  ReturningSeLedger out;
  out.schedule = batched_se_schedule(p, ProtocolAggregator(returning_aggregator_params(base, c)));
  LedgerOptions lo;
  if (c.setting.route != ReturningRoute::Pure) lo.delta = c.setting.delta;
  out.result = compose_returning_user(out.schedule.laws, out.schedule.entries, charged != 0 ? charged : c.setting.B, lo);
  return out;
}

std::vector<std::uint64_t> place_returning_users(std::uint64_t T, std::span<const BatchSpan> batches, std::uint64_t B) {
  constexpr const char* f = "place_returning_users";
  if (B < 1) throw_parameter_error(f, "B", ">= 1", "0");
  std::vector<BatchSpan> sorted(batches.begin(), batches.end());
  std::sort(sorted.begin(), sorted.end(),
            [](const BatchSpan& x, const BatchSpan& y) { return x.first_round < y.first_round; });
  struct ArmState {
    std::uint32_t next_batch = 1;         // the arm's batches are b = 1, 2, … in order
    std::uint64_t last_count = 0;         // l of its previous batch (l(b) does not decrease)
    std::vector<std::uint64_t> block;     // the users of the current block, by slot
  };
  std::map<std::uint32_t, ArmState> arms;
  std::vector<std::uint64_t> user(T);
  std::uint64_t next_user = 0, t = 0;
  for (const BatchSpan& s : sorted) {
    if (s.first_round < t || s.count > T - s.first_round || s.count == 0)
      throw_parameter_error(f, "batches", "non-empty, disjoint and within T = " + std::to_string(T),
                            "rounds [" + std::to_string(s.first_round) + ", +" + std::to_string(s.count) + ")");
    ArmState& a = arms[s.arm];
    if (s.batch != a.next_batch || s.count < a.last_count)
      throw_parameter_error(f, "batches",
                            "each arm's batches b = 1, 2, ... in order with non-decreasing sizes",
                            "arm " + std::to_string(s.arm) + " batch " + std::to_string(s.batch));
    for (; t < s.first_round; ++t) user[t] = next_user++;  // rounds in no release: one user each
    if ((s.batch - 1) % B == 0) a.block.clear();             // a new block of B consecutive batches
    for (std::uint64_t j = 0; j < s.count; ++j, ++t) {
      if (j == a.block.size()) a.block.push_back(next_user++);
      user[t] = a.block[j];
    }
    ++a.next_batch;
    a.last_count = s.count;
  }
  for (; t < T; ++t) user[t] = next_user++;
  return user;
}

PlacementReport check_placement(std::span<const std::uint64_t> user_of_round, std::span<const BatchSpan> batches) {
  PlacementReport r;
  r.users = std::set<std::uint64_t>(user_of_round.begin(), user_of_round.end()).size();
  // Batches in order of b, so that each user's batches arrive in increasing b.
  std::vector<BatchSpan> sorted(batches.begin(), batches.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const BatchSpan& x, const BatchSpan& y) { return x.batch < y.batch; });
  struct State {
    std::uint32_t arm = 0, last_batch = 0;
    std::uint64_t batches = 0;
  };
  std::unordered_map<std::uint64_t, State> seen;
  auto problem = [&](bool& flag, const std::string& what) {
    if (flag && r.first_problem.empty()) r.first_problem = what;
    flag = false;
  };
  for (const BatchSpan& s : sorted)
    for (std::uint64_t t = s.first_round; t < s.first_round + s.count && t < user_of_round.size(); ++t) {
      const std::uint64_t u = user_of_round[t];
      auto [it, fresh] = seen.try_emplace(u, State{s.arm, s.batch, 0});
      State& st = it->second;
      if (!fresh) {
        if (st.arm != s.arm) problem(r.one_arm, "user " + std::to_string(u) + " in arms " + std::to_string(st.arm) + " and " + std::to_string(s.arm));
        if (st.last_batch == s.batch)
          problem(r.once_per_batch, "user " + std::to_string(u) + " twice in batch " + std::to_string(s.batch));
        else if (s.batch != st.last_batch + 1)
          problem(r.consecutive, "user " + std::to_string(u) + " in batches " + std::to_string(st.last_batch) + " and " + std::to_string(s.batch));
      }
      if (fresh || st.last_batch != s.batch) ++st.batches;
      st.last_batch = s.batch;
      r.max_batches_per_user = std::max(r.max_batches_per_user, st.batches);
    }
  return r;
}

}  // namespace dpb::ref
