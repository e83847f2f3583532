"""Messages shown to a user: always one printable line, whatever the input held."""
from __future__ import annotations

import unicodedata


def one_line(text: str) -> str:
    """A message as one printable line: line breaks and control characters from the user's
    input (a ``\\r`` or U+2028 inside a field name) are shown escaped, never obeyed."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch == " " or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Cs")
                   else ascii(ch)[1:-1] for ch in text)


def nearest(name: str, known) -> str | None:
    """The name in ``known`` (in the order given) that a misspelt ``name`` most likely meant,
    or None: one measure of "did you mean" for every unknown field and option."""
    import difflib  # lazily: only errors need it

    near = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return near[0] if near else None
