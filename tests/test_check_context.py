"""One context per check (truthometer.check_context): each (claim, evidence) pair is aligned once per check,
whichever stages ask for it, and the judge's features read the check's parses and vectors, not a cache of
the process."""
import numpy as np

from truthometer import models
from truthometer.check_context import CheckContext, active


class CountingAligner:
    """``alignment.align_many`` with every pair it was asked to align recorded."""

    def __init__(self):
        from truthometer.alignment import align_many

        self.real, self.asked = align_many, []

    def __call__(self, pairs, *args, **kwargs):
        self.asked.extend(pairs)
        return self.real(pairs, *args, **kwargs)


def test_the_context_aligns_each_distinct_pair_once_and_answers_in_order():
    aligner = CountingAligner()
    context = CheckContext(aligner)
    a = ("The tower was completed in 1899.", "The tower was completed in 1889.")
    b = ("The tower is in Lyon.", "The tower is in Paris.")
    first = context.align([a, b, a])
    assert aligner.asked == [a, b]
    assert first[0] is first[2] and first[0].substituted
    again = context.align([b, a])
    assert aligner.asked == [a, b]  # nothing aligned twice
    assert again == [first[1], first[0]]


def test_stages_share_the_alignments_of_one_context():
    # The relation stage aligns a support with its claim; the corrections stage, drafting from that same
    # evidence once it is a contradiction, reads the alignment made then instead of aligning it again.
    from truthometer.config import Config
    from truthometer.corrections.proposals import ToCorrect, draft_corrections
    from truthometer.judging.nli import load_judge
    from truthometer.report import Evidence, SentenceResult
    from truthometer.verdicts import overrules_support, settle_misplaced_support

    claim = "The canal itself runs for about 640 kilometres."
    evidence = "The river basin is about 640 km long, while the canal itself is about 85 km long."
    result = SentenceResult(0, claim, 0, len(claim), "supported", "", 0.8,
                            [Evidence(evidence, "reference", "r.md #1", 0.8, "support", probability=0.7)])
    aligner = CountingAligner()
    context = CheckContext(aligner)
    settle_misplaced_support([(result, None)], context=context)
    assert result.evidence[0].relation == "contradiction"
    assert aligner.asked == [(claim, evidence)]
    result.status = "contradicted"
    draft_corrections([ToCorrect(result, claim)], load_judge(Config()), overrules_support, context)
    assert aligner.asked.count((claim, evidence)) == 1
    assert result.alignment["evidence"] == evidence


def test_a_check_aligns_each_distinct_pair_once(monkeypatch):
    import truthometer.alignment as alignment
    from truthometer.config import Config
    from truthometer.pipeline import Checker

    aligner = CountingAligner()
    monkeypatch.setattr(alignment, "align_many", aligner)
    text = "The Eiffel Tower was completed in 1899. It is located in Lyon."
    reference = "The Eiffel Tower was completed in 1889. The Eiffel Tower is located in Paris, France."
    report = Checker(Config()).check(text, [("ref.md", reference)])
    assert [s.status for s in report.sentences] == ["contradicted", "contradicted"]
    assert aligner.asked and len(aligner.asked) == len(set(aligner.asked))


def test_the_features_read_the_checks_parses_and_vectors_and_without_one_a_fresh_context():
    from truthometer.judging.nli.features import featurise, remember

    claim, evidence = "The tower was finished in 1889.", "The tower was completed in 1889."
    nlp = models.nlp()
    u, v = np.zeros(384, np.float32), np.zeros(384, np.float32)
    u[0], v[1] = 1.0, 1.0  # orthogonal stand-ins: the real embeddings of these two are close
    context = CheckContext()
    assert remember({claim: nlp(claim)[:], evidence: nlp(evidence)[:], "A -LRB- b -RRB- .": nlp("x")},
                    {claim: u, evidence: v, "A -LRB- b -RRB- .": u}, context=context) == 2  # PTB text not normalised
    assert featurise([evidence], [claim], context=context)[0, -1] == 0.0
    with active(context):  # the check in progress, as the judge's features find it
        assert featurise([evidence], [claim])[0, -1] == 0.0
    # Vectors belong to one precision: another embeds afresh (and still reuses the parses).
    assert featurise([evidence], [claim], precision="int8", context=context)[0, -1] > 0.5
    # Outside a check nothing of another check's is read: a fresh context for the call.
    assert featurise([evidence], [claim])[0, -1] > 0.5


