"""The fast exact search: one kernel (:mod:`solver.engine.kernel`) compiled by Cython or Numba."""
from .api import Analysis, Engine, default_engine

__all__ = ["Analysis", "Engine", "default_engine"]
