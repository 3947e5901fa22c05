#include "reference/learners/rs_glincb.hpp"

#include <algorithm>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/internal/bareiss.hpp"
#include "reference/learners/internal/rs_round.hpp"

namespace dpb::ref {

using internal::interval_cholesky;

void validate_rs_glincb(const RsGlincbParams& p, unsigned q) {
  constexpr const char* fn = "rs_glincb";
  if (p.T < 1 || p.T > (std::uint64_t{1} << 24)) throw_parameter_error(fn, "T", "in [1, 2^24]", std::to_string(p.T));
  if (p.lambda <= 0 || p.lambda > 1 << 20) throw_parameter_error(fn, "lambda", "in (0, 2^20]", to_string(p.lambda));
  if (denominator(Rational(p.lambda * Rational(Integer(Integer(1) << (2 * q))))) != 1)
    throw_parameter_error(fn, "lambda", "a multiple of 4^-q = 2^-" + std::to_string(2 * q), to_string(p.lambda));
  if (p.gamma <= 0 || p.gamma > 1 << 20) throw_parameter_error(fn, "gamma", "in (0, 2^20]", to_string(p.gamma));
  if (p.kappa < 1 || p.kappa > Rational(Integer(Integer(1) << 40)))
    throw_parameter_error(fn, "kappa", "in [1, 2^40]", to_string(p.kappa));
  if (p.beta < 0 || p.beta > 1 << 20) throw_parameter_error(fn, "beta", "in [0, 2^20]", to_string(p.beta));
}

Rational rs_glincb_threshold(const RsGlincbParams& p) { return Rational(1) / (p.gamma * p.gamma * p.kappa); }

RsGlincbHistory::RsGlincbHistory(Link link_, std::uint32_t d_, unsigned q_, const Rational& lambda_)
    : link(link_), d(d_), q(q_), lambda(lambda_) {}

void RsGlincbHistory::add(std::span<const std::int64_t> f, int reward, bool exp, bool switched) {
  if (switched) switches.push_back(rounds() + 1);
  x.insert(x.end(), f.begin(), f.end());
  r.push_back(reward);
  explore.push_back(exp ? 1 : 0);
  o_count.push_back(n_o);
  if (exp) ++n_o;
}

RsGlincbCertifier::RsGlincbCertifier(const RsGlincbParams& params)
    : params_(params), threshold_(rs_glincb_threshold(params)), prec_(kGlmStartPrecision) {}

void RsGlincbCertifier::reset(mpfr_prec_t prec) {
  prec_ = prec;
  H_.clear();
  h_rounds_ = 0;
  o_boxes_.clear();
  tau_box_.reset();
  tau_L_.clear();
  tau_det_.reset();
  tau_round_ = 0;
}

const MleBox& RsGlincbCertifier::o_box(const RsGlincbHistory& h, std::uint32_t k) {
  if (o_boxes_.size() <= k) o_boxes_.resize(k + 1);
  if (!o_boxes_[k]) {
    GlmData data;
    data.link = h.link;
    data.d = h.d;
    data.q = h.q;
    data.lambda = h.lambda;
    for (std::uint64_t s = 0; s < h.rounds() && data.n() < k; ++s)
      if (h.explore[s]) {
        data.x.insert(data.x.end(), h.x.begin() + s * h.d, h.x.begin() + (s + 1) * h.d);
        data.r.push_back(h.r[s]);
      }
    if (o_start_.size() != h.d) o_start_.assign(h.d, Rational(0));
    o_boxes_[k] = certified_mle(data, o_start_, prec_);
    o_start_ = o_boxes_[k]->center;
  }
  return *o_boxes_[k];
}

MleBox RsGlincbCertifier::fit_exploit(const RsGlincbHistory& h, std::uint64_t before,
                                      const std::vector<Rational>& start) {
  GlmData data;
  data.link = h.link;
  data.d = h.d;
  data.q = h.q;
  data.lambda = h.lambda;
  for (std::uint64_t s = 0; s + 1 < before; ++s)
    if (!h.explore[s]) {
      data.x.insert(data.x.end(), h.x.begin() + s * h.d, h.x.begin() + (s + 1) * h.d);
      data.r.push_back(h.r[s]);
    }
  return certified_mle(data, start, prec_);
}

Interval RsGlincbCertifier::weight(const RsGlincbHistory& h, std::uint64_t s) {
  const Interval e = Interval(1L, prec_).exp();
  const std::uint32_t k = h.o_count[s];
  if (k == 0) return mu_dot_enclosure(h.link, Rational(0), prec_) / e;
  const auto [lo, hi] = inner_range(&h.x[s * h.d], h.q, o_box(h, k).theta);
  return mu_dot_range(h.link, lo, hi, prec_) / e;
}

void RsGlincbCertifier::add_to_h(const RsGlincbHistory& h, std::uint64_t s) {
  const std::uint32_t d = h.d;
  if (h.explore[s]) return;
  const Interval w = weight(h, s);
  const std::int64_t* f = &h.x[s * d];
  const Integer scale = Integer(1) << (2 * h.q);
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j)
      H_[i * d + j] += w * Interval(Rational(Integer(f[i]) * f[j], scale), prec_);
}

