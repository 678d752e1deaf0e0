"""Work spread over processes, its results back in the order of the tasks: what the simulations and the
matches share.  Each task carries its own seed, so the results do not depend on the number of processes."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from ..core.parallel import ordered_map

T = TypeVar("T")
R = TypeVar("R")


def in_order(work: Callable[[T], R], tasks: Sequence[T], jobs: int = 1, cluster: str | None = None
             ) -> Iterator[tuple[T, R]]:
    """Each task with its result, in the order of ``tasks``, computed by ``jobs`` processes (1: this one) or on the
    Dask cluster whose scheduler is at ``cluster`` (:func:`..core.parallel.ordered_map`).  ``work`` must be a
    module-level function (it is sent to the other processes by name)."""
    yield from zip(tasks, ordered_map(work, tasks, jobs, cluster), strict=True)
