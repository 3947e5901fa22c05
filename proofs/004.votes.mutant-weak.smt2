; Claim 004.votes.proofs, negative control: with the non-strict test λ_k >= M (M >= 1), M agents suffice — a witness
; with λ_k = M voters passing the test exists, so "M + 1 distinct agents are needed" fails for `ge`.
; expect: sat
(set-logic QF_LIA)
(declare-const M Int)
(declare-const voters Int)
(assert (>= M 1))
(assert (= voters M))
(assert (>= voters M))
(assert (< voters (+ M 1)))
(check-sat)
