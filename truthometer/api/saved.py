"""Saved checks over HTTP: ``POST /v1/check`` with ``"save": true`` stores the check on the review desk (the
same store and format as `check --save`, read by `checks list` and the app's Saved checks page), and these
endpoints list them, open one, and record a reviewer's decision on a sentence's proposal.

    GET  /v1/checks?limit=&offset=&author=     editor: newest first, as `checks list --json`
    GET  /v1/checks/{id}                       editor: the whole check, as `checks export`
    POST /v1/checks/{id}/decisions             editor: accept | edit | reject one sentence's proposal

Editors may read and decide on every saved check, as on the app's Saved checks page. The store writes each
save and decision to the audit trail itself ("check save", "check accept", ...), with its author.
"""
from __future__ import annotations

from fastapi import Depends, FastAPI, Query
from starlette.concurrency import run_in_threadpool

from ..auth.users import EDITOR, User
from ..errors import SavedCheckError
from .auth import role
from .errors import ApiError
from .schemas import DecisionRequest

ORIGIN = "api"


def saver(state, references: list, config, author: str, title: str | None):
    """``save(report) -> id``: the check stored under ``author`` (the token's user), as `check --save` does.
    Run by the check's job once its report exists, so a long text's job saves when it is done."""
    def save(report, report_dict: dict | None = None) -> int:
        return state.checks().save(report, references, config, author, origin=ORIGIN, title=title or "",
                                   report_dict=report_dict)
    return save


def with_saved(report: dict, check_id: int) -> dict:
    """The report as the CLI writes it, plus where its saved check is."""
    return {**report, "saved_check": {"id": check_id, "url": f"/v1/checks/{check_id}"}}


def routes(app: FastAPI, state) -> None:
    @app.get("/v1/checks", tags=["saved checks"])
    async def list_checks(user: User = Depends(role(EDITOR)), limit: int = Query(50, ge=1, le=500),
                          offset: int = Query(0, ge=0), author: str | None = Query(None, max_length=64)):
        """Saved checks, newest first: id, title, author, date, origin, counts, decisions pending."""
        rows = await run_in_threadpool(state.checks().list, limit, offset, author)
        return {"checks": rows}

    @app.get("/v1/checks/{check_id}", tags=["saved checks"])
    async def get_check(check_id: int, user: User = Depends(role(EDITOR))):
        """One saved check: text, references (by name and sha256), configuration, report, evidence, decisions."""
        check = await run_in_threadpool(_get, state, check_id)
        return check.to_export()

    @app.post("/v1/checks/{check_id}/decisions", tags=["saved checks"], status_code=201)
    async def decide(check_id: int, payload: DecisionRequest, user: User = Depends(role(EDITOR))):
        """A reviewer's decision on one sentence's proposal, recorded as the app records it."""
        from ..checks.review import decide as record

        await run_in_threadpool(_get, state, check_id)  # 404 before a decision is judged

        def work():
            try:
                return record(state.checks(), check_id, payload.sentence, payload.action, user.name, payload.text)
            except StopIteration:  # review.decide reads the sentence after proposal_of found it: never here
                raise ApiError(422, f"no sentence {payload.sentence} in check #{check_id}", "no_sentence") from None
            except SavedCheckError as exc:
                message = str(exc)
                raise ApiError(422, message[:300], "no_sentence" if "no sentence" in message else "bad_decision") \
                    from None

        decision = await run_in_threadpool(work)
        return {"check": check_id, "sentence": decision.sentence, "action": decision.action,
                "author": decision.author, "at": decision.at, "text": decision.text, "kinds": decision.kinds}


def _get(state, check_id: int):
    try:
        return state.checks().get(check_id)
    except SavedCheckError as exc:
        message = str(exc)
        if message.startswith("no saved check"):
            raise ApiError(404, message, "no_check") from None
        raise ApiError(422, message[:300], "unreadable_check") from None
