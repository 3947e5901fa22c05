; Claim 001.vec.unbiased.z3 (Chowdhury & Zhou, ICML 2022, App. C.1, Alg. 5): randomized rounding is unbiased. For
; t = w·g/r >= 0 and x̄ with x̄ <= t < x̄ + 1 (x̄ = ⌊t⌋), x̂ = x̄ + Bernoulli(f) with f = t − x̄ has
; E[x̂] = (1 − f)·x̄ + f·(x̄ + 1) = t, and f is a probability. Nonlinear real arithmetic (w·g/r); the negation is
; asserted: expect unsat.
; expect: unsat
(set-logic QF_NRA)
(declare-const w Real)
(declare-const g Real)
(declare-const r Real)
(declare-const xbar Real)
(assert (and (>= w 0) (> g 0) (> r 0)))
(define-fun t () Real (/ (* w g) r))
(assert (and (<= xbar t) (< t (+ xbar 1))))
(define-fun f () Real (- t xbar))
(assert (or (< f 0) (>= f 1)
            (not (= (+ (* (- 1 f) xbar) (* f (+ xbar 1))) t))))
(check-sat)
