"""The polarity flip: when the evidence negates what the claim asserts, or asserts what it negates, the claim's
predicate is negated or its negation dropped, in the claim's tense ("does not play" <-> "plays", LemmInflect
for the verb forms): "no" before an object ("had no children" -> "had children"), "no longer", "cannot";
"still" -> "no longer".
"""
from __future__ import annotations

from ..alignment.align import other_than
from ..alignment.polarity import negative_implicative
from ..inflection import PAST, article_for, past_tense, spellings, third_person
from ..report import Substitution
from ..text.frequency_adverbs import OFTEN, SOMETIMES
from .registry import rule
from ..vocabulary import SlotKind


def _no_object(verb):
    """The "no" of an object that negates the predicate ("had no children"), else None."""
    return next((g for c in verb.children if c.dep_ == "dobj" for g in c.children
                 if g.lower_ == "no" and g.dep_ == "det"), None)


def _affirm_object(claim: str, no, sub) -> Substitution:
    """ "no" replaced as the predicate is affirmed: dropped before a plural ("had no children" -> "had
    children"), an article before a singular ("has no king" -> "has a king", "has no other name" -> "has
    another name")."""
    start, end = no.idx, no.idx + len(no.text)
    nxt = no.doc[no.i + 1] if no.i + 1 < len(no.doc) else None
    if no.head.tag_ in ("NNS", "NNPS"):
        return sub(start, end + (1 if claim[end:end + 1] == " " else 0), "")
    if nxt is not None and nxt.lower_ == "other":
        return sub(start, nxt.idx + len(nxt.text), "another")
    return sub(start, end, article_for(nxt.text if nxt is not None else no.head.text))


@rule("implicatives", "a negative implicative is dropped when the evidence affirms its complement, which "
      "takes the construction's tense ('refused to model' -> 'modelled', 'has yet to appear' -> 'appeared', "
      "'was unable to attend' -> 'attended'; Karttunen 1971)",
      off=lambda claim, alignment, implicative, sub: (None, ""))
def implicative_dropped(claim: str, alignment, implicative, sub) -> tuple[Substitution | None, str]:
    """ "refused to model" -> "modelled": the words from the construction's first token to the complement
    verb become the verb, in the tense the construction carried ("was unable to" / "failed to" / "has yet
    to" state the past, "is unable to" the present), spelled as the evidence spells it where it uses the
    verb ("modelled", not LemmInflect's first spelling "modeled")."""
    doc = alignment.claim_doc
    first, verb = doc[implicative.start], doc[implicative.verb]
    passive = any(c.dep_ in ("auxpass", "nsubjpass") for c in doc[:].root.children)
    if verb.tag_ not in ("VB", "VBG") or passive or first.i and not doc[first.i - 1].whitespace_:
        # "has yet to be surpassed", "It's easily refused the call to play": no form of one verb says it.
        return None, "the evidence affirms what the claim denies, but its predicate could not be rewritten " \
                     "automatically"
    lemma = verb.lemma_.lower()
    if first.tag_ == "VBZ" and first.lemma_.lower() != "have":
        form = third_person(lemma)
    elif first.tag_ == "VBP" and first.lemma_.lower() != "have":
        form = lemma
    elif first.tag_ in ("VBD", "VBZ", "VBP"):
        form = past_tense(lemma)
        form = next((t.lower_ for t in alignment.evidence_doc or () if t.lower_ in spellings(lemma, PAST)), form)
    else:
        return None, "the evidence affirms what the claim denies, but its tense could not be kept automatically"
    if first.i == 0:
        form = form[:1].upper() + form[1:]
    return sub(first.idx, verb.idx + len(verb.text), form), ""


@rule("polarity", "the predicate is negated, or its negation dropped, when the evidence states the opposite "
      "polarity ('does not play' <-> 'plays', 'had no children' -> 'had children')",
      off=lambda claim, alignment, evidence_text, locator: (None, ""))
