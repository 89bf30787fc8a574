"""Page text (trafilatura: title, date, main text) and its sentences as located evidence.

Each sentence becomes EvidenceSentence(text, "web", "<url>#s<n>", confidence=<domain weight>, title)
with n its 1-based position among the page's sentences; a search snippet becomes "<url>#snippet".
"""
from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser

from ...report import EvidenceSentence
from .search import SearchHit
from .text import clean_text

#: Longest main text kept per page (characters): enough for any article, bounded for parsing.
MAX_PAGE_CHARS = 100_000
#: Sentences shorter or longer than these are navigation crumbs or run-together lists, not evidence.
MIN_SENTENCE_CHARS = 20
MAX_SENTENCE_CHARS = 600


@dataclass(frozen=True)
class PageText:
    url: str
    title: str = ""
    date: str = ""
    text: str = ""

    def to_dict(self) -> dict:
        return {"url": self.url, "title": self.title, "date": self.date, "text": self.text}

    @classmethod
    def from_dict(cls, data: dict) -> "PageText":
        return cls(url=str(data.get("url", "")), title=str(data.get("title") or ""),
                   date=str(data.get("date") or ""), text=str(data.get("text") or ""))


def _decode(body: bytes | str, encoding: str | None) -> str:
    if isinstance(body, str):
        return body
    for candidate in (encoding, "utf-8"):
        if candidate:
            try:
                return body.decode(candidate)
            except (LookupError, UnicodeDecodeError):
                pass
    return body.decode("utf-8", errors="replace")


def extract_page(body: bytes | str, url: str, content_type: str = "text/html",
                 encoding: str | None = None) -> PageText:
    """Title, date and main text of a page; boilerplate (menus, footers) left out where possible."""
    if content_type == "text/plain":
        return PageText(url=url, text=clean_text(_decode(body, encoding), keep_newlines=True)[:MAX_PAGE_CHARS])
    document = _decode(body, encoding)
    title, date, text = "", "", ""
    try:
        import trafilatura

        raw = trafilatura.extract(document, url=url, output_format="json", with_metadata=True,
                                  include_comments=False, include_tables=False, favor_precision=True,
                                  deduplicate=False)
        if raw:
            data = json.loads(raw)
            title, date, text = data.get("title") or "", data.get("date") or "", data.get("text") or ""
    except Exception:  # a page trafilatura cannot read still has text: the fallback below
        pass
    if not text.strip():
        fallback = _FallbackParser.text_of(document)
        title, text = title or fallback[0], fallback[1]
    return PageText(url=url, title=clean_text(title)[:300], date=clean_text(date)[:40],
                    text=clean_text(text, keep_newlines=True)[:MAX_PAGE_CHARS])


class _FallbackParser(HTMLParser):
    """Visible text outside scripts, styles and page furniture, one block per line."""

    SKIP = {"script", "style", "noscript", "template", "nav", "header", "footer", "aside", "form", "svg",
            "iframe", "object", "head"}
    BLOCK = {"p", "div", "li", "br", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "article",
             "blockquote", "pre", "td", "dd", "dt"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.skip_depth = 0
        self.in_title = False
        self.title: list[str] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "title":
            self.in_title = True
        elif tag in self.SKIP:
            self.skip_depth += 1
        elif tag in self.BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False
        elif tag in self.SKIP and self.skip_depth:
            self.skip_depth -= 1
        elif tag in self.BLOCK:
            self.parts.append("\n")

    def handle_data(self, data):
        if self.in_title:
            self.title.append(data)
        elif not self.skip_depth:
            self.parts.append(data)

    @classmethod
    def text_of(cls, document: str) -> tuple[str, str]:
        parser = cls()
        try:
            parser.feed(document)
            parser.close()
        except Exception:
            pass
        return " ".join("".join(parser.title).split()), "".join(parser.parts)


_lock = threading.Lock()


@lru_cache(maxsize=1)
def _sentencizer():
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    nlp.max_length = MAX_PAGE_CHARS * 2
    return nlp


_BLOCKS = re.compile(r"\n+")


def split_text(text: str) -> list[str]:
    """Sentences of page text, in order (a rule-based sentencizer: pages are long, parsing is not needed).

    Lines are blocks (trafilatura puts paragraphs, headings and list items on their own lines), so a
    heading never fuses with the sentence under it.
    """
    blocks = [b.strip() for b in _BLOCKS.split(text or "") if b.strip()]
    if not blocks:
        return []
    with _lock:  # spaCy pipelines are not documented as thread-safe
        docs = list(_sentencizer().pipe(blocks))
    return [" ".join(s.text.split()) for doc in docs for s in doc.sents if s.text.strip()]


def _usable(sentence: str) -> bool:
    return (MIN_SENTENCE_CHARS <= len(sentence) <= MAX_SENTENCE_CHARS
            and sum(c.isalpha() for c in sentence) >= len(sentence) // 2
            and len(sentence.split()) >= 4)


def page_sentences(page: PageText, confidence: float) -> list[EvidenceSentence]:
    """Evidence sentences of a page located by position: "<url>#s<n>" (n counts every sentence)."""
    out = []
    for position, sentence in enumerate(split_text(page.text), 1):
        if _usable(sentence):
            out.append(EvidenceSentence(sentence, "web", f"{page.url}#s{position}", confidence=confidence,
                                        title=page.title))
    return out


def snippet_sentence(hit: SearchHit, confidence: float) -> EvidenceSentence | None:
    """A search result's snippet as evidence, located "<url>#snippet" (None when too short to say anything)."""
    text = clean_text(hit.snippet)
    if text.endswith(("...", "…")):
        text = text.rstrip(".… ").strip()
    if len(text) < MIN_SENTENCE_CHARS or len(text.split()) < 4:
        return None
    return EvidenceSentence(text[:MAX_SENTENCE_CHARS], "web", f"{hit.url}#snippet", confidence=confidence,
                            title=clean_text(hit.title))
