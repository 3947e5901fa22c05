; Claim 003.v1, the input domain (spec 003 §3.2, Lemma S.2; P₂'s clip, reference/protocols/p2.hpp): a symmetric
; 2×2 user matrix with ‖X‖_F² = x00² + 2·x01² + x11² <= Δ² has every entry in [−Δ, Δ], so every w = x + Δ lies in
; [0, 2Δ], the domain on which R̃ rounds (x̄ >= 0) and, at r = 2Δ, x̂ <= g (messages of g + b bits never overflow).
; The negation is asserted: expect unsat.
; expect: unsat
(set-logic QF_NRA)
(declare-const x00 Real)
(declare-const x01 Real)
(declare-const x11 Real)
(declare-const delta Real)
(declare-const g Real)
(assert (and (> delta 0) (> g 0)))
(assert (<= (+ (* x00 x00) (* 2 x01 x01) (* x11 x11)) (* delta delta)))
(define-fun in_range ((x Real)) Bool (and (>= (+ x delta) 0) (<= (+ x delta) (* 2 delta))
                                          (<= (/ (* (+ x delta) g) (* 2 delta)) g)))
(assert (not (and (in_range x00) (in_range x01) (in_range x11))))
(check-sat)
