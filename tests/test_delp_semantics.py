"""DeLP semantics (García & Simari 2004) as SEMANTICS.md states it: the shared examples' answers and
the pitfalls other implementations fall into (strict-rule disagreement, trivial activation,
concordance, blocking after blocking, hash-order dependence, unbounded work)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from truthometer.argumentation import (Budget, DelpBudgetExceeded, DelpInconsistentProgram, parse_program,
                                       query)

ROOT = Path(__file__).resolve().parent.parent

# Copies of ../shared/delp/examples (tests never read ../shared).
BIRDS = """% Birds: a more specific argument defeats a less specific one, and is defeated in turn.
bird(X) <- chicken(X).
bird(X) <- penguin(X).
~flies(X) <- penguin(X).
chicken(tina).
penguin(tweety).
scared(tina).
flies(X) -< bird(X).
~flies(X) -< chicken(X).
flies(X) -< chicken(X), scared(X).
nests_in_trees(X) -< flies(X).
"""
NIXON = """% Nixon: two arguments of equal strength block each other.
has_a_gun(X) -< lives_in_chicago(X).
~has_a_gun(X) -< lives_in_chicago(X), pacifist(X).
pacifist(X) -< quaker(X).
~pacifist(X) -< republican(X).
lives_in_chicago(nixon).
quaker(nixon).
republican(nixon).
"""
SHARES = """% Shares: a defeater of the defeater reinstates the root.
buy_shares(X) -< good_price(X).
~buy_shares(X) -< good_price(X), risky_company(X).
risky_company(X) -< in_fusion(X, Y).
risky_company(X) -< closing(X).
~risky_company(X) -< in_fusion(X, Y), strong(Y).
good_price(acme).
in_fusion(acme, steel).
strong(steel).
"""
TREE = """% A tree with proper and blocking defeaters on several levels.
c. d. e. g. i. j. k.
a -< b.
b -< c.
~b -< c, d.
~b -< c, f.
~b -< e.
f -< g.
~f -< g, h.
~f -< i.
h -< j.
~h -< k.
"""
EXPECTED = {
    "birds": (BIRDS, [("flies(tina)", "YES"), ("~flies(tina)", "NO"), ("flies(tweety)", "NO"),
                      ("~flies(tweety)", "YES"), ("nests_in_trees(tina)", "YES"),
                      ("nests_in_trees(tweety)", "UNDECIDED"), ("swims(tina)", "UNKNOWN")]),
    "nixon": (NIXON, [("has_a_gun(nixon)", "YES"), ("pacifist(nixon)", "UNDECIDED"),
                      ("~pacifist(nixon)", "UNDECIDED")]),
    "shares": (SHARES, [("buy_shares(acme)", "YES"), ("risky_company(acme)", "NO")]),
    "tree": (TREE, [("a", "UNDECIDED"), ("~b", "YES"), ("b", "NO"), ("~f", "UNDECIDED"), ("h", "UNDECIDED")]),
}


def answers(text, queries, criterion="specificity"):
    program = parse_program(text)
    return [query(program, q, criterion=criterion).answer for q in queries]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_shared_examples_give_expected_answers(name):
    text, expected = EXPECTED[name]
    assert answers(text, [q for q, _ in expected]) == [a for _, a in expected]


def test_unknown_is_an_answer_for_unknown_predicate_arity_or_constant():
    program = parse_program(BIRDS)
    assert query(program, "swims(tina)").answer == "UNKNOWN"
    assert query(program, "flies(tina, x)").answer == "UNKNOWN"
    assert query(program, "flies(woody)").answer == "UNKNOWN"
    assert query(program, "~nests_in_trees(tina)").answer == "NO"


def test_empty_argument_from_strict_part_cannot_be_attacked():
    result = query(parse_program(BIRDS), "~flies(tweety)")
    assert result.answer == "YES"
    root = result.trees[0]
    assert root["rules"] == [] and root["mark"] == "U" and root["children"] == []


def test_disagreement_through_strict_rules():
    # a and b never clash directly: only x <- a and ~x <- b make them contradictory with Π.
    text = "c. d.\na -< c.\nb -< c, d.\nx <- a.\n~x <- b.\n"
    assert answers(text, ["a", "b", "x", "~x"]) == ["UNDECIDED", "YES", "NO", "YES"]
    tree = query(parse_program(text), "a").trees[0]
    assert tree["mark"] == "D"
    # ⟨{b -< c, d}, b⟩ and ⟨{b -< c, d}, ~x⟩ are distinct arguments; both defeat it
    assert [(c["conclusion"], c["defeat"]) for c in tree["children"]] == [("b", "proper"), ("~x", "proper")]
    # without the strict rules nothing attacks a
    assert answers("c. d.\na -< c.\nb -< c, d.\n", ["a"]) == ["YES"]


def test_activation_through_a_strict_rule_is_trivial():
    # ⟨{b -< c, d}, h⟩ reaches h only through h <- b: the set {b} activates it trivially and must not
    # count, so the argument is strictly more specific than ⟨{~h -< c}, ~h⟩.
    text = "c. d.\nh <- b.\nb -< c, d.\n~h -< c.\n"
    assert answers(text, ["h", "~h"]) == ["YES", "NO"]


def test_blocking_defeater_must_be_followed_by_a_proper_one():
    # p -< c would answer ~p -< b only by blocking again: not an acceptable line.
    text = "a. b. c.\np -< a.\n~p -< b.\np -< c.\n"
    program = parse_program(text)
    result = query(program, "p")
    assert result.answer == "UNDECIDED"
    first = result.trees[0]
    assert first["rules"] == ["p -< a"] and first["mark"] == "D"
    assert [c["rules"] for c in first["children"]] == [["~p -< b"]]
    assert first["children"][0]["children"] == []


def test_supporting_arguments_must_be_concordant():
    # [A0, A1, A2] would reinstate a, but A0 uses m and A2 uses ~m: the supporting side is contradictory.
    text = ("x. y. w.\n"
            "a -< m.\nm -< x, w.\n"
            "~a -< b.\nb -< y.\n"
            "~b -< ~m, y.\n~m -< x.\n")
    program = parse_program(text)
    result = query(program, "a")
    assert result.answer == "UNDECIDED"
    root = result.trees[0]
    assert root["mark"] == "D"
    (a1,) = root["children"]
    assert a1["conclusion"] == "~a" and a1["defeat"] == "blocking"
    assert a1["children"] == []  # ⟨{~b -< ~m, y; ~m -< x}, ~b⟩ is excluded by concordance
    # the same defeater is acceptable when the root is ~a (it is on the interfering side then)
    other = query(program, "~a").trees[0]
    assert any(c["conclusion"] == "~b" and c["defeat"] == "proper" for c in other["children"])


def test_rule_priority_criterion():
    text = "a.\nr1: p -< a.\nr2: ~p -< a.\nr1 > r2.\n"
    assert answers(text, ["p", "~p"], criterion="priority") == ["YES", "NO"]
    assert answers(text, ["p", "~p"], criterion="specificity") == ["UNDECIDED", "UNDECIDED"]
    # no rule of the attacker above any of ours, one of ours above one of theirs, transitively
    text = "a. b.\nk: p -< a.\nw: ~p -< q.\nr: q -< b.\nk > r > w.\n"
    assert answers(text, ["p"], criterion="priority") == ["YES"]


def test_presumptions_are_defeasible_facts():
    text = "h -< true.\n~h -< e.\ne.\n"
    # a rule-based argument is more specific than a presumption
    assert answers(text, ["h", "~h"]) == ["NO", "YES"]
    assert answers("h -< true.\n~h -< true.\n", ["h"]) == ["UNDECIDED"]


def test_cyclic_rules_terminate():
    text = "a. \np -< q.\nq -< p.\np -< a.\n~q -< a, z.\nz -< a.\n"
    program = parse_program(text)
    assert query(program, "p").answer in ("YES", "UNDECIDED")
    assert query(program, "q").answer == "NO"


def test_inconsistent_strict_part_is_rejected():
    with pytest.raises(DelpInconsistentProgram) as info:
        query(parse_program("a.\nb <- a.\n~b <- a.\n"), "a")
    assert "b" in str(info.value)


def test_budget_error_instead_of_a_hang():
    lines = []
    for i in range(150):
        lines += [f"s{i} -< true.", f"claim -< s{i}.", f"t{i} -< true.", f"~claim -< t{i}."]
    program = parse_program("\n".join(lines) + "\n")
    with pytest.raises(DelpBudgetExceeded) as info:
        query(program, "claim", budget=Budget(seconds=20, max_nodes=2000))
    assert "budget exceeded" in str(info.value)
    with pytest.raises(DelpBudgetExceeded):
        query(parse_program("\n".join(lines) + "\n"), "claim", budget=Budget(seconds=0.0))
    # the same answer is available with pruned trees
    assert query(program, "claim", prune=True, budget=Budget(seconds=20)).answer == "UNDECIDED"


def test_queries_are_deterministic_across_hash_seeds():
    script = ("import json,sys; from truthometer.argumentation import parse_program, query\n"
              "p = parse_program(sys.stdin.read())\n"
              "print(json.dumps([query(p, q).to_dict() for q in ['a', '~b', 'f', 'h']], sort_keys=True))\n")
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", script], input=TREE, capture_output=True, text=True,
                              cwd=ROOT, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_long_rule_chain_needs_no_deep_recursion():
    n = 1200  # deeper than Python's default recursion limit
    lines = ["a0.", "x."] + [f"a{i} -< a{i - 1}." for i in range(1, n + 1)] + [f"~a{n} -< a0, x."]
    result = query(parse_program("\n".join(lines) + "\n"), f"a{n}", budget=Budget(seconds=60))
    assert result.answer == "NO"
    assert len(result.trees[0]["rules"]) == n


def test_non_ground_query_is_an_error_not_a_crash():
    from truthometer.argumentation import DelpError

    with pytest.raises(DelpError):
        query(parse_program(BIRDS), "flies(X)")
    with pytest.raises(DelpError):
        query(parse_program(BIRDS), "flies(tina)", criterion="votes")
