"""Dialectical trees for people (García & Simari 2004, Def. 4.6 and Fig. 2-3): plain text, a
networkx DiGraph and interactive pyvis HTML.

Every function takes a tree in its JSON form (``QueryResult.trees[i]``, also what ``delp --json``
prints and what reports store): per node ``text``, ``rules``, ``conclusion``, ``mark`` (U/D),
``defeat`` (proper/blocking/None at the root) and ``children``; trees from :func:`argue` also carry
``evidence`` (index, source, locator, text of the evidence each argument rests on).

The HTML is self-contained: pyvis's ``cdn_resources="in_line"`` still links Bootstrap and other files
from CDNs, so every remote ``<script src>`` / ``<link href>`` is removed and what we need is inlined.
All labels and tooltips are HTML-escaped: literals and rules may carry text from hostile web pages.
"""
from __future__ import annotations

import html
import json
import re
from typing import Any

MARK_COLOURS = {"U": "#2e7d32", "D": "#c62828"}  # undefeated green, defeated red
HEADER = ('Dialectical tree for {conclusion} (D = defeated, U = undefeated; "proper"/"blocking" says '
          'how a node defeats its parent)')
_KIND_WIDTH = len("blocking") + 3


def _as_dict(tree) -> dict[str, Any]:
    if isinstance(tree, dict):
        return tree
    raise TypeError("expected a dialectical tree in JSON form (a dict, as in QueryResult.trees)")


def _walk(node: dict, depth: int = 0):
    yield node, depth
    for child in node.get("children", ()):
        yield from _walk(child, depth + 1)


def render_text(tree: dict) -> str:
    """The tree as aligned plain text: argument (indented by depth), defeat kind, mark."""
    tree = _as_dict(tree)
    rows = [("  " * depth + node["text"], node.get("defeat") or "", node["mark"]) for node, depth in _walk(tree)]
    width = max(len(r[0]) for r in rows) + 2
    lines = [HEADER.format(conclusion=tree["conclusion"])]
    lines += [first.ljust(width) + kind.ljust(_KIND_WIDTH) + mark for first, kind, mark in rows]
    return "\n".join(lines) + "\n"


def to_networkx(tree: dict):
    """A ``networkx.DiGraph``: nodes ``n0`` (root), ``n1``... with ``text``, ``rules``, ``conclusion``,
    ``mark``, ``depth``; edges parent -> child with ``defeat`` (proper/blocking)."""
    import networkx as nx

    tree = _as_dict(tree)
    graph = nx.DiGraph()
    counter = 0

    def add(node: dict, parent: str | None, depth: int) -> None:
        nonlocal counter
        name = f"n{counter}"
        counter += 1
        graph.add_node(name, text=node["text"], rules=list(node["rules"]), conclusion=node["conclusion"],
                       mark=node["mark"], defeat=node.get("defeat"), depth=depth,
                       evidence=list(node.get("evidence", ())))
        if parent is not None:
            graph.add_edge(parent, name, defeat=node.get("defeat"))
        for child in node.get("children", ()):
            add(child, name, depth + 1)

    add(tree, None, 0)
    return graph


# Any external file reference: remote CDNs (Bootstrap) and pyvis's dangling ../node_modules paths.
_EXTERNAL = re.compile(r"""<script\b[^>]*\bsrc\s*=[^>]*>\s*</script\s*>|<script\b[^>]*\bsrc\s*=[^>]*/>"""
                       r"""|<link\b[^>]*\bhref\s*=[^>]*>""", re.IGNORECASE)
