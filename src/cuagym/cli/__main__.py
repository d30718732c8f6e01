"""``python -m cuagym.cli``: the same as the ``cuagym`` command."""

from cuagym.cli import main

main()
