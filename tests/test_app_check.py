"""The check page through Streamlit's AppTest (headless, no browser)."""
import json

import pytest
from streamlit.testing.v1 import AppTest

TEXT = "The Eiffel Tower was completed in 1899. I think it is lovely. <script>alert('x')</script> Koalas sleep a lot."
REFERENCE = "The Eiffel Tower was completed in 1889 in Paris."


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_KB", str(tmp_path / "kb"))
    at = AppTest.from_file("../app.py", default_timeout=120)
    at.run()
    assert not at.exception
    return at


def _check(at, text=TEXT, reference=REFERENCE):
    at.text_area(key="text").set_value(text)
    at.text_area(key="references").set_value(reference)
    at.button(key="check").click().run()
    assert not at.exception
    return at


def test_empty_input_gives_a_message_not_a_traceback(app):
    app.button(key="check").click().run()
    assert not app.exception
    assert any("paste a text" in e.value for e in app.error)


def test_check_shows_statuses_and_escapes_text(app):
    _check(app)
    metrics = {m.label: m.value for m in app.metric}
    assert metrics["❌ contradicted"] == "1"
    assert metrics["➖ skipped"] == "1"
    # The highlighted text goes to the clickable-text component as data (JSON), escaped.
    # (The keyboard list's component gets its sentences as a JSON object and sets them as textContent.)
    payloads = [json.loads(c.proto.json) for c in app.get("bidi_component") if c.proto.json]
    html = "".join(h.proto.body for h in app.get("html")) + "".join(p for p in payloads if isinstance(p, str))
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    assert 'data-index="0"' in html


def test_accepting_a_substitution_updates_the_corrected_text(app):
    _check(app)
    corrected = lambda: [t.value for t in app.text_area if t.key and t.key.startswith("corrected-")][0]
    assert "1899" in corrected()
    accept = [b for b in app.button if b.label == "Accept"][0]
    accept.click().run()
    assert not app.exception
    assert "completed in 1889." in corrected() and "1899" not in corrected()
    assert any(b.label.startswith("Save 1 correction") for b in app.button)


def test_revise_with_llm_shows_the_rounds(app, monkeypatch):
    from fake_llm_server import FakeLLM

    monkeypatch.setenv("TRUTHOMETER_LLM_ALLOW_HOSTS", "127.0.0.1")  # the fake server is local

    with FakeLLM(["The Eiffel Tower was completed in 1889."]) as llm:
        app.sidebar.text_input(key="llm-url").set_value(llm.url)
        app.sidebar.text_input(key="llm-model").set_value("fake")
        _check(app, text="The Eiffel Tower was completed in 1899.")
        app.button(key="revise").click().run()
        assert not app.exception
        assert len(llm.requests) == 1
        prompt = json.dumps(llm.requests[0]["json"]["messages"])
        assert "1889" in prompt  # the evidence went to the LLM
    final = app.text_area(key="revision-final").value
    assert final == "The Eiffel Tower was completed in 1889."
    assert any("stopped: verified" in c.value for c in app.caption)


def test_the_judge_is_chosen_with_the_entailment_method_only(app):
    app.sidebar.selectbox[0].set_value("hybrid").run()
    [box] = [c for c in app.selectbox if c.key == "judge"]
    assert box.disabled
    app.sidebar.selectbox[0].set_value("nli").run()
    [box] = [c for c in app.selectbox if c.key == "judge"]
    assert not box.disabled and box.value == "cascade"
    box.set_value("cross-encoder").run()
    _check(app)
    metrics = {m.label: m.value for m in app.metric}
    assert metrics["❌ contradicted"] == "1"  # the wrong year, whichever model reads it
    from truthometer.judging.nli import _cache
    assert any(key[-1] == "cross-encoder" and judge._cross is not None for key, judge in _cache.items())

# ---- the review loop (issue 31): each finding reproduced, then fixed --------------------------------

