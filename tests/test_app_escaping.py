"""Hostile text never reaches Streamlit's Markdown unescaped (issue 33, hardening).

``ui.text.plain_md`` is checked against a CommonMark parser (markdown-it-py, with GFM tables and
strikethrough, raw HTML on and every link allowed, so that anything left unescaped shows up as a tag) plus
the rules Streamlit 1.67 adds on top of CommonMark: ``:name[…]`` directives, ``$`` maths, ``:emoji:``
shortcodes, GFM literal autolinks, ``:streamlit:`` and ``:material/…:``. Then the pages are driven through
AppTest with hostile text in a checked sentence, a reference, a report's every field and the knowledge
base, and every string the page hands to a Markdown-rendering element is put through the same check.
"""
from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from ui.text import WORD_JOINER, code_md, plain_md

markdown_it = pytest.importorskip("markdown_it")

LINK = "[click](javascript:alert(1))"
IMG_TAG = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>alert(1)</script>"
MD_IMAGE = "![x](http://127.0.0.1:9/x.png)"
HOSTILE = (f"{IMG_TAG} {LINK} {MD_IMAGE} **bold** :red[x] $x^2$ {SCRIPT} `a` ``b``` :smile: :streamlit: "
           f"http://evil.test/p www.evil.test a@evil.test")

HOSTILE_INPUTS = [
    SCRIPT, IMG_TAG, LINK, MD_IMAGE, "**bold** __b__ *i* _i_ ~~s~~ ~s~",
    ":red[x] :blue-background[y] :small[z] :help[h] :material/home: :streamlit: :smile: :+1: :100:",
    "$x^2$ $$y$$ $5 and $6", "`code` ``a`b`` ``` and a single ` that tries to close a span",
    "# h1\n## h2\n> quote\n- item\n+ item\n* item\n1. one\n2) two\n---\n***\n___\nfoo\n===\nbar\n---",
    "| a | b |\n|---|---|\n| 1 | 2 |", "    indented code\n\n    more", "```\nfence\n```\n~~~\nf\n~~~",
    "<http://x.test> http://x.test/a www.x.test a@b.test WWW.X.TEST", "&lt;b&gt; &#60;img&#62; &amp; AT&T",
    "[a][r]\n\n[r]: http://x.test\n\nx[^1]\n\n[^1]: note", "- [ ] task", "<!-- c --> <div>x</div> <a href=x>a</a>",
    ":::warning\nx\n:::\n::leaf[x]\n:name{#id .cls}", "[x]( javascript:alert(1) ) <javascript:alert(1)>",
    "\\[not a link\\](x) \\*not bold\\* \\", "x :material_home: y :streamlit:z",
    HOSTILE,
]


# ---- what Streamlit's Markdown would make of a string ---------------------------------------------------

def _parser(html=True):
    md = markdown_it.MarkdownIt("commonmark", {"html": html}).enable(["table", "strikethrough"])
    md.validateLink = lambda url: True  # a javascript: link must show up as a link, to be caught
    md.disable("text_join")  # keep escaped characters apart from live ones
    return md


def _inline_children(tokens):
    for token in tokens:
        if token.type == "inline":
            yield from token.children or ()
        else:
            yield token


