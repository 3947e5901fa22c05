; Claim 004.eta-xi.z3 at K = 16 written out (Z3 on nonlinear reals, as issue 15 asks for K <= 16): for
; 0 <= ξ1 < ξ2 < 1, (1 − ξ1)^15 > (1 − ξ2)^15 > 0, so η_ξ(ξ1) > η_ξ(ξ2) while positive (eq. 12). The general K is
; proofs/004.eta-xi.monotone.smt2's induction. The negation is asserted: expect unsat.
; expect: unsat
(set-logic QF_NRA)
(declare-const y1 Real)
(declare-const y2 Real)
(assert (and (< 0 y2) (< y2 y1) (<= y1 1)))
(assert (not (and (> (* y1 y1 y1 y1 y1 y1 y1 y1 y1 y1 y1 y1 y1 y1 y1) (* y2 y2 y2 y2 y2 y2 y2 y2 y2 y2 y2 y2 y2 y2 y2)) (> (* y2 y2 y2 y2 y2 y2 y2 y2 y2 y2 y2 y2 y2 y2 y2) 0))))
(check-sat)
