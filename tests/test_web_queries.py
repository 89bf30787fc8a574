"""The query family of a sentence: at most five queries around its main entity, deterministic."""
import pytest

from truthometer.evidence.web.queries import main_entity, query_family

SENTENCES = {
    "The Eiffel Tower was completed in 1889 for the World Fair in Paris.": "Eiffel Tower",
    "Marie Curie won the Nobel Prize in Physics in 1903 together with Pierre Curie and Henri Becquerel.": "Marie Curie",
    "Water boils at 100 degrees Celsius at sea level.": "Water",
    "Einstein did not win the Nobel Prize for relativity.": "Einstein",
}


@pytest.mark.parametrize("sentence, entity", sorted(SENTENCES.items()))
def test_family_around_main_entity(sentence, entity):
    family = query_family(sentence)
    assert 2 <= len(family) <= 5
    assert len({q.casefold() for q in family}) == len(family)
    assert family[0].startswith(sentence.split()[0] if entity not in sentence[:20] else "")  # the sentence first
    assert entity in family  # the main entity alone: the broadest query
    assert all(entity in q for q in family[1:])
    assert query_family(sentence) == family


def test_predicate_and_negation_kept():
    family = query_family("Einstein did not win the Nobel Prize for relativity.")
    assert any("not" in q.split() and "win" in q.split() for q in family[1:])


def test_limits_and_empty():
    long = ("Marie Curie met Albert Einstein, Niels Bohr, Max Planck, Paul Dirac, Erwin Schrodinger and "
            "Werner Heisenberg in Brussels in 1927.")
    assert len(query_family(long)) == 5
    assert len(query_family(long, max_queries=2)) == 2
    assert query_family("") == [] and query_family("   ") == []
    assert query_family("Anything at all.", max_queries=0) == []
    assert all("<" not in q for q in query_family("<b>Paris</b> is the capital of <i>France</i>."))


def test_main_entity_prefers_subject():
    from truthometer import models

    assert main_entity(models.nlp()("The capital of Australia is Canberra.")) == "Australia"
