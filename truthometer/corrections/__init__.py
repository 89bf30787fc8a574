"""The correction stage: named rules that draft a minimal correction of a claim from its alignment with an
evidence sentence (``truthometer.alignment`` maps the claim's slots to the evidence's; the rules here
propose the substitutions).

    from truthometer.corrections import suggest_correction, RULES, switched_off
    s = suggest_correction(claim, evidence, alignment)     # Suggestion | None
    with switched_off("bounds"): ...                       # or TRUTHOMETER_CORRECTIONS_OFF=bounds

Where a phenomenon lives:

    draft.py           the entry point; the negation of a contradicted claim with no slot differing
    slot.py            a substituted slot replaced by its counterpart
    phrases.py         compounds, a modifier's adjectives, classifiers an adjective qualifies, two-word modifiers
    names.py           "the" with names, a name for a noun phrase and back
    articles.py        "a"/"an" agreeing with the new word (inflect), no "a" before a plural
    bounds.py          "over 50 years": bounds go with their number
    verbs.py           the evidence's verb in the claim's form (LemmInflect)
    polarity.py        negating a predicate or dropping its negation
    polarity_items.py  "any" <-> "some"
    same_kind.py       a person for a person, an organisation for an organisation; a phrase that reads in place
    registry.py        names, phenomena, switches

A new rule: a function in the module of its phenomenon (or a new module imported below), decorated with
``@rule(name, phenomenon, off=...)``, called where the draft needs it, with tests on sentences of your own in
``tests/test_correction_rules.py``; ``bench fever-sym-correct --ablate`` then shows what it contributes.
"""
from . import articles, bounds, names, phrases, polarity, polarity_items, same_kind, slot, verbs  # noqa: F401 (registers)
from ..report import apply_substitutions
from .draft import suggest_correction
from .registry import ENV, RULES, Rule, is_on, switched_off

__all__ = ["suggest_correction", "apply_substitutions", "RULES", "Rule", "ENV", "is_on", "switched_off"]
