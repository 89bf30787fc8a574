"""Only a correction the evidence entails is proposed (truthometer.corrections.proposals)."""
from truthometer.config import Config
from truthometer.corrections.proposals import WITHHELD_NOTE, entailed, premise_of, withhold_unentailed
from truthometer.judging.nli import load_judge
from truthometer.verdicts import overrules_support
from truthometer.report import SentenceResult, Substitution, Suggestion

EVIDENCE = "The Golden Gate Bridge opened to traffic on May 27, 1937, after four years of construction."


def test_a_draft_the_evidence_states_passes_and_one_it_denies_does_not():
    drafts = ["The Golden Gate Bridge opened in 1937.",        # what the evidence says
              "The Golden Gate Bridge did not open in 1937.",  # a negation the evidence denies
              "The Golden Gate Bridge opened in 1933."]        # another year
    verdicts = entailed(load_judge(Config()), [EVIDENCE] * 3, drafts, overrules_support)
    assert verdicts == [True, False, False]


def test_a_withheld_draft_leaves_the_flag_and_says_why():
    def result(index, text, corrected):
        sub = Substitution("1933", corrected.split()[-1].rstrip("."), len(text) - 5, len(text) - 1, "date", EVIDENCE, "ref #1")
        return SentenceResult(index, text, 0, len(text), "contradicted", "wrong year",
                              suggestion=Suggestion(corrected, [sub]))

    good = result(0, "The Golden Gate Bridge opened in 1933.", "The Golden Gate Bridge opened in 1937.")
    bad = result(1, "The Golden Gate Bridge opened in 1933.", "The Golden Gate Bridge did not open in 1933.")
    assert premise_of(good.suggestion, "fallback") == EVIDENCE
    assert withhold_unentailed([(good, EVIDENCE), (bad, EVIDENCE)], load_judge(Config()), overrules_support) == 1
    assert good.suggestion is not None and WITHHELD_NOTE not in good.notes
    assert bad.suggestion is None and bad.status == "contradicted" and WITHHELD_NOTE in bad.notes


def test_a_carried_over_correction_passes_the_same_gate():
    from truthometer.corrections.proposals import propagate_corrections

    designer = "Charles Ellis designed the Golden Gate Bridge."
    first = "Joseph Strauss designed the Golden Gate Bridge."
    sub = Substitution("Joseph Strauss", "Charles Ellis", 0, 14, "entity", designer, "ref #2")
    texts = [first, "Joseph Strauss designed the Golden Gate Bridge alone.",
             "Joseph Strauss did not design the Golden Gate Bridge.", "Joseph Strauss was born in Cincinnati."]
    statuses = ["contradicted", "unverifiable", "unverifiable", "supported"]
    results = [SentenceResult(i, t, 0, len(t), statuses[i], "") for i, t in enumerate(texts)]
    results[0].suggestion = Suggestion("Charles Ellis designed the Golden Gate Bridge.", [sub])
    # Without the judge, every later sentence naming him is rewritten, but for one its evidence supports.
    unjudged = [SentenceResult(r.index, r.text, 0, len(r.text), r.status, "", suggestion=r.suggestion) for r in results]
    assert propagate_corrections(unjudged) == 0
    assert [r.suggestion.corrected for r in unjudged[1:3]] == ["Charles Ellis designed the Golden Gate Bridge alone.",
                                                               "Charles Ellis did not design the Golden Gate Bridge."]
    assert unjudged[3].suggestion is None  # its own evidence supports it as written
    # With it, the rewrite the evidence contradicts is not proposed.
    assert propagate_corrections(results, load_judge(Config()), overrules_support) == 1
    assert results[1].suggestion.corrected == "Charles Ellis designed the Golden Gate Bridge alone."
    assert "carried over from the correction of sentence 1" in results[1].suggestion.note
    assert results[2].suggestion is None


def test_evidence_not_about_a_draft_lets_nothing_through_and_is_not_judged():
    class Reading:
        """The real judge, counting the pairs it reads."""

        def __init__(self):
            self.judge, self.read = load_judge(Config()), 0

        def predict(self, premises, hypotheses):
            self.read += len(premises)
            return self.judge.predict(premises, hypotheses)

    unrelated = "Sourdough bread rises slowly because wild yeast ferments the dough overnight."
    drafts = ["The Golden Gate Bridge opened in 1937.", "The Golden Gate Bridge opened in 1937."]
    judge = Reading()
    floor = Config().relevance_floor
    assert entailed(judge, [EVIDENCE, unrelated], drafts, overrules_support, relevance_floor=floor) == [True, False]
    assert judge.read == 1  # the unrelated evidence was never read
    # Without a floor the same evidence is read, and still entails nothing.
    assert entailed(judge, [unrelated], drafts[:1], overrules_support) == [False]
    assert judge.read == 2, judge.read


