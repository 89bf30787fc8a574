"""What the knowledge base tells the stages after it when entries change.

Saved checks (``truthometer.checks``) re-open the verdicts that read an edited, approved or rejected entry.
They sit after the knowledge base in the data flow, so the knowledge base cannot import them: they are
subscribed here instead, by ``truthometer/__init__.py``, so every process that uses the package has them
subscribed before any entry changes. The module imports nothing, so that subscribing costs no start-up.
"""
from __future__ import annotations

import threading
from typing import Callable

#: ``listener(store, entry_ids, change, actor)``; ``change`` is "approve", "reject" or "edit".
Listener = Callable[[object, list, str, str], object]

_listeners: dict[str, Listener] = {}
_lock = threading.Lock()


def on_entries_changed(name: str, listener: Listener) -> None:
    """Call ``listener`` after every change to entries; subscribing twice under one name keeps one."""
    with _lock:
        _listeners[name] = listener


def entries_changed(store, entry_ids: list[int], change: str, actor: str) -> None:
    """Tell every listener, in the order they subscribed, that these entries changed."""
    with _lock:
        listeners = list(_listeners.values())
    for listener in listeners:
        listener(store, list(entry_ids), change, actor)
