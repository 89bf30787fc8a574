"""Polarity: negation of the predicate ("not", "never", a governing negated verb), negative implicatives
("refused to model", "has yet to appear", "died before finishing"), "something other than a Y", an event
called off ("the landing was aborted") and advice against what the claim calls safe; and when a negated
claim is answered by evidence that fills its slot otherwise.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..text import lexicon
from ..text.negation import NEGATING_PREPOSITIONS, NEGATIVE_PRONOUNS, PROHIBITIVES, VERB_NEGATORS
from .base import NEGATIVE_IMPLICATIVES, SUBSTITUTED, UNCONFIRMED, _in_subject


#: The predicate's arguments a negative determiner or pronoun denies it through.
_DENIABLE_ARGUMENTS = ("dobj", "nsubj", "nsubjpass", "attr")


def _denied_through(argument, all_arguments: bool) -> bool:
    """ "had no children": did not have any; with ``all_arguments`` also "No student passed", "Nobody came",
    "There are no cars", "found nothing": the predicate is said of none."""
    with_no = any(g.lower_ == "no" and g.dep_ == "det" for g in argument.children)
    if argument.dep_ == "dobj" and with_no:
        return True
    return all_arguments and argument.dep_ in _DENIABLE_ARGUMENTS and (argument.lower_ in NEGATIVE_PRONOUNS or with_no)


def _negated_at(doc, index: int, arguments: bool = True) -> bool:
    """Whether the predicate at ``index`` (or a governing verb up to the root) is negated; with
    ``arguments``, also through a negative determiner or pronoun of its subject or object ("No student
    passed")."""
    seen = 0
    t = doc[index]
    while seen < 6:
        for child in t.children:
            if child.dep_ == "neg" or child.lower_ in VERB_NEGATORS:
                return True
            if child.lower_ == "longer" and any(g.lower_ == "no" for g in child.children):
                return True  # "no longer sells"
            if t.i == index and _denied_through(child, arguments):
                return True
        if t.i != index and (t.lemma_.lower() in NEGATIVE_IMPLICATIVES or yet_to(t)):
            return True
        if t.dep_ in ("pcomp", "pobj") and t.head.lower_ == "before" and t.head.head.lemma_.lower() == "die":
            return True  # "died before helping"
        if t.i == index and t.dep_ == "pcomp" and t.head.lower_ in NEGATING_PREPOSITIONS:
            return True  # "can last indefinitely without spoiling": it does not spoil
        if t.head.i == t.i:
            break
        # Do not climb out of a relative or adverbial clause: its negation is not the claim's.
        if t.dep_ in ("relcl", "advcl", "acl", "ccomp", "conj", "appos", "parataxis"):
            break
        t = t.head
        seen += 1
    return False


def _object_unstated(claim, root, evidence, slot_edges) -> bool:
    """ "Croatia does not have a king" / "Croatia is a republic governed under a parliamentary system":
    the evidence says nothing of the object of "have" (the claim's verb is not in it either), so its
    polarity is not the claim's."""
    lemma = root.lemma_.lower()
    if lemma == "be" or any(t.lemma_.lower() == lemma for t in evidence):
        return False
    objects = [c for c in root.children if c.dep_ == "dobj" and c.i in slot_edges]
    return bool(objects) and all(slot_edges[c.i][1].op == UNCONFIRMED for c in objects)


def _negated_slot_filled_otherwise(claim, slot_edges) -> bool:
    """ "X is not a Y" where the evidence fills the complement (not the subject) differently. Only under
    a copula, which says what X is; under another verb a differing word is more likely a paraphrase
    ("does not derive its main flavour" / "derives its predominant flavour")."""
    if claim[:].root.lemma_.lower() != "be":
        return False
    return any(edge.op == SUBSTITUTED and not _in_subject(claim, slot) for slot, edge in slot_edges.values())


def yet_to(t) -> bool:
    """ "has yet to write", "is yet to win": not done so far."""
    return t.lemma_.lower() in ("be", "have") and any(c.lower_ == "yet" and c.dep_ == "advmod"
                                                      for c in t.children)


#: Verbs that say an event did not take place: "the landing was aborted", "the launch was called off".
_CALLED_OFF = {"abort", "cancel", "scrap", "abandon", "postpone", "scrub", "call"}


def _called_off(root, evidence):
    """The evidence's verb that calls off the claim's event, named by its noun ("Apollo 13 landed" / "the
    lunar landing was aborted"), else None."""
    if root.pos_ != "VERB":
        return None
    event = lexicon.nominalisations(root.lemma_.lower()) | {root.lemma_.lower()}
    for t in evidence:
        verb = t.lemma_.lower()
        if verb in _CALLED_OFF and (verb != "call" or any(c.lower_ == "off" for c in t.children)) \
                and any(c.dep_ in ("nsubj", "nsubjpass", "dobj") and c.lemma_.lower() in event for c in t.children):
            return t
    return None


#: Qualities that say a thing may be done or used, and verbs of advice against doing or using it.
_ADVISABLE = {"safe", "harmless", "recommended", "advisable", "suitable", "fine", "okay"}
_ADVISED_AGAINST = {"avoid", "contraindicate", "discourage", "prohibit", "forbid", "ban"}


def _advised_against(claim, root, evidence):
    """The evidence's verb advising against what the claim calls safe or recommended, said of the same
    subject ("Ibuprofen is safe in the third trimester" / "Ibuprofen should be avoided in the third
    trimester"), else None."""
    quality = next((c for c in root.children if c.dep_ == "acomp" and c.lemma_.lower() in _ADVISABLE), None)
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if quality is None or subject is None:
        return None
    return next((t for t in evidence if t.lemma_.lower() in _ADVISED_AGAINST and any(
        c.dep_ in ("nsubjpass", "dobj") and c.lemma_.lower() == subject.lemma_.lower() for c in t.children)), None)


def _prohibited(root, evidence):
    """The evidence's verb forbidding what the claim's main verb is said of ("no new claims may be made" /
    "the treaty prohibits new claims"): a denial of it, as "may not" is. The verb, else None."""
    said_of = {c.lemma_.lower() for c in root.children if c.dep_ in ("nsubj", "nsubjpass", "dobj")}
    return next((t for t in evidence if t.lemma_.lower() in PROHIBITIVES and any(
        c.dep_ in ("dobj", "nsubjpass") and c.lemma_.lower() in said_of for c in t.children)), None)


def negation_tokens(doc) -> list:
    return [t for t in doc if t.dep_ == "neg" or t.lower_ in VERB_NEGATORS]


def other_than(doc):
    """ "X is something other than a Y" says that X is not a Y: (the pronoun, "than") when the sentence's
    copula has such a complement, else None."""
    if not len(doc):
        return None
    root = doc[:].root
    if root.lemma_.lower() != "be":
        return None
    for attr in root.children:
        if attr.dep_ == "attr" and attr.lower_ in ("something", "anything"):
            other = next((c for c in attr.children if c.lower_ == "other"), None)
            than = next((c for c in (other.children if other is not None else []) if c.lower_ == "than"), None)
            if than is not None:
                return attr, than
    return None


@dataclass
class Implicative:
    """A main predicate negated by a negative implicative rather than by "not": "refused to model",
    "was unable to appear", "has yet to write" all state that the complement did not happen."""

    start: int  # first token of the construction, the one carrying tense ("refused", "was", "has")
    verb: int  # the complement verb, the claim's real predicate


def negative_implicative(doc) -> Implicative | None:
    """The implicative construction at the root of ``doc`` when it has a verbal complement, else None."""
    if not len(doc):
        return None
    root = doc[:].root
    if any(c.dep_ == "neg" for c in root.children):
        return None  # "did not refuse to": a double negation is left alone
    governor = None
    if root.pos_ == "VERB" and root.lemma_.lower() in NEGATIVE_IMPLICATIVES:
        governor = root  # "refused to model", "failed to top"
    elif yet_to(root):
        governor = root  # "has yet to appear", "is yet to win"
    else:
        governor = next((c for c in root.children if c.dep_ == "acomp"
                         and c.lower_ in NEGATIVE_IMPLICATIVES), None)  # "was unable to appear"
    if governor is None:
        return _died_before(root)
    verb = next((c for c in governor.children if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX")
                 and (c.tag_ == "VB" or _passive_infinitive(c)) and any(a.lower_ == "to" for a in c.children)),
                None)
    if verb is None:
        return None
    auxes = [c for c in root.children if c.dep_ in ("aux", "auxpass") and c.i < root.i]
    start = min([root.i] + [a.i for a in auxes])
    return Implicative(start, verb.i)


def _passive_infinitive(verb) -> bool:
    """ "(has yet) to be surpassed": a participle under "to be"."""
    return verb.tag_ == "VBN" and any(a.dep_ == "auxpass" and a.lower_ == "be" for a in verb.children)


def _died_before(root) -> Implicative | None:
    """ "died before finishing the novel": what one dies before doing is not done."""
    if root.lemma_.lower() != "die":
        return None
    for before in root.children:
        if before.lower_ == "before" and before.dep_ in ("prep", "mark"):
            verb = next((c for c in before.children if c.dep_ in ("pcomp", "pobj") and c.tag_ == "VBG"), None)
            if verb is not None:
                auxes = [c for c in root.children if c.dep_ in ("aux", "auxpass") and c.i < root.i]
                return Implicative(min([root.i] + [a.i for a in auxes]), verb.i)
    return None
