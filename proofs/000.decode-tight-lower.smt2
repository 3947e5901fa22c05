; Claim 000.decode, tightness witness below the window (proof of Theorem 1 in Chowdhury & Zhou 2023,
; arXiv:2206.05772): S = -tau - 1, one below the bottom of the window [-tau, n*g + tau], decodes wrongly.
; Domain: mathematical integers, n, g >= 1, tau >= 0,
; m = n*g + 2*tau + 1. A model (witness) is expected: sat.
; expect: sat
(set-logic ALL)
(declare-const n Int)
(declare-const g Int)
(declare-const tau Int)
(declare-const ng Int)
(assert (>= n 1))
(assert (>= g 1))
(assert (>= tau 0))
(assert (= ng (* n g)))
(define-fun m () Int (+ ng (* 2 tau) 1))
(define-fun S () Int (- (- tau) 1))
(define-fun r () Int (mod S m))
(define-fun dec () Int (ite (> r (+ ng tau)) (- r m) r))
(assert (not (= dec S)))
(check-sat)
(get-model)
