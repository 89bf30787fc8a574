"""Reading user files with the checks every entry point needs: missing, binary, non-UTF-8, empty, huge."""
from __future__ import annotations

import sys
from pathlib import Path

from .config import MAX_TEXT_CHARS
from .errors import InputError


def decode_text(data: bytes, name: str, limit: int = MAX_TEXT_CHARS) -> str:
    """Bytes of an uploaded or read file -> text, or InputError saying what is wrong with it."""
    if b"\x00" in data[:8192]:
        raise InputError(f"{name}: looks like a binary file; give plain text or Markdown (UTF-8)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text (byte {exc.start}); save it as UTF-8") from exc
    return validate_text(text, name, limit)


def validate_text(text: str, name: str = "text", limit: int = MAX_TEXT_CHARS) -> str:
    if not text or not text.strip():
        raise InputError(f"{name}: is empty; nothing to check")
    if len(text) > limit:
        raise InputError(f"{name}: {len(text):,} characters is over the limit of {limit:,}; split it")
    return text


def read_text(path: str, what: str = "input", limit: int = MAX_TEXT_CHARS) -> str:
    """Read a text file, or standard input for '-'."""
    if path == "-":
        data = sys.stdin.buffer.read()
        return decode_text(data, f"{what} (stdin)", limit)
    p = Path(path)
    if not p.exists():
        raise InputError(f"{path}: no such file")
    if not p.is_file():
        raise InputError(f"{path}: not a regular file")
    # Read one byte past the limit's worth of UTF-8 so a huge file is refused without loading it all.
    with p.open("rb") as handle:
        data = handle.read(limit * 4 + 1)
    if len(data) > limit * 4:
        raise InputError(f"{path}: over the limit of {limit:,} characters; split it")
    return decode_text(data, path, limit)
