"""The HTTP API against a real server on 127.0.0.1 (one per module): tokens and roles, limits, the knowledge
base, a job's lifecycle, the check's report and the guard in front of the fake LLM server.

Only the tests at the end check texts (they load the models, once, in this process); the others need none.
"""
import json
import logging
import socket
import threading

import pytest

from api_support import Server
from fake_llm_server import FakeLLM, Status
from kb_support import team_kb
from truthometer.api import ApiSettings, create_app
from truthometer.auth import tokens
from truthometer.auth.users import UserFile
from truthometer.config import Config

REFERENCE = ("The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France. "
             "Constructed from 1887 to 1889 as the centrepiece of the 1889 World's Fair, it was initially "
             "criticised by some of France's leading artists.")
WRONG = "The Eiffel Tower was completed in 1899 for the World's Fair."
SECRET_WORDS = "zanzibar-quokka"  # in request texts: must never reach the log or the audit trail

SETTINGS = ApiSettings(max_body_bytes=64_000, max_text_chars=5_000, max_references=3, sync_chars=400,
                       warm_up=False, body_timeout_s=2)


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("api")
    with pytest.MonkeyPatch.context() as mp:
        kb_dir, kb = team_kb(tmp, mp, {"ann": ["editor"], "cy": ["curator"], "dee": ["curator"], "al": ["admin"]})
        users = UserFile(kb_dir / "users.json")
        issued = {name: tokens.issue(users, name).token for name in ("ann", "cy", "dee", "al")}
        old = tokens.issue(users, "ann")
        tokens.revoke(users, old.id)
        issued["revoked"] = old.token
        # Checks use the references only: no knowledge base to embed, the models load once, on the first check.
        app = create_app(SETTINGS, Config(), kb=kb, sources=lambda config, use_kb, web: [])
        with Server(app) as server:
            server.tokens, server.kb_dir, server.state = issued, kb_dir, app.state.api
            yield server
        kb.close()


def error(response):
    payload = response.json()
    assert set(payload) == {"error"} and payload["error"]["message"]
    return payload["error"]


def trail(kb_dir):
    from truthometer.knowledge.base import open_store

    store = open_store(kb_dir)
    try:
        return store.trail()
    finally:
        store.close()


# -- tokens and roles (no model) -------------------------------------------------------------------------
def test_no_wrong_or_revoked_token_is_401(api):
    for token in (None, "tom_000000000000_" + "x" * 43, "not-a-token", api.tokens["revoked"]):
        r = api.call("POST", "/v1/check", token, json={"text": "Hello there."})
        assert r.status_code == 401, token
        assert r.headers["www-authenticate"] == "Bearer"
        assert error(r)["type"] == "authentication_error"
    r = api.call("GET", "/v1/kb/search", headers={"Authorization": "Basic " + api.tokens["ann"]}, params={"q": "x"})
    assert r.status_code == 401
    assert api.call("POST", "/v1/check", json={"no": "text"}).status_code == 401  # before the body is validated
    from truthometer.client import ApiError, Client

    with pytest.raises(ApiError) as raised:
        Client(api.url, token=api.tokens["revoked"]).kb_search("anything")
    assert raised.value.status == 401 and raised.value.code == "invalid_token"


def test_a_missing_role_is_403_and_audited(api):
    r = api.call("POST", "/v1/check", api.tokens["cy"], json={"text": "Hello there."})
    assert r.status_code == 403 and error(r)["code"] == "missing_role"
    r = api.call("POST", "/v1/kb/entries", api.tokens["ann"], json={"text": "Water boils at 100 °C at sea level."})
    assert r.status_code == 403 and "curator" in error(r)["message"]
    r = api.call("POST", "/v1/chat/completions", api.tokens["al"], json={"messages": [{"role": "user", "content": "hi"}]})
    assert r.status_code == 403
    refused = [row for row in trail(api.kb_dir) if row.get("action") == "api refused"]
    assert {row["actor"] for row in refused} >= {"cy", "ann", "al"}


def test_health_and_docs_need_no_token(api):
    assert api.call("GET", "/v1/health").json()["status"] == "ok"
    assert api.call("GET", "/docs").status_code == 200
    paths = api.call("GET", "/openapi.json").json()["paths"]
    assert {"/v1/check", "/v1/jobs/{job_id}", "/v1/kb/search", "/v1/chat/completions"} <= set(paths)


