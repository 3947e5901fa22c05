// Analyzer A of seed 000 (Algorithm 1 lines 26–30; Algorithm 5; Algorithm 3 for the central model): correct a
// possible modular underflow with the accuracy parameter τ and divide by the precision g.
//
//   if ŷ > n·g + τ:  z = (ŷ − m)/g        (underflow: the true sum S was in [−τ, 0))
//   else:            z = ŷ/g
//
// Claim 000.decode (proof of Theorem 1, Chowdhury & Zhou 2023, arXiv:2206.05772): with m = n·g + 2τ + 1 and −τ <= S <=
// n·g + τ, decode(S mod m) = S exactly, so z = S/g. Proved over the integers in proofs/000.decode.smt2 (strict '>'
// matters: proofs/000.decode-mutant-geq); checked exhaustively by tests/reference/protocols/decode_test.cpp.
// Central model (Algorithm 3): A first draws η ~ Lap_Z(g/ε) and decodes y = (ŷ + (η mod m)) mod m.
#pragma once

#include <utility>

#include "reference/core/rational.hpp"

namespace dpb::ref {

class Analyzer {
 public:
  // threshold = n·g + τ, m = n·g + 2τ + 1; g >= 1.
  Analyzer(Integer g, Integer threshold, Integer m) : g_(std::move(g)), threshold_(std::move(threshold)), m_(std::move(m)) {}

  // The decoded integer: y − m if y > threshold (strict), else y. Precondition 0 <= y < m.
  Integer decode(const Integer& y) const { return y > threshold_ ? Integer(y - m_) : y; }
  // z = decode(y)/g, exactly.
  Rational output(const Integer& y) const { return Rational(decode(y), g_); }

  const Integer& g() const { return g_; }
  const Integer& threshold() const { return threshold_; }
  const Integer& m() const { return m_; }

 private:
  Integer g_, threshold_, m_;
};

}  // namespace dpb::ref
