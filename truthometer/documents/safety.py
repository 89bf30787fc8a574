"""Limits every document reader enforces before and while it reads, so no file can exhaust the machine."""
from __future__ import annotations

import io
import zipfile

from ..errors import InputError

#: A file larger than this is refused unread (a 200-page PDF of text is a few MB).
MAX_FILE_BYTES = 60 * 1024 * 1024
#: The most a DOCX/ODT may unpack to, all members together; a real 300-page report unpacks to ~20 MB.
MAX_UNPACKED_BYTES = 300 * 1024 * 1024
#: A member that unpacks to over this many times its packed size, and is large, is a zip bomb.
MAX_RATIO = 200
LARGE_MEMBER = 8 * 1024 * 1024
#: Pages read from one PDF; past it the file is refused (split it), so extraction time is bounded.
MAX_PDF_PAGES = 1500


class DocumentError(InputError):
    """A document that cannot be read: corrupt, encrypted, image-only, too large, a zip bomb."""


def check_size(data: bytes, name: str) -> None:
    if len(data) > MAX_FILE_BYTES:
        raise DocumentError(f"{name}: {len(data) / 2**20:.0f} MB is over the limit of {MAX_FILE_BYTES // 2**20} MB")


def open_zip(data: bytes, name: str, kind: str, required: str) -> zipfile.ZipFile:
    """The package of a DOCX/ODT (``kind``: "a Word (.docx)"), after checking from its directory (nothing
    unpacked yet) that it is one, holds ``required`` and does not unpack to more than the limits allow."""
    check_size(data, name)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise DocumentError(f"{name}: not {kind} file (corrupt, or another format renamed)") from exc
    if required not in {m.filename for m in members}:
        raise DocumentError(f"{name}: not {kind} file (no {required} inside)")
    total = sum(m.file_size for m in members)
    if total > MAX_UNPACKED_BYTES:
        raise DocumentError(f"{name}: unpacks to {total / 2**20:,.0f} MB, over the limit of "
                            f"{MAX_UNPACKED_BYTES // 2**20} MB (a zip bomb?)")
    for m in members:
        if m.file_size > LARGE_MEMBER and m.file_size > MAX_RATIO * max(1, m.compress_size):
            raise DocumentError(f"{name}: {m.filename} unpacks {m.file_size // max(1, m.compress_size):,} times "
                                "its size (a zip bomb?); refused")
    return archive


def read_member(archive: zipfile.ZipFile, member: str, name: str) -> bytes:
    """One member, read no further than its declared size (a lying directory cannot make it larger)."""
    info = archive.getinfo(member)
    try:
        with archive.open(info) as handle:
            data = handle.read(info.file_size + 1)
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError) as exc:
        raise DocumentError(f"{name}: corrupt ({member} cannot be unpacked)") from exc
    if len(data) > info.file_size:
        raise DocumentError(f"{name}: corrupt ({member} is larger than its directory says)")
    return data
