"""Build entry: setuptools metadata lives in pyproject.toml.

This file exists so the Cython extension can be compiled at install time
(issue 9); until then it builds and installs the pure-Python packages.
"""
from setuptools import setup

setup()
