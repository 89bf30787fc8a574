"""DeLP parser: the SEMANTICS.md syntax, the priority extension, and errors with line and column."""
import pytest

from truthometer.argumentation import DelpSyntaxError, parse_literal, parse_program
from truthometer.argumentation.syntax import DEFEASIBLE, FACT, STRICT, Var


def test_parses_every_statement_kind():
    program = parse_program(
        "% comment\n"
        "p(a). ~q(b).\n"
        "r(X) <- p(X).\n"
        "s(X) -< r(X), ~q(b).  % trailing comment\n"
        "h -< true.\n"
        'name("New York").\n'
        "year(2017).\n")
    kinds = [r.kind for r in program.rules]
    assert kinds == [FACT, FACT, STRICT, DEFEASIBLE, DEFEASIBLE, FACT, FACT]
    assert program.rules[1].head.negated
    assert isinstance(program.rules[2].head.args[0], Var)
    assert program.rules[4].is_presumption and str(program.rules[4]) == "h -< true"
    assert str(program.rules[5].head) == 'name("New York")'
    assert program.rules[6].head.args == ("2017",)
    assert {"a", "b", "New York", "2017"} <= program.constants


def test_labels_and_priorities():
    program = parse_program("r1: p -< a.\nr2: ~p -< a.\nr3: p -< b.\nr1 > r2 > r3.\na. b.\n")
    assert [r.label for r in program.rules if r.kind == DEFEASIBLE] == ["r1", "r2", "r3"]
    assert program.priorities == [("r1", "r2"), ("r2", "r3")]


@pytest.mark.parametrize("text, line, column, fragment", [
    ("p(a).\nq(b)\nr.\n", 3, 1, "expected"),              # missing '.' after q(b): found 'r' on line 3
    ("p(a).\n  q -< .\n", 2, 8, "expected a literal"),
    ("p(a, ).\n", 1, 6, "constant or a variable"),
    ("P(a).\n", 1, 1, "lower-case"),
    ("p(a) <- q(a\n", 2, 1, "')'"),
    ("p # q.\n", 1, 3, "unexpected character"),
    ('p("abc).\n', 1, 3, "unterminated"),
    ("a -< b, true.\n", 1, 9, "reserved"),
    ("r1: p <- q.\n", 1, 1, "only defeasible rules"),
    ("r1: p -< q.\nr1 > r9.\n", 2, 1, "labels no defeasible rule"),
    ("r1: p -< q.\nr2: ~p -< q.\nr1 > r2.\nr2 > r1.\n", 3, 1, "cycle"),
    ("p(f(a)).\n", 1, 4, "nested terms"),
])
def test_errors_report_line_and_column(text, line, column, fragment):
    with pytest.raises(DelpSyntaxError) as info:
        parse_program(text)
    err = info.value
    assert (err.line, err.column) == (line, column), str(err)
    assert fragment in err.message
    assert str(err).startswith(f"{line}:{column}: ")
    assert err.located("prog.delp").startswith(f"prog.delp:{line}:{column}: ")


def test_binary_input_is_a_syntax_error_not_a_crash():
    with pytest.raises(DelpSyntaxError):
        parse_program("p.\n\x00\x01garbage")


def test_parse_literal():
    assert str(parse_literal("~flies(tina)")) == "~flies(tina)"
    assert str(parse_literal(" a. ")) == "a"
    with pytest.raises(DelpSyntaxError):
        parse_literal("flies(tina) extra")
    with pytest.raises(DelpSyntaxError):
        parse_literal("")


def test_round_trip_to_text():
    text = "r1: flies(X) -< bird(X).\nbird(X) <- penguin(X).\npenguin(tweety).\nr2: ~flies(X) -< true.\nr1 > r2.\n"
    program = parse_program(text)
    again = parse_program(program.to_text())
    assert [str(r) for r in again.rules] == [str(r) for r in program.rules]
    assert again.priorities == program.priorities
