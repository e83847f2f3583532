"""The paired benchmark: prefdd beside another double-dummy solver, on the same questions in
one run (docs/paired-benchmark.md). Run from the checkout's root:

    python -m benchmarks.paired --against CMD          # single deals, the five rows (__main__.py)
    python -m benchmarks.paired.layouts --against CMD  # every layout of one hand (layouts.py)
    python -m benchmarks.paired.server                 # prefdd's own side of the protocol (server.py)

``protocol.py`` is the line protocol both sides speak.
"""
