#include "verify/audit/white_box_bridge.hpp"

#include <exception>
#include <string>

#include "verify/audit/white_box.hpp"

namespace dpb::verify::audit {

std::optional<WhiteBoxEps> white_box_eps(ref::Variant variant, const ref::CalibrationInput& input, double delta) {
  try {
    const ExactProfile p = exact_profile(variant, input);
    std::optional<double> best;
    if (delta > 0)
      for (const auto& [e, d] : p.delta_curve)
        if (d <= delta && (!best || e < *best)) best = e;
    if (p.pure && (!best || p.eps_exact <= *best))
      return WhiteBoxEps{p.eps_exact, "white box (exact view pmf): pure eps in " + p.eps_exact_enclosure};
    if (!best) return std::nullopt;
    return WhiteBoxEps{*best, "white box (exact view pmf): smallest eps of the certified delta(eps) curve with "
                              "delta(eps) <= " + std::to_string(delta)};
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace dpb::verify::audit
