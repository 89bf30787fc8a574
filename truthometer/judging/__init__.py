"""Judging: does the evidence support the claim? DelucionQA detectors, a contradiction rule tier,
and (judging.nli) a trained entailment judge."""
