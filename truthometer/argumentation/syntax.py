"""DeLP text syntax: literals, facts, strict and defeasible rules, presumptions, rule priorities.

García & Simari 2004 (TPLP 4:95-138), Def. 2.1-2.3 (literals with strong negation ``~``, facts,
strict rules ``<-``, defeasible rules ``-<``) and §6 (presumptions ``h -< true.``). The project's
extension for the rule-priority criterion (§4 of the paper, "comparison by rule priorities"): a
defeasible rule may carry a label, ``r1: h -< b.``, and a statement ``r1 > r2.`` (or a chain
``r1 > r2 > r3.``) says every instance of the rules labelled r1 is preferred to those labelled r2.
Further orders on the same labels may be named, ``recency: r1 > r2.``: each named order is a criterion
of its own (``criterion="recency"``), and criteria combine (``"priority+recency"``, see ``criteria.py``).

Errors carry the line and column (1-based) of the offending token; nothing is guessed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from .errors import DelpSyntaxError


class Var:
    """A logic variable (a term starting with an upper-case letter or ``_``)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name

    def __eq__(self, other) -> bool:
        return isinstance(other, Var) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("?var", self.name))


class Literal(NamedTuple):
    """``[~]predicate(args)``; ``args`` holds constants (str) and, before grounding, :class:`Var`."""

    negated: bool
    predicate: str
    args: tuple = ()

    def __str__(self) -> str:
        text = ("~" if self.negated else "") + self.predicate
        if self.args:
            text += "(" + ", ".join(format_term(a) for a in self.args) + ")"
        return text

    @property
    def complement(self) -> "Literal":
        return Literal(not self.negated, self.predicate, self.args)

    @property
    def signature(self) -> tuple[str, int]:
        return (self.predicate, len(self.args))

    def is_ground(self) -> bool:
        return not any(isinstance(a, Var) for a in self.args)


def complement(literal: Literal) -> Literal:
    """The complement of a literal under strong negation (García & Simari 2004, Def. 2.1)."""
    return Literal(not literal.negated, literal.predicate, literal.args)


_BARE = re.compile(r"^(?:[a-z][A-Za-z0-9_]*|-?\d+(?:\.\d+)?)$")


def format_term(term) -> str:
    if isinstance(term, Var):
        return term.name
    if _BARE.match(term):
        return term
    return '"' + term.replace("\\", "\\\\").replace('"', '\\"') + '"'


FACT, STRICT, DEFEASIBLE = "fact", "strict", "defeasible"



def is_presumption(rule) -> bool:
    """A defeasible rule with an empty body: ``h -< true.`` (García & Simari §6)."""
    return rule.kind == DEFEASIBLE and not rule.body


def rule_text(rule) -> str:
    """A rule (schematic or ground) in the program's text syntax."""
    if rule.kind == FACT:
        return str(rule.head)
    arrow = "<-" if rule.kind == STRICT else "-<"
    body = ", ".join(str(b) for b in rule.body) if rule.body else "true"
    return f"{rule.head} {arrow} {body}"

@dataclass(frozen=True)
class Rule:
    """A fact (empty body, kind ``fact``), strict rule or defeasible rule; presumptions are defeasible
    rules with an empty body."""

    head: Literal
    body: tuple = ()
    kind: str = FACT
    label: str | None = None
    index: int = 0  # position in the program text: the canonical order of rules
    line: int = 0
    column: int = 0

    @property
    def is_presumption(self) -> bool:
        return is_presumption(self)

    def __str__(self) -> str:
        return rule_text(self)


@dataclass
class Program:
    """A parsed (not yet grounded) DeLP program: Π = facts + strict rules, Δ = defeasible rules.

    Treat it as immutable once parsed: queries cache its grounding, arguments and trees on it."""

    rules: list[Rule] = field(default_factory=list)
    priorities: list[tuple[str, str]] = field(default_factory=list)  # (preferred label, other label)
    #: Named orders on the same labels (``recency: r1 > r2.``): name -> (preferred label, other label) pairs.
    orders: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    text: str = ""
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def facts(self) -> list[Rule]:
        return [r for r in self.rules if r.kind == FACT]

    @property
    def strict_rules(self) -> list[Rule]:
        return [r for r in self.rules if r.kind == STRICT]

    @property
    def defeasible_rules(self) -> list[Rule]:
        return [r for r in self.rules if r.kind == DEFEASIBLE]

    @property
    def signatures(self) -> set[tuple[str, int]]:
        hit = self._cache.get("signatures")
        if hit is not None:
            return hit
        out = set()
        for r in self.rules:
            out.add(r.head.signature)
            out.update(b.signature for b in r.body)
        self._cache["signatures"] = out
        return out

    @property
    def constants(self) -> set[str]:
        hit = self._cache.get("constants")
        if hit is not None:
            return hit
        out = set()
        for r in self.rules:
            for lit in (r.head, *r.body):
                out.update(a for a in lit.args if not isinstance(a, Var))
        self._cache["constants"] = out
        return out

    def to_text(self) -> str:
        lines = [(f"{r.label}: " if r.label else "") + str(r) + "." for r in self.rules]
        lines += [f"{a} > {b}." for a, b in self.priorities]
        lines += [f"{name}: {a} > {b}." for name, pairs in self.orders.items() for a, b in pairs]
        return "\n".join(lines) + ("\n" if lines else "")


