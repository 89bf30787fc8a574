"""Argumentation that argues (issue 34): relations between pieces of evidence, recency and scope as
comparison criteria beside source reliability and specificity, the most trusted source taking part, and
the conflicts bench."""
import json
from argparse import Namespace
from pathlib import Path

import numpy as np
import pytest

from truthometer.argumentation import DelpError, DelpSyntaxError, argue, parse_program, query
from truthometer.argumentation.criteria import CRITERIA
from truthometer.argumentation.evidence_order import (dated_statement, qualifiers, recency_order, scope_order,
                                                      stated_year)
from truthometer.argumentation.relations import candidate_pairs, judge_relations, relations_from
from truthometer.report import Evidence, SentenceResult

DATA = Path(__file__).resolve().parent / "data"


def ev(text, source, relation, confidence=1.0, score=0.8):
    return Evidence(text=text, source=source, locator=f"{source}:{text[:12]}", score=score, relation=relation,
                    confidence=confidence)


# --- named orders and criteria -----------------------------------------------------------------------

TWO_SOURCES = """
kb: p -< true.
web: ~p -< true.
kb > web.
recency: web > kb.
"""


def test_a_named_order_is_parsed_printed_and_checked():
    program = parse_program(TWO_SOURCES)
    assert program.priorities == [("kb", "web")] and program.orders == {"recency": [("web", "kb")]}
    again = parse_program(program.to_text())
    assert again.orders == program.orders and again.priorities == program.priorities
    with pytest.raises(DelpSyntaxError, match="cycle.*recency"):
        parse_program(TWO_SOURCES + "recency: kb > web.\n")
    with pytest.raises(DelpSyntaxError, match="labels no defeasible rule"):
        parse_program(TWO_SOURCES + "scope: kb > nobody.\n")
    with pytest.raises(DelpSyntaxError, match="specificity"):
        parse_program(TWO_SOURCES + "specificity: kb > web.\n")
    # A labelled rule is still a labelled rule.
    assert parse_program("r1: q -< p.\np -< true.\n").rules[0].label == "r1"


def test_criteria_are_chosen_by_name_and_combine_lexicographically():
    program = parse_program(TWO_SOURCES)

    def answer(criterion):
        return query(program, "p", criterion=criterion).answer

    assert answer("priority") == "YES"
    assert answer("recency") == "NO"
    assert answer("priority+recency") == "YES"
    assert answer("recency+priority") == "NO"
    assert answer("scope") == "UNDECIDED"  # declared nowhere: prefers nothing, so the two block each other
    assert answer("specificity") == "UNDECIDED"
    for criterion in CRITERIA:  # everything the trees page offers answers on any program
        assert answer(criterion) in ("YES", "NO", "UNDECIDED")
    for bad in ("votes", "priority+priority", "", "priority+votes"):
        with pytest.raises(DelpError):
            query(program, "p", criterion=bad)


def test_the_delp_command_takes_a_combined_criterion(tmp_path, capsys):
    from truthometer.argumentation.cli import run

    path = tmp_path / "two.delp"
    path.write_text(TWO_SOURCES)
    args = dict(program=str(path), query="p", json=False, budget_seconds=5.0)
    assert run(Namespace(criterion="recency+priority", **args)) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "NO"
    assert run(Namespace(criterion="nonsense", **args)) == 2


# --- recency and scope ----------------------------------------------------------------------------------

def test_dated_statements_about_changing_quantities():
    assert stated_year("As of 2023, the population of Port Alder is about 48,900.") == 2023
    assert stated_year("At the 2011 census, Port Alder had 41,200 inhabitants.") == 2011
    assert stated_year("Tidewell 2.4 (2019) is the version shipped to all users.") == 2019
    assert stated_year("The bridge carries 2000 people a day.") is None  # a count, not a year
    assert dated_statement("In 2021, Smith became president.") == 2021
    # A fixed event: the year is the value in dispute, not the time of the statement.
    assert dated_statement("The Old Bridge of Kelby was completed in 1874.") is None


