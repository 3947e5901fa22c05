; Claim 004.votes.proofs (issue 15): with one vote per (agent, arm) — agent n's vote against arm k is x_n ∈ {0, 1},
; λ_k = Σ_n x_n — the strict test λ_k > M needs M + 1 distinct agents: the agents that voted are exactly the n with
; x_n = 1, and there are λ_k of them. Written for N = 8 agents (any N is the same sum); the count of voters is
; computed independently as Σ ite(x_n = 1, 1, 0). The negation is asserted: expect unsat.
; expect: unsat
(set-logic QF_LIA)
(declare-const x0 Int)
(assert (or (= x0 0) (= x0 1)))
(declare-const x1 Int)
(assert (or (= x1 0) (= x1 1)))
(declare-const x2 Int)
(assert (or (= x2 0) (= x2 1)))
(declare-const x3 Int)
(assert (or (= x3 0) (= x3 1)))
(declare-const x4 Int)
(assert (or (= x4 0) (= x4 1)))
(declare-const x5 Int)
(assert (or (= x5 0) (= x5 1)))
(declare-const x6 Int)
(assert (or (= x6 0) (= x6 1)))
(declare-const x7 Int)
(assert (or (= x7 0) (= x7 1)))
(declare-const M Int)
(assert (>= M 0))
(define-fun lambda () Int (+ x0 x1 x2 x3 x4 x5 x6 x7))
(define-fun voters () Int (+ (ite (= x0 1) 1 0) (ite (= x1 1) 1 0) (ite (= x2 1) 1 0) (ite (= x3 1) 1 0) (ite (= x4 1) 1 0) (ite (= x5 1) 1 0) (ite (= x6 1) 1 0) (ite (= x7 1) 1 0)))
(assert (> lambda M))
(assert (< voters (+ M 1)))
(check-sat)