def markdown_effects(source: str, allowed_tags=("p", "br")) -> list[str]:
    """Everything beyond plain text that Streamlit's Markdown would do with ``source``."""
    md = _parser()
    tokens = md.parse(source)
    html = md.renderer.render(tokens, md.options, {})
    problems = [f"<{tag}> in {html!r}" for tag in set(re.findall(r"<([a-zA-Z][\w-]*)", html))
                if tag.lower() not in allowed_tags]
    live, shown = [], []  # the text Markdown still acts on; the text as shown, code spans left out
    for child in _inline_children(tokens):
        if child.type == "text":
            live.append(child.content)
            shown.append(child.content)
        elif child.type == "text_special":
            live.append("\0")
            shown.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            live.append("\n")
            shown.append("\n")
        else:  # code spans, and whatever was flagged above
            live.append("\0")
            shown.append("\0")
    live, shown = "".join(live), "".join(shown)
    for name, pattern, text in [
        ("a :directive", r":[A-Za-z]", live),
        ("$ maths", r"\$", live),
        ("an :emoji: shortcode", r":[\w+-]+:", live),
        # Streamlit loads its emoji plugin when the raw source, code spans included, holds this:
        ("the emoji plugin's trigger", r":(?!material/|streamlit:)[\w+-][\w+-]*:", source),
        # Applied by Streamlit to the text as shown, after escapes are undone:
        ("an autolink", r"https?://|www\.|[-.\w+]+@[-\w]+\.", shown),
        ("a Streamlit shortcode", r":streamlit:|:material_\w+:", shown),
        # Rewritten in the raw source, code spans included:
        ("a :material/ icon", r":material/", source),
    ]:
        if re.search(pattern, text, re.IGNORECASE):
            problems.append(f"{name} in {text!r}")
    return problems


def shown_text(source: str) -> str:
    """The text a reader sees, whitespace collapsed and word joiners (invisible) left out."""
    md = _parser()
    parts = [child.content if child.type in ("text", "text_special", "code_inline") else " "
             for child in _inline_children(md.parse(source))]
    return " ".join("".join(parts).replace(WORD_JOINER, "").split())


def _collapsed(text: str) -> str:
    return " ".join(text.split())


# ---- the escaping functions -------------------------------------------------------------------------------

@pytest.mark.parametrize("text", HOSTILE_INPUTS)
def test_plain_md_leaves_no_markup_and_shows_the_text_itself(text):
    escaped = plain_md(text)
    assert markdown_effects(escaped) == []
    assert shown_text(escaped) == _collapsed(text)


@pytest.mark.parametrize("text", HOSTILE_INPUTS)
def test_the_checker_catches_the_same_inputs_unescaped(text):
    # The check above would fail for every input had it not been escaped (plain text needs no escaping).
    assert markdown_effects(text) or shown_text(text) != _collapsed(text)


def test_ordinary_text_keeps_its_form():
    for text in ["3.5 km, e.g. the 2:1 win, entry #3, snake_case and llm_error (50% off!) - a; b?",
                 "Answer: YES", "Saved entry #3.", "stopped: verified", "10.5 million people, 1889."]:
        assert plain_md(text) == text
    assert plain_md("line one\r\nline two\rthree") == "line one\nline two\nthree"


def test_what_each_construct_becomes():
    assert plain_md(LINK) == r"\[click\](javascript\:alert(1))"
    assert plain_md(IMG_TAG) == r"\<img src=x onerror=alert(1)>"
    assert plain_md(SCRIPT) == r"\<script>alert(1)\</script>"
    assert plain_md(MD_IMAGE) == "!\\[x\\](http:" + WORD_JOINER + "//127.0.0.1:9/x.png)"
    assert plain_md("**bold**") == r"\*\*bold\*\*"
    assert plain_md(":red[x]") == r"\:red\[x\]"
    assert plain_md("$x^2$") == r"\$x^2\$"
    assert plain_md("``a` b``") == r"\`\`a\` b\`\`"
    assert plain_md("# Title\n1. one\n  - two") == "\\# Title\n1\\. one\n\\- two"
    assert plain_md(None) == ""


def test_code_md_cannot_be_closed_early_or_broken_across_lines():
    md = _parser()
    for text in ["a``b`", "`", "x\n# heading\n\n[click](javascript:alert(1))", IMG_TAG, ":material/home:",
                 ":smile: at 10:30:45"]:
        html = md.render("from " + code_md(text))
        assert html.count("<code>") == 1 and html.startswith("<p>from <code>") and html.endswith("</code></p>\n"), html
        assert "<img" not in html and "<a " not in html and "<h1" not in html
        assert markdown_effects("from " + code_md(text), allowed_tags=("p", "code")) == []


# ---- the pages --------------------------------------------------------------------------------------------

BODY_TYPES = {"markdown", "caption", "title", "header", "subheader", "warning", "error", "info", "success", "toast",
              "exception"}


