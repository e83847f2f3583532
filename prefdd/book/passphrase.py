"""The arbiter's passphrase: kept in the book as an scrypt hash (salted, the standard
library's :func:`hashlib.scrypt`), never as the passphrase itself; compared in constant time."""
from __future__ import annotations

import hashlib
import hmac
import secrets

from .store import Book, BookError

KEY = "passphrase"
N, R, P = 2 ** 14, 8, 1  # about 16 MB and 30-60 ms a check: slow to guess, quick to type
MIN_LENGTH = 8


def _hash(passphrase: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(passphrase.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=32)


def make(passphrase: str) -> str:
    """``scrypt$N$r$p$salt$hash`` (hex)."""
    if not isinstance(passphrase, str) or len(passphrase) < MIN_LENGTH:
        raise BookError(f"the passphrase must have at least {MIN_LENGTH} characters",
                        f"в пароле должно быть не меньше {MIN_LENGTH} знаков", "passphrase")
    salt = secrets.token_bytes(16)
    return f"scrypt${N}${R}${P}${salt.hex()}${_hash(passphrase, salt, N, R, P).hex()}"


def matches(stored: str | None, passphrase) -> bool:
    if not stored or not isinstance(passphrase, str) or not passphrase:
        return False
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        got = _hash(passphrase, bytes.fromhex(salt), int(n), int(r), int(p))
    except (ValueError, MemoryError):
        return False
    return hmac.compare_digest(got.hex(), digest)


def is_set(book: Book) -> bool:
    return bool(book.meta(KEY))


def set_passphrase(book: Book, new: str, old: str | None = None) -> None:
    """Set the passphrase; a second time only with the one set before."""
    stored = book.meta(KEY)
    if stored and not matches(stored, old):
        raise BookError("the passphrase is already set: give the current one to change it",
                        "пароль уже задан: чтобы сменить его, введите нынешний", "passphrase")
    book.set_meta(KEY, make(new))


def check(book: Book, passphrase) -> bool:
    return matches(book.meta(KEY), passphrase)