def test_the_relevance_floor_is_read_with_the_embedder_it_is_given():
    """The check hands the gate its own vectors (the judge's precision), so no second encoder is loaded."""
    import numpy as np

    asked: list[str] = []

    def orthogonal(texts):  # each distinct text on its own axis: no text is similar to another
        asked.extend(t for t in texts if t not in asked)
        return np.eye(8, dtype=np.float32)[[asked.index(t) for t in texts]]

    drafts = ["The Golden Gate Bridge opened in 1937."]
    floor = Config().relevance_floor
    assert entailed(load_judge(Config()), [EVIDENCE], drafts, overrules_support, relevance_floor=floor) == [True]
    assert entailed(load_judge(Config()), [EVIDENCE], drafts, overrules_support, relevance_floor=floor,
                    embed=orthogonal) == [False]
    assert set(asked) == {EVIDENCE, drafts[0]}


def test_a_check_that_carries_a_correction_over_embeds_with_the_judges_precision_only(monkeypatch):
    from truthometer import models
    from truthometer.pipeline import Checker

    precisions = []
    real = models.embed
    monkeypatch.setattr(models, "embed", lambda texts, config=None: (
        precisions.append((config or Config()).precision), real(texts, config))[1])
    # The second sentence names the corrected name and has no correction of its own: one is carried over.
    text = "Joseph Strauss designed the Golden Gate Bridge in 1931. Joseph Strauss was an engineer from Cincinnati."
    report = Checker(Config(), []).check(text, [("ref", "Charles Ellis designed the Golden Gate Bridge in 1931. "
                                                        "Charles Ellis designed its towers.")])
    assert any(s.suggestion for s in report.sentences)
    assert set(precisions) == {load_judge(Config()).precision}, precisions


def test_the_gate_reads_the_cascade_and_the_head_then_the_alignment():
    import numpy as np

    from truthometer.corrections.proposals import judge_reads_entailment

    class TwoReadings:
        """A judge whose cascade and head say what the test needs (entailment is column 0)."""

        def __init__(self, cascade, head):
            self.cascade, self.head = np.array(cascade, dtype=float), None if head is None else np.array(head, dtype=float)

        def readings(self, premises, hypotheses):
            return self.cascade[:len(premises)], None if self.head is None else self.head[:len(premises)]

    neutral, entails, contradicts = (0.2, 0.7, 0.1), (0.8, 0.1, 0.1), (0.1, 0.2, 0.7)
    judge = TwoReadings([neutral, entails, contradicts], [entails, neutral, contradicts])
    pairs = [EVIDENCE] * 3, ["The Golden Gate Bridge opened in 1937."] * 3
    assert judge_reads_entailment(judge, *pairs) == [True, True, False]
    assert judge_reads_entailment(TwoReadings([neutral, entails, contradicts], None), *pairs) == [False, True, False]
    # Where neither reading is entailment, the alignment admits a draft it finds stated slot by slot, and
    # nothing else: not one with a slot the evidence does not state.
    assert entailed(TwoReadings([neutral], [contradicts]), [EVIDENCE], ["The Golden Gate Bridge opened in 1937."],
                    overrules_support) == [True]
    assert entailed(TwoReadings([neutral], [contradicts]), [EVIDENCE],
                    ["The Golden Gate Bridge opened in 1937 in a storm."], overrules_support) == [False]
    # And one the judge reads as entailed is withheld when the alignment substitutes a date.
    assert entailed(TwoReadings([entails], [entails]), [EVIDENCE], ["The Golden Gate Bridge opened in 1933."],
                    overrules_support) == [False]


def test_a_draft_is_read_without_its_markup_and_with_a_pronouns_sentence_as_evidence():
    from truthometer.judging.nli import load_judge as judge_of

    # The judge reads "It was completed ..." / "The tower was completed ..." as a contradiction; the alignment
    # states every slot. And a link's Markdown is no part of what the evidence says.
    assert entailed(judge_of(Config()), ["It was completed in 1889 for the World's Fair.",
                                         "The Eiffel Tower was completed in 1889 [click](javascript:alert(1)) :red[red] $x^2$."],
                    ["The tower was completed in 1889.", "The Eiffel Tower was completed in 1889 :red[red] **bold**."],
                    overrules_support) == [True, True]


