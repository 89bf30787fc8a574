"""The analyst's and curator's pages through Streamlit's AppTest."""
import json

import pytest
from streamlit.testing.v1 import AppTest

from truthometer.report import Evidence, Report, SentenceResult


def test_trees_page_answers_and_reports_syntax_errors():
    at = AppTest.from_file("../pages/1_Dialectical_trees.py", default_timeout=60)
    at.run()
    assert not at.exception
    assert at.subheader[0].value == "Answer: YES"  # the example: the knowledge base outranks the web
    at.radio(key="delp-origin").set_value("Write my own").run()
    area = at.text_area[0]
    area.set_value("bird(tweety).\nflies(X) -< bird(X).\n~flies(X) -< bird(X), penguin(X).\npenguin(tweety).\n").run()
    at.text_input[0].set_value("flies(tweety)").run()
    at.radio[1].set_value("specificity").run()
    assert not at.exception
    assert at.subheader[0].value == "Answer: NO"
    at.text_area[0].set_value("flies(X) -< bird(X)\nbird(tweety).").run()
    assert not at.exception
    assert at.error and "2:1" in at.error[0].value


def test_trees_page_builds_the_program_of_a_checked_sentence():
    at = AppTest.from_file("../pages/1_Dialectical_trees.py", default_timeout=60)
    sentence = SentenceResult(0, "The cave's bottom was reached in 2017.", 0, 38, "contradicted", "r", evidence=[
        Evidence("The cave's bottom was reached in 2018.", "knowledge_base", "kb:1", 0.9, "contradiction"),
        Evidence("The cave's bottom was reached in 2017.", "web", "http://x.test/a", 0.95, "support", confidence=0.5)])
    at.session_state["reports"] = {"k": Report(sentence.text, [sentence])}
    at.session_state["current"] = "k"
    at.run()
    assert not at.exception
    assert at.subheader[0].value == "Answer: NO"
    assert "knowledge" in at.text_area[0].value
    # Each node names its evidence, and the trees download as JSON and as `delp`'s text.
    evidence = " ".join(at.dataframe[-1].value["evidence"])
    assert "knowledge_base kb:1: The cave's bottom was reached in 2018." in evidence
    assert [b.label for b in at.get("download_button")] == ["Trees as JSON", "Trees as text"]


def test_trees_page_shows_the_program_the_check_settled_the_sentence_with():
    """Relations between evidence found during the check are in the program shown, not rebuilt without them."""
    from truthometer.argumentation import argue

    evidence = [Evidence("The record was 9.58 seconds in 2009.", "reference", "ref #1", 0.9, "contradiction"),
                Evidence("The record was 9.69 seconds in 2008.", "web", "http://x.test/a", 0.9, "support"),
                Evidence("The record fell to 9.58 seconds.", "web", "http://x.test/b", 0.8, "contradiction")]
    outcome = argue("The record is 9.69 seconds.", evidence, relations={(0, 1): "contradiction"})
    assert "~e1 -< e0." in outcome.program
    sentence = SentenceResult(0, "The record is 9.69 seconds.", 0, 27, outcome.verdict, "r", evidence=evidence,
                              argumentation=outcome.to_dict())
    at = AppTest.from_file("../pages/1_Dialectical_trees.py", default_timeout=60)
    at.session_state["reports"] = {"k": Report(sentence.text, [sentence])}
    at.session_state["current"] = "k"
    at.run()
    assert not at.exception
    assert at.text_area[0].value == outcome.program
    assert at.radio(key=[r.key for r in at.radio if r.key and r.key.startswith("delp-criterion")][0]).value \
        == outcome.criterion


@pytest.fixture()
def kb_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_KB", str(tmp_path))
    from truthometer.knowledge import KnowledgeBase

    from kb_support import hash_embedder

    kb = KnowledgeBase(tmp_path, embedder=hash_embedder, seed=None)
    kb.propose("The bridge opened in 1932.", source="web", locator="http://example.test/a", confidence=0.6)
    kb.propose("The <b>dam</b> holds 3 km³ of water.", source="web", locator="http://example.test/b", confidence=0.4)
    kb.add("Paris is the capital of France.", "seed", status="approved", created_by="seed")
    kb.close()
    return tmp_path


def test_knowledge_base_page_filters_and_curates(kb_dir):
    at = AppTest.from_file("../pages/2_Knowledge_base.py", default_timeout=120)
    at.run()
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics == {"total": "3", "approved": "1", "pending": "2", "rejected": "0"}
    at.selectbox(key="kb-status").set_value("pending")
    at.button[0].click().run()  # the search form's submit button
    assert not at.exception
    assert "2 entries" in at.caption[0].value
    at.text_input(key="reviewer").set_value("curator").run()
    table = at.get("arrow_data_editor")[0] if at.get("arrow_data_editor") else None
    # Select both pending entries through the editor's state and approve them in bulk.
    at.session_state["kb-table"] = {"edited_rows": {0: {"select": True}, 1: {"select": True}},
                                    "added_rows": [], "deleted_rows": []}
    at.run()
    approve = [b for b in at.button if b.label.startswith("Approve 2")]
    assert approve, [b.label for b in at.button]
    approve[0].click().run()
    assert not at.exception
    from truthometer.knowledge import KnowledgeBase

    from kb_support import hash_embedder

    kb = KnowledgeBase(kb_dir, embedder=hash_embedder, seed=None)
    assert kb.stats()["approved"] == 3
    assert kb.history(1)[-1]["actor"] == "curator"


def test_knowledge_base_page_text_search(kb_dir):
    at = AppTest.from_file("../pages/2_Knowledge_base.py", default_timeout=120)
    at.run()
    at.text_input(key="kb-query").set_value("bridge")
    at.radio(key="kb-mode").set_value("text")
    at.button[0].click().run()
    assert not at.exception
    assert "1 entries" in at.caption[0].value


def test_an_edited_entry_shows_at_once_in_the_table(kb_dir):
    at = AppTest.from_file("../pages/2_Knowledge_base.py", default_timeout=120)
    at.run()
    at.text_input(key="reviewer").set_value("curator").run()
    [picker] = [s for s in at.selectbox if s.label == "Entry"]
    chosen = picker.value
    [box] = [t for t in at.text_area if t.label == "Text"]
    box.set_value("The bridge opened in 1937.")
    [b for b in at.button if b.label == "Save edit"][0].click().run()
    assert not at.exception
    assert any(f"Saved entry #{chosen}" in s.value for s in at.success)
    assert "The bridge opened in 1937." in list(at.dataframe[0].value["text"])
