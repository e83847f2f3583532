"""Code of an earlier revision loaded beside this checkout's, for paired before/after runs."""
from __future__ import annotations

import importlib.util
import pathlib
import sys

import solver


def load_package(directory: pathlib.Path, name: str):
    """The package in ``directory`` as ``solver.<name>``: its relative imports resolve inside
    it, its absolute ``solver.*`` imports reach this checkout."""
    full = f"{solver.__name__}.{name}"
    spec = importlib.util.spec_from_file_location(full, directory / "__init__.py",
                                                  submodule_search_locations=[str(directory)])
    mod = importlib.util.module_from_spec(spec)
    sys.modules[full] = mod
    spec.loader.exec_module(mod)
    return mod
