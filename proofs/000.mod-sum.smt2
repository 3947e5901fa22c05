; Claim 000.mod-sum (Chowdhury & Zhou 2023, arXiv:2206.05772, Theorem 1 proof "distributivity of mod"): reducing each
; message mod m and summing mod m gives (Σ x̂_i + Σ η_i) mod m, for arbitrary integers (negative noise included).
; Domain: mathematical integers, m >= 1. Induction step over the users, with the accumulator of the code:
;   acc_0 = 0;  acc_{k+1} = (acc_k + y_{k+1}) reduced once,  y_i = (x̂_i + η_i) mod m.
; Hypotheses of the step: acc = P mod m (P = Σ_{i<=k} (x̂_i + η_i)) and y = v mod m (v = x̂_{k+1} + η_{k+1}),
; each as "0 <= r < m and the difference is a multiple of m" with explicit quotients (a, b); the reduced sum is
; acc + y - c*m with c in {0, 1} (proofs/000.accumulate-bv64.smt2 shows the code's add_mod is this, c = [s >= m]).
; Statement: the new accumulator is in [0, m) and differs from P + v by a multiple of m, so it is (P + v) mod m;
; with acc_0 = 0 = 0 mod m, induction gives acc_n = (Σ_i (x̂_i + η_i)) mod m = (Σ x̂_i + Σ η_i) mod m.
; The negation is asserted: expect unsat.
; expect: unsat
(set-logic ALL)
(declare-const m Int)
(declare-const P Int)
(declare-const v Int)
(declare-const acc Int)
(declare-const y Int)
(declare-const a Int)
(declare-const b Int)
(assert (>= m 1))
(assert (and (<= 0 acc) (< acc m) (= P (+ acc (* a m)))))
(assert (and (<= 0 y) (< y m) (= v (+ y (* b m)))))
(define-fun c () Int (ite (>= (+ acc y) m) 1 0))
(define-fun acc1 () Int (- (+ acc y) (* c m)))
(assert (or (< acc1 0) (>= acc1 m)
            (not (= (- (+ P v) acc1) (* (+ a b c) m)))))
(check-sat)
