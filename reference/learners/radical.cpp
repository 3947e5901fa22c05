#include "reference/learners/radical.hpp"

#include <stdexcept>
#include <utility>

namespace dpb::ref {

namespace {

bool is_square(const Integer& n) {
  if (n < 0) return false;
  const Integer r = floor_sqrt(n);
  return r * r == n;
}

// q is the square of a rational (q in lowest terms: both parts squares).
bool is_rational_square(const Rational& q) {
  return is_square(boost::multiprecision::numerator(q)) && is_square(boost::multiprecision::denominator(q));
}

Rational rational_sqrt(const Rational& q) {  // precondition: is_rational_square(q)
  return Rational(floor_sqrt(boost::multiprecision::numerator(q)), floor_sqrt(boost::multiprecision::denominator(q)));
}

}  // namespace

Interval enclose(const Radical& x, mpfr_prec_t prec) {
  if (x.c == 0 || x.d == 0) return Interval(0L, prec);
  if (x.d == 1) return Interval(x.c, prec);
  return Interval(x.d, prec).sqrt().mul(x.c);
}

Interval enclose(const RadicalSum& x, mpfr_prec_t prec) {
  Interval sum(0L, prec);
  for (const Radical& term : x) sum += enclose(term, prec);
  return sum;
}

bool is_zero(const RadicalSum& x) {
  // classes: representative radicand d0 and the rational coefficient of √d0 collected so far.
  std::vector<std::pair<Rational, Rational>> classes;
  for (const Radical& term : x) {
    if (term.c == 0 || term.d == 0) continue;
    bool placed = false;
    for (auto& [d0, coefficient] : classes) {
      const Rational product = term.d * d0;
      if (!is_rational_square(product)) continue;
      coefficient += term.c * rational_sqrt(product) / d0;  // c√d = (c√(d·d0)/d0)·√d0
      placed = true;
      break;
    }
    if (!placed) classes.emplace_back(term.d, term.c);
  }
  for (const auto& [d0, coefficient] : classes)
    if (coefficient != 0) return false;
  return true;
}

RadicalSum scaled(const RadicalSum& x, const Rational& factor) {
  RadicalSum out;
  out.reserve(x.size());
  for (const Radical& term : x) out.push_back(Radical{term.c * factor, term.d});
  return out;
}

std::string radical_to_string(const RadicalSum& x) {
  if (x.empty()) return "0";
  std::string s;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (i > 0) s += " + ";
    s += dpb::to_string(x[i].c);
    if (x[i].d != 1) s += "·√(" + dpb::to_string(x[i].d) + ")";
  }
  return s;
}

bool is_nonnegative_form(const RadicalSum& x) {
  for (const Radical& term : x)
    if (term.c < 0 || term.d < 0) return false;
  return true;
}

}  // namespace dpb::ref

namespace dpb::ref {

namespace {
// sign(p·√X − c), X >= 0.
int sign_root_minus(const Integer& p, const Integer& X, const Integer& c) {
  const bool left_zero = p == 0 || X == 0;
  if (left_zero) return c > 0 ? -1 : (c < 0 ? 1 : 0);
  if (p > 0) {
    if (c <= 0) return 1;
    const Integer l = p * p * X, r = c * c;
    return l > r ? 1 : (l < r ? -1 : 0);
  }
  if (c >= 0) return -1;
  const Integer l = p * p * X, r = c * c;  // p√X − c = |c| − |p|√X
  return r > l ? 1 : (r < l ? -1 : 0);
}
}  // namespace

int sign_of_sum_of_roots(const Integer& a, const Integer& X, const Integer& Y) {
  if (X < 0 || Y < 0) throw std::invalid_argument("sign_of_sum_of_roots: negative radicand");
  // L = a + √X against R = √Y >= 0.
  if (a < 0) {
    const Integer a2 = a * a;
    if (X < a2) return -1;               // L < 0 <= R
    if (X == a2) return Y > 0 ? -1 : 0;  // L = 0
  }
  // L >= 0, R >= 0: sign(L − R) = sign(L² − R²) = sign(2a√X − (Y − a² − X)).
  return sign_root_minus(Integer(2 * a), X, Integer(Y - a * a - X));
}

}  // namespace dpb::ref
