"""The candidates' scan made small, so that a handful of four-card endings reach its every path
(chunks of 4 layouts, pieces from 1, no witness-first order, a split from 20 layouts)."""
import solver.imperfect.candidates as cand


def lowered_scan(monkeypatch, split: bool) -> None:
    monkeypatch.setattr(cand, "CHUNK", 4)
    monkeypatch.setattr(cand, "FIRST_PIECE", 1)
    monkeypatch.setattr(cand, "WITNESS_FIRST", 10 ** 9)
    monkeypatch.setattr(cand, "SPLIT_FROM", 20 if split else 10 ** 9)
    monkeypatch.setattr(cand, "DROP_CHUNKS", 2)
