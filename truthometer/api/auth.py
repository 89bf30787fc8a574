"""Who is calling, and may they: bearer tokens (``auth/tokens.py``) and the app's roles.

With users configured, every endpoint but ``/docs`` and ``/v1/health`` needs ``Authorization: Bearer
tom_...``: none, a malformed, unknown or revoked token, or one of a removed user, is 401; a user without
the endpoint's role is 403. With no users configured the API is single-user like the app (one local user
with every role, no token) for requests from a loopback address only; any other address gets 403, and
``truthometer api`` refuses to listen beyond loopback then. The users are read on every request (a small
file, or one query), so adding the first user closes single-user mode without a restart.
"""
from __future__ import annotations

import logging

from fastapi import Request

from ..auth.tokens import authenticate
from ..auth.users import User, UserFile, local_user
from .errors import ApiError
from .settings import is_loopback

log = logging.getLogger("truthometer.api")


def current_user(request: Request) -> User:
    state = request.app.state
    users: UserFile = state.users()
    client = request.client.host if request.client else ""
    if not users.configured():
        if not is_loopback(client):
            raise ApiError(403, "no users are configured, so only this machine may call the API; add users and "
                                "issue tokens (`truthometer users token NAME`) to serve others", "single_user")
        return local_user()
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if not header:
        raise _unauthorized("an API token is required: send `Authorization: Bearer TOKEN` "
                            "(issue one with `truthometer users token NAME`)")
    user = authenticate(users, token) if scheme.lower() == "bearer" else None
    if user is None:
        log.info("refused: bad token, path=%s", request.url.path)
        raise _unauthorized("the API token is not valid (unknown, revoked, or its user was removed)")
    return user


def need(request: Request, role: str | None) -> User:
    """The caller, who must hold ``role`` (None: anyone signed in)."""
    user = current_user(request)
    if role and not user.can(role):
        request.app.state.audit(user.name, "api refused", request.url.path, {"role": role})
        raise ApiError(403, f"{user.name} lacks the {role} role this endpoint needs", "missing_role")
    return user


def role(name: str | None):
    """A dependency: the caller, who must hold ``name``. As a dependency it runs before the body is
    validated, so a request without a valid token is 401 whatever its body."""
    def dependency(request: Request) -> User:
        return need(request, name)
    return dependency


def _unauthorized(message: str) -> ApiError:
    return ApiError(401, message, "invalid_token", {"WWW-Authenticate": "Bearer"})
