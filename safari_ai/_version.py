"""The package's version: the C library's (``csrc/include/safari/version.h``,
the one place it is written; setup.py reads the same header for the
package's metadata)."""

from safari_ai import _core

__version__: str = _core.version()
