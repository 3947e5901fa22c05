; Negative control of claim 001.vec.unbiased.z3: Cheu et al.'s re-centring subtracts Δ instead of B·Δ. Then the
; analyzer is biased whenever B > 1 (by (B − 1)Δ, claim 001.vec.recentre): Z3 finds such parameters.
; expect: sat
(set-logic QF_NRA)
(declare-const g Real)
(declare-const r Real)
(declare-const B Real)
(declare-const b Real)
(declare-const p Real)
(declare-const delta Real)
(declare-const Sv Real)
(assert (and (> g 0) (> r 0) (>= B 1) (>= b 0) (> p 0) (< p 1) (> delta 0)))
(define-fun Sw () Real (+ Sv (* B delta)))
(define-fun expected_count () Real (+ (/ (* Sw g) r) (* B b p)))
(define-fun expected_output () Real (- (* (/ r g) (- expected_count (* p b B))) delta))
(assert (not (= expected_output Sv)))
(check-sat)
