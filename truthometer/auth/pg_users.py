"""Users in the team's PostgreSQL knowledge base (table ``users``, postgres_store.py's migration 3), behind
the users file's interface: used when the knowledge base is a ``postgresql://`` URL and
``TRUTHOMETER_USERS`` names no file, so every app instance and CLI writer of the team sees the same users
with nothing else to share.

Each change is one transaction under a table lock (``PostgresStore.change_users``): concurrent changes
from several processes queue and all land, and a refused one (the last admin, a name taken) writes
nothing. Password hashes are the same scrypt strings as in the file.
"""
from __future__ import annotations

import threading
from typing import Any, Callable

from ..errors import InputError
from .users import UserFile

_stores: dict = {}
_stores_lock = threading.Lock()


def _store(url: str):
    """One store (one connection) per database and process: the app asks for the users on every page."""
    from ..knowledge.postgres_store import PostgresStore

    with _stores_lock:
        store = _stores.get(url)
        if store is None:
            store = _stores[url] = PostgresStore(url)
        return store


class PostgresUsers(UserFile):
    def __init__(self, url: str):
        from ..knowledge.postgres_store import redact

        self.url = url.strip()
        # Where the users are, for messages: the URL without its password. Nothing connects until the
        # users are asked for, so naming an unreachable server costs nothing until then.
        self.path = redact(self.url)

    def _call(self, work: Callable[[Any], Any]):
        import psycopg

        try:
            return work(_store(self.url))
        except psycopg.Error as exc:
            message = " ".join(str(exc).split()) or type(exc).__name__
            raise InputError(f"cannot reach the users in the knowledge base at {self.path}: {message}") from exc

    def data(self) -> dict[str, Any]:
        """The users. A database that cannot be read raises: falling back to single-user mode would hand
        every role to anyone who can reach the app."""
        return self._call(lambda store: store.users())

    def _save(self, apply: Callable[[dict], Any]) -> None:
        self._call(lambda store: store.change_users(apply))
