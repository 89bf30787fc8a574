"""Untrusted text made safe for the Streamlit calls that render Markdown.

Pasted text, reference files and their names, web pages, knowledge entries, LLM answers, reviewer names and
error messages that quote any of them are hostile. Streamlit renders Markdown, not plain text, in
``st.markdown``, ``st.caption``, ``st.write`` of a string, ``st.info/warning/error/success`` bodies,
``st.subheader``/``st.title``, ``st.toast``, ``st.progress`` text, ``st.metric`` labels, ``help=`` tooltips,
radio options and the labels of expanders, tabs, buttons and widgets. There a link
(``[x](javascript:…)``), an image that fetches a URL as soon as the page shows it (``![x](http://…)``),
emphasis, headings, tables, ``:red[…]`` directives, ``:emoji:`` shortcodes and ``$…$`` LaTeX all take
effect. Such text goes through ``plain_md`` (or ``code_md``) before it reaches one of those calls; where a
plain element fits, the pages use ``st.text``, ``st.code``, ``st.json`` or a data frame instead, which show
text as it is. Selectbox and multiselect options (their ``format_func`` results) are plain text in
Streamlit 1.67 and must *not* be escaped: the backslashes would show.

Raw HTML is not rendered by those calls (``unsafe_allow_html`` is never set), and ``plain_md`` escapes
``<`` and ``&`` anyway, so the text cannot open a tag or spell an entity.

What Streamlit's renderer (react-markdown with GFM, directives, maths and its own plugins, read from the
bundled ``StreamlitMarkdown`` script) needs, and what ``plain_md`` does about it:

* CommonMark lets a backslash escape any ASCII punctuation character, and an escaped character is shown
  as itself: ``3\\.5`` reads "3.5", never with a backslash. Only characters that can start markup are
  escaped, so ordinary text ("3.5 km", "e.g.", "2:1", "entry #3", "llm_error") keeps its form:

  - always: ``\\`` (it would escape the escapes), backticks (code spans), ``*`` (emphasis), ``[`` ``]``
    (links, images, footnotes), ``<`` (HTML, ``<…>`` autolinks), ``&`` (entities), ``|`` (tables), ``~``
    (strikethrough, fences), ``$`` (LaTeX; Streamlit also skips ``\\$`` when it decides to load KaTeX);
  - ``_`` unless it sits between two letters or digits (there it can neither open nor close emphasis);
  - ``:`` before a letter (Streamlit's ``:red[…]``, ``:small[…]``, ``:help[…]`` directives) and a ``:``
    that closes a ``:name:`` shortcode (Streamlit loads its emoji plugin only when the source holds one);
  - at the start of a line: ``#`` (headings), ``>`` (quotes), ``+`` ``-`` ``=`` (lists, rules, setext
    headings), ``:`` (block directives) and the ``.`` or ``)`` of ``1. `` / ``1) `` (ordered lists). The
    spaces that start a line are dropped (Markdown drops them anyway) so they cannot open a code block.
* Some Markdown is applied *after* parsing, to the text as shown, where an escape is already undone: GFM's
  literal autolinks (``http://…``, ``www.…``, ``name@host.tld``) and Streamlit's ``:streamlit:`` logo and
  ``:material/name:`` icons. An invisible WORD JOINER (U+2060) stops them: after the colon of ``://``,
  between ``www`` and its dot, after ``@``, after the colon of those two shortcodes.
* Streamlit's typographic replacements in shown text (``->`` as an arrow, ``--`` as a dash, ``>=`` as ≥)
  are not markup and stay.
"""
from __future__ import annotations

import re

WORD_JOINER = "\u2060"

_ALWAYS = frozenset("\\`*[]<&|~$")
_LINE_START = frozenset("#>+-=:")
_BREAK = re.compile(r":(?=//|streamlit:|material[/_])|www(?=\.)|@(?=[-\w])", re.IGNORECASE)
_INDENT = re.compile(r"^[ \t]+", re.MULTILINE)
_ORDERED = re.compile(r"^\d{1,9}([.)])(?=[ \t]|$)", re.MULTILINE)
_SHORTCODE_END = re.compile(r":(?=[\w+-]+:)")
_NAME = re.compile(r"[\w+-]+")
_CODE_BREAK = re.compile(r":(?=material/|[\w+-]+:)", re.IGNORECASE)


def plain_md(text) -> str:
    """``text`` as Markdown that Streamlit shows as the characters it holds, with no formatting at all.

    Use it for any text that did not come from this program's source (pasted or uploaded text and file
    names, references, web pages, knowledge entries, LLM answers, reviewer names, error messages that may
    quote any of them) on its way to a call that renders Markdown. The escapes are the fewest that stop
    every Markdown, HTML and Streamlit construct (the module's docstring lists them); line breaks are kept.
    A URL that should be copied exactly goes through ``code_md`` instead (here it gets a word joiner).
    """
    text = "" if text is None else str(text)
    text = _INDENT.sub("", re.sub(r"\r\n?", "\n", text))
    text = _BREAK.sub(lambda m: m.group(0) + WORD_JOINER, text)
    escape = {m.end(1) - 1 for m in _ORDERED.finditer(text)}
    # The colon that closes ":name:" (the emoji plugin's trigger and an emoji shortcode).
    escape.update(_NAME.match(text, m.end()).end() for m in _SHORTCODE_END.finditer(text))
    out = []
    for i, ch in enumerate(text):
        line_start = i == 0 or text[i - 1] == "\n"
        if (ch in _ALWAYS or i in escape or (line_start and ch in _LINE_START)
                or (ch == ":" and text[i + 1:i + 2].isalpha())
                or (ch == "_" and not _inside_word(text, i))):
            out.append("\\")
        out.append(ch)
    return "".join(out)


def _inside_word(text: str, i: int) -> bool:
    """Is the run of underscores at ``i`` between a letter or digit on each side?"""
    start, end = i, i
    while start > 0 and text[start - 1] == "_":
        start -= 1
    while end < len(text) and text[end] == "_":
        end += 1
    return start > 0 and end < len(text) and text[start - 1].isalnum() and text[end].isalnum()


def code_md(text) -> str:
    """``text`` as a Markdown inline code span (monospace), shown verbatim: for URLs and locators.

    Inside a code span nothing is interpreted (no links, no autolinks, no HTML, no directives), backslash
    escapes included, so the text is not escaped; instead the fence is one backtick longer than the
    longest run of backticks in the text (a backtick in the text cannot close the span early) and line
    breaks become spaces (a line break could end the paragraph, or start a heading or a list, before the
    span closes). Streamlit reads the whole source, code spans included, when it rewrites ``:material/``
    and when it decides to load its emoji plugin (which would then turn a ``:name:`` shown elsewhere in
    the same element into an emoji), so those colons get a word joiner.
    """
    text = "" if text is None else str(text)
    text = re.sub(r"\r\n?|\n", " ", text)
    text = _CODE_BREAK.sub(":" + WORD_JOINER, text)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    # A space on each side keeps a leading or trailing backtick apart from the fence; CommonMark strips
    # one space from each side when both are there, so it does not show.
    return f"{fence} {text} {fence}"
