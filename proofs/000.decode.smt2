; Claim 000.decode (proof of Theorem 1 in Chowdhury & Zhou 2023, arXiv:2206.05772): analyzer exactness of seed 000's
; protocol.
; Domain: mathematical integers (unbounded), symbolic n, g, tau.
; Statement: n >= 1, g >= 1, tau >= 0, m = n*g + 2*tau + 1, -tau <= S <= n*g + tau, r = S mod m (SMT-LIB mod
; with a positive divisor is the non-negative remainder in [0, m)), and A's decode
;   dec(r) = r - m  if r > n*g + tau   (underflow correction, strict >)
;   dec(r) = r      otherwise
; imply dec(r) = S. Hence z = dec(r)/g = S/g exactly: the analyzer returns (Σx̂ + Ση)/g whenever |Ση| <= tau.
; The negation is asserted, so the expected result is unsat (the lemma holds).
; Code: reference/protocols/analyzer.hpp (decode), optimized/protocols/analyzer.hpp.
; expect: unsat
(set-logic ALL)
(declare-const n Int)
(declare-const g Int)
(declare-const tau Int)
(declare-const S Int)
(declare-const ng Int)
(assert (>= n 1))
(assert (>= g 1))
(assert (>= tau 0))
(assert (= ng (* n g)))
(define-fun m () Int (+ ng (* 2 tau) 1))
(assert (<= (- tau) S))
(assert (<= S (+ ng tau)))
(define-fun r () Int (mod S m))
(define-fun dec () Int (ite (> r (+ ng tau)) (- r m) r))
(assert (not (= dec S)))
(check-sat)
