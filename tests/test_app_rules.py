"""The knowledge base page's "Commonsense rules" section, through Streamlit's AppTest: curators add, approve,
reject and edit rules (each text checked as a rule first), other roles only read them."""
from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from truthometer.argumentation.commonsense import add_rule, rule_entries
from truthometer.knowledge import KnowledgeBase

from kb_support import hash_embedder, page_as, team_kb
from ui.text import plain_md

PAGE = "pages/2_Knowledge_base.py"
SOURCE = "[family](javascript:alert(1)) *notes*"
ROLES = {"ed": ["editor"], "cy": ["curator"], "cu": ["curator"]}


@pytest.fixture()
def team(tmp_path, monkeypatch):
    """Users (an editor, two curators), one fact and one pending rule proposed by cy."""
    kb_dir, kb = team_kb(tmp_path, monkeypatch, ROLES)
    kb.add("The ferry leaves the harbour at noon.", "timetable", status="approved", created_by="cy")
    add_rule(kb, "sibling(X, Y) <- brother(X, Y).", source=SOURCE, created_by="cy")
    kb.close()
    return kb_dir


def _kb(kb_dir) -> KnowledgeBase:
    return KnowledgeBase(kb_dir, embedder=hash_embedder, seed=None)


def _as(name: str) -> AppTest:
    return page_as(PAGE, name, ROLES)


def _button(at: AppTest, label: str):
    found = [b for b in at.button if b.label == label]
    assert found, [b.label for b in at.button]
    return found[0]


def _add(at: AppTest, text: str, source: str = "") -> AppTest:
    at.text_input(key="kb-rule-text").set_value(text)
    at.text_input(key="kb-rule-source").set_value(source)
    _button(at, "Add rule").click().run()
    assert not at.exception
    return at


def test_rules_are_listed_in_their_own_section_not_among_the_facts(team):
    at = _as("cu")
    assert [s for s in at.subheader if s.value == "Commonsense rules"]
    assert "1 entries" in at.caption[0].value  # the fact only
    assert [s for s in at.selectbox if s.label == "Entry"][0].options == ["#1 The ferry leaves the harbour at noon."]
    [table] = [d for d in at.dataframe if "rule" in d.value.columns]
    assert list(table.value["rule"]) == ["sibling(X, Y) <- brother(X, Y)."]
    assert list(table.value["status"]) == ["pending"] and list(table.value["created by"]) == ["cy"]
    # The source is shown escaped in Markdown: no link, no emphasis.
    [caption] = [c for c in at.caption if c.value.startswith("#2 ")]
    assert f"source: {plain_md(SOURCE)} ·" in caption.value and r"\[family\]" in caption.value


def test_a_curator_adds_a_valid_rule_as_pending(team):
    at = _add(_as("cu"), "mammal(X) -< whale(X)", source="zoology notes")
    assert not at.error
    assert any("Added rule #3 (pending" in s.value for s in at.success)
    kb = _kb(team)
    added = kb.get(3)
    assert added.text == "mammal(X) -< whale(X)." and added.status == "pending"
    assert added.source == "zoology notes" and added.created_by == "cu"
    assert added.provenance["kind"] == "rule"
    [table] = [d for d in at.dataframe if "rule" in d.value.columns]
    assert "mammal(X) -< whale(X)." in list(table.value["rule"])


@pytest.mark.parametrize("text, says", [
    ("mammal(X) -< whale(X", "nothing was stored: 1:21"),  # syntax, at line and column
    ("whale(moby).", "needs a body"),                           # a fact is what evidence states
    ("parent(X, Y) <- person(X).", "must appear in the body"),  # Y unbound
    ("claim <- whale(X).", "evidence program uses"),
])
def test_a_malformed_rule_is_refused_with_a_message_and_nothing_is_stored(team, text, says):
    at = _add(_as("cu"), text)
    assert any(says in e.value for e in at.error), [e.value for e in at.error]
    assert not at.success
    assert len(rule_entries(_kb(team), None)) == 1 and _kb(team).stats()["total"] == 2


def test_approving_a_rule_goes_through_the_same_curation_as_facts(team):
    own = _as("cy")  # cy proposed it: another curator must approve
    _button(own, "Approve this rule").click().run()
    assert any("another curator must approve" in e.value for e in own.error)
    assert _kb(team).get(2).status == "pending"
    other = _as("cu")
    _button(other, "Approve this rule").click().run()
    assert not other.exception and not other.error
    assert any("Approved rule #2" in s.value for s in other.success)
    rule = _kb(team).get(2)
    assert rule.status == "approved" and rule.reviewed_by == "cu"
    assert [r.text for r in rule_entries(_kb(team))] == ["sibling(X, Y) <- brother(X, Y)."]
    assert _button(other, "Approve this rule").disabled


def test_a_rule_edit_is_checked_again(team):
    at = _as("cu")
    at.text_input(key="kb-rule-edit-text-2").set_value("sibling(X, Y) <- brother(X, Z).")
    _button(at, "Save rule edit").click().run()
    assert any("must appear in the body" in e.value for e in at.error)
    assert _kb(team).get(2).text == "sibling(X, Y) <- brother(X, Y)."
    at.text_input(key="kb-rule-edit-text-2").set_value("sibling(X, Y)   -<  brother(X, Y)")
    _button(at, "Save rule edit").click().run()
    assert not at.exception and not at.error
    assert any("Saved rule #2" in s.value for s in at.success)
    edited = _kb(team).get(2)
    assert edited.text == "sibling(X, Y) -< brother(X, Y)." and edited.status == "pending"
    assert [h["actor"] for h in _kb(team).history(2)][-1] == "cu"


def test_an_editor_sees_the_rules_but_cannot_add_or_curate_them(team):
    at = _as("ed")
    [table] = [d for d in at.dataframe if "rule" in d.value.columns]
    assert list(table.value["rule"]) == ["sibling(X, Y) <- brother(X, Y)."]
    labels = [b.label for b in at.button]
    assert not {"Add rule", "Save rule edit", "Approve this rule", "Reject this rule"} & set(labels), labels
    assert not [t for t in at.text_input if t.key in ("kb-rule-text", "kb-rule-edit-text-2")]
    assert [c for c in at.code if c.value == "sibling(X, Y) <- brother(X, Y)."]
