"""API tokens (`users token`), the job queue on its own, and the API in single-user mode (no users): no model."""
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from api_support import Server
from kb_backends import pg_databases  # noqa: F401 (fixture)
from kb_support import hash_embedder
from truthometer.api import ApiSettings, create_app
from truthometer.api.jobs import CANCELLED, DONE, FAILED, Full, JobQueue
from truthometer.auth import tokens
from truthometer.auth.users import UserFile
from truthometer.config import Config
from truthometer.errors import InputError

ROOT = Path(__file__).resolve().parent.parent


def _cli(*args, env=None):
    return subprocess.run([sys.executable, "-m", "truthometer", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, env={**os.environ, "TRUTHOMETER_USERS": "", **(env or {})})


def test_users_token_issues_lists_and_revokes_and_stores_only_a_hash(tmp_path):
    kb = str(tmp_path / "kb")
    users = UserFile(Path(kb) / "users.json")
    users.add("ann", "ann's long password", ["editor"])
    issued = _cli("users", "token", "ann", "--kb", kb, "--by", "root")
    assert issued.returncode == 0, issued.stderr
    token = issued.stdout.strip()
    assert token.startswith("tom_") and len(token) == 4 + 12 + 1 + 43
    stored = (Path(kb) / "users.json").read_text()
    assert token.split("_", 2)[2] not in stored and token[4:16] in stored
    assert tokens.authenticate(users, token).roles == {"editor"}
    users.set_roles("ann", ["editor", "curator"])
    assert tokens.authenticate(users, token).roles == {"editor", "curator"}  # the user's roles, read when used
    listed = [json.loads(line) for line in _cli("users", "token", "ann", "--list", "--kb", kb).stdout.splitlines()]
    assert [(t["id"], t["revoked_at"]) for t in listed] == [(token[4:16], None)]
    revoked = _cli("users", "token", "ann", "--revoke", token[4:16], "--kb", kb, "--by", "root")
    assert revoked.returncode == 0, revoked.stderr
    assert tokens.authenticate(users, token) is None
    again = _cli("users", "token", "ann", "--revoke", token[4:16], "--kb", kb)
    assert again.returncode == 2 and "revoked already" in again.stderr and "Traceback" not in again.stderr
    nobody = _cli("users", "token", "bo", "--kb", kb)
    assert nobody.returncode == 2 and "no user 'bo'" in nobody.stderr
    from truthometer.knowledge.base import open_store

    store = open_store(kb)  # the store alone: `kb audit` would open (and seed) the whole knowledge base
    try:
        trail = store.trail()
    finally:
        store.close()
    assert [(r["actor"], r["action"], r["subject"]) for r in trail] == [("root", "token issue", "ann"),
                                                                       ("root", "token revoke", "ann")]
    assert token not in json.dumps(trail)


def test_a_removed_user_s_tokens_stop_working(tmp_path):
    users = UserFile(tmp_path / "users.json")
    users.add("ann", "ann's long password", ["editor"])
    users.add("al", "al's long password", ["admin"])
    token = tokens.issue(users, "ann").token
    forged = token[:-1] + ("A" if token[-1] != "A" else "B")
    assert tokens.authenticate(users, forged) is None
    users.remove("ann")
    assert tokens.authenticate(users, token) is None
    with pytest.raises(InputError, match="no token"):
        tokens.revoke(users, "000000000000")


def test_tokens_live_beside_the_users_in_postgresql(pg_databases):  # noqa: F811
    url = pg_databases.create()
    users = UserFile.for_config(Config(kb_dir=url, users_file=None))
    users.add("ann", "ann's long password", ["editor"])
    issued = tokens.issue(users, "ann")
    again = UserFile.for_config(Config(kb_dir=url, users_file=None))  # another worker sees it
    assert again.get("ann") and tokens.authenticate(again, issued.token).name == "ann"
    users.set_roles("ann", ["curator"])  # a users change keeps the tokens
    assert tokens.authenticate(again, issued.token).roles == {"curator"}
    tokens.revoke(again, issued.id)
    assert tokens.authenticate(users, issued.token) is None


def test_the_api_will_not_listen_beyond_loopback_without_users(tmp_path):
    done = _cli("api", "--host", "0.0.0.0", "--no-warm-up", env={"TRUTHOMETER_KB": str(tmp_path / "kb")})
    assert done.returncode == 2 and "loopback only" in done.stderr and "Traceback" not in done.stderr


def test_single_user_mode_needs_no_token_on_loopback(tmp_path, monkeypatch):
    from truthometer.knowledge import KnowledgeBase

    monkeypatch.setenv("TRUTHOMETER_KB", str(tmp_path / "kb"))
    monkeypatch.delenv("TRUTHOMETER_USERS", raising=False)
    kb = KnowledgeBase(tmp_path / "kb", embedder=hash_embedder, seed=None)
    try:
        with Server(create_app(ApiSettings(warm_up=False), Config(), kb=kb)) as server:
            added = server.call("POST", "/v1/kb/entries", json={"text": "Oslo is the capital of Norway."})
            assert added.status_code == 201 and added.json()["created_by"] == "local"
            # one person, no one else to approve it: as the app, single-user mode may approve its own entry
            approved = server.call("POST", f"/v1/kb/entries/{added.json()['id']}/approve")
            assert approved.json()["status"] == "approved"
            from starlette.testclient import TestClient

            remote = TestClient(server.app).get("/v1/kb/search", params={"q": "Oslo"})  # from host "testclient"
            assert remote.status_code == 403 and remote.json()["error"]["code"] == "single_user"
            UserFile(tmp_path / "kb" / "users.json").add("ann", "ann's long password", ["editor"])
            assert server.call("GET", "/v1/kb/search", params={"q": "Oslo"}).status_code == 401  # no restart needed
    finally:
        kb.close()


def test_the_job_queue_is_bounded_cancels_a_running_job_and_keeps_failures():
    jobs = JobQueue(size=1)
    release, running = threading.Event(), threading.Event()

    def spin(progress):
        running.set()
        while True:
            progress(0.5, "spinning")
            time.sleep(0.01)

    def fail(progress):
        raise InputError("text: is empty; nothing to check")

    jobs.start()
    try:
        first = jobs.submit("ann", 10, spin)
        assert running.wait(10)
        second = jobs.submit("ann", 10, lambda p: release.wait(10))
        with pytest.raises(Full):
            jobs.submit("ann", 10, fail)
        jobs.cancel(first.id)
        assert first.future.result(10).status == CANCELLED and first.message == "cancelled while running"
        release.set()
        assert second.future.result(10).status == DONE
        failed = jobs.submit("ann", 0, fail).future.result(10)
        assert failed.status == FAILED and failed.snapshot()["error"]["status"] == 422
    finally:
        release.set()
        jobs.stop()


def test_admission_refuses_a_waiting_request_once_the_work_ahead_is_too_long():
    from truthometer.api.jobs import Busy

    jobs = JobQueue(size=8, max_wait_s=5.0)
    release = threading.Event()
    jobs.start()
    try:
        assert jobs.expected_wait() == 0.0  # nothing timed yet: the first request is admitted
        first = jobs.submit("ann", 100, lambda p: time.sleep(0.2), waits=True)
        with pytest.raises(Busy):  # a burst at a cold start: the rest wait for the first timing
            jobs.submit("bo", 100, lambda p: None, waits=True)
        first.future.result(10)
        assert 0.001 < jobs.seconds_per_unit < 0.01  # 0.2 s for 100 units
        blocker = jobs.submit("ann", 1_000, lambda p: release.wait(10), waits=True)
        wait = jobs.expected_wait()
        assert wait > 1.5
        jobs.max_wait_s = wait / 2
        with pytest.raises(Busy) as refused:
            jobs.submit("bo", 10, lambda p: None, waits=True)
        assert refused.value.retry_after == pytest.approx(wait, rel=0.2)
        queued = jobs.submit("bo", 10, lambda p: "done", waits=False)  # a job (202) may wait; the queue bounds it
        release.set()
        assert blocker.future.result(10).status == DONE and queued.future.result(10).result == "done"
        known = jobs.finished("cy", 5, {"report": 1})
        assert jobs.get(known.id).snapshot()["result"] == {"report": 1} and known.future.done()
    finally:
        release.set()
        jobs.stop()


def test_the_result_cache_keys_on_everything_a_report_depends_on_and_stays_bounded():
    from truthometer.api.cache import ResultCache, cache_key

    base = cache_key("Paris is in France.", ["ref"], {"method": "nli"}, ["kb"], 7)
    assert base == cache_key("Paris is in France.", ["ref"], {"method": "nli"}, ["kb"], 7)
    others = [cache_key("Paris is in Spain.", ["ref"], {"method": "nli"}, ["kb"], 7),
              cache_key("Paris is in France.", ["other"], {"method": "nli"}, ["kb"], 7),
              cache_key("Paris is in France.", [{"name": "a.md", "text": "ref"}], {"method": "nli"}, ["kb"], 7),
              cache_key("Paris is in France.", ["ref"], {"method": "cosine"}, ["kb"], 7),
              cache_key("Paris is in France.", ["ref"], {"method": "nli"}, [], None),
              cache_key("Paris is in France.", ["ref"], {"method": "nli"}, ["kb"], 8)]  # the kb changed
    assert base not in others and len(set(others)) == len(others)
    assert cache_key("Paris is in France.", [], {}, ["kb", "web"], 7) is None  # the web changes: never cached
    cache = ResultCache(size=2)
    for key in ("a", "b", "c"):
        cache.put(key, {"key": key})
    assert cache.get("a") is None and cache.get("c") == {"key": "c"} and cache.get(None) is None
    cache.get("b")
    cache.put("d", {"key": "d"})  # "c" was used least recently
    assert cache.get("c") is None and cache.get("b") == {"key": "b"}
    small = ResultCache(size=10, max_chars=40)
    small.put("x", {"text": "y" * 100})  # a report larger than the whole cache is not kept
    assert small.get("x") is None
    off = ResultCache(size=0)
    off.put("a", {"key": "a"})
    assert not off.enabled and off.get("a") is None
