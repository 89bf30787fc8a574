"""Knowledge enrichment: the LLM proposes facts; they reach the knowledge base only as pending entries."""
import json

import pytest

from fake_llm_server import FakeLLM
from kb_support import hash_embedder
from truthometer.errors import InputError
from truthometer.llm import LLMBadResponse, LLMClient, enrich, qa_to_statement
from truthometer.llm.enrich import parse_confidence

PAIRS = [
    {"question": "When was the Eiffel Tower completed?", "answer": "1889", "confidence": 0.95},
    {"question": "Who designed the Eiffel Tower?", "answer": "Gustave Eiffel's company",
     "statement": "The Eiffel Tower was designed by the engineering company of Gustave Eiffel.",
     "confidence": "high"},
    {"question": "How tall is the Eiffel Tower?", "answer": "330 metres", "confidence": "80%"},
    {"question": "What colour was it painted in 1900?", "answer": None, "confidence": 0},
    {"question": "Where is the Eiffel Tower located?", "answer": "Paris", "statement": "It is great. Really.",
     "confidence": 0.2},
    {"question": "When was the Eiffel Tower completed?", "answer": "1889.", "confidence": 0.9},
]


class Recorder:
    def __init__(self):
        self.proposed = []

    def propose(self, text, source, locator="", confidence=0.5):
        self.proposed.append({"text": text, "source": source, "locator": locator, "confidence": confidence})
        return len(self.proposed)


def client_for(llm):
    return LLMClient(llm.url, "fake-model", timeout=2, backoff=0.01, allow_hosts=("127.0.0.1",))


def reply(pairs):
    return "Here you are:\n```json\n" + json.dumps(pairs) + "\n```"


def test_enrich_proposes_single_fact_statements_as_pending():
    kb = Recorder()
    with FakeLLM([reply(PAIRS)]) as llm:
        out = enrich("Eiffel Tower", client_for(llm), kb=kb)
        prompt = llm.posts[0]["json"]["messages"][-1]["content"]
    assert "Eiffel Tower" in prompt and "confidence" in prompt
    statements = [p["statement"] for p in out]
    assert statements == [
        "The Eiffel Tower was completed in 1889.",
        "The Eiffel Tower was designed by the engineering company of Gustave Eiffel.",
        "The Eiffel Tower is 330 metres tall.",
        None,  # the LLM did not know: soft refusal, nothing proposed
        "The Eiffel Tower is located in Paris.",  # the LLM's two-sentence statement was not used
        "The Eiffel Tower was completed in 1889.",  # the same fact again: not proposed twice
    ]
    assert [p["confidence"] for p in out] == [0.95, 0.9, 0.8, 0.0, 0.2, 0.9]
    assert out[3]["skipped"].startswith("the LLM does not know") and out[5]["skipped"] == "duplicate statement"
    assert [p["text"] for p in kb.proposed] == [s for s in statements[:3]] + [statements[4]]
    assert all(p["source"] == "llm" for p in kb.proposed)
    assert kb.proposed[0]["locator"] == "llm:fake-model; question: When was the Eiffel Tower completed?"
    assert [p["entry_id"] for p in out] == [1, 2, 3, None, 4, None]


def test_enrich_from_questions_and_confidence_floor():
    questions = ["When was the Eiffel Tower completed?", "Where is the Eiffel Tower located?"]
    pairs = [{"question": questions[0], "answer": "1889", "confidence": 0.9},
             {"question": questions[1], "answer": "Paris", "confidence": 0.4}]
    with FakeLLM([json.dumps({"pairs": pairs})]) as llm:
        out = enrich(questions, client_for(llm), min_confidence=0.5)
        prompt = llm.posts[0]["json"]["messages"][-1]["content"]
    assert "1. When was the Eiffel Tower completed?" in prompt and "2. Where is" in prompt
    assert out[0]["statement"] == "The Eiffel Tower was completed in 1889." and out[0]["entry_id"] is None
    assert out[1]["statement"] is None and "below 0.50" in out[1]["skipped"]


def test_enrich_with_the_real_knowledge_base_adds_pending_only(tmp_path):
    from truthometer.knowledge import KnowledgeBase

    kb = KnowledgeBase(tmp_path, embedder=hash_embedder)
    before = kb.stats()
    with FakeLLM([reply(PAIRS)]) as llm:
        out = enrich("Eiffel Tower", client_for(llm), kb=kb)
    added = [p for p in out if p["entry_id"] is not None]
    assert len(added) == 4
    after = kb.stats()
    assert after["approved"] == before["approved"]  # never approved automatically
    assert after["pending"] == before.get("pending", 0) + 4
    for p in added:
        entry = kb.get(p["entry_id"])
        assert entry.status == "pending" and entry.source == "llm" and entry.text == p["statement"]
        assert entry.confidence == pytest.approx(p["confidence"])


def test_enrich_garbage_and_bad_input():
    with FakeLLM(["I'd rather write a poem about towers."]) as llm:
        with pytest.raises(LLMBadResponse, match="JSON list"):
            enrich("Eiffel Tower", client_for(llm))
        with pytest.raises(InputError):
            enrich("  ", client_for(llm))
        with pytest.raises(InputError):
            enrich(["", " "], client_for(llm))


@pytest.mark.parametrize("question, answer, statement", [
    ("When was the Eiffel Tower completed?", "1889", "The Eiffel Tower was completed in 1889."),
    ("Where is the Eiffel Tower located?", "Paris", "The Eiffel Tower is located in Paris."),
    ("Who designed the Eiffel Tower?", "Gustave Eiffel", "Gustave Eiffel designed the Eiffel Tower."),
    ("What is the capital of France?", "Paris", "The capital of France is Paris."),
    ("How tall is the Eiffel Tower?", "330 metres", "The Eiffel Tower is 330 metres tall."),
    ("When did Gustave Eiffel die?", "27 December 1923", "Gustave Eiffel died on 27 December 1923."),
    ("Which river flows through Paris?", "The Seine", "The Seine flows through Paris."),
    ("What is the Louvre?", "The Louvre is an art museum in Paris.", "The Louvre is an art museum in Paris."),
    ("How many people visit it each year?", "7 million", None),
])
def test_question_and_answer_to_statement(question, answer, statement):
    assert qa_to_statement(question, answer) == statement


def test_parse_confidence():
    assert [parse_confidence(v) for v in (0.7, "0.7", "70%", 70, "high", "low", None, "?", 3.5e3, -1, True)] == \
        [0.7, 0.7, 0.7, 0.7, 0.9, 0.3, 0.5, 0.5, 1.0, 0.0, 0.5]


def test_enrich_command_adds_pending_entries(tmp_path, capsys, monkeypatch):
    import argparse

    from truthometer.knowledge import open_kb
    from truthometer.llm import enrich_cli

    monkeypatch.setenv("TRUTHOMETER_LLM_ALLOW_HOSTS", "127.0.0.1")  # the fake server is local
    parser = argparse.ArgumentParser()
    enrich_cli.register(parser.add_subparsers())
    with FakeLLM([reply(PAIRS[:3])]) as llm:
        args = parser.parse_args(["enrich", "--topic", "Eiffel Tower", "--llm-url", llm.url, "--model", "m",
                                  "--kb", str(tmp_path / "kb")])
        assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["added_pending"] == 3 and out["llm"]["calls"] == 1
    kb = open_kb(tmp_path / "kb")
    pending = kb.list(status="pending")
    assert sorted(e.text for e in pending) == sorted(p["statement"] for p in out["proposals"])
    assert all(e.source == "llm" for e in pending)
    kb.close()
