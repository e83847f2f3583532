"""Lookup tables of the engine, per suit byte (8 bits: 7 .. ace).

* ``SQ[alive*256 + mine]`` — ``mine``'s bits squeezed to their ranks among ``alive``
  (the key of a position free of absolute ranks: played cards squeezed out).
* ``REP[alive*256 + mine]`` — one card (the lowest) of each run of ``mine`` that touches
  once the cards not alive are removed: equivalent cards searched once.
* ``SPREAD[b]`` — bit i of b moved to bit 2i (2-bit owner codes).
* ``NTH[b*8 + k]`` — position of the k-th set bit of b (decoding relative best moves).
"""
import numpy as np
from numba import njit


@njit(cache=True)
def _build():
    sq = np.zeros(65536, np.int64)
    rep = np.zeros(65536, np.int64)
    spread = np.zeros(256, np.int64)
    nth = np.zeros(2048, np.int64)
    for b in range(256):
        s = 0
        k = 0
        for i in range(8):
            if (b >> i) & 1:
                s |= 1 << (2 * i)
                nth[b * 8 + k] = i
                k += 1
        spread[b] = s
    for a in range(256):
        for m in range(256):
            if m & ~a:
                continue
            out = 0
            k = 0
            r = 0
            prev = False
            for i in range(8):
                if (a >> i) & 1:
                    inm = ((m >> i) & 1) == 1
                    if inm:
                        out |= 1 << k
                        if not prev:
                            r |= 1 << i
                    prev = inm
                    k += 1
            sq[a * 256 + m] = out
            rep[a * 256 + m] = r
    return sq, rep, spread, nth


SQ, REP, SPREAD, NTH = _build()
