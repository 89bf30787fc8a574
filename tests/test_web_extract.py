"""Main text, not boilerplate; hostile page content comes out as inert plain text."""
import html

from fixtures_web.server import CURIE, EIFFEL
from truthometer.evidence.web.extract import extract_page, page_sentences, snippet_sentence, split_text
from truthometer.evidence.web.search import SearchHit
from truthometer.evidence.web.text import clean_text

URL = "http://127.0.0.1:1/page/eiffel"


def test_main_text_without_boilerplate():
    page = extract_page(EIFFEL.encode(), URL)
    assert "Eiffel Tower" in page.title
    assert page.date == "2021-03-04"
    assert "completed in 1889" in page.text
    for boilerplate in ("souvenir catalogue", "newsletter", "All rights reserved", "Login Register"):
        assert boilerplate not in page.text


def test_hostile_content_is_plain_text():
    page = extract_page(EIFFEL.encode(), URL)
    sentences = page_sentences(page, 0.5)
    everything = page.title + page.text + " ".join(s.text + s.title for s in sentences)
    assert "document.cookie" not in everything and "evil.example" not in everything
    assert "<" not in everything and ">" not in everything  # no tag, escaped or not, survives as markup
    assert "onclick" not in everything
    assert html.escape(everything) == everything.replace("&", "&amp;").replace('"', "&quot;").replace("'", "&#x27;")
    assert any("guest book" in s.text for s in sentences)


def test_sentences_located_by_position():
    page = extract_page(EIFFEL.encode(), URL)
    sentences = page_sentences(page, 0.7)
    assert sentences, "the article has sentences"
    positions = [int(s.locator.rsplit("#s", 1)[1]) for s in sentences]
    assert positions == sorted(positions) and len(set(positions)) == len(positions)
    assert all(s.locator.startswith(URL + "#s") and s.source == "web" and s.confidence == 0.7 for s in sentences)
    texts = [s.text for s in sentences]
    assert "The Eiffel Tower was completed in 1889 as the entrance arch to the World's Fair." in texts
    # The position is the sentence's place in the page text, stable across runs.
    again = page_sentences(extract_page(EIFFEL.encode(), URL), 0.7)
    assert [(s.text, s.locator) for s in again] == [(s.text, s.locator) for s in sentences]


def test_plain_text_pages_and_fallback():
    page = extract_page(b"Line one says the sky is blue today.\nLine two says grass is green.", "http://h/p",
                        content_type="text/plain")
    assert split_text(page.text) == ["Line one says the sky is blue today.", "Line two says grass is green."]
    # A page trafilatura finds nothing in still yields its visible text (scripts dropped).
    tiny = b"<html><head><title>T</title><script>var x=1;</script></head><body><p>Short fact: Rome is in Italy.</p></body></html>"
    page = extract_page(tiny, "http://h/t")
    assert "Rome is in Italy" in page.text and "var x" not in page.text


def test_binary_garbage_does_not_crash():
    page = extract_page(bytes(range(256)) * 50, "http://h/bin")
    assert "<" not in page.text


def test_snippet_cleaned_and_located():
    hit = SearchHit("http://h/x", "<b>Title</b>", "The <span class='hl'>Eiffel Tower</span> &amp; its 1889 opening...")
    sentence = snippet_sentence(hit, 0.4)
    assert sentence.text == "The Eiffel Tower & its 1889 opening"
    assert sentence.locator == "http://h/x#snippet" and sentence.title == "Title" and sentence.confidence == 0.4
    assert snippet_sentence(SearchHit("http://h/y", "", "too short"), 0.4) is None


def test_clean_text_neutralises_markup():
    assert clean_text("a <img src=x onerror=alert(1)> b") == "a b"
    assert clean_text("&lt;script&gt;alert(1)&lt;/script&gt;") == ""
    assert "<" not in clean_text("1 < 2 and 3 > 2")
    assert clean_text("zero\u200bwidth\x00") == "zerowidth"
    assert "Curie" in extract_page(CURIE, "http://h/c").text
