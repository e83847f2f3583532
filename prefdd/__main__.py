"""``python -m prefdd``: the ``prefdd`` command line."""
import sys

from solver.cli import main

if __name__ == "__main__":
    sys.exit(main())
