"""``python -m trfscore``: the same as the ``trfscore`` command."""
from .cli import run

run()