void RsGlincbCertifier::sync(const RsGlincbHistory& h) {
  const std::uint32_t d = h.d;
  if (N_.empty()) {
    N_.assign(std::size_t{d} * d, Integer(0));
    const Integer l = numerator(Rational(h.lambda * Rational(Integer(Integer(1) << (2 * h.q)))));
    for (std::uint32_t j = 0; j < d; ++j) N_[j * d + j] = l;
  }
  for (; n_rounds_ < h.rounds(); ++n_rounds_)
    if (h.explore[n_rounds_]) {
      const std::int64_t* f = &h.x[n_rounds_ * d];
      for (std::uint32_t i = 0; i < d; ++i)
        for (std::uint32_t j = 0; j < d; ++j) N_[i * d + j] += Integer(f[i]) * f[j];
    }
}

RsGlincbDecision RsGlincbCertifier::decide(const RsGlincbHistory& h, std::span<const std::int64_t> arms,
                                           std::uint32_t K) {
  const std::uint32_t d = h.d;
  const unsigned q = h.q;
  const std::uint64_t t = h.rounds() + 1;
  sync(h);
  // Exact part: s_a = ‖x_a‖²_{V⁻¹}, duplicates.
  const internal::BareissResult br = internal::bareiss_symmetric(N_, d);
  if (!br.positive_definite) throw std::logic_error("rs_glincb: V is not positive definite (λ > 0 makes it so)");
  std::vector<Rational> s(K);
  const std::vector<std::uint32_t> first = internal::first_of_duplicates(arms, K, d);
  for (std::uint32_t a = 0; a < K; ++a) {
    const std::int64_t* f = &arms[std::size_t{a} * d];
    Integer acc = 0;
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j) acc += Integer(f[i]) * br.adj[i * d + j] * f[j];
    s[a] = Rational(acc, br.det);
  }
  RsGlincbDecision out;
  std::uint32_t top = 0;
  for (std::uint32_t a = 1; a < K; ++a)
    if (s[a] > s[top]) top = a;
  if (s[top] >= threshold_) {  // Criterion I (exact)
    out.explore = true;
    out.action = top;
    return out;
  }
  const std::uint64_t last_switch = h.switches.empty() ? 0 : h.switches.back();
  for (;;) {
    const mpfr_prec_t p = prec_;
    bool undecided = false;
    // H_t over rounds < t.
    if (H_.empty()) {
      H_.assign(std::size_t{d} * d, Interval(0L, p));
      for (std::uint32_t j = 0; j < d; ++j) H_[j * d + j] = Interval(h.lambda, p);
      h_rounds_ = 0;
    }
    for (; h_rounds_ < h.rounds(); ++h_rounds_) add_to_h(h, h_rounds_);
    // H_τ of the last switch (λI before any).
    if (last_switch != 0 && tau_round_ != last_switch) {
      std::vector<Interval> Hs(std::size_t{d} * d, Interval(0L, p));
      for (std::uint32_t j = 0; j < d; ++j) Hs[j * d + j] = Interval(h.lambda, p);
      const std::uint64_t keep = h_rounds_;
      std::swap(Hs, H_);
      for (h_rounds_ = 0; h_rounds_ + 1 < last_switch; ++h_rounds_) add_to_h(h, h_rounds_);
      std::swap(Hs, H_);
      h_rounds_ = keep;
      Interval det(0L, p);
      if (!interval_cholesky(Hs, d, p, tau_L_, det)) {
        undecided = true;
      } else {
        tau_det_ = det;
        if (tau_start_.size() != d) tau_start_.assign(d, Rational(0));
        tau_box_ = fit_exploit(h, last_switch, tau_start_);
        tau_start_ = tau_box_->center;
        tau_round_ = last_switch;
      }
    }
    // Criterion II: det(H_t) > 2·det(H_τ).
    std::vector<Interval> Lt;
    Interval det_t(0L, p);
    bool switched = false;
    if (!undecided && interval_cholesky(H_, d, p, Lt, det_t)) {
      Rational lambda_d = 1;  // max_{s≤0} det := λ^d (spec 003 §9 item 30)
      for (std::uint32_t j = 0; j < d; ++j) lambda_d *= h.lambda;
      const Interval det_tau = last_switch == 0 ? Interval(lambda_d, p) : *tau_det_;
      const Interval twice = det_tau.mul(Rational(2));
      if (det_t.certainly_greater(twice))
        switched = true;
      else if (!det_t.certainly_less_equal(twice))
        undecided = true;
    } else {
      undecided = true;
    }
    // Elimination with θ̂_o and V: keep a iff UCB_o(a) − LCB_o(z) = ⟨x_a − x_z, θ̂_o⟩ + γ√κ(‖x_a‖ + ‖x_z‖) ≥ 0 ∀z.
    std::vector<bool> kept(K, true);
    if (!undecided && h.n_o > 0)
      undecided = !internal::eliminate(arms, K, d, q, first, s, o_box(h, h.n_o).theta,
                                       params_.gamma * params_.gamma * params_.kappa, p, kept);
    // UCB argmax over the kept arms with θ̂_τ and H_τ (of this round if it switched).
    if (!undecided) {
      const bool any_switch = switched || last_switch != 0;
      if (!any_switch) {  // θ̂_τ = 0, H_τ = λI: the index is β‖x‖/√λ, ordered by ‖x‖² exactly
        out.action = internal::norm_argmax(arms, K, d, first, kept, params_.beta == 0);
      } else {
        std::optional<MleBox> box_now;
        if (switched) {
          if (tau_start_.size() != d) tau_start_.assign(d, Rational(0));
          box_now = fit_exploit(h, t, tau_start_);
        }
        const std::optional<std::uint32_t> c =
            internal::ucb_argmax(arms, K, d, q, first, kept, switched ? Lt : tau_L_,
                                 switched ? box_now->theta : tau_box_->theta, params_.beta, p);
        undecided = !c.has_value();
        if (!undecided) {
          out.action = *c;
          if (switched) {  // the τ caches now hold this round's H_τ and θ̂_τ (the caller records the switch)
            out.theta_tau = box_now->theta;
            tau_start_ = box_now->center;
            tau_L_ = Lt;
            tau_det_ = det_t;
            tau_box_ = std::move(box_now);
            tau_round_ = t;
          }
        }
      }
    }
    if (!undecided) {
      out.switched = switched;
      return out;
    }
    ++out.refinements;
    if (2 * prec_ > kGlmPrecisionCap)
      throw GlmUndecided("rs_glincb: round " + std::to_string(t) + " is still open at " +
                         std::to_string(kGlmPrecisionCap) + " bits");
    reset(2 * prec_);
  }
}

