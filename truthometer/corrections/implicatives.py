"""Negative implicatives in the claim ("refused to model", "was unable to appear", "has yet to appear"): when
the polarity flips, the construction goes and the complement verb takes its tense ("modelled", "appeared")."""
from __future__ import annotations

from ..alignment.align import as_of_date, yet_to
from ..inflection import past_tense, third_person
from .registry import rule


@rule("implicatives", "a negative implicative in the claim goes with the negation, its complement verb in its tense "
      "('refused to model' -> 'modelled', 'has yet to appear ... as of 2016' -> 'appeared')",
      off=lambda claim, alignment, implicative, sub: None)
def drop_implicative(claim: str, alignment, implicative, sub):
    """"refused to model" -> "modelled", "was unable to appear" -> "appeared", "has yet to appear" ->
    "appeared": the complement verb in the tense of the construction, the implicative dropped."""
    doc = alignment.claim_doc
    finite, verb = doc[implicative.start], doc[implicative.verb]
    lemma = verb.lemma_.lower()
    modal = finite.tag_ == "MD"  # "will refuse to go" -> "will go"
    past = finite.tag_ == "VBD" or finite.lemma_.lower() == "have"  # "has yet to appear" -> "appeared"
    if verb.tag_ == "VBN":
        form = passive_form(finite, verb) + " " + verb.text  # "has yet to be surpassed" -> "has been surpassed"
    elif modal or finite.tag_ in ("VB", "VBP") and not past:
        form = lemma
    elif past:
        # The evidence's own spelling of the same verb ("modelled", not "modeled") when it has one.
        same = next((e for e in alignment.evidence_doc or [] if e.lemma_.lower() == lemma
                     and e.tag_ in ("VBD", "VBN")), None)
        form = same.text if same is not None else past_tense(lemma)
    else:
        form = third_person(lemma)
    if modal and verb.tag_ != "VBN":
        form = finite.text + " " + form
    if implicative.start == 0 and not modal:
        form = form[:1].upper() + form[1:]
    end = verb.idx + len(verb.text)
    as_of = next((t for t in doc[verb.i + 1:] if t.lower_ == "as" and t.head.i == verb.i
                  and any(as_of_date(d) for d in t.subtree)), None)
    if yet_to(finite) and as_of is not None and as_of.i - 1 > verb.i:
        # "has yet to appear in a film as of 2016" -> "appeared in a film": the date the "not yet" held
        # at goes with it.
        before, last = doc[as_of.i - 1], as_of.right_edge
        return sub(finite.idx, last.idx + len(last.text), form + claim[end:before.idx + len(before.text)])
    return sub(finite.idx, end, form)


def passive_form(finite, verb) -> str:
    """The auxiliaries of a passive whose implicative is dropped, in the construction's tense and the
    subject's number: "will be", "has been", "were", "is"."""
    if finite.tag_ == "MD":
        return finite.text + " be"
    if finite.lemma_.lower() == "have":
        return finite.text.lower() + " been"
    subject = next((c for c in verb.doc[:].root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    plural = subject is not None and (subject.tag_ in ("NNS", "NNPS") or subject.lower_ in ("they", "we", "you"))
    if finite.lemma_.lower() == "be":
        return finite.text.lower()  # "was unable to be completed" -> "was completed"
    if finite.tag_ == "VBD":
        return "were" if plural else "was"
    return "are" if plural else "is"

