"""Running independent tasks on the machine's cores or on a Dask cluster, their results in the tasks' order.

The simulations and the analyses of a corpus are embarrassingly parallel: each task (a chunk of parties, one
record) depends on its own inputs only, its randomness drawn from its own seed.  So the results are the same
whether the tasks run one after the other, on ``jobs`` processes (:mod:`multiprocessing`), or on the workers of
an existing Dask distributed cluster (``cluster``: its scheduler's address).  No scheduler of our own: the
cluster is Dask's (``pip install 'trictrac-notation[cluster]'``), started and sized by whoever runs it; the
workers need this package installed, as the tasks are this package's functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


CONNECT_TIMEOUT = "10s"
"""How long a client waits for the cluster's scheduler to answer."""


class ClusterError(Exception):
    """The cluster cannot be used: Dask is not installed, or no scheduler answers at the address."""


def ordered_map(fn: Callable[[T], R], tasks: Sequence[T], jobs: int = 1, cluster: str | None = None) -> Iterator[R]:
    """``fn`` of each task, in the tasks' order, as they finish: in this process (``jobs`` 1), on ``jobs``
    processes, or on the Dask cluster whose scheduler is at ``cluster`` (``jobs`` is then the cluster's to choose).
    ``fn`` and the tasks must be picklable (a module's function, plain data)."""
    if cluster is not None:
        yield from _on_cluster(fn, tasks, cluster)
    elif jobs <= 1 or len(tasks) <= 1:
        yield from map(fn, tasks)
    else:
        import multiprocessing
        import os

        context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
        with context.Pool(min(jobs, len(tasks))) as pool:
            yield from pool.imap(fn, tasks)


def _on_cluster(fn: Callable[[T], R], tasks: Sequence[T], address: str) -> Iterator[R]:
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--cluster needs Dask's distributed scheduler: pip install 'trictrac-notation[cluster]'"
                           ) from None
    try:
        client: Any = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(f"no Dask scheduler answers at {address}: {e}") from None
    try:
        futures = client.map(fn, list(tasks), pure=False)
        for future in futures:
            yield future.result()
    finally:
        client.close()