RsGlincbTrajectory rs_glincb(const RsGlincbParams& params, const GlmInstance& inst, std::uint64_t seed,
                             std::uint64_t run, RoundHook on_round) {
  validate_rs_glincb(params, inst.q);
  RsGlincbHistory h(inst.link, inst.d, inst.q, params.lambda);
  RsGlincbCertifier cert(params);
  RsGlincbTrajectory out;
  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const std::int64_t> arms(inst.arms.data() + set * inst.K * inst.d, std::size_t{inst.K} * inst.d);
    RsGlincbDecision dec = cert.decide(h, arms, inst.K);
    ChaCha20Source bits(seed, glm_reward_stream(run, t));
    const int r = glm_reward(inst, set, dec.action, bits);
    on_round(t);
    h.add(inst.arm(set, dec.action), r, dec.explore, dec.switched);
    out.actions.push_back(dec.action);
    out.rewards.push_back(r);
    out.explore.push_back(dec.explore ? 1 : 0);
    if (dec.switched) {
      out.switches.push_back(t);
      out.theta_tau.push_back(std::move(dec.theta_tau));
    }
    out.refinements += dec.refinements;
  }
  out.pseudo_regret = glm_pseudo_regret(inst, out.actions, 128);
  return out;
}

}  // namespace dpb::ref
