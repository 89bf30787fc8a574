"""The Checks page (pages/4_Checks.py) through Streamlit's AppTest: saved checks listed, one opened
read-only with its decisions and "evidence changed" marks; a corrupt one says so and the list stays."""
import pytest
from streamlit.testing.v1 import AppTest

from kb_support import hash_embedder
from test_saved_checks import REFS, sample_report
from truthometer.checks import CheckStore
from truthometer.checks.review import decide
from truthometer.knowledge import KnowledgeBase


@pytest.fixture
def kb_with_checks(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_KB", str(tmp_path))
    monkeypatch.delenv("TRUTHOMETER_USERS", raising=False)
    kb = KnowledgeBase(tmp_path, embedder=hash_embedder, seed=None)
    kb.store.meta("seeded", "1")  # the app opens it without importing (and embedding) the seed
    entry = kb.add("Paris is the capital of France.", source="atlas", status="approved", created_by="cura")
    checks = CheckStore(kb.store)
    first = checks.save(sample_report(entry.id), REFS, {"method": "nli"}, "ana", title="<b>Capitals</b> *draft*")
    decide(checks, first, 0, "accept", "ana")
    kb.reject([entry.id], "cura")
    second = checks.save(sample_report(entry.id), [], {}, "bob", title="Second")
    yield kb, checks, first, second
    kb.close()


def test_checks_page_lists_and_opens_a_check(kb_with_checks):
    kb, checks, first, second = kb_with_checks
    at = AppTest.from_file("../pages/4_Checks.py", default_timeout=120)
    at.run()
    assert not at.exception
    table = at.dataframe[0].value
    assert list(table["id"]) == [second, first]
    assert list(table["title"]) == ["Second", "<b>Capitals</b> *draft*"]  # as written, in a table
    assert list(table["evidence changed"]) == [0, 1] and list(table["decisions pending"]) == [1, 0]
    at.selectbox(key="checks-open").set_value(first).run()
    assert not at.exception
    sentences = at.dataframe[1].value
    assert list(sentences["status"]) == ["contradicted", "supported", "skipped"]
    assert sentences["decision"][0] == "accept by ana" and "reject" in sentences["evidence changed"][0]
    assert at.warning and "1 sentence(s) changed" in at.warning[0].value
    assert any(t.value == "<b>Capitals</b> *draft*" for t in at.text)


def test_a_corrupt_saved_check_gives_a_message(kb_with_checks):
    kb, checks, first, second = kb_with_checks
    with checks._lock:
        checks._conn().execute("UPDATE checks SET report = '[1, 2' WHERE id = ?", (second,))
    at = AppTest.from_file("../pages/4_Checks.py", default_timeout=120)
    at.run()
    assert not at.exception
    assert at.error and "corrupt" in at.error[0].value
    assert len(at.dataframe[0].value) == 2


def test_a_saved_check_resumes_on_the_check_page_with_its_decisions(kb_with_checks):
    from truthometer.review import ACCEPT
    from ui.checks import review_of

    kb, checks, first, second = kb_with_checks
    check = checks.get(first)
    review = review_of(check, check.report())
    assert review.decision(0, 0) == ACCEPT  # ana accepted sentence 0's proposal
    at = AppTest.from_file("../pages/4_Checks.py", default_timeout=120)
    at.run()
    at.selectbox(key="checks-open").set_value(first).run()
    at.button(key="check-resume").click().run()
    assert not at.exception
    assert at.session_state["current"] == f"saved-{first}"
    assert at.session_state["saved-check-ids"][f"saved-{first}"] == first
    assert at.session_state["reviews"][f"saved-{first}"].decision(0, 0) == ACCEPT


def test_the_page_rechecks_the_sentences_whose_evidence_changed(kb_with_checks, monkeypatch):
    from truthometer.checks import recheck as recheck_module
    from truthometer.report import SentenceResult

    kb, checks, first, second = kb_with_checks
    calls = []

    def run(claims, config, references):  # no model: the verdict a re-check would give
        calls.append(claims)
        return [SentenceResult(0, c, 0, len(c), "unverifiable", "its entry was rejected") for c in claims]

    monkeypatch.setattr(recheck_module, "_run", run)
    at = AppTest.from_file("../pages/4_Checks.py", default_timeout=120)
    at.run()
    at.selectbox(key="checks-open").set_value(first).run()
    at.button(key="check-recheck").click().run()
    assert not at.exception
    assert calls == [["Paris is the capital of Italy."]]
    assert at.success and "Re-checked 1 sentence(s). Without the references: atlas.txt." in at.success[0].value
    rechecks = at.dataframe[2].value  # the list, the sentences, then old and new side by side
    assert (rechecks["old"][0], rechecks["new"][0]) == ("contradicted", "unverifiable")
    assert not at.warning  # nothing left marked


def _check_page_saving():
    """What the Check page does after a check and on each decision (ui.checks), with a report built by hand."""
    import streamlit as st

    from truthometer.report import Evidence, Report, SentenceResult, Substitution, Suggestion
    from ui.checks import record_decision, save_check

    s = SentenceResult(0, "The tower opened in 1899.", 0, 25, "contradicted", "r", evidence=[
        Evidence("The tower opened in 1889.", "reference", "ref #1", 0.9, "contradiction", title="ref")],
        suggestion=Suggestion("The tower opened in 1889.", [Substitution("1899", "1889", 20, 24, "date")]))
    report = Report(s.text, [s])
    first = save_check("k", report, [("ref", "The tower opened in 1889.")], {"method": "nli"}, "ana")
    again = save_check("k", report, [("ref", "The tower opened in 1889.")], {"method": "nli"}, "ana")
    record_decision("k", 0, "accept", "ana", "The tower opened in 1889.")
    st.text(f"{first} {again}")


def test_the_check_page_saves_each_check_once_and_its_decisions(kb_with_checks):
    kb, checks, first, second = kb_with_checks
    at = AppTest.from_function(_check_page_saving, default_timeout=60)
    at.run()
    assert not at.exception
    new_id, again = map(int, at.text[0].value.split())
    assert new_id == again and checks.count() == 3  # the same check shown again is not saved twice
    saved = checks.get(new_id)
    assert saved.origin == "app" and saved.created_by == "ana"
    assert [(d.action, d.kinds, d.sources) for d in saved.decisions] == [("accept", ["date"], ["reference"])]
