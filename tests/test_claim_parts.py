"""Sentences that pack several facts, split into parts checked one by one (segmentation.parts,
verdicts.parts)."""
import numpy as np
import pytest

from truthometer import models
from truthometer.verdicts.parts import PARTLY_NOTE, PartCheck, check_parts, spans_agree, whole_span
from truthometer.report import Evidence, SentenceResult
from truthometer.segmentation.parts import claim_parts


def parts_of(sentence):
    return claim_parts(models.nlp()(sentence)[:])


def test_one_fact_is_one_part():
    sentence = "The Golden Gate Bridge opened to traffic in 1937."
    [part] = parts_of(sentence)
    assert (part.text, part.start, part.end) == (sentence, 0, len(sentence))


@pytest.mark.parametrize("sentence, expected", [
    ("Born in 1909 in Los Angeles, she appeared in over fifty films and won two Oscars.",
     {"She appeared in over fifty films.", "She was born in 1909 in Los Angeles.", "She won two Oscars."}),
    ("Marie Curie, who discovered polonium, won the Nobel Prize twice.",
     {"Marie Curie won the Nobel Prize twice.", "Marie Curie discovered polonium."}),
    ("Paris, the capital of France, is a large city.", {"Paris is a large city.", "Paris is the capital of France."}),
    ("The bridge opened in 1937, and it was the longest suspension bridge in the world.",
     {"The bridge opened in 1937.", "It was the longest suspension bridge in the world."}),
])
def test_predicates_clauses_appositions_and_relative_clauses_are_parts(sentence, expected):
    parts = parts_of(sentence)
    assert {p.text for p in parts} == expected
    assert parts[0].kind == "main"
    for p in parts:  # each part points at words of the sentence
        assert 0 <= p.start < p.end <= len(sentence)


def test_a_parts_span_is_the_words_it_stands_for():
    sentence = "Born in 1909 in Los Angeles, she appeared in over fifty films and won two Oscars."
    spans = {p.kind: sentence[p.start:p.end] for p in parts_of(sentence)}
    assert spans["participle"] == "Born in 1909 in Los Angeles"
    assert spans["predicate"] == "won two Oscars"


class FixedJudge:
    """Entailment for hypotheses containing a word of ``entailed``, contradiction for ``contradicted``."""

    def __init__(self, entailed=(), contradicted=()):
        self.entailed, self.contradicted = entailed, contradicted

    def predict(self, premises, hypotheses):
        rows = []
        for h in hypotheses:
            if any(w in h for w in self.contradicted):
                rows.append([0.05, 0.1, 0.85])
            elif any(w in h for w in self.entailed):
                rows.append([0.9, 0.05, 0.05])
            else:
                rows.append([0.2, 0.7, 0.1])
        return np.array(rows)


def _check(sentence, status, judge, offset=10):
    result = SentenceResult(0, sentence, offset, offset + len(sentence), status=status, reason="")
    result.evidence = [Evidence("She won two Oscars and appeared in films.", "reference", "bio #1", 0.8, "support", probability=0.9)]
    check = PartCheck(result, sentence, models.nlp()(sentence)[:], [(result.evidence[0], result.evidence[0].text)])
    check_parts([check], judge)
    return result


SENTENCE = "Born in 1909 in Los Angeles, she appeared in over fifty films and won two Oscars."


def test_a_sentence_with_a_part_the_evidence_does_not_cover_is_not_supported():
    result = _check(SENTENCE, "supported", FixedJudge(entailed=("films", "Oscars")))
    assert result.status == "unverifiable" and PARTLY_NOTE in result.notes
    assert "born in 1909" in result.reason
    [missing] = [s for s in result.spans if s.status == "unverifiable"]
    # Offsets are into the checked text, where the sentence starts at 10.
    assert SENTENCE[missing.start - 10:missing.end - 10] == "Born in 1909 in Los Angeles"
    assert spans_agree(result)


