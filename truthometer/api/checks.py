"""``POST /v1/check`` turned into work for the job queue: the request's references read and bounded, the
options turned into a configuration and sources, and the report as the CLI writes it (``Report.to_dict``).
"""
from __future__ import annotations

import base64
import binascii

from ..config import Config
from ..textio import decode_text, validate_text
from .errors import ApiError
from .schemas import CheckOptions, CheckRequest, Reference
from .settings import ApiSettings


def references_of(request: CheckRequest, settings: ApiSettings) -> list[tuple]:
    """(name, text[, extracted document]) per reference; 422 for too many or a malformed one, 413 for one too long."""
    if len(request.references) > settings.max_references:
        raise ApiError(422, f"{len(request.references)} references is over the limit of {settings.max_references} "
                            "a request", "too_many_references")
    out = []
    for number, given in enumerate(request.references, 1):
        ref = Reference(name=f"reference {number}", text=given) if isinstance(given, str) else given
        if (ref.text is None) == (ref.content_base64 is None):
            raise ApiError(422, f"reference {number}: give exactly one of text and content_base64", "bad_reference")
        if ref.text is not None:
            out.append((ref.name, _bounded(validate_text, ref.text, ref.name, settings.max_reference_chars)))
            continue
        try:
            data = base64.b64decode(ref.content_base64, validate=True)
        except (binascii.Error, ValueError):
            raise ApiError(422, f"reference {number} ({ref.name}): content_base64 is not base64", "bad_reference") \
                from None
        out.append(read_file(data, ref.name, settings.max_reference_chars))
    return out


def read_file(data: bytes, name: str, limit: int) -> tuple:
    """A reference file as the CLI reads it, by its name's format (plain text, Markdown, DOCX, PDF, HTML):
    (name, text, the extracted document), whose blocks locate its evidence ("manual.pdf, page 12")."""
    try:
        from ..documents import document_from_bytes
    except ImportError:  # a build without the document readers: text and Markdown only
        return name, _bounded(decode_text, data, name, limit)
    document = _bounded(document_from_bytes, data, name, limit)
    return name, document.text, document


def _bounded(read, value, name: str, limit: int) -> str:
    from ..errors import InputError

    try:
        return read(value, name, limit)
    except InputError as exc:
        message = str(exc)
        raise ApiError(413 if "over the limit" in message else 422, message[:300], "bad_reference") from None


def config_of(options: CheckOptions | None, base: Config) -> Config:
    options = options or CheckOptions()
    overrides: dict = {"method": options.method}
    if options.judge:
        overrides["judge"] = options.judge
    if options.top_k:
        overrides["top_k"] = options.top_k
    return base.with_(**overrides)


def check_text(request: CheckRequest, settings: ApiSettings) -> str:
    if len(request.text) > settings.max_text_chars:
        raise ApiError(413, f"the text is {len(request.text):,} characters, over the limit of "
                            f"{settings.max_text_chars:,}; split it", "text_too_long")
    if not request.text.strip():
        raise ApiError(422, "the text is empty; nothing to check", "empty_text")
    return request.text


def work(state, text: str, references: list, config: Config, sources: list[str], key: str | None = None,
         save=None):
    """The job: a check with the existing progress callback, its report as a dict, kept in the cache under
    ``key``; with ``save`` (``saved.saver``) stored as a saved check too, its id in the result."""
    from ..pipeline import Checker
    from .saved import with_saved

    def run(progress):
        state.ready.wait()  # the warm-up loads the models; a check beside it would load them twice
        evidence = state.sources(config, "kb" in sources, "web" in sources)
        report = Checker(config, evidence).check(text, references, progress=progress)
        data = report.to_dict()
        state.cache.put(key, data)
        return data if save is None else with_saved(data, save(report))

    return run
