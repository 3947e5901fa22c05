; Claim 004.eta-xi.z3 (eq. 12): η_ξ is non-increasing in ξ, strictly while positive. With y_i = 1 − ξ_i,
; 0 < y2 < y1 <= 1 (ξ1 < ξ2): the induction step a > b > 0 ⇒ a·y1 > b·y2 > 0 gives (1−ξ1)^n > (1−ξ2)^n for every
; n >= 1 (start a = y1, b = y2); then p1 > p2 > 0 ⇒ 1 − (1−η)/p1 > 1 − (1−η)/p2, and the clamp max{0, ·} keeps the
; order non-strict. The negation of (step ∧ order) is asserted: expect unsat.
; expect: unsat
(set-logic QF_NRA)
(declare-const eta Real)
(declare-const y1 Real)
(declare-const y2 Real)
(declare-const a Real)
(declare-const b Real)
(declare-const p1 Real)
(declare-const p2 Real)
(assert (and (< 0 eta) (< eta 1) (< 0 y2) (< y2 y1) (<= y1 1)))
(define-fun v1 () Real (- 1 (/ (- 1 eta) p1)))
(define-fun v2 () Real (- 1 (/ (- 1 eta) p2)))
(define-fun c1 () Real (ite (> v1 0) v1 0))
(define-fun c2 () Real (ite (> v2 0) v2 0))
(assert (or (and (> a b) (> b 0) (not (and (> (* a y1) (* b y2)) (> (* b y2) 0))))
            (and (> p1 p2) (> p2 0) (not (and (> v1 v2) (>= c1 c2) (=> (> c1 0) (> c1 c2)))))))
(check-sat)
