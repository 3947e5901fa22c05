; Negative control of claim 003.v1: the analyzer printed in Alg. 6, A*(y, Δ) = (Δ/g)(Σ y − p·b·n), combined with the
; default encoding r = 2Δ (x̄ = ⌊w·g/(2Δ)⌋): the scale no longer matches and the estimate is biased (it halves the
; sum and is off by n·Δ/2·…). Z3 finds such parameters: expect sat.
; expect: sat
(set-logic QF_NRA)
(declare-const g Real)
(declare-const n Real)
(declare-const b Real)
(declare-const delta Real)
(declare-const S Real)
(assert (and (> g 0) (>= n 1) (>= b 0) (> delta 0)))
(define-fun p () Real (/ 1 4))
(define-fun r () Real (* 2 delta))
(define-fun ec () Real (+ (/ (* (+ S (* n delta)) g) r) (* n b p)))
(define-fun o () Real (- (* (/ delta g) (- ec (* p b n))) (* n delta)))
(assert (not (= o S)))
(check-sat)
