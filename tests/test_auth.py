"""Users, roles and passwords: the users file and `python -m truthometer users`."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from kb_backends import needs_pg, pg_databases  # noqa: F401 (fixture)
from truthometer.auth import ROLES, UserFile, hash_password, local_user, verify_password
from truthometer.config import Config
from truthometer.errors import InputError

ROOT = Path(__file__).resolve().parent.parent


def test_password_hash_is_salted_scrypt_and_verifies_only_the_password():
    one, two = hash_password("correct horse"), hash_password("correct horse")
    assert one.startswith("scrypt$") and one != two  # a fresh salt each time
    assert "correct horse" not in one
    assert verify_password("correct horse", one) and verify_password("correct horse", two)
    assert not verify_password("correct horsf", one)
    assert not verify_password("correct horse", "scrypt$broken") and not verify_password("x", "")
    with pytest.raises(ValueError, match="at least 8"):
        hash_password("short")


def test_users_file_adds_authenticates_and_changes_roles(tmp_path):
    users = UserFile(tmp_path / "users.json")
    _add_ann_and_cy(users)
    assert stat.S_IMODE(os.stat(users.path).st_mode) == 0o600
    assert "long password" not in users.path.read_text()
    _manage_ann_and_cy(users)


def _add_ann_and_cy(users):
    assert not users.configured() and users.list() == []
    users.add("ann", "ann's long password", ["editor"])
    users.add("cy", "cy's long password", ["curator", "admin"], email="Cy@Example.org")
    assert users.configured()


def _manage_ann_and_cy(users):
    """The users interface, whatever keeps the users: the file or PostgreSQL."""
    ann = users.authenticate("ann", "ann's long password")
    assert ann.name == "ann" and ann.can("editor") and not ann.can("curator")
    assert users.authenticate("ann", "cy's long password") is None
    assert users.authenticate("nobody", "ann's long password") is None
    with pytest.raises(InputError, match="exists already"):
        users.add("ann", "another long one", ["curator"])
    with pytest.raises(InputError, match="unknown role"):
        users.add("bo", "bo's long password", ["superuser"])
    with pytest.raises(InputError, match="not allowed"):
        users.add("<script>", "a long password", ["editor"])
    before, after = users.set_roles("ann", ["editor", "curator"])
    assert before.roles == {"editor"} and after.roles == {"editor", "curator"}
    assert users.get("ann").can("curator")
    with pytest.raises(InputError, match="no admin"):
        users.set_roles("cy", ["curator"])  # the last admin keeps the role
    with pytest.raises(InputError, match="no admin"):
        users.remove("cy")
    users.remove("ann")
    assert [u.name for u in users.list()] == ["cy"]


def test_oidc_identities_get_roles_from_the_file_or_the_default(tmp_path):
    users = UserFile(tmp_path / "users.json")
    users.add("cy", "cy's long password", ["curator"], email="Cy@Example.org")
    cy = users.for_identity("cy@example.org")
    assert (cy.name, cy.roles, cy.via) == ("cy", {"curator"}, "oidc")
    assert users.for_identity("stranger@example.org") is None  # no default roles: listed users only
    data = json.loads(users.path.read_text())
    data["oidc_default_roles"] = ["editor"]
    users.path.write_text(json.dumps(data))
    stranger = users.for_identity("stranger@example.org", "Stranger")
    assert stranger.name == "Stranger" and stranger.roles == {"editor"}


def test_a_damaged_users_file_never_falls_back_to_single_user_mode(tmp_path):
    path = tmp_path / "users.json"
    path.write_text('{"users": {"ann": ')
    with pytest.raises(InputError, match="not valid JSON"):
        UserFile(path).configured()
    path.write_text('["ann"]')
    with pytest.raises(InputError, match="JSON object"):
        UserFile(path).list()


def test_a_postgresql_knowledge_base_keeps_the_users_unless_a_file_is_named():
    from truthometer.auth.pg_users import PostgresUsers

    # Nothing listens on port 1: the users cannot be read, and that is an error, never single-user mode.
    users = UserFile.for_config(Config(kb_dir="postgresql://kb:secret@127.0.0.1:1/kb", users_file=None))
    assert isinstance(users, PostgresUsers) and "secret" not in str(users.path)
    with pytest.raises(InputError, match="127.0.0.1:1"):
        users.configured()
    named = UserFile.for_config(Config(kb_dir="postgresql://kb@db.internal/kb", users_file="/srv/users.json"))
    assert str(named.path) == "/srv/users.json" and not isinstance(named, PostgresUsers)


def test_users_in_postgresql_behave_as_the_users_file(pg_databases):
    import psycopg
    from truthometer.auth.pg_users import PostgresUsers

    url = pg_databases.create()
    users = UserFile.for_config(Config(kb_dir=url, users_file=None))
    assert isinstance(users, PostgresUsers)
    _add_ann_and_cy(users)
    _manage_ann_and_cy(users)
    again = PostgresUsers(url)  # another app instance sees the same users
    assert [(u.name, sorted(u.roles), u.email) for u in again.list()] == [("cy", ["admin", "curator"],
                                                                          "Cy@Example.org")]
    with psycopg.connect(url) as conn:
        [(stored,)] = conn.execute("SELECT password FROM users WHERE name = 'cy'").fetchall()
        assert stored.startswith("scrypt$") and "long password" not in stored
        conn.execute("UPDATE meta SET value = '[\"editor\"]' WHERE key = 'oidc_default_roles'")
    stranger = again.for_identity("stranger@example.org", "Stranger")
    assert stranger.roles == {"editor"} and again.for_identity("cy@example.org").roles == {"admin", "curator"}
    again.set_password("cy", "cy's new long password")
    assert users.authenticate("cy", "cy's new long password") and not users.authenticate("cy", "cy's long password")
    with pytest.raises(InputError, match="NUL"):
        users.add("bo", "bo's long password", ["editor"], email="bo\x00@example.org")
    assert [u.name for u in users.list()] == ["cy"]  # a refused change writes nothing


def test_local_user_has_every_role():
    user = local_user()
    assert user.single_user and all(user.can(r) for r in ROLES)


def _add_one(args):
    path, name = args
    UserFile(path).add(name, f"{name}'s long password", ["editor"])
    return name


def test_concurrent_writers_lose_no_user(tmp_path):
    path = tmp_path / "users.json"
    names = [f"user{i}" for i in range(12)]
    with ProcessPoolExecutor(4) as pool:
        assert sorted(pool.map(_add_one, [(path, n) for n in names])) == sorted(names)
    assert sorted(u.name for u in UserFile(path).list()) == sorted(names)


def _add_one_pg(args):
    url, name = args
    UserFile.for_config(Config(kb_dir=url, users_file=None)).add(name, f"{name}'s long password", ["editor"])
    return name


def test_concurrent_writers_lose_no_user_in_postgresql(pg_databases):
    url = pg_databases.create()
    names = [f"user{i}" for i in range(12)]
    with ProcessPoolExecutor(4) as pool:
        assert sorted(pool.map(_add_one_pg, [(url, n) for n in names])) == sorted(names)
    assert sorted(u.name for u in UserFile.for_config(Config(kb_dir=url, users_file=None)).list()) == sorted(names)


def _cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "truthometer", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env={**os.environ, "TRUTHOMETER_USERS": ""})


def test_users_command_manages_users_and_records_each_change(tmp_path):
    kb = str(tmp_path / "kb")
    done = _cli("users", "add", "ann", "--role", "editor", "--password-stdin", "--kb", kb, "--by", "root",
                stdin="ann's long password\n")
    assert done.returncode == 0, done.stderr
    assert _cli("users", "add", "cy", "--role", "curator", "--role", "admin", "--password-stdin", "--kb", kb,
                stdin="cy's long password\n").returncode == 0
    assert _cli("users", "role", "ann", "editor", "curator", "--kb", kb, "--by", "cy").returncode == 0
    listed = [json.loads(line) for line in _cli("users", "list", "--kb", kb).stdout.splitlines()]
    assert listed == [{"name": "ann", "roles": ["curator", "editor"], "email": ""},
                      {"name": "cy", "roles": ["admin", "curator"], "email": ""}]
    assert UserFile(Path(kb) / "users.json").authenticate("ann", "ann's long password")
    short = _cli("users", "add", "bo", "--role", "editor", "--password-stdin", "--kb", kb, stdin="short\n")
    assert short.returncode == 2 and "at least 8" in short.stderr and "Traceback" not in short.stderr
    missing = _cli("users", "remove", "nobody", "--kb", kb)
    assert missing.returncode == 2 and "no user 'nobody'" in missing.stderr
    trail = [json.loads(line) for line in _cli("kb", "audit", "--kb", kb).stdout.splitlines()]
    assert [(r["actor"], r["action"], r["subject"]) for r in trail][:1] == [("root", "user add", "ann")]
    change = next(r for r in trail if r["action"] == "role change")
    assert change["actor"] == "cy" and json.loads(change["old"]) == {"roles": ["editor"]}
    assert json.loads(change["new"]) == {"roles": ["curator", "editor"]}


def test_users_command_keeps_users_and_their_audit_in_postgresql(pg_databases):
    from truthometer.auth.pg_users import PostgresUsers
    from truthometer.knowledge.postgres_store import PostgresStore

    url = pg_databases.create()
    done = _cli("users", "add", "ann", "--role", "editor", "--role", "admin", "--password-stdin", "--kb", url,
                "--by", "root", stdin="ann's long password\n")
    assert done.returncode == 0, done.stderr
    assert _cli("users", "role", "ann", "admin", "curator", "--kb", url, "--by", "ann").returncode == 0
    listed = [json.loads(line) for line in _cli("users", "list", "--kb", url).stdout.splitlines()]
    assert listed == [{"name": "ann", "roles": ["admin", "curator"], "email": ""}]
    assert PostgresUsers(url).authenticate("ann", "ann's long password").can("curator")
    last = _cli("users", "remove", "ann", "--kb", url)
    assert last.returncode == 2 and "no admin" in last.stderr and "Traceback" not in last.stderr
    store = PostgresStore(url)
    try:
        trail = [(r["actor"], r["action"], r["subject"]) for r in store.trail()]
    finally:
        store.close()
    assert trail == [("root", "user add", "ann"), ("ann", "role change", "ann")]


def test_a_users_file_moves_into_postgresql_all_or_nothing(pg_databases, tmp_path):
    from truthometer.auth.pg_users import PostgresUsers

    url = pg_databases.create()
    old = UserFile(tmp_path / "users.json")
    old.add("ann", "ann's long password", ["editor", "admin"])
    old.add("cy", "cy's long password", ["curator"], email="cy@example.org")
    done = _cli("users", "import", str(old.path), "--kb", url, "--by", "root")
    assert done.returncode == 0 and "imported 2 users: ann, cy" in done.stderr, done.stderr
    users = PostgresUsers(url)
    assert users.authenticate("ann", "ann's long password").roles == {"admin", "editor"}  # the same hash
    assert users.for_identity("cy@example.org").name == "cy"
    again = _cli("users", "import", str(old.path), "--kb", url)
    assert again.returncode == 0 and "imported 0 users" in again.stderr
    old.set_roles("cy", ["curator", "editor"])
    old.add("bo", "bo's long password", ["editor"])
    clash = _cli("users", "import", str(old.path), "--kb", url)
    assert clash.returncode == 2 and "cy exists already" in clash.stderr and "Traceback" not in clash.stderr
    assert [u.name for u in users.list()] == ["ann", "cy"]  # bo was not imported either
    missing = _cli("users", "import", str(tmp_path / "nope.json"), "--kb", url)
    assert missing.returncode == 2 and "no users file" in missing.stderr
