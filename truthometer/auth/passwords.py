"""Password hashes with scrypt (RFC 7914), from the standard library: no password is ever stored.

A stored hash reads ``scrypt$N$r$p$SALT$HASH`` (salt and hash in base64), so the cost can be raised
later without invalidating the hashes already written.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import os

#: OWASP's minimum for scrypt (N = 2^17 is its first choice; 2^14 keeps a sign-in near 50 ms on a
#: small server while still costing an attacker 16 MiB of memory per guess).
N, R, P = 2 ** 14, 8, 1
SALT_BYTES = 16
MIN_LENGTH = 8


class PasswordError(ValueError):
    """A password that may not be used; the message says why."""


def check_strength(password: str) -> None:
    if not isinstance(password, str) or len(password) < MIN_LENGTH:
        raise PasswordError(f"a password needs at least {MIN_LENGTH} characters")
    if password.strip() != password:
        raise PasswordError("a password may not start or end with spaces")


def hash_password(password: str, salt: bytes | None = None) -> str:
    check_strength(password)
    salt = salt or os.urandom(SALT_BYTES)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=N, r=R, p=P, dklen=32)
    return "$".join(("scrypt", str(N), str(R), str(P), _b64(salt), _b64(digest)))


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches ``stored``; False (never an exception) for a malformed hash."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        actual = hashlib.scrypt(str(password).encode("utf-8"), salt=base64.b64decode(salt), n=int(n), r=int(r),
                                p=int(p), dklen=len(expected), maxmem=2 ** 27)
    except (ValueError, TypeError, AttributeError):
        return False
    return hmac.compare_digest(actual, expected)  # constant time: no timing hint at the hash


def burn_time() -> None:
    """Spend what a verification costs, for an unknown user name: the answer's timing does not say which
    names exist."""
    hashlib.scrypt(b"not a password", salt=b"\0" * SALT_BYTES, n=N, r=R, p=P, dklen=32)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")