_COMMENT = re.compile(r"<!--(?:(?!-->).){0,2000}?-->", re.DOTALL)
_REMOTE = re.compile(r"""<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", re.IGNORECASE)


def strip_remote(page: str) -> str:
    """Remove every ``<script src=...>`` and ``<link href=...>`` (the page must work offline)."""
    page = _COMMENT.sub(lambda m: "" if re.search(r"<(?:script|link)\b", m.group(0), re.I) else m.group(0), page)
    return _EXTERNAL.sub("", page)


def has_remote_reference(page: str) -> bool:
    """Does ``page`` load a script or stylesheet from another host (http, https or protocol-relative)?"""
    return bool(_REMOTE.search(page))


def _tooltip(node: dict) -> str:
    lines = [f"{node['mark']} · {node.get('defeat') or 'root'} · conclusion {node['conclusion']}"]
    lines += node["rules"] or ["(no defeasible rules: Π alone derives it)"]
    lines += [f"e{e['index']}: {e['source']} {e['locator']}: {_short(str(e.get('text', '')), 120)}"
              for e in node.get("evidence", ())]
    return "\n".join(html.escape(line, quote=True) for line in lines)


def to_pyvis_html(tree: dict, title: str | None = None, height: str = "520px") -> str:
    """Interactive HTML: nodes green (U) or red (D), proper defeats as solid and blocking as dashed
    edges drawn from defeater to defeated, each argument's rules on hover. No network needed."""
    from pyvis.network import Network

    tree = _as_dict(tree)
    graph = to_networkx(tree)
    net = Network(height=height, width="100%", directed=True, cdn_resources="in_line", notebook=False)
    for name, data in sorted(graph.nodes(data=True), key=lambda item: int(item[0][1:])):
        lines = [f"{_short(data['conclusion'])}  [{data['mark']}]"] + _rule_lines(data["rules"])
        lines += [_short(f"{e['source']} {e['locator']}") for e in data["evidence"][:3]]
        label = "\n".join(lines)
        net.add_node(name, label=html.escape(label, quote=True), title=_tooltip_from(data),
                     color=MARK_COLOURS.get(data["mark"], "#777777"), level=data["depth"], shape="box",
                     font={"color": "#ffffff"})
    for parent, child, data in sorted(graph.edges(data=True), key=lambda e: int(e[1][1:])):
        kind = data.get("defeat") or ""
        net.add_edge(child, parent, dashes=kind == "blocking", title=html.escape(kind, quote=True), arrows="to",
                     width=2 if kind == "proper" else 1)
    net.set_options(json.dumps({
        "layout": {"hierarchical": {"enabled": True, "direction": "UD", "sortMethod": "directed",
                                    "shakeTowards": "roots", "nodeSpacing": 200, "levelSeparation": 110}},
        "edges": {"smooth": False, "color": {"color": "#555555"}},
        "physics": {"enabled": False},
        "interaction": {"hover": True},
    }))
    page = net.generate_html(notebook=False)
    page = strip_remote(page)
    # vis-network shows string titles as plain text; the escaped title is turned into an element so
    # that its entities display as characters (innerHTML of escaped text cannot create markup).
    page = page.replace("network = new vis.Network(", _TITLES_AS_ELEMENTS + "network = new vis.Network(", 1)
    heading = html.escape(title if title is not None else f"Dialectical tree for {tree['conclusion']}", quote=True)
    legend = ("<p style=\"font-family:sans-serif\"><b>" + heading + "</b> &mdash; green = undefeated (U), "
              "red = defeated (D); solid arrow = proper defeater, dashed = blocking defeater. "
              "Hover a node for its rules.</p>")
    page = re.sub(r"<body[^>]*>", lambda m: m.group(0) + legend, page, count=1)
    return page


_TITLES_AS_ELEMENTS = (
    "nodes.forEach(function (n) { if (typeof n.title === 'string') { var d = document.createElement('div'); "
    "d.style.whiteSpace = 'pre'; d.style.fontFamily = 'monospace'; d.innerHTML = n.title; "
    "nodes.update({id: n.id, title: d}); } });\n                  ")


def _rule_lines(rules: list[str], limit: int = 4) -> list[str]:
    """Rules for a canvas label. The canvas shows escaped text verbatim, so the arrow is drawn with a
    look-alike (-≺) rather than a '<' that would appear as '&lt;'; the tooltip keeps the exact text."""
    lines = [_short(r.replace(" -< ", " -≺ ")) for r in rules[:limit]]
    if len(rules) > limit:
        lines.append(f"... {len(rules) - limit} more")
    return lines


def _short(text: str, limit: int = 48) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _tooltip_from(data: dict) -> str:
    return _tooltip({"mark": data["mark"], "defeat": data.get("defeat"), "conclusion": data["conclusion"],
                     "rules": data["rules"], "evidence": data.get("evidence", ())})
