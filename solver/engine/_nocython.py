"""A stand-in for the ``cython`` module when kernel.py runs uncompiled without Cython installed.

Only what kernel.py uses: ``compiled`` and ``nogil`` (a no-op context manager).
"""
import contextlib

compiled = False
nogil = contextlib.nullcontext()
