; Self-test of proofs/run_proof.cmake: this file expects unsat, but x = 1 is satisfiable, so the runner must fail.
; ctest registers it with WILL_FAIL, so the test passes only when the runner detects the mismatch.
; expect: unsat
(declare-const x Int)
(assert (= x 1))
(check-sat)
