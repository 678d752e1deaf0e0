"""Work spread over processes, its results back in the order of the tasks: what the simulations and the
matches share.  Each task carries its own seed, so the results do not depend on the number of processes."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def in_order(work: Callable[[T], R], tasks: Sequence[T], jobs: int = 1) -> Iterator[tuple[T, R]]:
    """Each task with its result, in the order of ``tasks``, computed by ``jobs`` processes (1: this one).
    ``work`` must be a module-level function (it is sent to the other processes by name)."""
    if jobs <= 1:
        for task in tasks:
            yield task, work(task)
        return
    import multiprocessing

    pool = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn").Pool(jobs)
    try:
        yield from zip(tasks, pool.imap(work, tasks), strict=True)
    finally:
        pool.close()
        pool.join()
