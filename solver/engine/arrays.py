"""The arrays the search kernel takes, each compilation its own kind.

The Cython build takes any buffer for its typed memoryviews, so it gets plain ones
(``bytearray``, ``array.array``, a table's own ``mmap``): a process on it never imports NumPy,
whose import alone was most of a fresh ``prefdd solve``. Numba takes NumPy arrays only, and
the plain-Python kernel runs on the same. ``kernel.py`` binds ``zeros``, ``zeros8``, ``array``
and ``view_of`` to one set or the other; ``Backend.zeros`` / ``Backend.array`` /
``Backend.table`` hand them to the engines (docs/backends.md).
"""
import array as _array


def buffer_zeros(n):
    """``n`` int64 zeros (the engines' tables, configurations and work vectors)."""
    return memoryview(bytearray(8 * n)).cast("q")


def buffer_zeros8(n):
    """``n`` uint8 zeros (the byte lookup tables)."""
    return memoryview(bytearray(n))


def buffer_array(values):
    """The int64 array of a list of ints."""
    return memoryview(_array.array("q", values))


def buffer_view_of(buffer, n, offset):
    """``n`` int64 words of ``buffer`` from byte ``offset`` on (a table's own mapping)."""
    return memoryview(buffer)[offset:offset + 8 * n].cast("q")


def numpy_zeros(n):
    """``n`` int64 zeros, a NumPy array."""
    import numpy as np

    return np.zeros(n, np.int64)


def numpy_zeros8(n):
    """``n`` uint8 zeros, a NumPy array."""
    import numpy as np

    return np.zeros(n, np.uint8)


def numpy_array(values):
    """The int64 NumPy array of a list of ints."""
    import numpy as np

    return np.array(values, np.int64)


def numpy_view_of(buffer, n, offset):
    """``n`` int64 words of ``buffer`` from byte ``offset`` on, a NumPy array."""
    import numpy as np

    return np.frombuffer(buffer, np.int64, count=n, offset=offset)
