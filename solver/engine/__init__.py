"""The fast exact search (Numba). See :mod:`solver.engine.core` for the techniques."""
from .api import Analysis, Engine, default_engine

__all__ = ["Analysis", "Engine", "default_engine"]
