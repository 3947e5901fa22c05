; Kept mutant of claim 000.decode: the analyzer's strict test "y > n*g + tau" replaced by ">=". Over mathematical
; integers (n, g >= 1, tau >= 0, m = n*g + 2*tau + 1) some S inside the window [-tau, n*g + tau] then decodes
; wrongly (S = n*g + tau decodes to S - m). The lemma must fail for the mutant: a model is expected, sat.
; Its counterexample is a unit test (tests/reference/protocols/decode_test.cpp).
; expect: sat
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
(define-fun dec () Int (ite (>= r (+ ng tau)) (- r m) r))
(assert (not (= dec S)))
(check-sat)
(get-model)
