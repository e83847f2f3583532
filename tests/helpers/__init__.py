"""Helpers the tests share: hypothesis strategies, the bound checks' calls, batch runs.
Imported as ``helpers.NAME``: pytest puts ``tests/`` on ``sys.path`` (it holds the root
``conftest.py`` and no ``__init__.py``)."""
