"""The compiled form of the kernel: games/trictrac/kernel/ and the light reader built by mypyc where it can be.

pyproject.toml says everything else.  The same typed source is the pure-Python kernel: where mypyc or a C compiler is
missing, or with TRICTRAC_PURE=1 in the environment, the modules stay plain Python (the build of each extension is
optional), and they give the same results (tests/test_kernel_compiled.py).
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "trictrac_notation/games/trictrac/kernel/moves.py",
    "trictrac_notation/games/trictrac/kernel/scoring.py",
    "trictrac_notation/games/trictrac/kernel/replay.py",
    "trictrac_notation/notation/lightread.py",
    "trictrac_notation/games/backgammon/kernel/moves.py",
    "trictrac_notation/games/backgammon/kernel/replay.py",
]


def ext_modules() -> list[object]:
    if os.environ.get("TRICTRAC_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # (a build without mypy: the pure kernel)
        return []
    extensions = mypycify(COMPILED, opt_level="3", separate=True)
    for extension in extensions:
        extension.optional = True  # no C compiler: the pure module stays
    return list(extensions)


setup(ext_modules=ext_modules())