def markdown_strings(at: AppTest) -> list[tuple[str, str]]:
    """(element type, string) for every string the page gives an element that renders it as Markdown:
    bodies, labels, help tooltips, radio options and progress texts. Not selectbox / multiselect options
    (plain text in Streamlit), text areas, st.text, st.code, st.json, tables or st.html (escaped HTML)."""
    out = []

    def walk(node):
        kind = getattr(node, "type", "")
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "ListFields"):
            fields = {f.name: v for f, v in proto.ListFields()}
            if kind in BODY_TYPES and isinstance(fields.get("body"), str):
                out.append((kind, fields["body"]))
            for name in ("label", "help"):
                if isinstance(fields.get(name), str):
                    out.append((f"{kind}.{name}", fields[name]))
            if kind == "progress" and isinstance(fields.get("text"), str):
                out.append(("progress", fields["text"]))
            if kind == "radio":
                out.extend(("radio.option", str(o)) for o in node.options)
        children = getattr(node, "children", None)
        for child in (children.values() if isinstance(children, dict) else []):
            walk(child)

    walk(at._tree)
    return out


def assert_no_live_markup(at: AppTest) -> list[str]:
    """Fails on any hostile construct a Markdown-rendering element would act on; returns the strings."""
    strings = markdown_strings(at)
    found = []
    for kind, value in strings:
        problems = markdown_effects(value, allowed_tags=("p", "br", "code", "strong", "em"))
        md = _parser()
        html = md.render(value)
        if "<strong>bold</strong>" in html:
            problems.append("hostile **bold**")
        if problems:
            found.append((kind, value, problems))
    assert not found, found
    return [value for _, value in strings]


@pytest.fixture()
def hash_kb(tmp_path, monkeypatch):
    """TRUTHOMETER_KB in a tmp dir, opened with a cheap deterministic embedder (same text, same vector)."""
    from kb_support import hash_embedder
    from truthometer import knowledge
    from truthometer.knowledge import KnowledgeBase

    directory = tmp_path / "kb"
    monkeypatch.setenv("TRUTHOMETER_KB", str(directory))
    monkeypatch.setattr(knowledge, "open_kb",
                        lambda path=None, config=None, embedder=None: KnowledgeBase(path or directory,
                                                                                   embedder=hash_embedder, seed=None))
    kb = KnowledgeBase(directory, embedder=hash_embedder, seed=None)
    yield kb  # the test closes it before the page opens its own
    kb.close()


def _hostile_report():
    from truthometer.report import ClaimSpan, Evidence, Report, SentenceResult, Substitution, Suggestion

    text = f"The tower opened in 1899. {HOSTILE}"
    sentence = SentenceResult(
        0, text, 0, len(text), "contradicted", reason=f"contradicted: {HOSTILE}", claim=f"checked {HOSTILE}",
        notes=[f"note {HOSTILE}"],
        evidence=[Evidence(f"The tower opened in 1889. {HOSTILE}", "reference", f"{HOSTILE} #1", 0.9, "contradiction")],
        suggestion=Suggestion(f"The tower opened in 1889. {HOSTILE}", note=f"suggestion note {HOSTILE}", substitutions=[
            Substitution("1899", f"1889 {HOSTILE}", 20, 24, kind=f"date {HOSTILE}", evidence=f"evidence {HOSTILE}",
                         evidence_locator=f"{HOSTILE} #1")]),
        argumentation={"explanation": f"explained {HOSTILE}", "trees": [], "program": HOSTILE},
        alignment={"evidence_locator": f"{HOSTILE} #1", "html": "<span>aligned</span>"},
        spans=[ClaimSpan(0, 10, "contradicted", HOSTILE, HOSTILE), ClaimSpan(10, len(text), "supported", HOSTILE, "")])
    return Report(text, [sentence], notes=[f"report note {HOSTILE}"])