# -- the knowledge base (hash embedder: no model) --------------------------------------------------------
def test_curators_add_approve_and_reject_entries_with_the_audit_trail(api):
    cy, dee, ann = api.tokens["cy"], api.tokens["dee"], api.tokens["ann"]
    r = api.call("POST", "/v1/kb/entries", cy, json={"text": "The Rhine flows into the North Sea.", "source": "atlas"})
    assert r.status_code == 201
    entry = r.json()
    assert entry["status"] == "pending" and entry["created_by"] == "cy"
    own = api.call("POST", f"/v1/kb/entries/{entry['id']}/approve", cy)
    assert own.status_code == 422 and "another curator" in error(own)["message"]
    assert api.call("POST", f"/v1/kb/entries/{entry['id']}/approve", ann).status_code == 403
    approved = api.call("POST", f"/v1/kb/entries/{entry['id']}/approve", dee).json()
    assert approved["status"] == "approved" and approved["reviewed_by"] == "dee"
    hits = api.call("GET", "/v1/kb/search", ann, params={"q": "The Rhine flows into the North Sea.", "k": 2}).json()
    assert hits["results"][0]["id"] == entry["id"] and hits["results"][0]["distance"] < 1e-3
    other = api.call("POST", "/v1/kb/entries", dee, json={"text": "The Danube flows into the Baltic."}).json()
    assert api.call("POST", f"/v1/kb/entries/{other['id']}/reject", cy).json()["status"] == "rejected"
    assert api.call("POST", "/v1/kb/entries/999999/reject", cy).status_code == 404
    rows = trail(api.kb_dir)
    assert any(r["action"] == "api kb add" and r["actor"] == "cy" for r in rows)
    assert any(r.get("action") == "approve" and r.get("actor") == "dee" for r in rows)