# --- tokenizer -------------------------------------------------------------------------------------

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\f\v]+)
  | (?P<nl>\n)
  | (?P<comment>%[^\n]*)
  | (?P<number>-?\d+(?:\.\d+)?(?![A-Za-z_]))
  | (?P<ident>[a-z][A-Za-z0-9_]*)
  | (?P<var>[A-Z_][A-Za-z0-9_]*)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<op><-|-<|[~(),.:>])
""", re.VERBOSE)


class Token(NamedTuple):
    kind: str  # number ident var string op eof
    text: str
    line: int
    column: int


def _describe(tok: Token) -> str:
    return "end of input" if tok.kind == "eof" else repr(tok.text)


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    line, line_start, pos = 1, 0, 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        column = pos - line_start + 1
        if not m:
            ch = text[pos]
            if ch in "\"'":
                raise DelpSyntaxError("unterminated quoted constant", line, column)
            raise DelpSyntaxError(f"unexpected character {ch!r}", line, column)
        kind = m.lastgroup
        if kind == "nl":
            line, line_start = line + 1, m.end()
        elif kind not in ("ws", "comment"):
            tokens.append(Token(kind, m.group(), line, column))
        pos = m.end()
    tokens.append(Token("eof", "", line, pos - line_start + 1))
    return tokens


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text[1:-1])


class _Parser:
    def __init__(self, text: str):
        self.tokens = tokenize(text)
        self.i = 0
        self.priority_positions: dict[tuple, tuple[int, int]] = {}

    def peek(self, ahead: int = 0) -> Token:
        return self.tokens[min(self.i + ahead, len(self.tokens) - 1)]

    def next(self) -> Token:
        tok = self.peek()
        self.i += 1
        return tok

    def error(self, message: str, tok: Token | None = None):
        tok = tok or self.peek()
        raise DelpSyntaxError(message, tok.line, tok.column)

    def expect(self, text: str, what: str) -> Token:
        tok = self.peek()
        if tok.kind != "op" or tok.text != text:
            self.error(f"expected {what}, found {_describe(tok)}")
        return self.next()

    def term(self):
        tok = self.next()
        if tok.kind == "var":
            return Var(tok.text)
        if tok.kind in ("ident", "number"):
            return tok.text
        if tok.kind == "string":
            return _unquote(tok.text)
        self.error(f"expected a constant or a variable, found {_describe(tok)}", tok)

    def literal(self) -> Literal:
        negated = False
        if self.peek().kind == "op" and self.peek().text == "~":
            self.next()
            negated = True
        tok = self.next()
        if tok.kind == "var":
            self.error(f"a predicate must start with a lower-case letter, found {tok.text!r}", tok)
        if tok.kind != "ident":
            self.error(f"expected a literal, found {_describe(tok)}", tok)
        if tok.text == "true":
            self.error("'true' is reserved for presumptions ('h -< true.')", tok)
        args: list = []
        if self.peek().kind == "op" and self.peek().text == "(":
            self.next()
            args.append(self.term())
            while self.peek().kind == "op" and self.peek().text == ",":
                self.next()
                args.append(self.term())
            if self.peek().kind == "op" and self.peek().text == "(":
                self.error("nested terms are not supported: arguments are constants or variables")
            self.expect(")", "',' or ')'")
        return Literal(negated, tok.text, tuple(args))

    def statement(self, index: int, program: Program) -> None:
        first = self.peek()
        label = None
        order = None
        if first.kind == "ident" and self.peek(1).kind == "op" and self.peek(1).text == ":" \
                and self.peek(2).kind == "ident" and self.peek(3).kind == "op" and self.peek(3).text == ">":
            # A named order, ``recency: r1 > r2.`` (a labelled rule has a literal, never '>', after its head).
            order = self.next().text
            self.next()
            if order == "specificity":
                self.error("'specificity' is the built-in criterion and cannot name an order of labels", first)
        if self.peek().kind == "ident" and self.peek(1).kind == "op" and self.peek(1).text == ">":
            chain = [self.next().text]
            while self.peek().kind == "op" and self.peek().text == ">":
                self.next()
                tok = self.next()
                if tok.kind != "ident":
                    self.error(f"expected a rule label after '>', found {_describe(tok)}", tok)
                chain.append(tok.text)
            self.expect(".", "'.' after the priority")
            pairs = program.priorities if order in (None, "priority") else program.orders.setdefault(order, [])
            for a, b in zip(chain, chain[1:]):
                pairs.append((a, b))
                self.priority_positions.setdefault((order or "priority", a, b), (first.line, first.column))
            return
        if first.kind == "ident" and self.peek(1).kind == "op" and self.peek(1).text == ":":
            label = self.next().text
            self.next()
        head_tok = self.peek()
        head = self.literal()
        body: list[Literal] = []
        kind = FACT
        tok = self.peek()
        if tok.kind == "op" and tok.text in ("<-", "-<"):
            self.next()
            kind = STRICT if tok.text == "<-" else DEFEASIBLE
            if self.peek().kind == "ident" and self.peek().text == "true":
                self.next()
                if kind == STRICT:
                    kind = FACT  # `h <- true.` is a fact
            else:
                body.append(self.literal())
                while self.peek().kind == "op" and self.peek().text == ",":
                    self.next()
                    body.append(self.literal())
        end = self.peek()
        if end.kind != "op" or end.text != ".":
            what = "'.' after the fact" if kind == FACT and not body else "',' or '.' after the body literal"
            if kind == FACT and end.kind == "op" and end.text not in (".",):
                what = "'.', '<-' or '-<'"
            self.error(f"expected {what}, found {_describe(end)}", end)
        self.next()
        if label and kind != DEFEASIBLE:
            raise DelpSyntaxError(f"only defeasible rules can carry a priority label ({label!r})",
                                  first.line, first.column)
        program.rules.append(Rule(head, tuple(body), kind, label, index, head_tok.line, head_tok.column))

    def program(self, text: str) -> Program:
        program = Program(text=text)
        index = 0
        while self.peek().kind != "eof":
            self.statement(index, program)
            index += 1
        _check_priorities(program, self.priority_positions)
        return program


def _check_priorities(program: Program, positions: dict) -> None:
    labels = {r.label for r in program.rules if r.label}
    from .priorities import priority_closure

    for name, pairs in [("priority", program.priorities), *program.orders.items()]:
        where = "" if name == "priority" else f" (order {name!r})"
        for a, b in pairs:
            line, col = positions.get((name, a, b), (1, 1))
            for label in (a, b):
                if label not in labels:
                    raise DelpSyntaxError(f"priority names {label!r}, which labels no defeasible rule{where}",
                                          line, col)
            if a == b:
                raise DelpSyntaxError(f"a rule cannot be preferred to itself ({a!r}){where}", line, col)
        closure = priority_closure(pairs)
        for a, b in pairs:
            if (b, a) in closure:
                line, col = positions.get((name, a, b), (1, 1))
                raise DelpSyntaxError(f"priorities form a cycle through {a!r} and {b!r}{where}", line, col)


def parse_program(text: str) -> Program:
    """Parse DeLP program text; raises :class:`DelpSyntaxError` with line and column."""
    if not isinstance(text, str):
        raise TypeError("parse_program expects the program text as str")
    if "\x00" in text:
        pos = text.index("\x00")
        line = text.count("\n", 0, pos) + 1
        raise DelpSyntaxError("binary data (NUL byte) in the program", line, pos - (text.rfind("\n", 0, pos) + 1) + 1)
    return _Parser(text).program(text)


def parse_literal(text: str) -> Literal:
    """Parse one literal (a query); a trailing '.' is allowed."""
    parser = _Parser(text)
    if parser.peek().kind == "eof":
        raise DelpSyntaxError("empty query: expected a literal", 1, 1)
    lit = parser.literal()
    if parser.peek().kind == "op" and parser.peek().text == ".":
        parser.next()
    if parser.peek().kind != "eof":
        parser.error(f"expected the end of the literal, found {_describe(parser.peek())}")
    return lit
