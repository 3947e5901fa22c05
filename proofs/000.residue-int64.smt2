; Claim 000.residue-int64: the optimized build's normalised remainder equals the mathematical mod, with no
; intermediate overflow.
; C++ (optimized/protocols/modular.hpp):  residue(x, m) = ((x % mm) + mm) % mm,  mm = (int64_t)m.
; Domain: every int64 x (in [-2^63, 2^63 - 1]) and 1 <= m <= 2^62 (calibrate() and fast::Protocol refuse larger m).
; Model of the C++: mathematical integers with the C++ standard's semantics and int64 range obligations. Signed
; overflow is undefined behaviour in C++, so a signed expression is correct exactly when every intermediate value
; lies in the int64 range and then equals the mathematical result; "a % b" for b > 0 is specified by
; [expr.mul]/4: a == (a / b) * b + a % b with the quotient truncated toward zero, i.e. |a % b| < b and a % b has
; the sign of a (or is 0). Each % is introduced with its quotient (q1, q2) and these defining constraints.
; (A 64-bit bit-vector version with bvsrem and a symbolic divisor did not finish in 120 s in z3 4.8.12: the
; divider circuit defeats bit-blasting; docs/protocol-000.md.)
; Statement: every intermediate is in int64, 0 <= r < m, and x - r is a multiple of m (with explicit quotient
; q1 + q2 - 1), i.e. r = x mod m. The negation is asserted: expect unsat.
; expect: unsat
(set-logic ALL)
(define-fun in64 ((v Int)) Bool (and (<= (- 9223372036854775808) v) (<= v 9223372036854775807)))
(declare-const x Int)
(declare-const m Int)
(assert (in64 x))
(assert (and (>= m 1) (<= m 4611686018427387904)))
; r1 = x % m
(declare-const q1 Int)
(declare-const r1 Int)
(assert (= x (+ (* q1 m) r1)))
(assert (and (< (- m) r1) (< r1 m)))
(assert (=> (>= x 0) (>= r1 0)))
(assert (=> (< x 0) (<= r1 0)))
; s = r1 + m
(define-fun s () Int (+ r1 m))
; r = s % m
(declare-const q2 Int)
(declare-const r Int)
(assert (= s (+ (* q2 m) r)))
(assert (and (< (- m) r) (< r m)))
(assert (=> (>= s 0) (>= r 0)))
(assert (=> (< s 0) (<= r 0)))
(assert (or (not (in64 r1)) (not (in64 s)) (not (in64 r)) (< r 0) (>= r m)
            (not (= (- x r) (* (+ q1 q2 -1) m)))))
(check-sat)