def test_every_field_of_a_hostile_report_is_escaped_on_the_check_page(hash_kb):
    from truthometer.llm.iterate import RevisionRecord
    from truthometer.review import ACCEPT, Review

    hash_kb.add(f"entry {HOSTILE}", source=HOSTILE, status="approved", created_by=HOSTILE)
    report, review = _hostile_report(), Review()
    review.decide(0, 0, ACCEPT, HOSTILE)
    review.edit_entry(0, f"entry {HOSTILE}")  # the entry a save would store: nearly the approved one
    hash_kb.close()
    at = AppTest.from_file("../pages/0_Check.py", default_timeout=120)
    at.session_state["reports"] = {"k": report}
    at.session_state["current"] = "k"
    at.session_state["reviews"] = {"k": review}
    at.session_state["ignored"] = [f"The reference file {HOSTILE}.txt is empty and was left out."]
    at.session_state["flash"] = f"flash {HOSTILE}"
    at.session_state["llm-url"] = "http://127.0.0.1:9/v1"
    at.session_state["llm-model"] = "fake"
    at.session_state["revision"] = RevisionRecord(question=None, original=HOSTILE, final_text=HOSTILE,
                                                  stop_reason=f"stop {HOSTILE}", error=f"error {HOSTILE}",
                                                  llm={"calls": HOSTILE})
    at.run()
    assert not at.exception
    strings = assert_no_live_markup(at)
    joined = "\n".join(strings)
    # The hostile text did reach those elements, escaped: the test is not passing on an empty page.
    for shown in [f"contradicted: {HOSTILE}", f"checked as: checked {HOSTILE}", f"note {HOSTILE}",
                  f"report note {HOSTILE}", f"suggestion note {HOSTILE}", f"explained {HOSTILE}", f"flash {HOSTILE}",
                  f"The reference file {HOSTILE}.txt is empty", f"error {HOSTILE}", f"stop {HOSTILE}",
                  f"entry {HOSTILE}", f"from: evidence {HOSTILE}"]:
        assert any(_collapsed(shown) in shown_text(s) for s in strings), shown
    assert plain_md(f"from: evidence {HOSTILE}") in joined
    assert "aligned with: " + code_md(f"{HOSTILE} #1") in joined
    assert code_md(f"1889 {HOSTILE}") in joined  # the substitution's words, verbatim in a code span


