"""Syntactic–semantic alignment of claims with evidence, minimal corrections, propagation (issue 5).

    from truthometer.alignment import align, apply_substitutions, propagate
    a = align(claim, evidence_sentence)          # Alignment: tokens with ops, edges, polarity
    html = a.to_html()                            # escaped inline diff

The corrections drafted from an alignment are the next stage's: ``truthometer.corrections.suggest_correction``.
"""
from ..report import apply_substitutions
from .align import (EQUAL, PARAPHRASE_THRESHOLD, SUBSTITUTED, UNCONFIRMED, AlignedToken, Alignment, Edge,
                    align, align_many, alignment_html)
from .propagate import pronoun_dependencies, propagate


__all__ = ["align", "align_many", "Alignment", "AlignedToken", "Edge", "alignment_html",
           "apply_substitutions", "propagate", "pronoun_dependencies", "EQUAL", "SUBSTITUTED", "UNCONFIRMED",
           "PARAPHRASE_THRESHOLD"]