def polarity_substitution(claim: str, alignment, evidence_text: str, locator: str) -> tuple[Substitution | None, str]:
    """The substitution flipping the claim's polarity, or None and why it could not be written."""
    def sub(i: int, j: int, new: str) -> Substitution:
        return Substitution(claim[i:j], new, i, j, kind=SlotKind.NEGATION, evidence=evidence_text,
                            evidence_locator=locator)

    other = other_than(alignment.claim_doc) if alignment.claim_negated else None
    if other is not None:
        # "is something other than an Indian film" -> "is an Indian film"
        first, than = other
        end = than.idx + len(than.text)
        return sub(first.idx, end + (1 if claim[end:end + 1] == " " else 0), ""), ""
    if alignment.claim_negated:
        return _affirmed(claim, alignment, sub)
    # The claim asserts what the evidence negates: negate the main predicate.
    return _negated(claim, alignment, sub)


_CANNOT_NEGATE = "the evidence negates the claim, but its predicate could not be negated automatically"


def _affirmed(claim: str, alignment, sub) -> tuple[Substitution | None, str]:
    """The claim denies what the evidence affirms: its negation (a "not", a "no", an implicative) dropped."""
    doc = alignment.claim_doc
    root = doc[:].root
    negs = [t for t in doc if t.dep_ == "neg" or t.lower_ in ("not", "n't", "never")]
    if not negs and (implicative := negative_implicative(doc)) is not None:
        return implicative_dropped(claim, alignment, implicative, sub)
    if not negs:
        no = _no_object(root)
        return (_affirm_object(claim, no, sub) if no is not None else None), ""
    # The predicate's own negation, where it has one: "No matter how long I have it, I don't like it"
    # is negated by "n't", not by the "No" of "No matter".
    neg = next((t for t in negs if t.head.i == root.i), negs[0])
    if neg.lower_ == "no" and neg.head.lower_ == "longer" and neg.head.i == neg.i + 1:
        # "no longer sells" -> "sells": the two words go together
        end = neg.head.idx + len(neg.head.text)
        return sub(neg.idx, end + (1 if claim[end:end + 1] == " " else 0), ""), ""
    verb = neg.head if neg.head.pos_ in ("VERB", "AUX") else root
    new_verb_text = _evidence_predicate(alignment, verb)
    aux = [c for c in verb.children if c.dep_ in ("aux",) and c.lemma_.lower() == "do" and c.i < neg.i]
    if aux and neg.i == aux[0].i + 1 and verb.i > neg.i:
        return _without_do_support(aux[0], verb, new_verb_text, sub), ""
    return _without_negation_word(claim, doc, neg, verb, new_verb_text, sub), ""


def _evidence_predicate(alignment, verb) -> str | None:
    """The evidence's verb where the negation edge pairs the claim's predicate with another verb of the same
    form: "was not damaged" where the evidence says "was destroyed" takes "destroyed"."""
    edge = next((e for e in alignment.edges if e.kind == SlotKind.NEGATION), None)
    ev_doc = alignment.evidence_doc
    if edge is None or ev_doc is None:
        return None
    doc = alignment.claim_doc
    ev = next((t for t in ev_doc if t.idx == edge.evidence_start), None)
    # Not a verb the claim already uses elsewhere ("has not changed in size as it evolved" / "has
    # evolved"): that one is another event of the claim, not its predicate.
    if (ev is not None and ev.pos_ == "VERB" and verb.pos_ == "VERB" and ev.tag_ == verb.tag_
            and ev.lemma_.lower() != verb.lemma_.lower()
            and ev.lemma_.lower() not in {t.lemma_.lower() for t in doc}):
        return ev.text
    return None


def _without_do_support(a, verb, new_verb_text: str | None, sub) -> Substitution:
    """ "did not play" -> "played": the "do" and the negation go, the verb takes the tense "do" carried."""
    lemma = verb.lemma_.lower()
    if new_verb_text:
        form = new_verb_text
    elif a.lower_ in ("did",):
        form = past_tense(lemma)
    elif a.lower_ in ("does",):
        form = third_person(lemma)
    else:
        form = lemma
    if a.text[:1].isupper():
        form = form[:1].upper() + form[1:]
    return sub(a.idx, verb.idx + len(verb.text), form)