def test_a_correction_keeps_the_claims_subject_where_the_contradicting_evidence_is_about_another():
    from truthometer.alignment import align
    from truthometer.corrections.proposals import ToCorrect, draft_corrections
    from truthometer.report import Evidence

    claim = "Larry Page founded Amazon in 1998."
    rival = "Jeff Bezos co-founded Amazon in 1994."
    own = "Larry Page co-founded Google in 1998 with Sergey Brin."
    assert align(claim, rival).names_another_subject
    assert not align(claim, "He co-founded Amazon in 1994.").names_another_subject  # may be Larry Page
    assert not align(claim, own).names_another_subject

    def result():
        # The judge read the rival as contradicting and the sentence about the claim's subject as related.
        return SentenceResult(0, claim, 0, len(claim), "contradicted", "",
                              evidence=[Evidence(rival, "reference", "ref #2", 0.8, "contradiction"),
                                        Evidence(own, "reference", "ref #1", 0.6, "related")])

    fixed = result()
    draft_corrections([ToCorrect(fixed, claim)], load_judge(Config()), overrules_support)
    assert fixed.suggestion is not None and "Google" in fixed.suggestion.corrected
    assert fixed.suggestion.corrected.startswith("Larry Page")
    assert fixed.alignment["evidence"] == own
    # With no evidence about the claim's own subject, the rival's is the one read (and the gate decides).
    alone = result()
    alone.evidence = alone.evidence[:1]
    draft_corrections([ToCorrect(alone, claim)], load_judge(Config()), overrules_support)
    assert alone.alignment["evidence"] == rival


def test_a_draft_is_read_with_the_evidence_that_states_what_it_keeps():
    from truthometer.pipeline import check

    report = check("He set the record at the 2014 Indoor Games in Oslo.", config=Config(method="nli"), references=[
        ("ref.md", "He ran the time in the final of the Indoor Games in Bergen, Norway. The indoor 60 metres record "
                   "of 6.34 seconds was set by Erik Dahl of Norway on 3 March 2014.")])
    [s] = report.sentences
    assert s.status == "contradicted" and s.suggestion is not None
    assert "Bergen" in s.suggestion.corrected and "Oslo" not in s.suggestion.corrected
    # The year the draft keeps comes from the other sentence: the gate read the draft with it.
    [context] = s.suggestion.context
    assert "2014" in context and context in premise_of(s.suggestion, "fallback")
    assert s.suggestion.to_dict()["context"] == [context]


def test_a_draft_whose_new_words_its_context_fills_otherwise_is_withheld():
    from truthometer.corrections.proposals import _drop_contradicting_context

    text = "Its Quick cycle washes at 50 °C and lasts 30 minutes."

    def drafted(context):
        sub = Substitution("50", "65", text.index("50"), text.index("50") + 2, "number",
                           "The Intensive programme washes at 65 °C.", "ref #1")
        return SentenceResult(0, text, 0, len(text), "contradicted", "", suggestion=Suggestion(
            text.replace("50", "65"), [sub], context=[context]))

    denied = drafted("The Quick programme runs at 40 °C and takes 30 minutes to complete.")
    kept = drafted("The Quick programme takes 30 minutes to complete.")
    _drop_contradicting_context([denied, kept], overrules_support)
    assert denied.suggestion is None and WITHHELD_NOTE in denied.notes
    assert kept.suggestion is not None


def test_where_the_first_draft_is_not_entailed_a_second_one_that_is_is_proposed():
    text = "The Golden Gate Bridge opened in 1933."

    def suggestion(corrected):
        sub = Substitution("1933", corrected.split()[-1].rstrip("."), len(text) - 5, len(text) - 1, "date",
                           EVIDENCE, "ref #1")
        return Suggestion(corrected, [sub])

    bad_first = SentenceResult(0, text, 0, len(text), "contradicted", "", suggestion=suggestion(
        "The Golden Gate Bridge did not open in 1933."))
    alone = SentenceResult(1, text, 0, len(text), "contradicted", "", suggestion=suggestion(
        "The Golden Gate Bridge did not open in 1933."))
    second = suggestion("The Golden Gate Bridge opened in 1937.")
    withheld = withhold_unentailed([(bad_first, EVIDENCE), (alone, EVIDENCE)], load_judge(Config()),
                                   overrules_support, {id(bad_first): (second, EVIDENCE)})
    assert withheld == 1
    assert bad_first.suggestion is second and WITHHELD_NOTE not in bad_first.notes
    assert alone.suggestion is None and WITHHELD_NOTE in alone.notes


def test_a_rule_tier_draft_makes_the_article_agree():
    from truthometer import models
    from truthometer.corrections.proposals import suggestion_from_mismatches
    from truthometer.judging.rules import find_mismatches
    from truthometer.report import Evidence

    claim = "Ana plays Rosa, a British nurse who runs a clinic."
    evidence = "The film follows Rosa, an American nurse who runs a clinic in Lisbon."
    docs = models.parse_many([claim, evidence])
    mismatches = find_mismatches(docs[claim][:], docs[evidence][:])
    result = SentenceResult(0, claim, 0, len(claim), "contradicted", "")
    s = suggestion_from_mismatches(result, claim, mismatches, Evidence(evidence, "reference", "ref #1", 0.8))
    assert s is not None and s.corrected == "Ana plays Rosa, an American nurse who runs a clinic."
