; Claim 000.decode-bv64: the optimized analyzer's decode, as 64-bit bit-vectors (two's complement, exactly the
; C++ operations), never overflows and computes the integer decode of proofs/000.decode.smt2.
; C++ (optimized/protocols/analyzer.hpp), y, threshold, m uint64_t:
;   decode(y) = y > threshold ? (int64_t)y - (int64_t)m : (int64_t)y
; Domain: parameters stated additively (threshold = n*g + tau and tau as variables, m = threshold + tau + 1) with
; m <= 2^62 (calibrate() and fast::Protocol refuse larger m; then threshold, tau < 2^62 and the sum does not
; wrap), and every residue 0 <= y < m (S's output).
; Statement, all within 64 bits (a 66-bit exact-arithmetic version took 84 s; this form, split into one
; subgoal per case by the split-clause tactic, about two seconds):
;  - the casts keep the values (y, m < 2^63) and the signed subtraction y - m does not overflow
;    (two's complement overflow test: the operands' signs differ and the result's sign differs from y's);
;  - if y > threshold: z + m = y, which with no overflow makes z the integer y - m (< 0 as y < m), and
;    -tau <= z (signed);
;  - otherwise z = y and 0 <= z <= threshold.
; So the result is the integer decode and lies in the window [-tau, threshold]. The negation is asserted: unsat.
; expect: unsat
(set-logic QF_BV)
(declare-const y (_ BitVec 64))
(declare-const thr (_ BitVec 64))
(declare-const tau (_ BitVec 64))
(define-fun lim () (_ BitVec 64) #x4000000000000000)
(assert (bvule thr lim))
(assert (bvule tau lim))
(define-fun m () (_ BitVec 64) (bvadd thr tau #x0000000000000001))
(assert (bvule m lim))
(assert (bvuge m thr))          ; thr + tau + 1 did not wrap
(assert (bvult y m))
(define-fun msb ((v (_ BitVec 64))) Bool (= ((_ extract 63 63) v) #b1))
(define-fun diff () (_ BitVec 64) (bvsub y m))
(define-fun z () (_ BitVec 64) (ite (bvugt y thr) diff y))
(define-fun sub_overflows () Bool (and (not (= (msb y) (msb m))) (not (= (msb diff) (msb y)))))
(define-fun gt () Bool (bvugt y thr))
(assert (or (msb y) (msb m)
            (and gt sub_overflows)
            (and gt (not (= (bvadd z m) y)))
            (and gt (bvslt z (bvneg tau)))
            (and (not gt) (not (= z y)))
            (and (not gt) (bvslt z #x0000000000000000))
            (and (not gt) (bvsgt z thr))))
(check-sat-using (then simplify split-clause qfbv))