@pytest.fixture()
def check_app(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUTHOMETER_KB", str(tmp_path / "kb"))
    at = AppTest.from_file("../pages/0_Check.py", default_timeout=180)
    at.run()
    assert not at.exception
    return at


def test_a_hostile_text_and_reference_checked_on_the_page_stay_escaped(check_app):
    at = check_app
    at.text_area(key="text").set_value(f"The Eiffel Tower was completed in 1899 :red[x] **bold**. {LINK} {IMG_TAG} "
                                       f"{MD_IMAGE} Koalas sleep $x^2$ hours.")
    at.text_area(key="references").set_value(f"The Eiffel Tower was completed in 1889 {LINK} :red[x] $x^2$. {IMG_TAG}\n"
                                             f"---\n{SCRIPT} {MD_IMAGE}")
    [use_kb] = [c for c in at.sidebar.checkbox if c.label.startswith("Use the verified knowledge base")]
    use_kb.uncheck()  # not needed here
    at.button(key="check").click().run()
    assert not at.exception
    assert not at.error, [e.value for e in at.error]
    strings = assert_no_live_markup(at)
    # The claim, with its directive, is shown (escaped) under the sentence.
    assert any("checked as: " in s and r"\:red\[x\]" in s for s in strings), strings
    for i in range(len([s for s in at.selectbox if s.label == "Sentence"][0].options)):
        [s for s in at.selectbox if s.label == "Sentence"][0].set_value(i).run()
        assert not at.exception
        assert_no_live_markup(at)


def test_hostile_text_fetched_from_a_local_web_page_stays_escaped(check_app, monkeypatch):
    """The web source, pointed (in this process) at a local site that answers like SearXNG and serves a page
    full of markup: the check page offers no setting for that, DuckDuckGo only."""
    from browser_helpers import HostileSite
    from truthometer import sources
    from truthometer.evidence.web import SearxngBackend, WebSource

    real_build = sources.build_sources
    with HostileSite() as site:
        site.markup = f"{LINK} :red[x] **bold** $x^2$ {IMG_TAG} ![x]({site.url('/x.png')})"

        def build_sources(config, use_kb=True, web=False, **kwargs):
            found = real_build(config, use_kb=use_kb, web=False)
            if web:  # no cache: the repository's web cache must not learn this site
                found.append(WebSource(backend=SearxngBackend(site.url()), allow_hosts=("127.0.0.1",), use_cache=False))
            return found

        monkeypatch.setattr(sources, "build_sources", build_sources)
        at = check_app
        [use_kb] = [c for c in at.sidebar.checkbox if c.label.startswith("Use the verified knowledge base")]
        use_kb.uncheck()
        [use_web] = [c for c in at.sidebar.checkbox if c.label.startswith("Search the web")]
        use_web.check()
        at.text_area(key="text").set_value("The Eiffel Tower was completed in 1899.")
        at.button(key="check").click().run()
        assert not at.exception
        assert any(path.startswith("/page.html") for path in site.requests), site.requests  # it was read
        strings = assert_no_live_markup(at)
        # The correction quotes the web sentence it comes from, escaped, and names the page in a code span.
        [source] = [s for s in strings if s.startswith("from: ")]
        assert r"\[click\](javascript\:alert(1))" in source and r"\:red\[x\]" in source, source
        assert f"(` web: {site.url('/page.html')}#s" in source, source
        assert not any(path.startswith("/x.png") for path in site.requests)


def test_hostile_knowledge_entries_are_escaped_on_the_knowledge_base_page(hash_kb):
    approved = hash_kb.add(f"approved {HOSTILE}", source=f"web {HOSTILE}", locator=HOSTILE, status="approved",
                           created_by=HOSTILE)
    hash_kb.approve([approved.id], f"curator {HOSTILE}", allow_own=True)
    pending = hash_kb.add(f"approved {HOSTILE}", source=f"pending source {HOSTILE}", locator=HOSTILE,
                          status="pending", created_by=f"editor {HOSTILE}")
    hash_kb.close()
    at = AppTest.from_file("../pages/2_Knowledge_base.py", default_timeout=120)
    at.session_state["kb-flash"] = f"Imported 1 new entry from {HOSTILE}.jsonl."
    at.run()
    assert not at.exception
    [picker] = [s for s in at.selectbox if s.label == "Entry"]
    strings = assert_no_live_markup(at)
    assert any(f"from {plain_md(HOSTILE)}" in s for s in strings)  # the flash, escaped
    for entry_id in (approved.id, pending.id):
        picker.set_value(entry_id).run()
        assert not at.exception
        strings = assert_no_live_markup(at)
        caption = [c.value for c in at.caption if c.value.startswith(f"#{entry_id} ")]
        assert caption, [c.value for c in at.caption]
        if entry_id == approved.id:
            assert f"reviewed by {plain_md('curator ' + HOSTILE)}" in caption[0]
        else:
            assert f"source: {plain_md('pending source ' + HOSTILE)}" in caption[0]
            assert f"created by {plain_md('editor ' + HOSTILE)}" in caption[0]
            # the approved entry it nearly repeats, quoted in the warning
            assert any(plain_md(f"approved {HOSTILE}") in w.value for w in at.warning), [w.value for w in at.warning]
        [picker] = [s for s in at.selectbox if s.label == "Entry"]


def test_a_hostile_program_error_on_the_trees_page_is_escaped():
    at = AppTest.from_file("../pages/1_Dialectical_trees.py", default_timeout=60)
    at.run()
    at.radio(key="delp-origin").set_value("Write my own").run()
    # The syntax error quotes the offending token: here a quoted constant full of markup.
    at.text_area[0].set_value(f'"{IMG_TAG} {LINK} {MD_IMAGE} **bold** :red[x] $x$" -< b.').run()
    assert not at.exception
    assert at.error
    assert_no_live_markup(at)
    assert plain_md(f'"{IMG_TAG} {LINK}') in at.error[0].value
