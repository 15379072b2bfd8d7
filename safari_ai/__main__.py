"""``python -m safari_ai``: the same command line as ``safari-ai``."""

from safari_ai.cli import main

main()