def _facts():
    return json.loads((DATA / "changing_facts.json").read_text(encoding="utf-8"))["items"]


def _evidence(item):
    return [ev(e["text"], e["source"], e["relation"], e["confidence"]) for e in item["evidence"]]


def test_recency_picks_the_current_value_of_changing_facts():
    from truthometer.verdicts import ARGUMENT_CRITERION

    items = _facts()
    assert len(items) >= 10
    right = {}
    for criterion in ("priority", "recency+priority", ARGUMENT_CRITERION):
        right[criterion] = [item["id"] for item in items
                            if argue(item["claim"], _evidence(item), criterion=criterion).verdict == item["current"]]
    print(f"changing facts right of {len(items)}: " + ", ".join(f"{c} {len(r)}" for c, r in right.items()))
    assert len(right["recency+priority"]) == len(items)
    assert len(right[ARGUMENT_CRITERION]) == len(items)  # what the pipeline uses
    assert len(right["priority"]) <= len(items) // 2  # reliability alone keeps the older statement
    # Where the year is the value in dispute (a completion date), recency orders nothing.
    fixed = [item for item in items if item["kind"] == "fixed"]
    assert fixed and all("recency:" not in argue(i["claim"], _evidence(i)).program for i in fixed)


def test_recency_is_written_in_the_program_with_its_reason():
    item = next(i for i in _facts() if i["id"] == "population")
    outcome = argue(item["claim"], _evidence(item), criterion="recency+priority")
    assert "recency: e1 > e0.  % e1 is dated 2023, e0 2011" in outcome.program
    assert "e0 > e1." in outcome.program  # reliability: the reference over the web page
    assert outcome.winner == 1 and "older" in outcome.explanation
    parse_program(outcome.program)


def test_scope_prefers_the_narrower_case():
    claim = "The recommended dose of Fenrol for children is 5 mg."
    evidence = [ev("The recommended dose of Fenrol is 10 mg.", "web", "contradiction", 0.7),
                ev("For children, the recommended dose of Fenrol is 5 mg.", "web", "support", 0.7)]
    assert qualifiers(evidence[1].text) == {"children"} and qualifiers(evidence[0].text) == set()
    assert [(a, b) for a, b, _ in scope_order(evidence, [0, 1], claim=claim)] == [(1, 0)]
    assert argue(claim, evidence, criterion="priority").verdict == "undecided"
    outcome = argue(claim, evidence, criterion="priority+scope")
    assert (outcome.verdict, outcome.winner) == ("supported", 1)
    # Two different cases are not ordered: neither is narrower.
    other = [ev("For adults, the recommended dose of Fenrol is 10 mg.", "web", "contradiction", 0.7), evidence[1]]
    assert scope_order(other, [0, 1], claim=claim) == []
    assert argue(claim, other, criterion="priority+scope").verdict == "undecided"


def test_scope_leaves_a_general_claim_to_the_general_statement():
    # The exception for children is no answer to a claim about the dose in general (Tweety flies unless it
    # is a penguin): the two sentences stay in conflict, as they would without the order.
    claim = "The recommended dose of Fenrol is 10 mg."
    evidence = [ev("The recommended dose of Fenrol is 10 mg.", "web", "support", 0.7),
                ev("For children, the recommended dose of Fenrol is 5 mg.", "web", "contradiction", 0.7)]
    assert scope_order(evidence, [0, 1], claim=claim) == []
    assert scope_order(evidence, [0, 1], claim="The recommended dose of Fenrol for children is 10 mg.") \
        == [(1, 0, "e1 is about children, as the claim is; e0 is more general")]
    assert argue(claim, evidence, criterion="priority+scope").verdict == "undecided"


def test_recency_orders_only_conflicting_dated_evidence():
    evidence = [ev("As of 2019, the club has 900 members.", "web", "support"),
                ev("As of 2023, the club has 1,100 members.", "web", "support"),
                ev("In 2021 the club had 1,000 members.", "web", "contradiction")]
    pairs = [(a, b) for a, b, _ in recency_order(evidence, [0, 1, 2], "The club has 900 members.")]
    assert pairs == [(2, 0), (1, 2)]  # not (1, 0): both support the claim, they do not conflict
    assert [(a, b) for a, b, _ in recency_order(evidence, [0, 1, 2], "", {(1, 0): "contradiction"})] == \
        [(1, 0), (2, 0), (1, 2)]


