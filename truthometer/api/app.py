"""The ASGI application: ``create_app(settings)`` -> FastAPI, served by ``truthometer api`` (cli.py).

Endpoints (OpenAPI at /docs, /openapi.json):

    GET    /v1/health                 no token: whether the models are loaded, jobs waiting
    POST   /v1/check                  editor: the report JSON the CLI writes, or 202 and a job for a long text;
                                      "save": true stores it as a saved check; identical checks are cached
    GET    /v1/jobs/{id}              editor (the job's owner): progress, then the report
    DELETE /v1/jobs/{id}              editor (the job's owner): cancel
    GET    /v1/kb/search?q=&k=        anyone signed in: nearest knowledge entries
    POST   /v1/kb/entries             curator: add an entry (pending unless approved)
    POST   /v1/kb/entries/{id}/approve, /reject    curator
    GET    /v1/checks, /v1/checks/{id}; POST /v1/checks/{id}/decisions    editor: saved checks (saved.py)
    POST   /v1/chat/completions       editor: the guard (guard.py); GET /v1/models the configured model

Every request's id, method, path, status and sizes are logged; checks, chats and curation go to the audit
trail with ids and sizes. No text from a request, a model or an entry is logged.
"""
from __future__ import annotations

import asyncio
import logging
import math
import time
import uuid

from fastapi import Depends, FastAPI, Query
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..auth.users import CURATOR, EDITOR
from ..config import Config
from ..errors import InputError, TruthometerError
from ..checks.model import config_dict
from . import checks, guard, saved
from .cache import cache_key
from ..auth.users import User
from .auth import role
from .errors import ApiError, body, error_body
from .jobs import Busy, Full
from .limits import BodyLimit
from .schemas import ChatRequest, CheckRequest, EntryRequest
from .settings import ApiSettings
from .state import ApiState

log = logging.getLogger("truthometer.api")


def create_app(settings: ApiSettings | None = None, config: Config | None = None, kb=None, sources=None) -> FastAPI:
    """The API. ``kb`` and ``sources`` replace the knowledge base and the evidence sources a worker opens
    (tests give a knowledge base with a cheap embedder)."""
    settings = settings or ApiSettings()
    state = ApiState(settings, config, kb, sources)

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app):
        state.start()
        try:
            yield
        finally:
            state.stop()

    app = FastAPI(title="Truth-O-Meter", version="1", lifespan=lifespan,
                  description="Check LLM-written text against evidence, sentence by sentence; a guard for "
                              "OpenAI-compatible chat models. See docs/api.md.")
    app.state.api = state
    app.state.users = state.users
    app.state.audit = state.audit
    _errors(app)
    _check_routes(app, state)
    _kb_routes(app, state)
    saved.routes(app, state)
    _chat_routes(app, state)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes, timeout_s=settings.body_timeout_s)
    app.add_middleware(_RequestLog)  # added last, so outermost: the body limit's refusals are logged too
    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request, exc: ApiError):
        return JSONResponse(body(exc.status, exc.message, exc.code), exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request, exc: RequestValidationError):
        # Where and what, never the input itself (pydantic's errors carry it).
        details = [{"loc": list(e.get("loc", ())), "msg": e.get("msg", "")} for e in exc.errors()[:20]]
        payload = body(422, "the request body does not match the schema (see /docs): " + "; ".join(
            f"{'.'.join(str(p) for p in d['loc'])}: {d['msg']}" for d in details[:5]), "invalid_body")
        payload["error"]["details"] = details
        return JSONResponse(payload, 422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request, exc: StarletteHTTPException):
        return JSONResponse(body(exc.status_code, str(exc.detail)), exc.status_code)

    @app.exception_handler(TruthometerError)
    async def ours(request, exc: TruthometerError):
        status, payload = error_body(exc)
        return JSONResponse(payload, status)

    @app.exception_handler(Exception)
    async def other(request, exc: Exception):
        status, payload = error_body(exc)
        return JSONResponse(payload, status)


