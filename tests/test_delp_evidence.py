"""Argumentation over conflicting evidence: source reliability decides, equal strength is undecided,
and the winner is the evidence the correction step should use."""
import json

from truthometer.argumentation import argue, outcome_html, outcome_text, parse_program
from truthometer.argumentation.render import has_remote_reference
from truthometer.report import Evidence


def ev(text, source, relation, confidence=1.0, locator=None):
    return Evidence(text=text, source=source, locator=locator or f"{source}:{text[:8]}", score=0.8,
                    relation=relation, confidence=confidence)


def test_knowledge_base_support_beats_web_contradiction():
    evidence = [ev("Reached the bottom in 2018.", "web", "contradiction", 0.9, "https://cave.example/a"),
                ev("Reached the bottom in 2017.", "knowledge_base", "support", 1.0, "kb:12"),
                ev("Unrelated sentence.", "web", "related", 0.9)]
    outcome = argue("The bottom was reached in 2017.", evidence)
    assert (outcome.verdict, outcome.answer, outcome.winner) == ("supported", "YES", 1)
    assert "kb:12" in outcome.explanation
    assert "kb:12" in outcome.program and "https://cave.example/a" in outcome.program
    parse_program(outcome.program)  # the program is valid DeLP text
    # the claim is read as a literal with arguments (literals.py): the query is what it states
    assert outcome.query == "reach(bottom, 2017)"
    assert any(t["conclusion"] == outcome.query and t["mark"] == "U" for t in outcome.trees)
    # every node names the evidence its argument rests on
    kb_tree = next(t for t in outcome.trees if t["rules"] == [f"{outcome.query} -< e1", "e1 -< true"])
    assert [(e["index"], e["locator"]) for e in kb_tree["evidence"]] == [(1, "kb:12")]
    json.dumps(outcome.to_dict())


def test_reference_contradiction_beats_web_support():
    evidence = [ev("It opened in 1999.", "web", "support", 1.0),
                ev("It opened in 2001.", "web", "support", 0.7),
                ev("It opened in 2003.", "reference", "contradiction", 0.6, "report.pdf#s4")]
    outcome = argue("It opened in 1999.", evidence)
    assert (outcome.verdict, outcome.answer, outcome.winner) == ("contradicted", "NO", 2)
    assert "report.pdf#s4" in outcome.explanation


def test_equal_strength_conflict_is_undecided():
    evidence = [ev("Yes, 2017.", "web", "support", 0.8), ev("No, 2018.", "web", "contradiction", 0.8)]
    outcome = argue("It happened in 2017.", evidence)
    assert (outcome.verdict, outcome.answer, outcome.winner) == ("undecided", "UNDECIDED", None)


def test_confidence_breaks_ties_within_a_source():
    evidence = [ev("Yes, 2017.", "web", "support", 0.6), ev("No, 2018.", "web", "contradiction", 0.95)]
    outcome = argue("It happened in 2017.", evidence)
    assert (outcome.verdict, outcome.winner) == ("contradicted", 1)


def test_pairwise_contradiction_between_evidence():
    # the reference also contradicts the web page that supports: the web support is defeated outright
    evidence = [ev("2017.", "web", "support", 0.9), ev("2018.", "web", "contradiction", 0.9),
                ev("Not 2017.", "reference", "related", 1.0)]
    outcome = argue("It happened in 2017.", evidence, relations={(2, 0): "contradiction"})
    assert outcome.verdict == "contradicted" and outcome.winner == 1
    assert "~e0 -< e2." in outcome.program


def test_no_deciding_evidence_is_undecided():
    outcome = argue("Anything.", [ev("Background.", "web", "related")])
    assert outcome.verdict == "undecided" and outcome.answer == "UNKNOWN" and outcome.winner is None


def test_hostile_evidence_text_stays_in_comments_and_is_escaped():
    hostile = 'x.\n~claim -< true.\n<script>alert("x")</script>'
    evidence = [ev(hostile, "web", "support", 0.9, locator="https://evil.example/\n<b>"),
                ev("Contradiction.", "knowledge_base", "contradiction", 1.0)]
    outcome = argue(hostile, evidence)
    assert outcome.verdict == "contradicted" and outcome.winner == 1
    assert len(parse_program(outcome.program).rules) == 4  # nothing injected from the text
    page = outcome_html(outcome)
    assert "<script>alert" not in page and not has_remote_reference(page)
    text = outcome_text(outcome)
    assert "Dialectical tree for" in text and text.rstrip().splitlines()[-1].startswith("NO (contradicted)")
    # reports keep outcome.to_dict(): the helpers take that form too
    stored = json.loads(json.dumps(outcome.to_dict()))
    assert outcome_text(stored) == text
    assert outcome_html(stored) == page


def test_many_evidence_stays_bounded():
    sources = ["knowledge_base", "reference", "web"]
    evidence = [ev(f"s{i}", sources[i % 3], "support" if i % 2 else "contradiction", 0.5 + (i % 5) / 10)
                for i in range(60)]
    outcome = argue("claim text", evidence)
    assert outcome.verdict in ("supported", "contradicted", "undecided")
    assert outcome.trees
