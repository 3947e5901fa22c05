#include "verify/vectors/pgd003_vectors.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

#include "optimized/protocols/p_gd.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"
#include "reference/protocols/p_gd.hpp"
#include "verify/protocol_checks/calibration_001_json.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261127;
constexpr std::uint64_t kStreamBase = 3400;

template <class T>
Json strings(const std::vector<T>& v) {
  Json a = Json::array();
  for (const auto& x : v) a.push_back(dpb::to_string(x));
  return a;
}

Record pgd_record(const ref::PgdParams& p, const std::vector<ref::PgdDatum>& data, std::uint64_t stream, Impl impl) {
  const std::size_t d = data.front().x.size();
  ChaCha20Source source(kSeed, stream);
  CountingSource<ChaCha20Source> bits(source);
  const ref::PgdResult r = impl == Impl::optimized
                               ? fast::PGd(p, data.size(), d).run(std::span<const ref::PgdDatum>(data), bits)
                               : ref::PGd(p, data.size(), d).run(std::span<const ref::PgdDatum>(data), bits);
  Json body;
  body["link"] = ref::link_name(p.link);
  body["q"] = p.q;
  body["R"] = dpb::to_string(p.R);
  body["reg"] = dpb::to_string(p.reg);
  body["domain"] = ref::pgd_domain_name(p.domain.kind);
  if (p.domain.kind == ref::PgdDomainKind::Ball) {
    body["S"] = dpb::to_string(p.domain.S);
  } else {
    body["center"] = strings(p.domain.center);
    Json V = Json::array();
    for (const auto& row : p.domain.V) V.push_back(strings(row));
    body["V"] = V;
    body["radius2"] = dpb::to_string(p.domain.radius2);
  }
  body["T_it"] = dpb::to_string(p.iterations);
  body["eta"] = dpb::to_string(p.eta);
  body["L"] = dpb::to_string(p.L);
  body["theta_bound"] = dpb::to_string(p.theta_bound);
  body["g"] = dpb::to_string(p.g);
  body["b"] = dpb::to_string(p.b);
  body["range"] = ref::pvec_range_name(p.range);
  Json users = Json::array();
  for (const auto& u : data) users.push_back({{"r", dpb::to_string(u.r)}, {"x", strings(u.x)}});
  body["data"] = users;
  body["seed"] = kSeed;
  body["stream"] = stream;
  Json steps = Json::array();
  for (std::size_t t = 0; t < r.counts.size(); ++t)
    steps.push_back({{"counts", strings(r.counts[t])},
                     {"mean_gradient", strings(r.gradients[t])},
                     {"next", strings(r.iterates[t + 1])}});
  body["theta0"] = strings(r.iterates.front());
  body["steps"] = steps;
  body["theta_bar"] = strings(r.theta_bar);
  body["released"] = r.released;
  body["projections"] = r.projections;
  body["shrink_steps"] = r.shrink_steps;
  body["bits"] = bits.count();
  const std::string id = fmt::format("pgd({},{},n={},d={},T={})@{}/{}", ref::link_name(p.link),
                                     ref::pgd_domain_name(p.domain.kind), data.size(), d,
                                     dpb::to_string(p.iterations), kSeed, stream);
  return make_record("pgd", id, body);
}

Record calibration_record(const std::string& args, const ref::CalibrationPgdInput& in) {
  const nlohmann::json j = to_json(ref::calibrate_pgd(in).report);
  Json body;
  body["args"] = args;
  body["result"] = Json::parse(j.dump());
  return make_record("calibration_pgd", "calibrate " + args, body);
}

std::vector<ref::PgdDatum> users(int n, int d, unsigned q) {
  std::vector<ref::PgdDatum> out;
  const long half = 1L << (q / 2);
  for (int i = 0; i < n; ++i) {
    ref::PgdDatum u;
    u.r = Rational((i * 5) % 3 == 0 ? 1 : 0);
    Rational norm(0);
    for (int k = 0; k < d; ++k) {
      Rational xk(Integer(((i + 1) * 7 + k * 11) % (2 * half + 1) - half), Integer(half));
      if (norm + xk * xk > 1) xk = 0;
      norm += xk * xk;
      u.x.push_back(xk);
    }
    out.push_back(u);
  }
  return out;
}

}  // namespace

CategoryFile generate_pgd003(Impl impl) {
  CategoryFile file{"pgd003", {header_record("pgd003")}};
  std::uint64_t stream = kStreamBase;
  {
    ref::PgdParams p;
    p.q = 8;
    p.R = 1;
    p.reg = Rational(1, 8);
    p.domain = ref::PgdDomain::ball(Rational(3, 4));
    p.theta_bound = Rational(3, 4);
    p.L = p.R + p.reg * p.theta_bound;
    p.iterations = 5;
    p.eta = Rational(3, 2);
    p.g = 9;
    p.b = 25;
    file.records.push_back(pgd_record(p, users(5, 2, 8), stream++, impl));
  }
  {
    ref::PgdParams p;
    p.link = ref::Link::probit;
    p.q = 6;
    p.R = 1;
    p.reg = Rational(1, 16);
    p.domain = ref::PgdDomain::ellipsoid({Rational(1, 8), 0}, {{1, Rational(19, 20)}, {Rational(19, 20), 1}},
                                         Rational(1, 2));
    p.theta_bound = ref::pgd_theta_norm_bound(p.domain);
    p.L = p.R + p.reg * p.theta_bound;
    p.iterations = 4;
    p.eta = 2;
    p.g = 7;
    p.b = 1000003;
    file.records.push_back(pgd_record(p, users(4, 2, 6), stream++, impl));
  }
  {
    ref::PgdParams p;
    p.q = 4;
    p.domain = ref::PgdDomain::ball(1);
    p.iterations = 0;
    p.g = 4;
    file.records.push_back(pgd_record(p, users(3, 3, 4), stream++, impl));
  }
  ref::CalibrationPgdInput a;
  a.eps = Rational(1, 2);
  a.delta = Rational(1, 200);
  a.n = 100000;
  a.d = 3;
  a.lambda_max = 50;
  file.records.push_back(
      calibration_record("pgd --eps 1/2 --delta 1/200 --n 100000 --d 3 --lambda-max 50", a));
  ref::CalibrationPgdInput z;
  z.eps = Rational(1, 2);
  z.delta = Rational(1, 200);
  z.n = 10;
  z.d = 3;
  file.records.push_back(calibration_record("pgd --eps 1/2 --delta 1/200 --n 10 --d 3", z));
  return file;
}

}  // namespace dpb::verify::vectors
