"""Dialectical trees for people: the plain-text layout of the shared example, networkx export, and
self-contained, escaped pyvis HTML."""
import re

from truthometer.argumentation import parse_program, query, render_text, to_networkx, to_pyvis_html
from truthometer.argumentation.render import has_remote_reference, strip_remote

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
# Copy of ../shared/delp/examples/tree.tree.txt
EXPECTED_TREE = (
    'Dialectical tree for a (D = defeated, U = undefeated; "proper"/"blocking" says how a node defeats its parent)\n'
    "<{a -< b, b -< c}, a>                      D\n"
    "  <{~b -< c, d}, ~b>            proper     U\n"
    "  <{~b -< c, f; f -< g}, ~b>    proper     D\n"
    "    <{~f -< g, h; h -< j}, ~f>  proper     D\n"
    "      <{~h -< k}, ~h>           blocking   U\n"
    "    <{~f -< i}, ~f>             blocking   U\n"
    "  <{~b -< e}, ~b>               blocking   U\n"
)


def tree_for_a():
    result = query(parse_program(TREE), "a")
    assert len(result.trees) == 1
    return result.trees[0]


def test_plain_text_tree_matches_the_shared_rendering():
    assert render_text(tree_for_a()) == EXPECTED_TREE


def test_json_tree_nodes():
    root = tree_for_a()
    assert root["rules"] == ["a -< b", "b -< c"] and root["conclusion"] == "a"
    assert root["mark"] == "D" and root["defeat"] is None
    kinds = [(c["text"], c["defeat"], c["mark"]) for c in root["children"]]
    assert kinds == [("<{~b -< c, d}, ~b>", "proper", "U"), ("<{~b -< c, f; f -< g}, ~b>", "proper", "D"),
                     ("<{~b -< e}, ~b>", "blocking", "U")]


def test_networkx_export():
    graph = to_networkx(tree_for_a())
    assert graph.number_of_nodes() == 7 and graph.number_of_edges() == 6
    assert graph.nodes["n0"]["mark"] == "D" and graph.nodes["n0"]["conclusion"] == "a"
    assert sorted(graph.successors("n0")) == ["n1", "n2", "n6"]
    assert graph.edges["n0", "n6"]["defeat"] == "blocking"
    assert graph.edges["n0", "n1"]["defeat"] == "proper"
    assert graph.nodes["n2"]["rules"] == ["~b -< c, f", "f -< g"]


HOSTILE = ('evil("</script><script>alert(1)</script>") -< true.\n'
           '~evil("</script><script>alert(1)</script>") -< true.\n')


def test_pyvis_html_is_escaped_and_self_contained():
    result = query(parse_program(HOSTILE), 'evil("</script><script>alert(1)</script>")')
    assert result.answer == "UNDECIDED"
    page = to_pyvis_html(result.trees[0])
    assert "<script>alert(1)" not in page
    assert "alert(1)</script>" not in page
    assert "&lt;/script&gt;" in page or "\\u0026lt;/script\\u0026gt;" in page
    assert not has_remote_reference(page)
    for tag in re.findall(r"<(?:script|link)\b[^>]*>", page):
        assert "http" not in tag and "src=" not in tag and "href=" not in tag, tag
    assert "#c62828" in page and "#2e7d32" in page  # D red, U green
    assert '"dashes": true' in page  # the blocking defeater


def test_strip_remote_removes_cdn_tags():
    page = ('<head><link href="https://cdn.example/b.css" rel="stylesheet"/>'
            '<script src="//cdn.example/b.js"></script><script>var x = 1;</script></head>')
    assert has_remote_reference(page)
    cleaned = strip_remote(page)
    assert not has_remote_reference(cleaned) and "var x = 1;" in cleaned
