; Claim 000.accumulate-bv64: the optimized build's modular addition and subtraction of residues, as 64-bit
; bit-vectors (uint64_t, exactly the C++ operations), never wrap and return residues.
; C++ (optimized/protocols/modular.hpp), a, b, m uint64_t:
;   add_mod(a, b, m) = (s = a + b, s >= m ? s - m : s)
;   sub_mod(a, b, m) = a >= b ? a - b : a + (m - b)
; Uses: modular_sum (acc = add_mod(acc, y_i) for each message: the S of seed 000), R's message
; y = add_mod(x_hat, residue(eta)) with x_hat <= g < m, the central analyzer's y = add_mod(y_hat, residue(eta)),
; the masks (add_mod on user i, sub_mod on user j) and the shares (sub_mod).
; Domain: 1 <= m <= 2^62, 0 <= a, b < m.
; Statement: no unsigned wrap in a + b (s >= a), in s - m (s >= m on that branch), in a - b, in m - b, in
; a + (m - b); both results lie in [0, m); and each result differs from the exact a + b (resp. a - b) by 0 or m
; (add: r = s or r + m = s; sub: r = a - b or r = a - b + m, with the operations exact by the no-wrap facts).
; Hence add_mod = (a + b) mod m and sub_mod = (a - b) mod m. Induction over the n messages (acc_k = (y_1 + ... +
; y_k) mod m) is by hand in docs/protocol-000.md, from this step and proofs/000.mod-sum.smt2.
; The negation is asserted: expect unsat.
; expect: unsat
(set-logic QF_BV)
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(declare-const m (_ BitVec 64))
(assert (bvuge m #x0000000000000001))
(assert (bvule m #x4000000000000000))
(assert (bvult a m))
(assert (bvult b m))
(define-fun s () (_ BitVec 64) (bvadd a b))
(define-fun add_r () (_ BitVec 64) (ite (bvuge s m) (bvsub s m) s))
(define-fun mb () (_ BitVec 64) (bvsub m b))
(define-fun t () (_ BitVec 64) (bvadd a mb))
(define-fun sub_r () (_ BitVec 64) (ite (bvuge a b) (bvsub a b) t))
(assert (or (bvult s a)                                   ; a + b wrapped
            (bvuge add_r m)
            (not (or (= add_r s) (and (bvuge s m) (= (bvadd add_r m) s))))
            (bvugt b m)                                   ; m - b would wrap
            (and (bvult a b) (bvult t a))                 ; a + (m - b) wrapped
            (bvuge sub_r m)
            (not (or (and (bvuge a b) (= (bvadd sub_r b) a))
                     (and (bvult a b) (= (bvadd sub_r b) (bvadd a m)) (bvuge (bvadd a m) a))))))
(check-sat-using (then simplify split-clause qfbv))
