"""``python -m prefdd``: the ``prefdd`` command line."""
from solver.cli import command

if __name__ == "__main__":
    command()
