; Kept mutant of claims 000.residue-int64 / 000.decode: the raw C++ remainder S % m used as if it were the
; mathematical mod (no "+ m, % m" normalisation), stored as the uint64 residue and decoded by the optimized
; analyzer (optimized/protocols/analyzer.hpp):
;   y = (uint64_t)(S % m);   z = y > threshold ? (int64_t)y - (int64_t)m : (int64_t)y
; Model: mathematical integers with C++ semantics (see 000.residue-int64.smt2): % by its quotient and the
; truncation rule; int64 -> uint64 adds 2^64 to a negative value; uint64 -> int64 subtracts 2^64 from a value
; >= 2^63 (C++20 [conv.integral]). Domain: n*g + tau = threshold >= 0 (additive form), tau >= 0,
; m = threshold + tau + 1 <= 2^62, S in the window [-tau, threshold].
; Some S in the window (e.g. S = -1: y = 2^64 - 1, z = -1 - m) decodes wrongly: a model is expected, sat.
; expect: sat
(set-logic ALL)
(declare-const thr Int)
(declare-const tau Int)
(declare-const S Int)
(assert (>= thr 0))
(assert (>= tau 0))
(define-fun m () Int (+ thr tau 1))
(assert (<= m 4611686018427387904))
(assert (and (<= (- tau) S) (<= S thr)))
(declare-const q Int)
(declare-const r1 Int)
(assert (= S (+ (* q m) r1)))
(assert (and (< (- m) r1) (< r1 m)))
(assert (=> (>= S 0) (>= r1 0)))
(assert (=> (< S 0) (<= r1 0)))
(define-fun y () Int (ite (< r1 0) (+ r1 18446744073709551616) r1))
(define-fun y_as_int64 () Int (ite (>= y 9223372036854775808) (- y 18446744073709551616) y))
(define-fun z () Int (ite (> y thr) (- y_as_int64 m) y_as_int64))
(assert (not (= z S)))
(check-sat)
(get-model)
