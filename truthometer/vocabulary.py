"""The project's closed vocabularies: a sentence's verdict status, an evidence sentence's relation to its
claim, and the kind of a slot (an alignment edge, a rule-tier slot or mismatch, a substitution).

Each is an ``enum.StrEnum``: a member equals, hashes and serialises as its string, so the report JSON, the
saved checks and every comparison with old string data read exactly as before, while a misspelt member
fails at import instead of never matching. A base module: every stage may import it, and it imports nothing.
"""
from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """A sentence's verdict (``SentenceResult.status``, ``ClaimSpan.status``)."""

    SUPPORTED = "supported"
    CONTRADICTED = "contradicted"
    UNVERIFIABLE = "unverifiable"
    SKIPPED = "skipped"


class Relation(StrEnum):
    """How one evidence sentence bears on its claim (``Evidence.relation``); RELATED is the judge's neutral."""

    SUPPORT = "support"
    CONTRADICTION = "contradiction"
    RELATED = "related"


class SlotKind(StrEnum):
    """What a slot is: the alignment's edges and slots, the rule tier's slots and mismatches (whose kinds
    are also ``config.RULE_FAMILIES``), and a substitution's kind in the report."""

    ENTITY = "entity"
    NUMBER = "number"
    DATE = "date"
    CODE = "code"
    ATTRIBUTE = "attribute"
    NOUN = "noun"
    PREDICATE = "predicate"
    NEGATION = "negation"
    #: an opposite adjective or adverb of frequency (the rule tier's quality family)
    QUALITY = "quality"
    #: the classifiers written before a noun, which the evidence replaces ("a cable television channel")
    CLASSIFIER = "classifier"
    PREPOSITION = "preposition"
    #: "lack of X" in the claim where the evidence states X itself: the correction drops "lack of"
    LACK = "lack"
    #: any other words: the report's kind of a substitution that is none of the above
    PHRASE = "phrase"
