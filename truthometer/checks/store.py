"""The saved checks' adapter: their rows in the knowledge base's database, through the knowledge store's
own connection (SQLite or PostgreSQL), so a check, its evidence marks and the audit trail change in one
transaction.

    checks = open_checks("knowledge/")            # or CheckStore(kb.store)
    check_id = checks.save(report, references, config, "ana", origin="cli")
    checks.get(check_id).report()
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from ..errors import SavedCheckError
from ..knowledge.sqlite_store import now_precise
from .model import (CHECK_FORMAT, ACTIONS, Decision, EvidenceRef, SavedCheck, app_version, config_dict, counts_of,
                    evidence_refs, kb_id, load_report, reference_refs, sha256,
                    title_of)
from .schema import MIGRATION_LOCK, MIGRATIONS, SCHEMA_VERSION

SUMMARY = "id, title, created_by, created_at, origin, format, counts"


class CheckStore:
    def __init__(self, store):
        """``store``: a knowledge store (SqliteStore or PostgresStore); its connection and lock are shared."""
        self.store = store
        self.postgres = hasattr(store, "_fetch")
        self._lock = store._lock
        self._migrate()

    # -- the two dialects ---------------------------------------------------------------------------
    def _conn(self):
        return self.store.conn if self.postgres else self.store._conn

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def _read(self, sql: str, args: tuple | list = ()) -> list[tuple]:
        with self._lock:
            return [tuple(r) for r in self._conn().execute(self._sql(sql), tuple(args)).fetchall()]

    def _write(self, work: Callable[[Callable], Any]):
        """``work(ex)`` in one transaction; ``ex(sql, args)`` runs a statement (``?`` placeholders) in it.
        SQLite takes the write lock up front (BEGIN IMMEDIATE): writers of several processes queue."""
        with self._lock:
            c = self._conn()

            def ex(sql, args=()):
                return c.execute(self._sql(sql), tuple(args))

            def many(sql, rows):  # one statement, many rows (a long check's evidence)
                if self.postgres:
                    with c.cursor() as cur:
                        cur.executemany(self._sql(sql), rows)
                else:
                    c.executemany(sql, rows)

            ex.many = many

            if self.postgres:
                with c.transaction():
                    return work(ex)
            from ..sqlite_setup import when_unlocked

            when_unlocked(lambda: c.execute("BEGIN IMMEDIATE"))
            try:
                result = work(ex)
                c.execute("COMMIT")
                return result
            except BaseException:
                c.execute("ROLLBACK")
                raise

    def _migrate(self) -> None:
        if self._version() == SCHEMA_VERSION:
            return
        if self.postgres:
            with self._lock:
                self._conn().execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
        try:
            self._write(self._migrate_in)
        finally:
            if self.postgres:
                with self._lock:
                    self._conn().execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))

    def _version(self) -> int:
        row = self._read("SELECT value FROM meta WHERE key = 'checks_schema_version'")
        return int(row[0][0]) if row else 0

    def _migrate_in(self, ex) -> None:
        row = ex("SELECT value FROM meta WHERE key = 'checks_schema_version'").fetchone()
        version = int(row[0]) if row else 0
        if version > SCHEMA_VERSION:
            raise SavedCheckError(f"the saved checks in this database have schema version {version}, newer than "
                                  f"this program's {SCHEMA_VERSION}: update Truth-O-Meter")
        for number, _what, statements in MIGRATIONS:
            if number > version:
                for sql in statements["postgres" if self.postgres else "sqlite"]:
                    ex(sql)
        ex("DELETE FROM meta WHERE key = 'checks_schema_version'")
        ex("INSERT INTO meta(key, value) VALUES ('checks_schema_version', ?)", (str(SCHEMA_VERSION),))

    # -- writes -------------------------------------------------------------------------------------
    def save(self, report, references, config, created_by: str, origin: str = "cli", title: str = "",
             report_dict: dict | None = None) -> int:
        """Store a check; its id. ``references`` are ``(name, text, ...)`` tuples; ``report_dict`` the JSON
        to store when it is not ``report.to_dict()`` (a batch line's report)."""
        refs = reference_refs(references)
        data = report_dict if report_dict is not None else report.to_dict()
        stamp = now_precise()

        def work(ex):
            kb_ids = sorted({i for s in report.sentences for e in s.evidence
                             if e.source == "knowledge_base" and (i := kb_id(e.locator)) is not None})
            versions = self._entry_versions(ex, kb_ids)
            row = ex("INSERT INTO checks(title, text, text_sha256, refs, config, report, counts, created_by, created_at, "
                     "origin, format, app_version) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
                     (title or title_of(report.text), report.text, sha256(report.text), _j(refs),
                      _j(config_dict(config)), json.dumps(data, ensure_ascii=False), _j(counts_of(report)),
                      created_by or "", stamp, origin, CHECK_FORMAT, app_version())).fetchone()
            check_id = int(row[0])
            ex.many("INSERT INTO check_evidence(check_id, sentence, kind, key, version, locator, relation) "
                    "VALUES (?,?,?,?,?,?,?)", [(check_id, r.sentence, r.kind, r.key, r.version, r.locator, r.relation)
                                               for r in evidence_refs(report, refs, versions)])
            _audit(ex, created_by, "check save", check_id, None, {"origin": origin, "sentences": len(report.sentences)})
            return check_id

        return self._write(work)

    @staticmethod
    def _entry_versions(ex, ids: list[int]) -> dict[int, int]:
        # An entry's version: how many changes its history holds (creation is 1; each edit or status change adds one).
        out = {}
        for i in ids:
            out[i] = int(ex("SELECT COUNT(*) FROM history WHERE entry_id = ?", (i,)).fetchone()[0])
        return out

    def decide(self, check_id: int, decision: Decision) -> Decision:
        """Record a reviewer's decision on one sentence's proposal (the audit trail too)."""
        if decision.action not in ACTIONS:
            raise SavedCheckError(f"unknown decision {decision.action!r}; use one of {', '.join(ACTIONS)}")
        if not decision.author.strip():
            raise SavedCheckError("a decision needs its author")
        decision.at = decision.at or now_precise()

        def work(ex):
            self._exists(ex, check_id)
            ex("INSERT INTO check_decisions(check_id, sentence, action, text, kinds, flags, sources, entry_id, author, at) "
               "VALUES (?,?,?,?,?,?,?,?,?,?)", (check_id, decision.sentence, decision.action, decision.text,
                                                _j(decision.kinds), _j(decision.flags), _j(decision.sources),
                                                decision.entry_id, decision.author, decision.at))
            _audit(ex, decision.author, f"check {decision.action}", check_id, None,
                   {"sentence": decision.sentence, "text": decision.text, "entry": decision.entry_id})

        self._write(work)
        return decision

    def undo(self, check_id: int, sentence: int, author: str) -> tuple[Decision | None, Decision | None]:
        """Take back sentence ``sentence``'s latest decision: (the one taken back, the one that stands now),
        either None. The row goes (so every count and the stats read it as never made); the audit trail
        keeps it, as the old value of a "check undo"."""
        if not author.strip():
            raise SavedCheckError("an undo needs its author")

        def work(ex):
            self._exists(ex, check_id)
            rows = ex("SELECT id, sentence, action, author, at, text, kinds, flags, sources, entry_id FROM "
                      "check_decisions WHERE check_id = ? AND sentence = ? ORDER BY at DESC, id DESC LIMIT 2",
                      (int(check_id), int(sentence))).fetchall()
            if not rows:
                return None, None
            gone = _decision(rows[0][1:])
            left = _decision(rows[1][1:]) if len(rows) > 1 else None
            ex("DELETE FROM check_decisions WHERE id = ?", (rows[0][0],))
            _audit(ex, author, "check undo", int(check_id), {"sentence": gone.sentence, "action": gone.action,
                                                              "text": gone.text, "by": gone.author},
                   {"sentence": gone.sentence, "action": left.action if left else "pending"})
            return gone, left

        return self._write(work)

    def mark_changed(self, entry_ids: list[int], change: str, actor: str) -> dict[int, list[int]]:
        """Mark every saved sentence whose verdict read one of these knowledge entries "evidence changed";
        {check id: [sentence indexes]} newly marked, each re-opening in the audit trail."""
        keys = [str(int(i)) for i in entry_ids]
        if not keys:
            return {}
        stamp = now_precise()

        def work(ex):
            rows = []
            for start in range(0, len(keys), 900):  # SQLite's bound-parameter limit: a bulk approval is chunked
                chunk = keys[start:start + 900]
                # One statement that marks and reports: two writers re-opening at once never mark a row twice.
                rows += ex(f"UPDATE check_evidence SET changed_at = ?, changed_by = ?, change = ? WHERE kind = 'kb' "
                           f"AND key IN ({','.join('?' * len(chunk))}) AND changed_at IS NULL "
                           "RETURNING check_id, sentence, key", (stamp, actor, change, *chunk)).fetchall()
            rows = sorted((int(a), int(b), str(c)) for a, b, c in rows)
            out: dict[int, list[int]] = {}
            for check_id, sentence, _key in rows:
                if sentence not in out.setdefault(check_id, []):
                    out[check_id].append(sentence)
            for check_id, sentences in out.items():
                _audit(ex, actor, "check reopen", check_id, None,
                       {"sentences": sentences, "entries": sorted({int(r[2]) for r in rows if r[0] == check_id}),
                        "change": change})
            return out

        return self._write(work)

    def reference_replaced(self, name: str, text: str, actor: str) -> dict[int, list[int]]:
        """The reference ``name`` now reads ``text``: the saved sentences that read another version of it
        are marked "evidence changed" (change ``reference replaced``); {check id: sentence indexes}."""
        new_hash, stamp = sha256(text), now_precise()

        def work(ex):
            out: dict[int, list[int]] = {}
            for check_id, refs in ex("SELECT id, refs FROM checks WHERE refs LIKE ?", (f"%{json.dumps(name)}%",)).fetchall():
                old = {r.get("sha256") for r in _loads(refs, []) if r.get("name") == name} - {new_hash}
                for old_hash in sorted(old):
                    rows = ex("UPDATE check_evidence SET changed_at = ?, changed_by = ?, change = 'reference replaced' "
                              "WHERE check_id = ? AND kind = 'reference' AND key = ? AND changed_at IS NULL "
                              "RETURNING sentence", (stamp, actor, check_id, old_hash)).fetchall()
                    out.setdefault(int(check_id), []).extend(sorted({int(r[0]) for r in rows}))
            out = {k: v for k, v in out.items() if v}
            for check_id, sentences in out.items():
                _audit(ex, actor, "check reopen", check_id, None,
                       {"sentences": sentences, "reference": name, "sha256": new_hash, "change": "reference replaced"})
            return out

        return self._write(work)

    def record_recheck(self, check_id: int, results: list[tuple[int, dict, dict]], author: str) -> None:
        """Store old and new verdicts side by side, and clear the sentences' "evidence changed" marks."""
        stamp = now_precise()

        def work(ex):
            self._exists(ex, check_id)
            for sentence, old, new in results:
                ex("INSERT INTO check_rechecks(check_id, sentence, old, new, author, at) VALUES (?,?,?,?,?,?)",
                   (check_id, sentence, json.dumps(old, ensure_ascii=False), json.dumps(new, ensure_ascii=False),
                    author, stamp))
                ex("UPDATE check_evidence SET changed_at = NULL, change = 'rechecked' "
                   "WHERE check_id = ? AND sentence = ? AND changed_at IS NOT NULL", (check_id, sentence))
            _audit(ex, author, "check recheck", check_id, None,
                   {"sentences": [r[0] for r in results],
                    "verdicts": {str(r[0]): [r[1].get("status"), r[2].get("status")] for r in results}})

        self._write(work)

    # -- reads --------------------------------------------------------------------------------------
    def _exists(self, ex, check_id: int) -> None:
        if not ex("SELECT 1 FROM checks WHERE id = ?", (int(check_id),)).fetchone():
            raise SavedCheckError(f"no saved check with id {check_id}")

    def get(self, check_id) -> SavedCheck:
        try:
            check_id = int(check_id)
        except (TypeError, ValueError):
            raise SavedCheckError(f"not a check id: {check_id!r} (a number, as `checks list` shows)") from None
        rows = self._read("SELECT id, title, text, refs, config, report, created_by, created_at, origin, format, "
                          "app_version, counts FROM checks WHERE id = ?", (check_id,))
        if not rows:
            raise SavedCheckError(f"no saved check with id {check_id}")
        r = rows[0]
        if int(r[9]) > CHECK_FORMAT:  # its fields may mean what this version cannot know: refused, not misread
            load_report(check_id, "", "", int(r[9]))
        try:
            check = SavedCheck(r[0], r[1], r[2], json.loads(r[3]), json.loads(r[4]), r[5], r[6], r[7], r[8], int(r[9]),
                               r[10], json.loads(r[11]))
        except (ValueError, TypeError) as exc:
            raise SavedCheckError(f"check #{check_id}: its saved record is corrupt ({exc})") from exc
        check.evidence = [EvidenceRef(*e) for e in self._read(
            "SELECT sentence, kind, key, version, locator, relation, changed_at, changed_by, change FROM check_evidence "
            "WHERE check_id = ? ORDER BY id", (check_id,))]
        check.decisions = [Decision(d[0], d[1], d[2], d[3], d[4], json.loads(d[5]), json.loads(d[6]), json.loads(d[7]),
                                    d[8]) for d in self._read(
            "SELECT sentence, action, author, at, text, kinds, flags, sources, entry_id FROM check_decisions "
            "WHERE check_id = ? ORDER BY at, id", (check_id,))]
        check.rechecks = [{"sentence": x[0], "old": json.loads(x[1]), "new": json.loads(x[2]), "author": x[3],
                           "at": x[4]} for x in self._read(
            "SELECT sentence, old, new, author, at FROM check_rechecks WHERE check_id = ? ORDER BY id", (check_id,))]
        return check

    def list(self, limit: int = 100, offset: int = 0, author: str | None = None) -> list[dict[str, Any]]:
        """Newest first: id, title, author, date, origin, counts by status, decisions and pending proposals,
        sentences with "evidence changed"."""
        where, args = ("WHERE created_by = ? ", [author]) if author else ("", [])
        rows = self._read(f"SELECT {SUMMARY} FROM checks {where}ORDER BY id DESC LIMIT ? OFFSET ?",
                          (*args, int(limit), int(offset)))
        ids = [r[0] for r in rows]
        # Decisions on proposals only (an edit of a sentence nothing was proposed for leaves none pending).
        decided = self._count_by_check("SELECT check_id, COUNT(DISTINCT sentence) FROM check_decisions", ids,
                                       "kinds <> '[]'")
        changed = self._count_by_check("SELECT check_id, COUNT(DISTINCT sentence) FROM check_evidence", ids,
                                       "changed_at IS NOT NULL")
        out = []
        for r in rows:
            counts = _loads(r[6])
            suggestions = int(counts.get("suggestions", 0))
            out.append({"id": r[0], "title": r[1], "created_by": r[2], "created_at": r[3], "origin": r[4],
                        "format": r[5], "counts": counts, "decided": decided.get(r[0], 0),
                        "pending": max(0, suggestions - decided.get(r[0], 0)), "evidence_changed": changed.get(r[0], 0)})
        return out

    def _count_by_check(self, select: str, ids: list[int], cond: str = "") -> dict[int, int]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        extra = f" AND {cond}" if cond else ""
        return {int(a): int(b) for a, b in self._read(f"{select} WHERE check_id IN ({marks}){extra} GROUP BY check_id",
                                                        ids)}

    def decisions(self) -> list[Decision]:
        """Every decision of every saved check, each sentence's latest only (for the stats)."""
        rows = self._read("SELECT check_id, sentence, action, author, at, text, kinds, flags, sources, entry_id "
                          "FROM check_decisions ORDER BY at, id")
        latest: dict[tuple[int, int], Decision] = {}
        for r in rows:
            latest[(r[0], r[1])] = Decision(r[1], r[2], r[3], r[4], r[5], _loads(r[6], []), _loads(r[7], []),
                                            _loads(r[8], []), r[9])
        return list(latest.values())

    def accepted_entries(self, check_id: int, sentences: list[int]) -> list[int]:
        """The knowledge entries that accepted corrections of these sentences became."""
        if not sentences:
            return []
        marks = ",".join("?" * len(sentences))
        return sorted({int(r[0]) for r in self._read(
            f"SELECT entry_id FROM check_decisions WHERE check_id = ? AND sentence IN ({marks}) "
            "AND action IN ('accept', 'edit') AND entry_id IS NOT NULL", (check_id, *sentences))})

    def count(self) -> int:
        return int(self._read("SELECT COUNT(*) FROM checks")[0][0])


def open_checks(location: str | Path | None = None) -> CheckStore:
    """The saved checks of the knowledge base at ``location`` (default: $TRUTHOMETER_KB, else knowledge/);
    the store alone, no models loaded."""
    from ..config import Config
    from ..knowledge.base import open_store

    return CheckStore(open_store(location or Config().kb_dir))


def _decision(r) -> Decision:
    """A ``check_decisions`` row (sentence, action, author, at, text, kinds, flags, sources, entry_id)."""
    return Decision(r[0], r[1], r[2], r[3], r[4], _loads(r[5], []), _loads(r[6], []), _loads(r[7], []), r[8])


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _loads(text: str, default: Any = None) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return {} if default is None else default


def _audit(ex, actor: str, action: str, check_id: int, old: Any, new: Any) -> None:
    ex("INSERT INTO audit(at, actor, action, subject, old, new) VALUES (?,?,?,?,?,?)",
       (now_precise(), actor or "", action, f"check #{check_id}", None if old is None else _j(old), _j(new)))
