"""The club's book of rulings: every ruling kept in one SQLite file (the standard library's
``sqlite3``), found again, re-ruled and counted.

- :mod:`.schema` — the tables, versioned (``PRAGMA user_version``) and migrated;
- :mod:`.store` — :class:`Book`: writing entries (never overwritten), finding them;
- :mod:`.figures` — what a ruling writes (whists moved) and what a re-ruling changed;
- :mod:`.rerule` — the book ruled again under other settings, through the batch;
- :mod:`.exchange` — export and import as the JSON lines ``prefdd batch --kind rule`` reads;
- :mod:`.season` — the season at a glance: counts, CSV, a page with SVG charts;
- :mod:`.passphrase` — the arbiter's passphrase (scrypt), for a desk shared on a network.

See ``docs/book.md``.
"""
from .store import Book, BookError, Entry, default_path

__all__ = ["Book", "BookError", "Entry", "default_path"]
