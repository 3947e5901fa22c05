; Claim 000.encode (the randomized-rounding encoder in R, Chowdhury & Zhou 2023, arXiv:2206.05772): the encoder keeps
; every x̂ in [0, g], and the batch's encoded sum Σ x̂_i in [0, n*g] — the window that proofs/000.decode.smt2 assumes.
; Part 1 (reference, reference/samplers/rounding.hpp), mixed real/integer: x real in [0, 1], g integer >= 1,
;   f = floor(x*g) (to_int), x̂ = f + B with B in {0, 1} and B = 1 only if x*g - f > 0 (Bernoulli(0) is never 1:
;   it draws U < 0, which is false).
; Part 2 (optimized, optimized/protocols/reward.hpp), integers: x = num/den with 0 <= num <= den, den >= 1,
;   1 <= g <= 2^62; low = (num*g) / den and rem = (num*g) % den computed in unsigned 128 bits
;   (num*g <= (2^64 - 1)*2^62 < 2^128: no wrap), so num*g = low*den + rem with 0 <= rem < den;
;   x̂ = low + B, B = 1 only if rem > 0.
; Part 3, the sum: 0 <= acc <= k*g and 0 <= x̂ <= g imply 0 <= acc + x̂ <= (k+1)*g (the induction step from
;   acc_0 = 0 to Σ_{i<=n} x̂_i in [0, n*g]).
; The negation of the conjunction is asserted: expect unsat.
; expect: unsat
(set-logic ALL)
(declare-const x Real)
(declare-const g Int)
(declare-const B Int)
(assert (and (<= 0.0 x) (<= x 1.0)))
(assert (>= g 1))
(define-fun xg () Real (* x (to_real g)))
(define-fun f () Int (to_int xg))
(assert (or (= B 0) (= B 1)))
(assert (=> (= B 1) (> (- xg (to_real f)) 0.0)))
(define-fun xhat () Int (+ f B))
; Part 2
(declare-const num Int)
(declare-const den Int)
(declare-const low Int)
(declare-const rem Int)
(declare-const B2 Int)
(assert (and (<= 0 num) (<= num den) (>= den 1) (< den 18446744073709551616)))
(assert (<= g 4611686018427387904))
(assert (= (* num g) (+ (* low den) rem)))
(assert (and (<= 0 rem) (< rem den)))
(assert (or (= B2 0) (= B2 1)))
(assert (=> (= B2 1) (> rem 0)))
(define-fun xhat2 () Int (+ low B2))
; Part 3
(declare-const k Int)
(declare-const acc Int)
(declare-const e Int)
(assert (>= k 0))
(assert (and (<= 0 acc) (<= acc (* k g))))
(assert (and (<= 0 e) (<= e g)))
(assert (or (< xhat 0) (> xhat g)
            (< xhat2 0) (> xhat2 g)
            (>= (* num g) 340282366920938463463374607431768211456)
            (< (+ acc e) 0) (> (+ acc e) (* (+ k 1) g))))
(check-sat-using (then simplify split-clause smt))
