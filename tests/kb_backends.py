"""Both knowledge-base backends for the KB tests: SQLite (a folder under tmp_path) and PostgreSQL (a fresh
database per test on the server named by $TRUTHOMETER_TEST_PG, which .ci/run starts).

Without TRUTHOMETER_TEST_PG the PostgreSQL cases are skipped with the reason, so `make test` on a laptop
without PostgreSQL still passes. Use in a test module:

    from kb_backends import backend, new_kb_location, kb_location  # noqa: F401 (fixtures)
"""
import os
import uuid
from urllib.parse import urlsplit, urlunsplit

import pytest

PG = os.environ.get("TRUTHOMETER_TEST_PG", "").strip()
SKIP_PG = ("PostgreSQL backend not tested: set TRUTHOMETER_TEST_PG=postgresql://user@host:port/db (a role that may "
           "CREATE DATABASE; .ci/run starts such a server)")
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.skipif(not PG, reason=SKIP_PG))]
needs_pg = pytest.mark.skipif(not PG, reason=SKIP_PG)


def pg_url(database: str) -> str:
    """$TRUTHOMETER_TEST_PG with another database name."""
    parts = urlsplit(PG)
    return urlunsplit((parts.scheme, parts.netloc, "/" + database, parts.query, ""))


def pg_admin():
    import psycopg

    return psycopg.connect(PG, autocommit=True, connect_timeout=10)


class PgDatabases:
    """Creates uniquely named databases and drops them (and whoever is still connected) at the end."""

    def __init__(self):
        self.made: list[str] = []

    def create(self) -> str:
        name = f"kbtest_{uuid.uuid4().hex[:16]}"
        with pg_admin() as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        self.made.append(name)
        return pg_url(name)

    def drop_all(self) -> None:
        with pg_admin() as admin:
            for name in self.made:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.made.clear()


@pytest.fixture
def pg_databases(tmp_path, monkeypatch):
    """Fresh PostgreSQL databases (``create()`` returns a URL); FAISS index caches go under tmp_path."""
    if not PG:
        pytest.skip(SKIP_PG)
    monkeypatch.setenv("TRUTHOMETER_KB_INDEX_DIR", str(tmp_path / "kb-index-cache"))
    dbs = PgDatabases()
    yield dbs
    dbs.drop_all()


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param


@pytest.fixture
def new_kb_location(backend, tmp_path, monkeypatch):
    """A function returning a new, empty knowledge-base location of the test's backend at each call: a
    folder for SQLite, a postgresql:// URL of a new database for PostgreSQL (its FAISS index cache under
    tmp_path, for this process and the subprocesses it starts)."""
    monkeypatch.setenv("TRUTHOMETER_KB_INDEX_DIR", str(tmp_path / "kb-index-cache"))
    dbs = PgDatabases()
    count = iter(range(1_000_000))

    def make() -> str:
        if backend == "sqlite":
            return str(tmp_path / f"kb{next(count)}")
        return dbs.create()

    yield make
    if dbs.made:
        dbs.drop_all()


@pytest.fixture
def kb_location(new_kb_location):
    return new_kb_location()
