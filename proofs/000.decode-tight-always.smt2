; Claim 000.decode, tightness for every parameter choice: over mathematical integers with n, g >= 1, tau >= 0,
; m = n*g + 2*tau + 1, the two values just outside the window, S = n*g + tau + 1 and S = -tau - 1, always decode
; wrongly, to S - m and S + m respectively (so the window [-tau, n*g + tau] of 000.decode cannot be widened).
; The negation (some parameter choice where one of them decodes to anything else) is asserted: expect unsat.
; expect: unsat
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
(define-fun dec ((r Int)) Int (ite (> r (+ ng tau)) (- r m) r))
(define-fun hi () Int (+ ng tau 1))
(define-fun lo () Int (- (- tau) 1))
(assert (or (not (= (dec (mod hi m)) (- hi m)))
            (not (= (dec (mod lo m)) (+ lo m)))))
(check-sat)
