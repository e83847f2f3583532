"""prefdd: the application layer above the two libraries (``solver``, ``compensation``).

``python -m prefdd`` runs the command line; ``prefdd.web`` (optional extra ``[web]``) is the
arbiter's page. The version is the package metadata's, one value for all three packages.
"""
from solver import __version__

__all__ = ["__version__"]
