"""``python -m gamekit``: the same command line as the ``gamekit`` script."""

import sys

from .cli import main

if __name__ == "__main__":  # also keeps spawned worker processes from re-running the command
    sys.exit(main())
