"""Syntactic–semantic alignment of claims with evidence, minimal corrections, propagation (issue 5).

    from truthometer.alignment import align, suggest_correction, apply_substitutions, propagate
    a = align(claim, evidence_sentence)          # Alignment: tokens with ops, edges, polarity
    html = a.to_html()                            # escaped inline diff
    s = suggest_correction(claim, evidence, a)    # Suggestion | None (drafted by truthometer.corrections)
"""
from ..report import apply_substitutions
from .align import (EQUAL, PARAPHRASE_THRESHOLD, SUBSTITUTED, UNCONFIRMED, AlignedToken, Alignment, Edge,
                    align, align_many, alignment_html)
from .propagate import pronoun_dependencies, propagate


def __getattr__(name: str):
    # The correction rules (truthometer.corrections) read the alignment, so they cannot be imported while
    # this package is: ``suggest_correction`` is looked up there when first asked for.
    if name == "suggest_correction":
        from ..corrections import suggest_correction

        return suggest_correction
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["align", "align_many", "Alignment", "AlignedToken", "Edge", "alignment_html", "suggest_correction",
           "apply_substitutions", "propagate", "pronoun_dependencies", "EQUAL", "SUBSTITUTED", "UNCONFIRMED",
           "PARAPHRASE_THRESHOLD"]
