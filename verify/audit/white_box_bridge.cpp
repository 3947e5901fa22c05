#include "verify/audit/white_box_bridge.hpp"

#include <exception>
#include <map>
#include <mutex>
#include <sstream>
#include <string>

#include "reference/privacy/view_distribution.hpp"
#include "verify/audit/white_box.hpp"

namespace dpb::verify::audit {

namespace {

std::optional<WhiteBoxEps> compute(ref::Variant variant, const ref::CalibrationInput& input, double delta) {
  try {
    std::string why;
    if (!white_box_within_reach(ref::calibrate(variant, input), why)) return std::nullopt;
    const ExactProfile p = exact_profile(variant, input);
    std::optional<WhiteBoxEps> out;
    if (p.pure) out = WhiteBoxEps{p.eps_exact, "white box (exact view pmf): pure eps in " + p.eps_exact_enclosure};
    if (delta > 0) {
      // The certified ε(δ) (an upper bound of the exact ε(δ), rounded up); the pure ε is one too, take the smaller.
      const EpsForDelta e = eps_for_delta(variant, input, delta);
      if (!out || e.eps_up < out->eps) {
        std::ostringstream s;
        s << "white box (exact view pmf): certified upper bound of eps(delta) at delta = " << delta
          << ": smallest eps = " << dpb::to_string(e.eps) << " of a dyadic bisection grid (relative step <= 1/4096; "
          << dpb::to_string(e.below) << " is not certified) with hockey-stick divergence <= " << e.delta_bound
          << " <= delta over shifts " << e.shifts_searched;
        if (p.pure) s << "; pure eps in " + p.eps_exact_enclosure;
        out = WhiteBoxEps{e.eps_up, s.str()};
      }
    }
    return out;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string key(ref::Variant variant, const ref::CalibrationInput& in, double delta) {
  std::ostringstream s;
  s.precision(17);
  s << ref::variant_name(variant) << '|' << dpb::to_string(in.eps) << '|' << dpb::to_string(in.n) << '|'
    << dpb::to_string(in.horizon) << '|' << (in.s ? dpb::to_string(*in.s) : "-") << '|'
    << (in.p ? dpb::to_string(*in.p) : "-") << '|' << (in.c ? dpb::to_string(*in.c) : "-") << '|' << delta;
  return s.str();
}

}  // namespace

bool white_box_within_reach(const ref::Calibration& c, std::string& why) {
  if (c.m > ref::kMaxViewModulus) {
    why = "m = " + dpb::to_string(c.m) + " > " + dpb::to_string(ref::kMaxViewModulus);
    return false;
  }
  // A Skellam view's folded pmf costs O(variance) certified terms (variance 10^4: 30 s); the white box keeps to 10^3.
  for (const ref::NoiseLaw* law : {&c.aggregate_noise, &c.per_user_noise})
    if (law->kind == ref::NoiseKind::Skellam && law->variance > Rational(kWhiteBoxMaxSkellamVariance)) {
      why = "Skellam variance " + dpb::to_string(law->variance) + " > 1000 (the white box's work bound)";
      return false;
    }
  if (c.g * c.m > Integer(kWhiteBoxMaxWork)) {
    why = "g*m = " + dpb::to_string(Integer(c.g * c.m)) + " > 2^16 (the white box's work bound)";
    return false;
  }
  return true;
}

std::optional<WhiteBoxEps> white_box_eps(ref::Variant variant, const ref::CalibrationInput& input, double delta) {
  // Cached per (variant, input, δ): claims and learner targets ask for the same profile repeatedly.
  static std::mutex mutex;
  static std::map<std::string, std::optional<WhiteBoxEps>> cache;
  const std::string k = key(variant, input, delta);
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = cache.find(k); it != cache.end()) return it->second;
  }
  std::optional<WhiteBoxEps> r = compute(variant, input, delta);
  const std::lock_guard<std::mutex> lock(mutex);
  cache.emplace(k, r);
  return r;
}

}  // namespace dpb::verify::audit
