"""Reference documents the user supplies, split into evidence sentences with their position."""
from __future__ import annotations

from dataclasses import dataclass

from ..report import EvidenceSentence
from ..segmentation import contextualise, split_sentences
from ..segmentation.markup import mask_markup, plain_text
from .base import Candidates, Progress


@dataclass(frozen=True)
class ReferenceDocument:
    name: str
    text: str
    #: The file it was read from (``truthometer.documents.ExtractedDocument``), whose blocks say where a
    #: sentence is ("page 12"); None for a plain text, located by position alone.
    source: object = None

    def where(self, offset: int) -> str:
        """"manual.pdf, page 12" for a located document, the name alone otherwise."""
        located = getattr(self.source, "located", False)
        place = self.source.locator(offset) if located else ""
        return f"{self.name}, {place}" if place else self.name


def as_documents(references) -> list[ReferenceDocument]:
    """Accept texts, (name, text) pairs, (name, text, ExtractedDocument) triples, ExtractedDocuments or
    ReferenceDocuments; unnamed ones become "reference N"."""
    documents = []
    for number, item in enumerate(references or (), 1):
        if isinstance(item, ReferenceDocument):
            documents.append(item)
        elif isinstance(item, tuple):
            documents.append(ReferenceDocument(str(item[0]), str(item[1]), item[2] if len(item) > 2 else None))
        elif hasattr(item, "blocks") and hasattr(item, "text"):
            documents.append(ReferenceDocument(item.name, item.text, item))
        else:
            documents.append(ReferenceDocument(f"reference {number}", str(item)))
    return [d for d in documents if d.text.strip()]


def reference_sentences(documents: list[ReferenceDocument], parsed: dict | None = None) -> list[EvidenceSentence]:
    """Sentences of every document, located as "<document> #<position>" ("manual.pdf, page 12 #41" where
    the document was read from a file whose blocks are located: DOCX, PDF, HTML).

    ``parsed``, when given, receives each sentence's spaCy Span by text, so later stages need not
    parse the references again.
    """
    out = []
    for document in documents:
        # A tag or a script block is no evidence: split the text as read, offsets kept.
        sentences = split_sentences(mask_markup(document.text))
        # "It should be taken before breakfast": the judge reads the sentence with its antecedent put in.
        resolved = contextualise([s.text for s in sentences], [s.doc for s in sentences])
        plain = [plain_text(s.text) for s in sentences]
        for position, (sentence, checked_as) in enumerate(zip(sentences, resolved), 1):
            text = plain[position - 1]
            locator = f"{document.where(sentence.start)} #{position}"
            out.append(EvidenceSentence(text, "reference", locator, confidence=1.0, title=document.name,
                                        checked_as=checked_as if checked_as != text else "",
                                        window=passage(plain, position - 1)))
            if parsed is not None and text == sentence.text:
                parsed.setdefault(sentence.text, sentence.doc)
    return out


#: Sentences on each side of an evidence sentence in its passage (AlignScore and MiniCheck judge chunks
#: of a document, not single sentences: support is often spread over two neighbouring ones).
WINDOW = 1


def passage(sentences: list[str], index: int, window: int = WINDOW) -> str:
    """The sentence at ``index`` with ``window`` neighbours on each side; "" for a one-sentence document."""
    if len(sentences) < 2:
        return ""
    return " ".join(s for s in sentences[max(0, index - window):index + window + 1] if s.strip())


class ReferenceSource:
    """Every claim may be checked against every reference sentence; ranking picks the relevant ones."""

    name = "reference"

    def __init__(self, references):
        self.parsed: dict = {}
        self.sentences = reference_sentences(as_documents(references), self.parsed)

    def gather(self, claims: list[str], progress: Progress | None = None) -> Candidates:
        # One shared list: ranking embeds and scores it once for all claims.
        return Candidates([self.sentences for _ in claims])
