"""The benchmarks (a package so that tests import its seeded deals as ``benchmarks.deals``
and the paired benchmark, ``benchmarks/paired/``, runs as ``python -m benchmarks.paired``;
the other scripts run as ``python benchmarks/NAME.py``). How to run them: RESULTS.md, at its
top; the figures: RESULTS.md; the dated lab notes: ``benchmarks/log/``."""