# --- relations between evidence ---------------------------------------------------------------------------

class FakeJudge:
    """Contradiction when the two texts name different years, entailment when they name the same; one row
    per pair, and every call recorded."""

    def __init__(self):
        self.calls = []

    def predict(self, premises, hypotheses, progress=None):
        import re

        self.calls.append(list(zip(premises, hypotheses)))
        rows = []
        for p, h in zip(premises, hypotheses):
            yp, yh = set(re.findall(r"\d{4}", p)), set(re.findall(r"\d{4}", h))
            rows.append([0.9, 0.05, 0.05] if yp == yh else [0.05, 0.05, 0.9])
        return np.array(rows)


def test_only_the_pairs_that_matter_are_judged_strongest_first_and_capped():
    evidence = [ev("web says 1932", "web", "support", 0.7), ev("ref says 1937", "reference", "contradiction"),
                ev("unrelated", "web", "related", 0.9), ev("web also says 1932", "web", "support", 0.6)]
    pairs = candidate_pairs(evidence)
    # across the sides first (premise: the more reliable source), then within a side (stronger first)
    assert pairs == [(1, 0), (1, 3), (0, 3)]
    assert all(2 not in p for p in pairs)
    assert candidate_pairs(evidence, cap=1) == [(1, 0)]
    assert candidate_pairs([evidence[0], evidence[3]]) == []  # no conflict: nothing to read
    rows = [[0.05, 0.05, 0.9], [0.9, 0.05, 0.05], [0.9, 0.05, 0.05]]
    # an entailment across the sides contradicts the judge's own reading of the two: dropped
    assert relations_from(evidence, pairs, rows) == {(1, 0): "contradiction", (0, 3): "support"}
    assert relations_from(evidence, pairs, [[0.4, 0.3, 0.3]] * 3) == {}  # unsure: no relation


def test_the_pipeline_judges_relations_in_one_call_and_the_program_carries_them():
    from truthometer.verdicts import decide, relate_conflicting_evidence

    def result(evidence):
        return SentenceResult(0, "The bridge opened in 1932.", 0, 26, "unverifiable", "", 0.9, evidence)

    conflicted = result([ev("The bridge opened in 1932.", "web", "support", 0.7),
                         ev("The bridge opened in 1937.", "web", "contradiction", 0.7),
                         ev("The bridge, opened in 1937, is 2 km long.", "reference", "contradiction")])
    agreed = result([ev("The bridge opened in 1932.", "web", "support")])
    judge = FakeJudge()
    relations = relate_conflicting_evidence([conflicted, agreed], judge)
    assert len(judge.calls) == 1 and list(relations) == [id(conflicted)]
    assert relations[id(conflicted)] == {(2, 0): "contradiction", (0, 1): "contradiction", (2, 1): "support"}
    decide(conflicted, None, [], relations[id(conflicted)])
    program = conflicted.argumentation["program"]
    assert "~e0 -< e2." in program and "~e2 -< e0." in program and "e1 -< e2." in program
    assert conflicted.status == "contradicted"
    # More than one level: the reference's attack on the web page's own presumption stands under a node.
    depth = max(_depth(t) for t in conflicted.argumentation["trees"])
    assert depth >= 2


def _depth(node):
    return 1 + max(_depth(c) for c in node["children"]) if node["children"] else 0


def test_judge_relations_batches_every_claim():
    judge = FakeJudge()
    first = [ev("a 1932", "web", "support"), ev("b 1937", "web", "contradiction")]
    second = [ev("c 1950", "web", "support")]
    assert judge_relations([first, second], judge.predict) == [{(0, 1): "contradiction"}, {}]
    assert len(judge.calls) == 1 and len(judge.calls[0]) == 1


