; Claim 001.vec.unbiased.z3 (App. C.1, Alg. 7, with the paper's correction of Cheu et al.): the analyzer
; o = (r/g)(Σ_i c_i − p·b·B) − B·Δ is unbiased. By linearity and 001.vec-debias.rounding, E[Σ_i c_i] =
; Σ_i (w_i g/r + b p) = S_w·g/r + B·b·p with S_w = Σ_i w_i = S_v + B·Δ (w_i = v_i + Δ); E[Bin(b, p)] = b·p. Then
; (r/g)(E[Σ c] − p b B) − B Δ = S_v for every g, r > 0, B >= 1, b >= 0, p. Nonlinear real arithmetic; the negation
; is asserted: expect unsat.
; expect: unsat
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
(define-fun expected_output () Real (- (* (/ r g) (- expected_count (* p b B))) (* B delta)))
(assert (not (= expected_output Sv)))
(check-sat)