class _RequestLog:
    """One log line per request: an id (sent back as X-Request-ID), the method, path, status and sizes."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request_id, started, seen = uuid.uuid4().hex[:12], time.perf_counter(), {"status": 0, "bytes": 0}

        async def sending(message):
            if message["type"] == "http.response.start":
                seen["status"] = message["status"]
                message.setdefault("headers", []).append((b"x-request-id", request_id.encode()))
            elif message["type"] == "http.response.body":
                seen["bytes"] += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            size = dict(scope.get("headers") or []).get(b"content-length", b"0").decode("latin-1")
            log.info("request %s %s %s -> %s in=%s out=%d %.3fs", request_id, scope["method"], scope["path"],
                     seen["status"], size, seen["bytes"], time.perf_counter() - started)


async def _run_job(state: ApiState, job) -> dict:
    await asyncio.wrap_future(job.future)
    if job.status == "done":
        return job.result
    if job.error:
        raise ApiError(job.error["status"], job.error["message"], job.error.get("code") or "")
    raise ApiError(409, f"job {job.id} was {job.status}", "job_" + job.status)


def _submit(state: ApiState, owner: str, size: int, work, waits: bool = False):
    try:
        return state.jobs.submit(owner, size, work, waits)
    except Busy as busy:
        # When the work ahead should have shrunk to what a request may wait.
        limit = state.jobs.max_wait_s or 0
        timed = math.isfinite(busy.retry_after)  # not yet, at a cold start: a check's time is unknown
        seconds = max(1, math.ceil(busy.retry_after - limit)) if timed else 5
        ahead = f"would take about {busy.retry_after:.0f} s" if timed else "are of unknown length yet"
        raise ApiError(503, f"the checks ahead {ahead}, over this server's "
                            f"{limit:g} s; retry in {seconds} s or send it as a job "
                            '("mode": "job")', "busy", {"Retry-After": str(seconds)}) from None
    except Full:
        raise ApiError(503, "the check queue is full; retry in a few seconds", "queue_full",
                       {"Retry-After": "5"}) from None


async def _checked(state: ApiState, user: User, text, references, config, sources, key, save, size, as_job):
    """(how the report comes: hit | shared | miss | off, the job that has or will have it)."""
    known = state.cache.get(key)
    if known is not None:
        result = known if save is None else await run_in_threadpool(_save_known, save, known, text)
        return "hit", state.jobs.finished(user.name, size, result, published=as_job)
    twin = None if as_job else state.cache.inflight(key)
    if twin is not None:
        return "shared", twin
    job = _submit(state, user.name, size, checks.work(state, text, references, config, sources, key, save),
                  waits=not as_job)
    if not as_job and save is None:  # a twin that arrives while it runs waits for this one
        state.cache.running(key, job)
    return ("miss" if key else "off"), job


def _save_known(save, report: dict, text: str) -> dict:
    from ..report import report_from_dict

    plain = {k: v for k, v in report.items() if k != "saved_check"}
    return saved.with_saved(plain, save(report_from_dict(plain, text), plain))


def _check_routes(app: FastAPI, state: ApiState) -> None:
    settings = state.settings

    @app.get("/v1/health", tags=["service"])
    async def health():
        return {"status": "ok", "models_loaded": state.ready.is_set(), "jobs_waiting": state.jobs.waiting(),
                "expected_wait_s": round(state.jobs.expected_wait(), 1), "cache": state.cache.stats()}

    @app.post("/v1/check", tags=["check"], responses={202: {"description": "a job was started"}})
    async def check(payload: CheckRequest, user: User = Depends(role(EDITOR))):
        """Check a text against references and sources: the report the CLI writes (`check --format json`);
        with `save`, stored as a saved check too (its id in `saved_check`)."""
        text = checks.check_text(payload, settings)
        references = checks.references_of(payload, settings)
        config = checks.config_of(payload.options, state.config)
        size = len(text) + sum(len(r[1]) for r in references)
        as_job = payload.mode == "job" or (payload.mode == "auto" and len(text) > settings.sync_chars)
        sources = payload.options.sources
        key = None
        if state.cache.enabled:
            generation = await run_in_threadpool(state.kb_generation) if "kb" in sources else None
            key = cache_key(text, [r if isinstance(r, str) else r.model_dump() for r in payload.references],
                            config_dict(config), sources, generation)
        save = saved.saver(state, references, config, user.name, payload.title) if payload.save else None
        outcome, job = await _checked(state, user, text, references, config, sources, key, save, size, as_job)
        state.audit(user.name, "api check", f"job {job.id}",
                    {"chars": len(text), "references": len(references), "reference_chars": size - len(text),
                     "method": config.method, "job": as_job, "cache": outcome, "save": payload.save})
        if as_job:
            return JSONResponse({"job": job.id, "status": job.status, "url": f"/v1/jobs/{job.id}"}, 202,
                                headers={"Location": f"/v1/jobs/{job.id}", "X-Truthometer-Cache": outcome})
        result = await _run_job(state, job) if job.status != "done" else job.result
        if outcome == "shared" and save is not None:  # another request's check: this one's own save
            result = await run_in_threadpool(_save_known, save, result, text)
        return JSONResponse(result, headers={"X-Truthometer-Cache": outcome})

    def owned(user: User, job_id: str):
        job = state.jobs.get(job_id)
        if job is None or (job.owner != user.name and not user.single_user):
            raise ApiError(404, f"no job {job_id} (jobs are kept {settings.job_ttl_s:g} s after they end)",
                           "no_job")
        return user, job

    @app.get("/v1/jobs/{job_id}", tags=["check"])
    async def job_status(job_id: str, user: User = Depends(role(EDITOR))):
        return owned(user, job_id)[1].snapshot()

    @app.delete("/v1/jobs/{job_id}", tags=["check"])
    async def job_cancel(job_id: str, user: User = Depends(role(EDITOR))):
        user, job = owned(user, job_id)
        job = state.jobs.cancel(job.id) or job  # another worker's job: its board entry, read again
        state.audit(user.name, "api cancel", f"job {job.id}", {"status": job.status})
        return job.snapshot()


def _kb_routes(app: FastAPI, state: ApiState) -> None:
    @app.get("/v1/kb/search", tags=["knowledge base"])
    async def kb_search(user: User = Depends(role(None)), q: str = Query(..., min_length=1, max_length=2_000),
                        k: int = Query(4, ge=1, le=50),
                        status: str = Query("approved", pattern="^(approved|pending|rejected|any)$")):
        hits = await run_in_threadpool(
            lambda: state.kb().search([q], k=k, status=None if status == "any" else status)[0])
        return {"results": [{"distance": round(d, 4), **e.to_dict()} for e, d in hits]}

    @app.post("/v1/kb/entries", tags=["knowledge base"], status_code=201)
    async def kb_add(payload: EntryRequest, user: User = Depends(role(CURATOR))):
        entry = await run_in_threadpool(lambda: state.kb().add(
            payload.text.strip(), payload.source, payload.locator, payload.confidence, payload.status, user.name))
        state.audit(user.name, "api kb add", f"entry #{entry.id}", {"chars": len(entry.text), "status": entry.status})
        return entry.to_dict()

    async def decide(entry_id: int, user: User, verdict: str):
        kb = await run_in_threadpool(state.kb)
        try:
            await run_in_threadpool(kb.get, entry_id)
        except InputError:
            raise ApiError(404, f"no knowledge entry #{entry_id}", "no_entry") from None
        if verdict == "approve":
            allow_own = True if user.single_user else None  # as the app: no one else to approve it
            await run_in_threadpool(kb.approve, [entry_id], user.name, allow_own)
        else:
            await run_in_threadpool(kb.reject, [entry_id], user.name)
        return (await run_in_threadpool(kb.get, entry_id)).to_dict()

    @app.post("/v1/kb/entries/{entry_id}/approve", tags=["knowledge base"])
    async def kb_approve(entry_id: int, user: User = Depends(role(CURATOR))):
        return await decide(entry_id, user, "approve")

    @app.post("/v1/kb/entries/{entry_id}/reject", tags=["knowledge base"])
    async def kb_reject(entry_id: int, user: User = Depends(role(CURATOR))):
        return await decide(entry_id, user, "reject")


def _chat_routes(app: FastAPI, state: ApiState) -> None:
    settings = state.settings

    @app.get("/v1/models", tags=["guard"])
    async def models(user: User = Depends(role(EDITOR))):
        """The configured model, in OpenAI's shape (some clients list the models before they chat)."""
        import os

        from ..llm.client import ENV_MODEL

        name = os.environ.get(ENV_MODEL, "")
        return {"object": "list", "data": [{"id": name, "object": "model", "created": 0, "owned_by": "truthometer"}]
                if name else []}

    @app.post("/v1/chat/completions", tags=["guard"])
    async def chat(payload: ChatRequest, user: User = Depends(role(EDITOR))):
        """An OpenAI chat completion, the answer checked against the request's context documents."""
        options = guard.guard_options(payload)
        messages, documents = guard.split_context(payload, settings)
        answer, model, usage = await run_in_threadpool(guard.forward, payload, messages, 60.0)
        if len(answer) > settings.max_text_chars:
            raise ApiError(502, "the model's answer is over the text limit; it was not checked", "answer_too_long")
        if answer.strip():
            config = checks.config_of(checks.CheckOptions(method=options.method, judge=options.judge), state.config)
            job = _submit(state, user.name, len(answer), guard.work(state, answer, documents, config, options),
                          waits=True)
            report, corrected = await _run_job(state, job)
        else:
            report = {"sentences": [], "corrected_text": answer, "stats": {"contradicted": 0}, "method": options.method,
                      "notes": ["the model returned an empty answer"]}
            corrected = answer
        response, action = guard.completion(answer, model, usage, options, report, corrected)
        state.audit(user.name, "api chat", response["id"],
                    {"messages": len(messages), "documents": len(documents), "answer_chars": len(answer),
                     "guard": options.mode, "action": action,
                     "contradicted": report["stats"].get("contradicted", 0)})
        return response
