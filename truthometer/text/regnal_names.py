"""Regnal names: "Richard I" is one name, not a name and the pronoun "I".

The small English parser reads the "I" of "King Richard I agreed to Magna Carta" as the pronoun and makes
it the subject, so the king drops out of the sentence and a correction has no subject to replace. A given
name followed by the numeral "I" is a regnal (or papal) name, as "Henry VIII" and "Elizabeth II" are, which
the parser already reads as names. ``merge_regnal_names``, a spaCy component run after the entity
recogniser, merges the two tokens into one name that takes the role the parser gave the "I".

"I" is taken as a numeral only after a person's name (by the entity recogniser, or after a title such as
"King"), and not before "am" or a contraction ("John I'm sure" is a vocative and a pronoun).
"""
from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

#: Titles before a regnal name.
TITLES = frozenset({"king", "queen", "pope", "emperor", "empress", "tsar", "czar", "tsarina", "pharaoh", "prince",
                    "princess", "duke", "duchess", "sultan", "shah", "kaiser", "saint", "st", "st."})
#: Words after which "I" is the pronoun whatever comes before it.
_PRONOUN_AFTER = frozenset({"am", "'m", "’m"})

COMPONENT = "regnal_names"


def _is_regnal_numeral(doc: Doc, i: int) -> bool:
    token = doc[i]
    if token.text != "I" or i == 0:
        return False
    name = doc[i - 1]
    if name.pos_ != "PROPN" or not name.text[:1].isupper() or not name.is_alpha or name.whitespace_ != " ":
        return False
    if i + 1 < len(doc) and (doc[i + 1].lower_ in _PRONOUN_AFTER or doc[i + 1].text[:1] in "'’"):
        return False
    titled = i >= 2 and doc[i - 2].lower_ in TITLES
    return titled or name.ent_type_ == "PERSON"


@Language.component(COMPONENT)
def merge_regnal_names(doc: Doc) -> Doc:
    """Merge each "<name> I" into one PERSON token with the syntactic role of the "I"."""
    found = [i for i in range(1, len(doc)) if _is_regnal_numeral(doc, i)]
    if not found:
        return doc
    with doc.retokenize() as retokenizer:
        for i in found:
            numeral = doc[i]
            retokenizer.merge(doc[i - 1:i + 1], attrs={
                "DEP": numeral.dep_ if numeral.head.i not in (i - 1, i) else doc[i - 1].dep_,
                "POS": "PROPN", "TAG": "NNP", "LEMMA": doc[i - 1:i + 1].text, "MORPH": "Number=Sing",
                "ENT_TYPE": "PERSON", "ENT_IOB": "I" if doc[i - 1].ent_iob_ == "I" else "B"})
    return doc
