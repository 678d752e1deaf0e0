"""Registration of the sub-commands that live beside their own modules (scoring, diagrams, site).

Each entry is a function ``register(subparsers)`` adding one or more sub-commands.
"""

REGISTER: list = []

from .cli_diagram import register as _diagram  # noqa: E402

REGISTER.append(_diagram)

from .cli_rules import register as _rules  # noqa: E402

REGISTER.append(_rules)

from .cli_site import register as _site  # noqa: E402

REGISTER.append(_site)

from .cli_score import register as _score  # noqa: E402

REGISTER.append(_score)

from .cli_arith import register as _arith  # noqa: E402

REGISTER.append(_arith)

from .cli_marque import register as _marque  # noqa: E402

REGISTER.append(_marque)

from .cli_mat import register as _mat  # noqa: E402

REGISTER.append(_mat)
