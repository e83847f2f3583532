"""``python -m prefdd``: the ``prefdd`` command line."""
from prefdd.cli import command

if __name__ == "__main__":
    command()
