; Claim 004.votes.proofs (issue 15): the optimized engine's counters cannot overflow for N <= 2^20 agents,
; K <= 2^18 arms, G <= 2^21 and at most 2^40 rounds (the limits optimized/learners/mase.cpp enforces). Induction
; step of one round, with t the rounds so far (t < 2^40) and the invariants stated with the largest K and G (which
; keeps the arithmetic linear):
;   pulls (uint64):      0 <= pulls <= t·2^18, the round adds s <= K <= 2^18   ⇒ pulls + s <= (t+1)·2^18 <= 2^58 < 2^64
;   a reward sum (int64): 0 <= S <= t·2^21,    the round adds r ∈ [0, G]         ⇒ S + r <= (t+1)·2^21 <= 2^61 < 2^63
;   top − S_k (int64):   0 <= S_k <= top <= (t+1)·2^21                        ⇒ 0 <= top − S_k < 2^63
;   votes λ_k (uint64):  λ_k <= N <= 2^20 (one vote per (agent, arm)); t_n <= t + 1 <= 2^40.
; The negation of the conjunction is asserted: expect unsat.
; expect: unsat
(set-logic QF_LIA)
(declare-const t Int)
(declare-const K Int)
(declare-const G Int)
(declare-const N Int)
(declare-const pulls Int)
(declare-const s Int)
(declare-const S Int)
(declare-const r Int)
(declare-const top Int)
(declare-const Sk Int)
(declare-const votes Int)
(assert (and (<= 0 t) (< t 1099511627776) (<= 2 K) (<= K 262144) (<= 1 G) (<= G 2097152) (<= 1 N) (<= N 1048576)))
(assert (and (<= 0 pulls) (<= pulls (* 262144 t)) (<= 0 s) (<= s K)))
(assert (and (<= 0 S) (<= S (* 2097152 t)) (<= 0 r) (<= r G)))
(assert (and (<= 0 Sk) (<= Sk top) (<= top (* 2097152 (+ t 1)))))
(assert (and (<= 0 votes) (<= votes N)))
(assert (or (> (+ pulls s) (* 262144 (+ t 1))) (>= (+ pulls s) 18446744073709551616)
            (> (+ S r) (* 2097152 (+ t 1))) (>= (+ S r) 9223372036854775808)
            (< (- top Sk) 0) (>= (- top Sk) 9223372036854775808)
            (>= votes 18446744073709551616)))
(check-sat)
