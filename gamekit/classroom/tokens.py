"""Join codes and tokens: a short code a class can type, unguessable tokens for seats and the teacher."""

from __future__ import annotations

import secrets

# No 0/O, 1/I/L, 5/S, 2/Z, 8/B: a code read off a projector is typed right the first time.
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6


def join_code() -> str:
    """A fresh 6-character join code from ``CODE_ALPHABET``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def token() -> str:
    """A bearer token: 32 random bytes, URL-safe (``secrets.token_urlsafe``)."""
    return secrets.token_urlsafe(32)


def normal_code(text: str) -> str:
    """A code as a person typed it, made comparable: upper case, spaces and dashes dropped."""
    return "".join(ch for ch in str(text).upper() if ch not in " -")
