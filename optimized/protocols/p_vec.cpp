#include "optimized/protocols/p_vec.hpp"

namespace dpb::fast {

namespace {

const Integer& bound126() {
  static const Integer b = Integer(1) << 126;
  return b;
}

i128 to_i128(const Integer& x) {  // precondition |x| < 2^126
  const bool neg = x < 0;
  const Integer m = neg ? Integer(-x) : x;
  const auto lo = static_cast<std::uint64_t>(to_uint64(Integer(m & Integer(~std::uint64_t{0}))));
  const auto hi = static_cast<std::uint64_t>(to_uint64(Integer(m >> 64)));
  const i128 v = (static_cast<i128>(hi) << 64) | static_cast<i128>(lo);
  return neg ? -v : v;
}

void require_below(const Integer& x, const Integer& limit, std::string_view what, const ref::PVecParams& p) {
  if (x >= limit)
    throw_parameter_error("fast::PVec", "params",
                          std::string("such that the ") + std::string(what) +
                              " fits the optimized build's integers (g = " + to_string(p.g) +
                              ", b = " + to_string(p.b) + ", delta = " + to_string(p.delta) + ")",
                          to_string(x));
}

}  // namespace

PVec::PVec(ref::PVecParams params, unsigned grid_bits, ref::NoisePath path, ref::PVecShuffle shuffle)
    : params_(ref::validate(std::move(params))),
      s_(grid_bits),
      path_(path),
      shuffle_(shuffle),
      checked_(params_, path, shuffle),
      per_user_(params_.b, params_.p),
      aggregate_(Integer(params_.batch * params_.b), params_.p) {
  if (s_ > 62) throw_parameter_error("fast::PVec", "grid_bits", "<= 62", std::to_string(s_));
  using boost::multiprecision::denominator;
  using boost::multiprecision::numerator;
  const Integer two_s = Integer(1) << s_;
  const Rational r = params_.r();
  const Integer dn = numerator(params_.delta), dd = denominator(params_.delta);
  const Integer rn = numerator(r), rd = denominator(r);
  const Integer pn = numerator(params_.p), pd = denominator(params_.p);
  const Integer& g = params_.g;
  const Integer B = params_.batch;
  const Integer a_max = floor(Rational(params_.delta * two_s));
  require_below(a_max, Integer(1) << 62, "grid bound delta·2^s", params_);
  const Integer c1 = dd * g * rd, c0 = dn * two_s * g * rd, D = two_s * dd * rn;
  require_below(Integer(a_max * c1 + c0), bound126(), "rounding numerator", params_);
  require_below(D, Integer(1) << 64, "rounding denominator 2^s·delta_den·r_num", params_);
  const Integer an_mul = rn * dd, an_sub = an_mul * pn * params_.b * B + B * dn * g * rd * pd;
  const Integer worst = an_mul * pd * B * params_.message_bits + an_sub;
  require_below(worst, bound126(), "analyzer numerator", params_);
  require_below(Integer(g * rd * pd * dd), bound126(), "analyzer denominator", params_);
  length_ = to_int64(params_.message_bits);
  a_max_ = to_int64(a_max);
  labels_ = params_.labels.size();
  users_ = to_uint64(B);
  c1_ = to_i128(c1);
  c0_ = to_i128(c0);
  D_ = to_uint64(D);
  an_mul_ = to_i128(an_mul);
  an_sub_ = to_i128(an_sub);
  an_den_ = to_i128(Integer(g * rd * pd * dd));
  p_den_ = to_i128(pd);
}

std::vector<std::int64_t> PVec::to_grid(std::span<const std::vector<Rational>> values) const {
  std::vector<std::int64_t> out;
  const Integer two_s = Integer(1) << s_;
  for (const auto& row : values)
    for (const Rational& v : row) {
      const Rational a = v * two_s;
      if (boost::multiprecision::denominator(a) != 1 || !fits_int64(boost::multiprecision::numerator(a)))
        throw_parameter_error("fast::PVec", "values", "on the grid 2^-" + std::to_string(s_), to_string(v));
      out.push_back(to_int64(boost::multiprecision::numerator(a)));
    }
  return out;
}

ref::PVecTranscript PVecTranscript::to_reference() const {
  ref::PVecTranscript t;
  t.params = params;
  t.path = path;
  t.shuffle = shuffle;
  const Integer two_s = Integer(1) << grid_bits;
  for (std::size_t i = 0; i < users; ++i) {
    std::vector<Rational> v;
    std::vector<Integer> xh, nz;
    for (std::size_t k = 0; k < labels; ++k) {
      const std::size_t x = i * labels + k;
      v.emplace_back(Integer(values[x]), two_s);
      xh.emplace_back(x_hat[x]);
      if (!noise.empty()) nz.emplace_back(noise[x]);
    }
    t.values.push_back(std::move(v));
    t.x_hat.push_back(std::move(xh));
    if (!noise.empty()) t.noise.push_back(std::move(nz));
  }
  t.shuffled = shuffled;
  for (std::int64_t a : aggregate_noise) t.aggregate_noise.emplace_back(a);
  for (std::int64_t c : counts) t.counts.emplace_back(c);
  for (i128 n : output_num) t.output.emplace_back(from_i128(n), from_i128(output_den));
  return t;
}

}  // namespace dpb::fast