# -- limits (no model) -----------------------------------------------------------------------------------
def test_limits_answer_413_and_422_in_json(api):
    ann = api.tokens["ann"]
    r = api.call("POST", "/v1/check", ann, data=b"{" + b" " * 70_000 + b"}",
                 headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and error(r)["code"] == "request_too_large"
    r = api.call("POST", "/v1/check", ann, json={"text": "A claim. " * 700})
    assert r.status_code == 413 and "5,000" in error(r)["message"]
    r = api.call("POST", "/v1/check", ann, json={"text": "A claim.", "references": ["a", "b", "c", "d"]})
    assert r.status_code == 422 and error(r)["code"] == "too_many_references"
    r = api.call("POST", "/v1/check", ann, json={"text": "A claim.", "references": [{"name": "x",
                                                                                      "content_base64": "%%%"}]})
    assert r.status_code == 422 and "base64" in error(r)["message"]
    r = api.call("POST", "/v1/check", ann, json={"text": SECRET_WORDS, "options": {"method": "guess"}})
    assert r.status_code == 422 and SECRET_WORDS not in r.text
    r = api.call("POST", "/v1/check", ann, data=b"not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    r = api.call("POST", "/v1/chat/completions", ann,
                 json={"messages": [{"role": "user", "content": "hi"}], "stream": True})
    assert r.status_code == 422 and error(r)["code"] == "stream_unsupported"


def test_a_body_that_trickles_is_cut_off_with_408(api):
    with socket.create_connection(("127.0.0.1", api.port), timeout=10) as s:
        s.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 1000\r\nAuthorization: Bearer " + api.tokens["ann"].encode() + b"\r\n\r\n{")
        answer = b""
        while chunk := s.recv(4096):  # the server closes the connection after its answer
            answer += chunk
        answer = answer.decode()
    assert answer.startswith("HTTP/1.1 408") and "did not arrive" in answer


# -- jobs (no model: the worker is held busy by a job of the test's own) -----------------------------------
def test_a_queued_job_is_cancelled_and_others_cannot_see_it(api):
    release = threading.Event()
    blocker = api.state.jobs.submit("test", 0, lambda progress: release.wait(30))
    try:
        r = api.call("POST", "/v1/check", api.tokens["ann"], json={"text": "Paris is in France.", "mode": "job"})
        assert r.status_code == 202
        job = r.json()["job"]
        assert r.headers["location"] == f"/v1/jobs/{job}"
        assert api.call("GET", f"/v1/jobs/{job}", api.tokens["ann"]).json()["status"] == "queued"
        assert api.call("GET", f"/v1/jobs/{job}", api.tokens["cy"]).status_code == 403  # not an editor
        cancelled = api.call("DELETE", f"/v1/jobs/{job}", api.tokens["ann"]).json()
        assert cancelled["status"] == "cancelled"
        assert api.call("GET", f"/v1/jobs/{job}", api.tokens["ann"]).json()["status"] == "cancelled"
        assert api.call("GET", "/v1/jobs/nope", api.tokens["ann"]).status_code == 404
    finally:
        release.set()
    assert blocker.future.result(30).status == "done"


def test_a_request_is_refused_with_503_and_retry_after_when_the_work_ahead_is_too_long(api):
    release = threading.Event()
    jobs = api.state.jobs
    saved_rate, saved_wait = jobs.seconds_per_unit, jobs.max_wait_s
    blocker = jobs.submit("test", 10_000, lambda progress: release.wait(30))
    try:
        jobs.seconds_per_unit, jobs.max_wait_s = 0.001, 4.0  # 10 s of work ahead, 4 s allowed
        r = api.call("POST", "/v1/check", api.tokens["ann"], json={"text": "Rome is in Italy.", "mode": "sync"})
        assert r.status_code == 503 and error(r)["code"] == "busy"
        assert r.headers["retry-after"] == "6" and "as a job" in error(r)["message"]
        queued = api.call("POST", "/v1/check", api.tokens["ann"], json={"text": "Rome is in Italy.", "mode": "job"})
        assert queued.status_code == 202  # a job waits in the queue; only the queue's bound refuses it
        api.call("DELETE", f"/v1/jobs/{queued.json()['job']}", api.tokens["ann"])
    finally:
        jobs.seconds_per_unit, jobs.max_wait_s = saved_rate, saved_wait
        release.set()
    assert blocker.future.result(30).status == "done"


def test_saved_checks_need_the_editor_role_and_unknown_ones_are_404(api):
    assert api.call("GET", "/v1/checks").status_code == 401
    assert api.call("GET", "/v1/checks", api.tokens["cy"]).status_code == 403
    r = api.call("GET", "/v1/checks/999999", api.tokens["ann"])
    assert r.status_code == 404 and error(r)["code"] == "no_check"
    r = api.call("POST", "/v1/checks/999999/decisions", api.tokens["ann"], json={"sentence": 0, "action": "accept"})
    assert r.status_code == 404
    r = api.call("POST", "/v1/checks/1/decisions", api.tokens["ann"], json={"sentence": 0, "action": "approve"})
    assert r.status_code == 422  # not a decision
    assert api.call("POST", "/v1/check", api.tokens["cy"], json={"text": "Rome is in Italy.", "save": True}) \
        .status_code == 403


# -- checks and the guard (the models, loaded once) ------------------------------------------------------
def test_the_report_is_the_one_the_library_writes_and_nothing_is_logged(api, caplog):
    from truthometer.pipeline import Checker

    text = f"{WRONG} The project code was {SECRET_WORDS}."
    caplog.set_level(logging.INFO, logger="truthometer.api")
    r = api.call("POST", "/v1/check", api.tokens["ann"],
                 json={"text": text, "references": [{"name": "eiffel.md", "text": REFERENCE}]})
    assert r.status_code == 200, r.text
    report = r.json()
    expected = Checker(Config()).check(text, [("eiffel.md", REFERENCE)]).to_dict()
    assert report == json.loads(json.dumps(expected))
    assert report["sentences"][0]["status"] == "contradicted"
    assert "1889" in report["corrected_text"]
    assert SECRET_WORDS not in caplog.text and "Eiffel" not in caplog.text
    assert any("request" in m and "/v1/check" in m for m in caplog.messages)
    rows = [row for row in trail(api.kb_dir) if row["action"] == "api check"]
    assert rows and SECRET_WORDS not in json.dumps(rows)
    assert json.loads(rows[-1]["new"])["chars"] == len(text) if isinstance(rows[-1]["new"], str) \
        else rows[-1]["new"]["chars"] == len(text)


def test_a_long_text_is_a_job_with_progress_then_the_report(api, tmp_path):
    from truthometer.client import Client

    text = " ".join([WRONG] + ["Paris is the capital of France."] * 12)
    page = tmp_path / "eiffel.html"  # a file, sent in base64 and read by its format
    page.write_text(f"<html><body><h1>The tower</h1><p>{REFERENCE}</p><script>var x = 1;</script></body></html>")
    client = Client(api.url, token=api.tokens["ann"])
    started = client.check(text, references=[page], wait=False)
    assert set(started) == {"job", "status", "url"}
    report = client.wait(started["job"], poll=0.2, wait_s=120)
    assert report["sentences"][0]["status"] == "contradicted" and report["stats"]["total"] == 13
    assert all("eiffel.html" in e["locator"] and "<p>" not in e["text"] for e in report["sentences"][0]["evidence"])
    done = client.job(started["job"])
    assert done["status"] == "done" and done["progress"] == 1.0


def test_a_saved_check_reaches_the_review_desk_and_takes_decisions(api):
    from truthometer.checks import open_checks
    from truthometer.client import Client

    client = Client(api.url, token=api.tokens["ann"])
    report = client.check(WRONG, references=[("eiffel.md", REFERENCE)], save=True, title="Tower, from the API")
    check_id = report["saved_check"]["id"]
    assert report["saved_check"]["url"] == f"/v1/checks/{check_id}"
    listed = client.saved_checks(author="ann")
    assert listed[0]["id"] == check_id and listed[0]["title"] == "Tower, from the API"
    assert listed[0]["origin"] == "api" and listed[0]["counts"] == report["stats"] and listed[0]["pending"] == 1
    exported = client.saved_check(check_id)
    assert exported["created_by"] == "ann" and exported["references"][0]["name"] == "eiffel.md"
    assert exported["report"] == {k: v for k, v in report.items() if k != "saved_check"}
    assert api.call("GET", f"/v1/checks/{check_id}", api.tokens["cy"]).status_code == 403
    bad = api.call("POST", f"/v1/checks/{check_id}/decisions", api.tokens["ann"], json={"sentence": 9, "action": "reject"})
    assert bad.status_code == 422 and error(bad)["code"] == "no_sentence"
    decided = client.decide(check_id, 0, "accept")
    assert decided["author"] == "ann" and "1889" in decided["text"] and decided["kinds"] == ["date"]
    checks = open_checks(api.kb_dir)  # as the app's Saved checks page and `checks list` read it
    try:
        saved = checks.get(check_id)
        assert saved.report().sentences[0].status == "contradicted" and saved.created_by == "ann"
        assert saved.latest_decisions()[0].action == "accept"
        assert checks.list(limit=5)[0]["pending"] == 0
    finally:
        checks.store.close()
    rows = [(r["actor"], r["action"], r["subject"]) for r in trail(api.kb_dir)]
    assert ("ann", "check save", f"check #{check_id}") in rows and ("ann", "check accept", f"check #{check_id}") in rows


def test_a_job_saves_when_done_and_identical_checks_come_from_the_cache(api):
    from truthometer.client import Client

    client = Client(api.url, token=api.tokens["ann"])
    text = " ".join([WRONG] + ["Paris is the capital of France."] * 9)  # over sync_chars: a job
    report = client.check(text, references=[("eiffel.md", REFERENCE)], save=True, poll=0.2, wait_s=120)
    check_id = report["saved_check"]["id"]
    assert client.saved_checks(limit=1)[0]["id"] == check_id
    body = {"text": text, "references": [{"name": "eiffel.md", "text": REFERENCE}], "mode": "sync"}
    first = api.call("POST", "/v1/check", api.tokens["ann"], json=body)
    again = api.call("POST", "/v1/check", api.tokens["ann"], json=body)
    assert first.headers["x-truthometer-cache"] == "hit"  # the job's check, kept
    assert again.headers["x-truthometer-cache"] == "hit" and again.json() == first.json()
    assert first.json() == {k: v for k, v in report.items() if k != "saved_check"}
    resaved = api.call("POST", "/v1/check", api.tokens["ann"], json={**body, "save": True}).json()
    assert resaved["saved_check"]["id"] == check_id + 1  # a hit is saved too, as its own check
    added = api.call("POST", "/v1/kb/entries", api.tokens["cy"], json={"text": "The Seine flows through Paris."})
    assert added.status_code == 201  # the knowledge base changed: its generation is in the key
    after = api.call("POST", "/v1/check", api.tokens["ann"], json=body)
    assert after.headers["x-truthometer-cache"] == "miss" and after.json() == first.json()
    no_kb = api.call("POST", "/v1/check", api.tokens["ann"], json={**body, "options": {"sources": []}})
    assert no_kb.headers["x-truthometer-cache"] == "miss"


@pytest.fixture
def llm_env(monkeypatch):
    def use(llm):
        monkeypatch.setenv("TRUTHOMETER_LLM_URL", llm.url)
        monkeypatch.setenv("TRUTHOMETER_LLM_MODEL", "fake-model")
        monkeypatch.setenv("TRUTHOMETER_LLM_ALLOW_HOSTS", "127.0.0.1")
        monkeypatch.delenv("TRUTHOMETER_LLM_KEY", raising=False)
    return use


def test_the_guard_reports_corrects_and_blocks(api, llm_env):
    messages = [{"role": "system", "content": "Answer from the documents."},
                {"role": "system", "content": REFERENCE, "context": True},
                {"role": "user", "content": "When was the Eiffel Tower completed?"}]
    with FakeLLM([WRONG]) as llm:
        llm_env(llm)
        out = {}
        modes = {"report": "report", "correct": "correct", "block": "block",
                 "numbers only": {"mode": "correct", "correct_kinds": ["number"]}}  # a policy that refuses a date
        for name, mode in modes.items():
            r = api.call("POST", "/v1/chat/completions", api.tokens["ann"],
                         json={"model": "fake-model", "messages": messages, "guard": mode, "temperature": 0.1})
            assert r.status_code == 200, r.text
            out[name] = r.json()
        listed = api.call("GET", "/v1/models", api.tokens["ann"]).json()
        assert listed["object"] == "list" and [m["id"] for m in listed["data"]] == ["fake-model"]
        forwarded = llm.posts[0]["json"]
    assert forwarded["temperature"] == 0.1 and "guard" not in forwarded
    assert all("context" not in m for m in forwarded["messages"])
    report = out["report"]
    assert report["object"] == "chat.completion" and report["choices"][0]["message"]["content"] == WRONG
    assert report["truthometer"]["action"] == "passed"
    assert report["truthometer"]["report"]["stats"]["contradicted"] == 1
    corrected = out["correct"]
    assert corrected["truthometer"]["action"] == "corrected" and corrected["truthometer"]["original"] == WRONG
    assert "1889" in corrected["choices"][0]["message"]["content"]
    assert [s["kind"] for s in corrected["truthometer"]["report"]["sentences"][0]["suggestion"]["substitutions"]] \
        == ["date"]
    by_policy = out["numbers only"]
    assert by_policy["choices"][0]["message"]["content"] == WRONG and by_policy["truthometer"]["action"] == "passed"
    blocked = out["block"]
    assert blocked["choices"][0]["finish_reason"] == "content_filter"
    assert "contradicted" in blocked["choices"][0]["message"]["content"]
    assert WRONG not in blocked["choices"][0]["message"]["content"]
    assert any(row["action"] == "api chat" for row in trail(api.kb_dir))


def test_a_failing_model_endpoint_is_502_with_a_short_reason(api, llm_env):
    with FakeLLM([Status(500, '{"error": "' + SECRET_WORDS + '"}')]) as llm:
        llm_env(llm)
        r = api.call("POST", "/v1/chat/completions", api.tokens["ann"],
                     json={"messages": [{"role": "user", "content": "hi"}]})
    assert r.status_code == 502
    assert "HTTP 500" in error(r)["message"] and SECRET_WORDS not in r.text
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    llm_env(type("Gone", (), {"url": f"http://127.0.0.1:{closed}"}))
    r = api.call("POST", "/v1/chat/completions", api.tokens["ann"],
                 json={"messages": [{"role": "user", "content": "hi"}]})
    assert r.status_code == 502 and error(r)["code"] == "model_endpoint"
