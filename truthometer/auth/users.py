"""Who may do what: users, their roles and where they are kept.

Roles: an *editor* checks texts and accepts, edits or rejects corrections; a *curator* approves, rejects
and edits knowledge entries; an *admin* manages users. Anyone signed in may read the dialectical trees
(the analyst's view). A user may hold several roles.

Users live in one JSON file (``Config.users_file``, default ``users.json`` beside the knowledge base),
written atomically under a lock, with scrypt password hashes; with a PostgreSQL knowledge base and no file
named, in that database's ``users`` table instead (``pg_users.PostgresUsers``, the same interface). With
no users in it, the app runs for one local user with every role (the laptop default); a team adds users
with ``python -m truthometer users``.
A team with an identity provider signs in through OpenID Connect instead (Streamlit's ``st.login``); the
file then maps e-mail addresses to roles, and others get ``oidc_default_roles``.

    users = UserFile.for_config(Config())
    users.add("ann", "a long password", ["editor"])
    users.authenticate("ann", "a long password")     # User(name='ann', roles=frozenset({'editor'}), ...)
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..config import Config
from ..errors import InputError
from .passwords import PasswordError, burn_time, hash_password, verify_password

EDITOR, CURATOR, ADMIN = "editor", "curator", "admin"
ROLES = (EDITOR, CURATOR, ADMIN)
FILE_NAME = "users.json"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$")


@dataclass(frozen=True)
class User:
    name: str
    roles: frozenset = field(default_factory=frozenset)
    email: str = ""
    #: how they signed in: "password" (the users file), "oidc", or "local" (single-user mode)
    via: str = "password"

    def can(self, role: str) -> bool:
        return role in self.roles

    @property
    def single_user(self) -> bool:
        return self.via == "local"


def local_user(name: str = "local") -> User:
    """The one user of an app with no users configured: every role."""
    return User(name or "local", frozenset(ROLES), via="local")


def check_roles(roles: Iterable[str]) -> list[str]:
    roles = sorted({str(r).strip().lower() for r in roles if str(r).strip()})
    unknown = [r for r in roles if r not in ROLES]
    if unknown:
        raise InputError(f"unknown role {', '.join(unknown)}; roles are {', '.join(ROLES)}")
    return roles


def check_name(name: str) -> str:
    name = (name or "").strip()
    if not _NAME.match(name):
        raise InputError(f"user name {name!r} is not allowed: 1 to 64 letters, digits, '.', '_', '@' or '-', "
                         "starting with a letter or digit")
    return name


class UserFile:
    def __init__(self, path: str | Path):
        self.path = Path(path)

    @classmethod
    def for_config(cls, config: Config | None = None) -> "UserFile":
        config = config or Config()
        if config.users_file:
            return cls(config.users_file)
        from ..knowledge.base import is_url

        if is_url(str(config.kb_dir)):
            # Every app instance of the team already shares that database: the users go beside the entries.
            from .pg_users import PostgresUsers

            return PostgresUsers(str(config.kb_dir))
        return cls(Path(config.kb_dir) / FILE_NAME)

    # -- reading -----------------------------------------------------------------------------------
    def data(self) -> dict[str, Any]:
        """The file's content; an empty one where there is no file. A file that cannot be read raises:
        falling back to single-user mode would hand every role to anyone who can reach the app."""
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {"users": {}}
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read the users file {self.path}: {exc}") from exc
        try:
            data = json.loads(raw) if raw.strip() else {"users": {}}
        except json.JSONDecodeError as exc:
            raise InputError(f"the users file {self.path} is not valid JSON ({exc.msg}, line {exc.lineno}); "
                             "fix it or restore it from a backup") from exc
        if not isinstance(data, dict) or not isinstance(data.get("users", {}), dict):
            raise InputError(f"the users file {self.path} must be a JSON object with a 'users' object")
        data.setdefault("users", {})
        return data

    def list(self) -> list[User]:
        return [self._user(name, record) for name, record in sorted(self.data()["users"].items())]

    def get(self, name: str) -> User | None:
        record = self.data()["users"].get(name)
        return self._user(name, record) if isinstance(record, dict) else None

    def configured(self) -> bool:
        """Whether any user exists (otherwise the app runs in single-user mode)."""
        return bool(self.data()["users"])

    def authenticate(self, name: str, password: str) -> User | None:
        """The user, when the password is theirs; None otherwise (the same time either way)."""
        record = self.data()["users"].get((name or "").strip())
        if not isinstance(record, dict) or not record.get("password"):
            burn_time()
            return None
        if not verify_password(password or "", record["password"]):
            return None
        return self._user(name.strip(), record)

    def for_identity(self, email: str, name: str = "") -> User | None:
        """The user an identity provider signed in (OpenID Connect): the file's user with that e-mail,
        else one with ``oidc_default_roles`` (none by default: then only listed users get in)."""
        email = (email or "").strip().lower()
        if not email:
            return None
        data = self.data()
        for user_name, record in sorted(data["users"].items()):
            if isinstance(record, dict) and str(record.get("email", "")).strip().lower() == email:
                return User(user_name, frozenset(check_roles(record.get("roles", []))), email, via="oidc")
        default = check_roles(data.get("oidc_default_roles", []))
        return User(name.strip() or email, frozenset(default), email, via="oidc") if default else None

    @staticmethod
    def _user(name: str, record: dict) -> User:
        return User(name, frozenset(check_roles(record.get("roles", []))), str(record.get("email", "")))

    # -- writing -----------------------------------------------------------------------------------
    def add(self, name: str, password: str, roles: Iterable[str], email: str = "") -> User:
        name, roles = check_name(name), check_roles(roles)
        try:
            hashed = hash_password(password)
        except PasswordError as exc:
            raise InputError(str(exc)) from exc

        def change(users):
            if name in users:
                raise InputError(f"user {name} exists already; change their roles with `users role`")
            users[name] = {"password": hashed, "roles": roles, "email": email.strip()}
        self._update(change)
        return User(name, frozenset(roles), email.strip())

    def remove(self, name: str) -> User:
        removed = self._need(name)
        self._update(lambda users: users.pop(name, None))
        return removed

    def set_roles(self, name: str, roles: Iterable[str]) -> tuple[User, User]:
        """(before, after)."""
        before, roles = self._need(name), check_roles(roles)
        self._update(lambda users: users[name].__setitem__("roles", roles))
        return before, User(name, frozenset(roles), before.email)

    def set_password(self, name: str, password: str) -> None:
        self._need(name)
        try:
            hashed = hash_password(password)
        except PasswordError as exc:
            raise InputError(str(exc)) from exc
        self._update(lambda users: users[name].__setitem__("password", hashed))

    def import_users(self, source: "UserFile") -> list[str]:
        """Every user of ``source`` (password hash, roles, e-mail), and its OpenID Connect default roles where
        none are set here, added in one change: how a team moves its users file into PostgreSQL. All or
        nothing: a name that is here already with another record refuses the whole import; one with the same
        record is left alone, so importing twice adds nothing. The names added, sorted."""
        given = source.data()
        incoming = {check_name(name): _record(record) for name, record in given["users"].items()}
        default = check_roles(given.get("oidc_default_roles", []))
        added: list[str] = []

        def apply(data: dict) -> None:
            clash = sorted(n for n, r in incoming.items() if n in data["users"] and _record(data["users"][n]) != r)
            if clash:
                raise InputError(f"{', '.join(clash)} exist{'s' if len(clash) == 1 else ''} already with other "
                                 "roles, e-mail or password; nothing was imported")
            for name, record in incoming.items():
                if name not in data["users"]:
                    data["users"][name] = record
                    added.append(name)
            if default and not data.get("oidc_default_roles"):
                data["oidc_default_roles"] = default
        self._save(apply)
        return sorted(added)

    def _need(self, name: str) -> User:
        user = self.get(name)
        if user is None:
            raise InputError(f"no user {name!r}; `python -m truthometer users list` shows who there is")
        return user

    def _update(self, change: Callable[[dict], Any]) -> None:
        """``change`` the users (name -> record), keeping at least one admin where there was one."""
        def apply(data: dict) -> None:
            admins = _admins(data["users"])
            change(data["users"])
            if admins and not _admins(data["users"]):
                raise InputError("that would leave no admin to manage users; give another user the admin role first")
        self._save(apply)

    def _save(self, apply: Callable[[dict], Any]) -> None:
        """Read, ``apply`` and write the file under an exclusive lock, atomically (a crash leaves the old
        file or the new one, never half of one), readable by its owner only."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            data = self.data()
            apply(data)
            data.setdefault("oidc_default_roles", [])
            handle, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".users-", suffix=".json")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump(data, out, indent=1, sort_keys=True)
                    out.flush()
                    os.fsync(out.fileno())
                os.chmod(temp, 0o600)
                os.replace(temp, self.path)
            finally:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(temp)


def _record(record: Any) -> dict:
    """A user's record as stored, checked: a damaged one is refused rather than copied."""
    if not isinstance(record, dict):
        raise InputError("a user in the users file is not a JSON object")
    return {"password": str(record.get("password") or ""), "roles": check_roles(record.get("roles") or []),
            "email": str(record.get("email") or "").strip()}


def _admins(users: dict) -> list[str]:
    return [n for n, r in users.items() if isinstance(r, dict) and ADMIN in (r.get("roles") or [])]
