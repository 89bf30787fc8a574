"""The alignment's passes are named and switchable (truthometer.alignment.passes)."""
import pytest

from truthometer.alignment import align
from truthometer.alignment.passes import ENV, PASSES, is_on, switched_off

CLAIM, EVIDENCE = "Italo Svevo was born outside of Trieste.", "Italo Svevo was born in Trieste in 1861."


def test_a_pass_switched_off_changes_what_the_alignment_sees_and_comes_back_on():
    assert align(CLAIM, EVIDENCE).contradicts  # "outside of" against "in": the prepositions pass
    with switched_off("prepositions"):
        assert not is_on("prepositions") and is_on("lacks")
        assert not align(CLAIM, EVIDENCE).contradicts
    assert is_on("prepositions") and align(CLAIM, EVIDENCE).contradicts


def test_passes_are_switched_off_from_the_environment_and_unknown_names_are_refused(monkeypatch):
    monkeypatch.setenv(ENV, "prepositions, lacks")
    assert not is_on("prepositions") and not is_on("lacks") and is_on("ranks")
    assert not align(CLAIM, EVIDENCE).contradicts
    monkeypatch.setenv(ENV, "prepositons")
    with pytest.raises(ValueError, match="unknown pass"):
        is_on("ranks")
    with pytest.raises(KeyError):
        with switched_off("no-such-pass"):
            pass
    assert all(isinstance(text, str) and text for text in PASSES.values())