# --- the most trusted source takes part (issue 34's example) -----------------------------------------------

def test_an_approved_knowledge_entry_contradicting_a_wrong_reference_takes_part(tmp_path):
    from truthometer.knowledge import KnowledgeBase, KnowledgeBaseSource
    from truthometer.pipeline import Checker

    kb = KnowledgeBase(tmp_path, seed=None)  # real MiniLM embeddings
    kb.add("The Eiffel Tower in Paris was completed in 1889 for the Exposition Universelle.", source="seed",
           locator="Wikipedia: Eiffel Tower", confidence=0.95, status="approved")
    report = Checker(sources=[KnowledgeBaseSource(kb)]).check(
        "The Eiffel Tower was completed in 1899.", [("wrong.md", "The Eiffel Tower was completed in 1899.")])
    [s] = report.sentences
    entry = next(e for e in s.evidence if e.source == "knowledge_base")
    assert entry.relation == "contradiction"
    assert s.status == "contradicted" and s.argumentation is not None
    assert s.argumentation["answer"] == "NO" and "knowledge-base entry" in s.argumentation["explanation"]
    assert s.evidence[s.argumentation["winner"]] is entry
    assert s.suggestion is not None and "1889" in s.suggestion.corrected
    assert "trusted-source-contradicts" in s.flags


# --- the bench --------------------------------------------------------------------------------------------

def test_conflicts_bench_scores_ours_beside_both_baselines(tmp_path, monkeypatch, capsys):
    import truthometer.judging.nli as nli
    from truthometer import models
    from truthometer.benchmarks import conflicts

    from kb_support import hash_embedder

    def claim(cid, label, *evidence):
        return {"claim_id": cid, "claim": f"Claim {cid} says 1932.", "claim_label": label,
                "evidences": [{"evidence_id": f"{cid}:{k}", "evidence": text, "evidence_label": lab}
                              for k, (text, lab) in enumerate(evidence)]}

    rows = [claim("1", "DISPUTED", ("It was 1932, in fact.", "SUPPORTS"), ("It was 1937.", "REFUTES"),
                  ("Reports said 1937 too.", "REFUTES")),
            claim("2", "SUPPORTS", ("Yes, 1932.", "SUPPORTS"), ("Something else, 1950.", "NOT_ENOUGH_INFO")),
            claim("3", "DISPUTED", ("1932 it was.", "SUPPORTS"), ("No, 1937.", "REFUTES"))]
    data = tmp_path / "cf.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    monkeypatch.setattr(nli, "load_judge", lambda config=None: FakeJudge())
    monkeypatch.setattr(models, "embed", lambda texts, config=None: hash_embedder(texts))
    monkeypatch.setattr(conflicts, "part_of", lambda key: "development")
    figures = conflicts.run(Namespace(data=str(data), select="labelled,judged", limit=0, facts=""))
    out = capsys.readouterr().out
    assert "baseline: majority vote" in out and "baseline: most similar" in out
    labelled = figures["selections"]["labelled"]
    assert labelled["claims"] == {"development": 2, "validation": 0}
    # claim 1: two contradictions to one support; the sources are equally reliable: ours blocks (undecided,
    # as the DISPUTED label says), the majority vote takes a side
    assert labelled["ours"]["development"]["accuracy"] == 1.0
    assert labelled["majority_vote"]["development"]["accuracy"] == 0.5
    assert "pairs_trained_on" in labelled and figures["selections"]["judged"]["claims"]["development"] == 3
    # The annotators' labels as the relations (an oracle judge): claim 2's NOT_ENOUGH_INFO sentence, which the
    # fake judge reads as a contradiction (another year), is no conflict, so claim 2 is no longer judged one.
    oracle = conflicts.run(Namespace(data=str(data), select="labelled,judged", limit=0, facts="", relations="labels"))
    assert oracle["relations"] == "labels"
    assert oracle["selections"]["judged"]["claims"]["development"] == 2
    assert oracle["selections"]["labelled"]["majority_vote"]["development"]["answers"] == \
        {"contradicted": 1, "undecided": 1}
