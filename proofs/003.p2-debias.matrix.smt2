; Claim 003.v1 (Sarmasarkar 2026, arXiv:2602.00417, App. S, Algorithms 4–6; spec 003 §6 V1): P₂'s analyzer is
; unbiased for the whole symmetric matrix. Per upper-triangle label (i, j) the count has E[C] = Σ_u w_u g/r + n·b·p
; (w_u = x_u,(i,j) + Δ, randomized rounding unbiased: 003.p2-debias.rounding via 001.vec-debias.rounding), so
; E[o_(i,j)] = (r/g)(E[C] − p·b·n) − n·Δ = S_(i,j); the mirrored entry o_(j,i) is a copy of o_(i,j) and the input
; matrices are symmetric (S_(j,i) = S_(i,j)), so E[o] = Σ_u X_u entrywise. Here for the labels (0,0), (0,1), (1,1)
; of d = 2 with the mirror (1,0), p = 1/4, any encoding range r = k·Δ with k > 0 (k = 2 the default, k = 1 as
; printed), any g > 0, n >= 1, b >= 0. Nonlinear real arithmetic; the negation is asserted: expect unsat.
; expect: unsat
(set-logic QF_NRA)
(declare-const g Real)
(declare-const k Real)
(declare-const n Real)
(declare-const b Real)
(declare-const delta Real)
(declare-const S00 Real)
(declare-const S01 Real)
(declare-const S10 Real)
(declare-const S11 Real)
(assert (and (> g 0) (> k 0) (>= n 1) (>= b 0) (> delta 0)))
(assert (= S10 S01))  ; Σ_u X_u is symmetric
(define-fun p () Real (/ 1 4))
(define-fun r () Real (* k delta))
(define-fun ec ((S Real)) Real (+ (/ (* (+ S (* n delta)) g) r) (* n b p)))
(define-fun o ((S Real)) Real (- (* (/ r g) (- (ec S) (* p b n))) (* n delta)))
; A₂: o_(1,0) <- o_(0,1)
(assert (not (and (= (o S00) S00) (= (o S01) S01) (= (o S11) S11) (= (o S01) S10))))
(check-sat)