def test_a_failed_llm_revision_says_why_and_never_breaks_the_page(app, monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_LLM_ALLOW_HOSTS", "127.0.0.1")  # so it fails for want of a server
    app.sidebar.text_input(key="llm-url").set_value("http://127.0.0.1:9/v1")  # nothing listens there
    app.sidebar.text_input(key="llm-model").set_value("fake")
    _check(app, text="The Eiffel Tower was completed in 1899.")
    app.button(key="revise").click().run()
    assert not app.exception
    assert any("could not finish" in e.value and "unreachable" in e.value for e in app.error)
    assert any("stopped: llm_error" in c.value for c in app.caption)
    # Any later interaction draws the page again without a traceback (it raised NameError: rounds_html).
    app.button(key="check").click().run()
    assert not app.exception


def test_a_new_check_resets_the_sentence_picker_and_an_error_clears_old_results(app):
    _check(app, text="The Eiffel Tower is in Paris. The Eiffel Tower was completed in 1899.")
    [picker] = [s for s in app.selectbox if s.label == "Sentence"]
    assert picker.value == 1  # the flagged one
    picker.set_value(0).run()
    _check(app, text="The Eiffel Tower was completed in 1899.")
    [picker] = [s for s in app.selectbox if s.label == "Sentence"]
    assert picker.value == 0 and "Eiffel" in picker.format_func(picker.value)
    assert picker.options == [picker.format_func(0)]
    app.text_area(key="text").set_value("   ")
    app.button(key="check").click().run()
    assert not app.exception
    assert any("paste a text" in e.value for e in app.error)
    assert not app.metric and not [s for s in app.selectbox if s.label == "Sentence"]


def test_next_flagged_and_the_status_filter(app):
    _check(app, text="The Eiffel Tower was completed in 1899. The Eiffel Tower is in Paris. "
                     "The Eiffel Tower was completed in 1901.")
    picker = lambda: [s for s in app.selectbox if s.label == "Sentence"][0]
    assert picker().value == 0
    [step] = [b for b in app.button if b.label.startswith("Next flagged")]
    step.click().run()
    assert picker().value == 2
    [shown] = [m for m in app.multiselect if m.label == "Show sentences that are"]
    shown.set_value(["supported"]).run()
    assert picker().value == 1 and "supported" in picker().format_func(1)


def test_a_blank_reference_is_reported_not_dropped_silently(app):
    _check(app, reference="   \n---\n" + REFERENCE)
    assert any("Pasted reference 1 holds only blank space" in w.value for w in app.warning)


def test_saving_twice_stores_one_entry_and_shows_the_entry_first(app, tmp_path):
    from truthometer.knowledge import open_kb

    _check(app, text="The Eiffel Tower was completed in 1899.")
    app.sidebar.text_input(key="reviewer").set_value("ann")
    [b for b in app.button if b.label == "Accept"][0].click().run()
    [entry] = [t for t in app.text_input if t.key and t.key.startswith("entry-")]
    assert entry.value == "The Eiffel Tower was completed in 1889."
    [save] = [b for b in app.button if b.label.startswith("Save 1 correction")]
    save.click().run()
    assert not app.exception
    assert any("Saved 1 entry to the knowledge base, awaiting a curator's review" in s.value for s in app.success)
    [save] = [b for b in app.button if b.label.startswith("Save ")]
    assert save.label.startswith("Save 0 correction") and save.disabled
    kb = open_kb(tmp_path / "kb")
    [entry] = kb.text_search("The Eiffel Tower was completed in 1889.")
    assert entry.status == "pending" and entry.created_by == "ann" and entry.provenance["accepted_by"] == "ann"
    # The decision itself is in the audit trail, before and after.
    [accepted] = [r for r in kb.trail() if r["action"] == "correction accepted"]
    assert accepted["actor"] == "ann" and accepted["subject"] == "sentence 1: The Eiffel Tower was completed in 1899."
    assert json.loads(accepted["old"])["decision"] == "pending" and json.loads(accepted["new"])["decision"] == "accepted"


def test_the_commonsense_rules_of_a_sentences_argumentation_are_listed(tmp_path, monkeypatch):
    from truthometer.argumentation.commonsense import add_rule
    from truthometer.knowledge import KnowledgeBase

    kb_dir = tmp_path / "kb"
    monkeypatch.setenv("TRUTHOMETER_KB", str(kb_dir))
    kb = KnowledgeBase(kb_dir)
    kb.add("Tina is a lady.", "registry", status="approved")
    rule = add_rule(kb, "woman(X) <- lady(X).", source="style guide", status="approved")
    kb.close()
    at = AppTest.from_file("../app.py", default_timeout=120)
    at.run()
    _check(at, "Tina is a woman.", "Tina is a man.")
    listed = [row for frame in at.dataframe for row in frame.value.to_dict("records") if "rule" in row]
    assert {"rule": "woman(X) <- lady(X).", "from": f"kb:{rule.id} (style guide)"} in listed


def test_the_page_says_the_models_are_loading_until_they_are(tmp_path, monkeypatch):
    import threading

    import truthometer.pipeline
    from ui.common import warm_models

    loaded = threading.Event()
    monkeypatch.setattr(truthometer.pipeline, "warm_up", lambda config=None: loaded.wait(60))
    monkeypatch.setenv("TRUTHOMETER_KB", str(tmp_path / "kb"))
    warm_models.clear()  # a fresh server: its first page starts the loading
    try:
        at = AppTest.from_file("../app.py", default_timeout=120)
        at.run()
        assert not at.exception
        assert any("Loading the models" in c.value for c in at.caption)
        loaded.set()
        warm_models().thread.join(10)
        at.run()
        assert not any("Loading the models" in c.value for c in at.caption)
        assert warm_models().seconds is not None
    finally:
        loaded.set()
        warm_models.clear()
