"""prefdd: the application layer above the two libraries (``solver``, ``compensation``).

``python -m prefdd`` runs the command line; ``prefdd.web`` (optional extra ``[web]``) is the
arbiter's page. The version is ``solver.__version__``, one value for all three packages.
"""
from solver import __version__

__all__ = ["__version__"]
