"""A cheap deterministic embedder for knowledge-base tests that exercise storage, not meaning."""
import hashlib

import numpy as np


def hash_embedder(texts):
    out = np.zeros((len(texts), 384), dtype=np.float32)
    for i, t in enumerate(texts):
        seed = int.from_bytes(hashlib.sha256(t.encode()).digest()[:8], "little")
        v = np.random.default_rng(seed).standard_normal(384).astype(np.float32)
        out[i] = v / np.linalg.norm(v)
    return out


def password_of(name: str) -> str:
    return f"{name}'s long password"


def team_kb(tmp_path, monkeypatch, roles: dict):
    """A knowledge-base directory the app opens (``TRUTHOMETER_KB``) with a users file of ``roles`` ({name:
    [role, ...]}, passwords from ``password_of``), and the knowledge base opened on it (hash embedder, no seed
    entries): the caller adds what the test needs and closes it."""
    from truthometer.auth import UserFile
    from truthometer.knowledge import KnowledgeBase

    kb_dir = tmp_path / "kb"
    monkeypatch.setenv("TRUTHOMETER_KB", str(kb_dir))
    monkeypatch.delenv("TRUTHOMETER_USERS", raising=False)
    monkeypatch.delenv("TRUTHOMETER_SELF_APPROVAL", raising=False)
    users = UserFile(kb_dir / "users.json")
    for name, granted in roles.items():
        users.add(name, password_of(name), granted)
    return kb_dir, KnowledgeBase(kb_dir, embedder=hash_embedder, seed=None)


def page_as(page: str, name: str | None, roles: dict):
    """``page`` (a path from the repository root) run in Streamlit's AppTest, signed in as ``name`` with its
    ``roles`` (None: nobody signed in); it must run without an exception."""
    from streamlit.testing.v1 import AppTest

    from truthometer.auth import User

    at = AppTest.from_file(f"../{page}", default_timeout=120)
    if name:
        at.session_state["tom-user"] = User(name, frozenset(roles[name]))
    at.run()
    assert not at.exception
    return at