def test_the_method_is_a_strategy_the_pipeline_asks():
    from truthometer.check_methods import CheckMethod, DetectorMethod, JudgeMethod, method_for
    from truthometer.config import Config
    from truthometer.pipeline import Checker

    assert isinstance(method_for(Config(method="nli")), JudgeMethod)
    assert {method_for(Config(method=m)).name for m in ("cosine", "overlap", "keyword", "hybrid")} \
        == {"cosine", "overlap", "keyword", "hybrid"}
    assert all(isinstance(method_for(Config(method=m)), DetectorMethod) for m in ("cosine", "hybrid"))

    class EverythingSupports(CheckMethod):
        """A method of its own: every relevant evidence sentence supports the claim."""

        name = "cosine"  # a configuration's method name; the pipeline never reads it

        def relate(self, c, pairs, reading, as_read):
            for ev in c.result.evidence:
                ev.relation = "support"
            return None

    class Checking(Checker):
        @property
        def method(self):
            return EverythingSupports(self.config)

    text = "The Eiffel Tower is located in Paris."
    reference = "The Eiffel Tower stands in Paris, on the Champ de Mars."
    assert Checking(Config(method="cosine")).check(text, [("ref.md", reference)]).sentences[0].status == "supported"


def test_the_relation_stage_returns_its_changes_and_the_pipeline_applies_them():
    from truthometer.report import Evidence, SentenceResult
    from truthometer.verdicts import (Flag, Relabel, apply_relabels, misplaced_supports,
                                      outweighed_contradictions)

    claim = "The canal itself runs for about 640 kilometres."
    evidence = Evidence("The river basin is about 640 km long, while the canal itself is about 85 km long.",
                        "reference", "r.md #1", 0.8, "support", probability=0.7)
    result = SentenceResult(0, claim, 0, len(claim), "supported", "", 0.8, [evidence])
    changes = misplaced_supports([(result, None)])
    assert changes == [Relabel(result, evidence, "contradiction", True, Flag.MISPLACED_SUPPORT)]
    assert evidence.relation == "support" and evidence.probability == 0.7 and not result.flags  # untouched
    apply_relabels(changes)
    assert evidence.relation == "contradiction" and evidence.probability is None
    assert result.flags == [Flag.MISPLACED_SUPPORT]

    weak = Evidence("It was completed in 1889.", "reference", "r.md #2", 0.6, "contradiction", probability=0.8)
    sure = Evidence("It is located in Paris.", "reference", "r.md #3", 0.7, "support", probability=0.99)
    located = SentenceResult(1, "The tower is located in Paris.", 0, 30, "supported", "", 0.7, [weak, sure])
    outweighed = outweighed_contradictions(located)
    assert weak.relation == "contradiction" and [c.relation for c in outweighed] == ["related", None]
    apply_relabels(outweighed)
    assert weak.relation == "related" and weak.probability == 0.8 and located.flags == [Flag.OUTWEIGHED]


def test_the_judges_readings_are_returned_not_written():
    from truthometer.report import Evidence
    from truthometer.verdicts import apply_relabels, judge_readings

    best = Evidence("The tower was completed in 1889.", "reference", "r.md #1", 0.9, "related")
    far = Evidence("The city has many bridges.", "reference", "r.md #2", 0.5, "related")
    pairs = [(best, best.score), (far, far.score)]
    changes = judge_readings([best, far], pairs, [[0.9, 0.05, 0.05], [0.05, 0.05, 0.9]])
    assert best.relation == far.relation == "related" and best.probability is None  # untouched
    # A contradiction from evidence far below the best match is no relation at all.
    assert [(c.evidence, c.relation, c.probability) for c in changes] == [(best, "support", 0.9),
                                                                          (far, "related", 0.9)]
    apply_relabels(changes)
    assert (best.relation, best.probability, far.relation) == ("support", 0.9, "related")


def test_the_context_embeds_a_text_once_and_reuses_what_retrieval_embedded():
    import numpy as np

    from truthometer.check_context import CheckContext
    from truthometer.config import Config

    config, context = Config(), CheckContext()
    sentinel = np.full(384, 0.5, dtype=np.float32)
    context.vectors_of(config)["Kept by retrieval."] = sentinel
    got = context.embed(["Kept by retrieval.", "A new part.", "A new part."], config)
    assert np.array_equal(got[0], sentinel)  # read, not embedded again
    assert np.array_equal(got[1], got[2]) and abs(float(np.linalg.norm(got[1])) - 1.0) < 1e-5
    assert "A new part." in context.vectors_of(config)
