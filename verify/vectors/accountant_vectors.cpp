// docs/vectors.md §10. See the header.
#include "verify/vectors/accountant_vectors.hpp"

#include "reference/privacy/accountants.hpp"
#include "reference/privacy/privacy_profile.hpp"
#include "reference/privacy/view_distribution.hpp"
#include "reference/protocols/calibration.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr int kDigits = 12;

std::string q(const Rational& x) { return dpb::to_string(x); }
std::string up(const Rational& x) { return certified::upper_text(x, kDigits); }
std::string down(const Rational& x) { return certified::lower_text(x, kDigits); }

void add_pure_to_rdp(CategoryFile& f) {
  for (const Rational& eps : {Rational(1, 10), Rational(1, 2), Rational(1), Rational(2)})
    for (const Rational& alpha : {Rational(3, 2), Rational(2), Rational(10), Rational(100)}) {
      Json body;
      body["eps"] = q(eps);
      body["alpha"] = q(alpha);
      body["rr_upper"] = certified::upper_text(ref::randomized_response_renyi(eps, alpha, ref::kAccountantPrecision),
                                               kDigits);
      body["bun_steinke"] = q(alpha * eps * eps / 2);
      body["upper"] = up(ref::pure_to_rdp_upper_bound(eps, alpha));
      f.records.push_back(make_record("pure_to_rdp", "pure_to_rdp(eps=" + q(eps) + ",alpha=" + q(alpha) + ")", body));
    }
}

void add_rdp_to_dp(CategoryFile& f) {
  // Gaussian-like curves ε(α) = αρ on α ∈ {2, …, 64} (integer α only, as for Theorem 2).
  for (const Rational& rho : {Rational(1, 200), Rational(1, 8), Rational(1, 2)})
    for (const Rational& delta : {Rational(1, 100000), Rational(1, 1000000000)}) {
      ref::RdpCurve curve;
      Json points = Json::array();
      for (long a = 2; a <= 64; a *= 2) {
        curve.emplace_back(Rational(a), Rational(a) * rho);
        points.push_back(Json::array({q(Rational(a)), q(Rational(a) * rho)}));
      }
      Json body;
      body["curve"] = points;
      body["delta"] = q(delta);
      body["standard_upper"] = up(ref::rdp_to_dp_standard_upper_bound(curve, delta));
      body["lemma10_upper"] = up(ref::rdp_to_dp_lemma10_upper_bound(curve, delta));
      f.records.push_back(make_record("rdp_to_dp", "rdp_to_dp(rho=" + q(rho) + ",delta=" + q(delta) + ")", body));
    }
}

void add_zcdp(CategoryFile& f) {
  for (const Rational& rho : {Rational(1, 200), Rational(1, 8), Rational(1, 2), Rational(2)}) {
    for (const Rational& delta : {Rational(1, 100000), Rational(1, 1000000000)}) {
      Json body;
      body["rho"] = q(rho);
      body["delta"] = q(delta);
      body["cks_upper"] = up(ref::zcdp_to_dp_cks_upper_bound(rho, delta));
      body["bun_steinke_upper"] = up(ref::zcdp_to_dp_bun_steinke_upper_bound(rho, delta));
      f.records.push_back(make_record("zcdp_to_dp", "zcdp_to_dp(rho=" + q(rho) + ",delta=" + q(delta) + ")", body));
    }
    for (const Rational& eps : {Rational(1, 2), Rational(1), Rational(3)}) {
      Json body;
      body["rho"] = q(rho);
      body["eps"] = q(eps);
      body["cks_delta_upper"] = up(ref::zcdp_delta_cks_upper_bound(rho, eps));
      f.records.push_back(make_record("zcdp_delta", "zcdp_delta(rho=" + q(rho) + ",eps=" + q(eps) + ")", body));
    }
  }
}

