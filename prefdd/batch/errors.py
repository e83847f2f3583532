"""Why a batch run cannot go on: the exceptions every batch module raises, in a leaf module
(imports nothing of the batch), so reading, output, the workers and the driver need not
import each other to raise or catch them."""


class BackendError(RuntimeError):
    """The machinery failed (a worker died, the cluster is unreachable); rerun to finish."""


class InputMismatch(Exception):
    """The output being resumed was written for a different input file."""


class OutputError(Exception):
    """The output file cannot be used (not a batch output, damaged in the middle, locked, unwritable)."""


class OutputWriteError(OutputError):
    """Writing failed part way (disk full, I/O error): the lines written are kept; rerun to finish."""


class RulingsUnavailable(RuntimeError):
    """Incidents were given but this installation has no rulings module yet."""
