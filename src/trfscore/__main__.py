"""``python -m trfscore``: the same as the ``trfscore`` command."""
from .cli import main

raise SystemExit(main())