void add_composition(CategoryFile& f) {
  for (const Rational& eps : {Rational(1, 100), Rational(1, 10)})
    for (const long k : {10L, 100L, 1000L}) {
      const Rational dp(1, 1000000);
      Json body;
      body["eps"] = q(eps);
      body["k"] = k;
      body["delta_prime"] = q(dp);
      body["eps_total_upper"] = up(ref::advanced_composition_eps_upper_bound(eps, Integer(k), dp));
      body["theorem7_per_step_lower"] = down(ref::theorem7_per_step_eps_lower_bound(Rational(1, 2), Integer(k), dp));
      f.records.push_back(make_record("advanced_composition",
                                      "advanced_composition(eps=" + q(eps) + ",k=" + std::to_string(k) + ")", body));
    }
  for (const long B : {1L, 10L, 100L}) {
    const ref::ReturningUsersBudget r = ref::returning_users_budget(Rational(1, 2), Rational(1, 1000000), Integer(B));
    Json body;
    body["eps"] = "1/2";
    body["delta"] = "1/1000000";
    body["B"] = B;
    body["eps_batch_lower"] = down(r.eps_batch);
    body["delta_batch"] = q(r.delta_batch);
    body["delta_prime"] = q(r.delta_prime);
    body["eps_total_upper"] = up(r.eps_total_upper);
    body["delta_total"] = q(r.delta_total);
    body["zcdp_route_eps_upper"] = up(ref::returning_users_zcdp_eps_upper_bound(Rational(1, 200), Integer(B),
                                                                                Rational(1, 1000000)));
    f.records.push_back(make_record("returning_users", "returning_users(B=" + std::to_string(B) + ")", body));
  }
}

void add_views(CategoryFile& f) {
  struct Case {
    ref::Variant v;
    Rational eps;
    long n, T;
  };
  const Case cases[] = {{ref::Variant::DistDP, Rational(1), 1, 10},      {ref::Variant::DistDP, Rational(1), 4, 100},
                        {ref::Variant::Central, Rational(1, 2), 2, 100}, {ref::Variant::Local, Rational(1, 2), 2, 100},
                        {ref::Variant::Shuffle, Rational(1), 2, 100},    {ref::Variant::DistRDP, Rational(1, 2), 2, 100},
                        {ref::Variant::DistCDP, Rational(1, 2), 2, 100}};
  for (const auto& c : cases) {
    ref::CalibrationInput in;
    in.eps = c.eps;
    in.n = c.n;
    in.horizon = c.T;
    const ref::Calibration cal = ref::calibrate(c.v, in);
    const ref::ViewPrivacy vp = ref::view_privacy(ref::view_noise_law(cal, 128), cal.g, {cal.eps_noise},
                                                  {Rational(2)}, 128, true);
    Json body;
    body["variant"] = std::string(ref::variant_name(c.v));
    body["input"] = {{"eps", q(c.eps)}, {"n", c.n}, {"horizon", c.T}};
    body["g"] = static_cast<long>(to_int64(cal.g));
    body["m"] = static_cast<long>(to_int64(cal.m));
    body["pure_eps"] = {{"lo", certified::lower_text(vp.pure_eps, kDigits)},
                        {"hi", certified::upper_text(vp.pure_eps, kDigits)}};
    body["worst_shift"] = static_cast<long>(to_int64(vp.worst_shift));
    body["delta_at_eps_noise_upper"] = certified::upper_text(vp.delta_curve[0].second, kDigits);
    body["renyi_2_upper"] = certified::upper_text(vp.renyi[0].second, kDigits);
    f.records.push_back(make_record("view_privacy",
                                    "view_privacy(" + std::string(ref::variant_name(c.v)) + ",eps=" + q(c.eps) +
                                        ",n=" + std::to_string(c.n) + ",horizon=" + std::to_string(c.T) + ")",
                                    body));
  }
}

}  // namespace

CategoryFile generate_accountants() {
  CategoryFile file{"accountants", {header_record("accountants")}};
  add_pure_to_rdp(file);
  add_rdp_to_dp(file);
  add_zcdp(file);
  add_composition(file);
  add_views(file);
  return file;
}

}  // namespace dpb::verify::vectors
