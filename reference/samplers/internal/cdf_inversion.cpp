#include "reference/samplers/internal/cdf_inversion.hpp"

#include <mpfi.h>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace dpb::ref::internal {

namespace {

// Refinement stops here; reaching it would mean F(k) equals a dyadic rational, which docs/samplers.md excludes.
constexpr mpfr_prec_t kMaxPrecision = mpfr_prec_t{1} << 22;

// Sign of the enclosed value minus x when certain, else 0.
int certain_sign(const Interval& v, mpfr_srcptr x) {
  if (mpfr_greater_p(&v.get()->left, x)) return 1;
  if (mpfr_less_p(&v.get()->right, x)) return -1;
  return 0;
}

// An MPFR number holding u/2^{64c} exactly (u < 2^{64c} + 1 needs 64c + 1 bits).
class Dyadic {
 public:
  Dyadic(const Integer& u, unsigned chunks) {
    mpfr_init2(x_, static_cast<mpfr_prec_t>(64 * chunks + 2));
    mpfr_set_z(x_, u.backend().data(), MPFR_RNDN);  // exact
    mpfr_div_2ui(x_, x_, 64UL * chunks, MPFR_RNDN);  // exact
  }
  Dyadic(const Dyadic&) = delete;
  Dyadic& operator=(const Dyadic&) = delete;
  ~Dyadic() { mpfr_clear(x_); }
  mpfr_srcptr get() const { return x_; }

 private:
  mpfr_t x_;
};

}  // namespace

CdfInversion::CdfInversion(InvertibleLaw law)
    : law_(std::move(law)),
      base_(law_.start),
      p_base_(law_.dist->pmf(Integer(law_.start), kTablePrecision)),
      p_top_(p_base_) {
  F_.push_back(law_.dist->cdf(Integer(law_.start), kTablePrecision));
}

void CdfInversion::extend_right() {
  const std::uint64_t top = base_ + F_.size() - 1;
  p_top_ = p_top_ * law_.ratio(top);  // P[top+1] = P[top]·P[top+1]/P[top]
  F_.push_back(F_.back() + p_top_);   // F(top+1) = F(top) + P[top+1]
}

void CdfInversion::extend_left() {
  // F(base−1) = F(base) − P[base] (≥ 0); P[base−1] from the certified pmf.
  Interval below = F_.front() - p_base_;
  if (mpfr_sgn(&below.get()->left) < 0) mpfr_set_zero(&below.get()->left, 1);
  F_.push_front(std::move(below));
  --base_;
  p_base_ = law_.dist->pmf(Integer(base_), kTablePrecision);
}

const Interval& CdfInversion::enclosure(std::uint64_t k) {
  while (k < base_) extend_left();
  while (k >= base_ + F_.size()) extend_right();
  return F_[k - base_];
}

int CdfInversion::compare(std::uint64_t k, mpfr_srcptr x) {
  if (int s = certain_sign(enclosure(k), x)) return s;
  for (mpfr_prec_t prec = std::max<mpfr_prec_t>(2 * kTablePrecision, mpfr_get_prec(x) + 64);
       prec <= kMaxPrecision; prec *= 2) {
    if (int s = certain_sign(law_.dist->cdf(Integer(k), prec), x)) return s;
  }
  throw std::runtime_error("CdfInversion: F(k) could not be separated from a dyadic endpoint");
}

std::optional<std::uint64_t> CdfInversion::decide(const Integer& u, unsigned chunks) {
  const Dyadic a(u, chunks), b(Integer(u + 1), chunks);
  // k* = min{k ≥ 0 : F(k) > a}, so F(k*−1) ≤ a (F(−1) = 0); I_c ⊂ [F(k*−1), F(k*)) iff b ≤ F(k*).
  std::uint64_t k = base_;
  if (compare(k, a.get()) > 0) {
    // k* ≤ base_ (the table starts at a mode, so this walk is short and rare).
    while (k > 0 && compare(k - 1, a.get()) > 0) --k;
  } else {
    // F(lo) < a < F(hi), then bisect.
    std::uint64_t lo = base_, hi = base_ + F_.size() - 1;
    while (compare(hi, a.get()) < 0) {
      lo = hi;
      extend_right();
      hi = base_ + F_.size() - 1;
    }
    while (hi - lo > 1) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (compare(mid, a.get()) > 0)
        hi = mid;
      else
        lo = mid;
    }
    k = hi;
  }
  // b ≤ F(k): the cell holds I_c. F(k) < b: F(k) ∈ (a, b) lies inside I_c, another chunk is needed.
  if (compare(k, b.get()) > 0) return k;
  return std::nullopt;
}

std::uint64_t CdfInversion::floor_cdf_scaled(std::uint64_t k) {
  const auto floor_of = [](const Interval& v) -> std::optional<std::uint64_t> {
    mpfr_t lo, hi;
    mpfr_init2(lo, v.precision());
    mpfr_init2(hi, v.precision());
    mpfr_mul_2ui(lo, &v.get()->left, 64, MPFR_RNDD);   // exact
    mpfr_mul_2ui(hi, &v.get()->right, 64, MPFR_RNDU);  // exact
    Integer flo, fhi;
    mpfr_get_z(flo.backend().data(), lo, MPFR_RNDD);
    mpfr_get_z(fhi.backend().data(), hi, MPFR_RNDD);
    mpfr_clear(lo);
    mpfr_clear(hi);
    // F·2^64 ∈ [lo, hi] and it is not an integer, so equal floors are its floor (and F < 1 keeps it < 2^64).
    if (flo != fhi || flo < 0 || !fits_uint64(flo)) return std::nullopt;
    return to_uint64(flo);
  };
  if (auto f = floor_of(enclosure(k))) return *f;
  for (mpfr_prec_t prec = 2 * kTablePrecision; prec <= kMaxPrecision; prec *= 2)
    if (auto f = floor_of(law_.dist->cdf(Integer(k), prec))) return *f;
  throw std::runtime_error("CdfInversion: floor(F(k)·2^64) undecided");
}

}  // namespace dpb::ref::internal