def test_a_sentence_every_part_of_which_is_entailed_stays_supported():
    result = _check(SENTENCE, "supported", FixedJudge(entailed=("films", "Oscars", "born")))
    assert result.status == "supported" and {s.status for s in result.spans} == {"supported"}
    assert all(s.evidence == "bio #1" for s in result.spans)


def test_a_contradicted_part_makes_the_sentence_contradicted_and_is_marked():
    result = _check(SENTENCE, "supported", FixedJudge(entailed=("films", "born"), contradicted=("Oscars",)))
    assert result.status == "contradicted" and "won two Oscars" in result.reason
    [bad] = [s for s in result.spans if s.status == "contradicted"]
    assert SENTENCE[bad.start - 10:bad.end - 10] == "won two Oscars"
    assert result.evidence[0].relation == "contradiction"


def test_spans_that_no_longer_agree_with_the_status_are_noticed():
    result = _check(SENTENCE, "supported", FixedJudge(entailed=("films", "Oscars", "born")))
    result.status = "contradicted"  # a later stage settled it otherwise
    assert not spans_agree(result)
    assert whole_span(result).status == "contradicted"


class UnsureJudge(FixedJudge):
    """Reads the parts naming a word of ``unsure`` as entailment first, yet under the decision threshold."""

    def __init__(self, unsure=(), contradicted=()):
        super().__init__(entailed=("films", "Oscars"), contradicted=contradicted)
        self.unsure = unsure

    def predict(self, premises, hypotheses):
        rows = super().predict(premises, hypotheses)
        for i, h in enumerate(hypotheses):
            if any(w in h for w in self.unsure):
                rows[i] = [0.45, 0.3, 0.25]
        return rows


def test_a_part_read_as_entailment_first_is_covered_under_the_threshold():
    result = _check(SENTENCE, "supported", UnsureJudge(unsure=("born",)))
    assert result.status == "supported" and {s.status for s in result.spans} == {"supported"}
    [born] = [s for s in result.spans if "1909" in s.part]
    assert born.probability == pytest.approx(0.45) and born.evidence == "bio #1"


def test_a_part_read_as_neutral_first_or_contradicted_is_not_covered():
    assert _check(SENTENCE, "supported", UnsureJudge()).status == "unverifiable"

    class NeutralFirst(UnsureJudge):
        def predict(self, premises, hypotheses):
            rows = super().predict(premises, hypotheses)
            rows[[i for i, h in enumerate(hypotheses) if "born" in h]] = [0.4, 0.45, 0.15]
            return rows

    assert _check(SENTENCE, "supported", NeutralFirst()).status == "unverifiable"


class ByPremiseJudge:
    """Entailment from the premise naming ``films``; contradiction of the "Oscars" part from every other."""

    def predict(self, premises, hypotheses):
        return np.array([[0.9, 0.05, 0.05] if "films" in p else
                         [0.02, 0.03, 0.95] if "Oscars" in h else [0.2, 0.7, 0.1]
                         for p, h in zip(premises, hypotheses)])


def _two_premises(support_relation):
    sentence = "She appeared in over fifty films and won two Oscars."
    result = SentenceResult(0, sentence, 0, len(sentence), status="supported", reason="")
    result.evidence = [
        Evidence("She appeared in fifty films and won two Oscars.", "reference", "bio #1", 0.9, support_relation,
                 probability=0.9),
        Evidence("The studio was sold in 1950.", "reference", "bio #2", 0.5, "related", probability=0.2)]
    check = PartCheck(result, sentence, models.nlp()(sentence)[:], [(e, e.text) for e in result.evidence])
    check_parts([check], ByPremiseJudge())
    return result


def test_a_part_entailed_by_the_sentence_that_entails_the_whole_is_not_contradicted_by_another():
    assert _two_premises("support").status == "supported"
    # Where no premise entailed the whole sentence, the surer contradiction of the part stands.
    assert _two_premises("related").status == "contradicted"
