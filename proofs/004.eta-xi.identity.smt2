; Claim 004.eta-xi.z3 (Rio, Barlier, Colin & Soare, ICML 2023, Prop 5.1, eq. 12): with p = (1 − ξ)^(K−1) ∈ (0, 1]
; (any K >= 1, ξ ∈ [0, 1)) and η_ξ = 1 − (1 − η)/p: if η_ξ > 0 then (1 − η_ξ)·p = 1 − η exactly, and
; 0 < η_ξ <= η < 1; and η_ξ <= 0 exactly when p <= 1 − η (the clamp max{0, ·} of eq. 12 acts from there on).
; Nonlinear real arithmetic; the negation is asserted: expect unsat.
; expect: unsat
(set-logic QF_NRA)
(declare-const eta Real)
(declare-const p Real)
(assert (and (< 0 eta) (< eta 1) (< 0 p) (<= p 1)))
(define-fun v () Real (- 1 (/ (- 1 eta) p)))
(assert (or (and (> v 0) (not (= (* (- 1 v) p) (- 1 eta))))
            (and (> v 0) (or (> v eta) (>= v 1)))
            (not (= (<= v 0) (<= p (- 1 eta))))))
(check-sat)
