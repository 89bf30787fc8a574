"""API tokens: one or more per user, for the HTTP API (``truthometer api``), stored hashed, revocable.

A token reads ``tom_<id>_<secret>``: the id (12 hex digits) names the stored record, the secret is 32
random bytes (base64url). Only the SHA-256 of the secret is kept: a token carries 256 bits of entropy, so
a fast hash is as safe as a slow one and costs nothing per request. The records live beside the users
they belong to (``"api_tokens"`` in the users file, or the ``api_tokens`` meta row of a PostgreSQL
knowledge base, written in the same locked transaction as the users), so the two never drift apart.

A token carries no roles of its own: it stands for its user, whose roles are read when it is used, so a
role change applies at once and removing a user revokes their tokens.

    issued = issue(users, "ann")        # Issued(id=..., token="tom_..."): the token is shown once
    authenticate(users, issued.token)    # User(name='ann', roles=..., via='token')
    revoke(users, issued.id)
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone

from ..errors import InputError
from .users import User, UserFile, check_name, check_roles

KEY = "api_tokens"
PREFIX = "tom_"
_TOKEN = re.compile(r"^tom_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$")


@dataclass(frozen=True)
class Issued:
    id: str
    user: str
    #: the token itself: shown once, never stored
    token: str


@dataclass(frozen=True)
class TokenInfo:
    id: str
    user: str
    created_at: str
    revoked_at: str | None


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def issue(users: UserFile, name: str) -> Issued:
    """A new token for the user ``name`` (who must exist)."""
    name = check_name(name)
    token_id, secret = secrets.token_hex(6), secrets.token_urlsafe(32)

    def apply(data: dict) -> None:
        if name not in data["users"]:
            raise InputError(f"no user {name!r}; `python -m truthometer users list` shows who there is")
        records = data.setdefault(KEY, {})
        records[token_id] = {"user": name, "sha256": _digest(secret), "created_at": _now(), "revoked_at": None}
    users._save(apply)
    return Issued(token_id, name, f"{PREFIX}{token_id}_{secret}")


def revoke(users: UserFile, token_id: str, name: str | None = None) -> TokenInfo:
    """Revoke the token ``token_id`` (of the user ``name``, when given); revoking twice is refused."""
    token_id = (token_id or "").strip()
    found: dict = {}

    def apply(data: dict) -> None:
        record = (data.get(KEY) or {}).get(token_id)
        if not isinstance(record, dict) or (name and record.get("user") != name):
            raise InputError(f"no token {token_id!r}" + (f" of {name}" if name else "")
                             + "; `users token NAME --list` shows a user's tokens")
        if record.get("revoked_at"):
            raise InputError(f"token {token_id} was revoked already, at {record['revoked_at']}")
        record["revoked_at"] = _now()
        found.update(record)
    users._save(apply)
    return TokenInfo(token_id, found["user"], found.get("created_at", ""), found["revoked_at"])


def tokens_of(users: UserFile, name: str) -> list[TokenInfo]:
    records = users.data().get(KEY) or {}
    return sorted((TokenInfo(i, r.get("user", ""), r.get("created_at", ""), r.get("revoked_at"))
                   for i, r in records.items() if isinstance(r, dict) and r.get("user") == name),
                  key=lambda t: (t.created_at, t.id))


def authenticate(users: UserFile, token: str) -> User | None:
    """The user a valid, unrevoked token stands for, with their current roles; None otherwise."""
    match = _TOKEN.match((token or "").strip())
    if not match:
        return None
    data = users.data()
    record = (data.get(KEY) or {}).get(match.group(1))
    # Compared in constant time either way, so the answer's timing says nothing about which ids exist.
    stored = record.get("sha256", "") if isinstance(record, dict) else "0" * 64
    if not hmac.compare_digest(_digest(match.group(2)), str(stored)) or not isinstance(record, dict):
        return None
    if record.get("revoked_at"):
        return None
    user = data["users"].get(record.get("user"))
    if not isinstance(user, dict):
        return None  # the user was removed: their tokens went with them
    return User(record["user"], frozenset(check_roles(user.get("roles", []))), str(user.get("email", "")),
                via="token")
