"""The benchmarks (a package only so that tests import its seeded deals and the paired
benchmark's protocol as ``benchmarks.deals``, ``benchmarks.protocol``; the scripts run as
``python benchmarks/NAME.py``). How to run them: RESULTS.md, at its top."""