def _without_negation_word(claim: str, doc, neg, verb, new_verb_text: str | None, sub) -> Substitution:
    """The negating word removed with one neighbouring space ("is not a" -> "is a"; "can't" -> "can")."""
    start = neg.idx
    end = neg.idx + len(neg.text)
    if neg.lower_ == "n't":
        host = doc[neg.i - 1] if neg.i > 0 else None
        if host is not None and host.lower_ in ("ca", "wo", "sha"):
            fixed = {"ca": "can", "wo": "will", "sha": "shall"}[host.lower_]
            return sub(host.idx, end, fixed if host.text.islower() else fixed.capitalize())
    elif neg.i > 0 and not doc[neg.i - 1].whitespace_:
        pass  # "cannot" written as one word: the space after it stays ("can perform")
    else:
        if end < len(claim) and claim[end] == " ":
            end += 1
        elif start > 0 and claim[start - 1] == " ":
            start -= 1
    if new_verb_text and verb.i > neg.i:
        return sub(start, verb.idx + len(verb.text), new_verb_text)
    return sub(start, end, "")


def _negated(claim: str, alignment, sub) -> tuple[Substitution | None, str]:
    """The claim asserts what the evidence negates: "still" becomes "no longer", a frequency adverb
    "never", or the main predicate takes "not" (or "never", where the evidence says it)."""
    doc = alignment.claim_doc
    verb = doc[:].root
    still = next((c for c in verb.children if c.lower_ == "still" and c.dep_ == "advmod"), None)
    if still is not None:
        return sub(still.idx, still.idx + len(still.text), "no longer"), ""  # "still sells" -> "no longer sells"
    if verb.pos_ not in ("VERB", "AUX"):
        return None, _CANNOT_NEGATE
    ev_doc = alignment.evidence_doc
    word = "never" if ev_doc is not None and any(t.lower_ == "never" for t in ev_doc) else "not"
    frequent = next((c for c in verb.children if c.dep_ == "advmod" and c.lower_ in (OFTEN | SOMETIMES)), None)
    if word == "never" and frequent is not None:
        # "is often found" -> "is never found": "never" is the other end of the adverb's scale, in its place
        # (not "is never often found").
        return sub(frequent.idx, frequent.idx + len(frequent.text), "Never" if frequent.i == 0 else "never"), ""
    auxes = sorted([c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.i < verb.i], key=lambda t: t.i)
    if auxes and auxes[0].lemma_.lower() == "get" and word == "not":
        verb = auxes[0]  # "got married" -> "did not get married": "get" takes "do" as a main verb does
        auxes = []
    host = auxes[0] if auxes else (verb if verb.lemma_.lower() == "be" or verb.tag_ == "MD" else None)
    if host is not None and host.tag_ == "MD" and verb.tag_ in ("VBZ", "VBD"):
        # No modal takes "pulls" or "pulled": the parser misread a noun ("a coffee can pulls on ...").
        return None, _CANNOT_NEGATE
    if host is not None:
        return _negated_after(doc, host, word, sub), ""
    if word == "never":
        return sub(verb.idx, verb.idx + len(verb.text), "never " + verb.text if verb.i else "Never " + verb.lower_), ""
    return _negated_with_do(doc, verb, sub)


def _negated_after(doc, host, word: str, sub) -> Substitution:
    """ "is a model" -> "is not a model": the negation after the auxiliary, copula or modal."""
    end = host.idx + len(host.text)
    nxt = doc[host.i + 1] if host.i + 1 < len(doc) else None
    if nxt is not None and nxt.lower_ in ("also", "too") and nxt.idx == end + 1:
        end = nxt.idx + len(nxt.text)  # "is also a model" -> "is not a model"
    joined = host.lower_ == "can" and word == "not"  # "cannot", as it is written
    return sub(host.idx, end, host.text + ("" if joined else " ") + word)


def _negated_with_do(doc, verb, sub) -> tuple[Substitution | None, str]:
    """ "played" -> "did not play": "do" in the verb's tense, then "not" and the verb's lemma."""
    lemma = verb.lemma_.lower()
    if verb.tag_ == "VBD":
        do = "did"
    elif verb.tag_ == "VBZ":
        do = "does"
    elif verb.tag_ == "VBP":
        do = "do"
    else:
        return None, _CANNOT_NEGATE
    # An adverb written before the verb goes after the negation: "only worked in film" -> "did not only
    # work in film", not "only did not work".
    first = verb.i
    while first > 0 and doc[first - 1].dep_ == "advmod" and doc[first - 1].head.i == verb.i:
        first -= 1
    adverbs = "".join(t.text_with_ws for t in doc[first:verb.i])
    if first == 0:
        do = do.capitalize()
        adverbs = adverbs[:1].lower() + adverbs[1:]
    return sub(doc[first].idx, verb.idx + len(verb.text), f"{do} not {adverbs}{lemma}"), ""
