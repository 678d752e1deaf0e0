"""The progress bar of long work (a site build, a simulation, an analysis of many records): rich's, on a terminal
only (standard output may be data), silent otherwise."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rich.progress import Progress


class Advance(Protocol):
    """Moves a progress bar's task on by ``step``, optionally saying what it does now."""

    def __call__(self, step: int = 1, description: str | None = None, /) -> None: ...


class ProgressBar:
    """A rich progress bar on a terminal; silent otherwise."""

    def __init__(self, enabled: bool | None):
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self._bar: Progress | None = None

    def __enter__(self) -> ProgressBar:
        if self.enabled:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), transient=True,
                                 console=Console(stderr=True))  # stdout may be data
            self._bar.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)

    def task(self, description: str, total: int) -> Advance:
        bar = self._bar
        if bar is None:
            return lambda advance=1, description=None: None
        task_id = bar.add_task(description, total=total)

        def advance(step: int = 1, description: str | None = None, /) -> None:
            bar.update(task_id, advance=step, description=description or None)  # None: unchanged
        return advance
