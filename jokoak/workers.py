"""Worker processes forked from the build, stopped at once when the build fails or is interrupted."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any


@contextmanager
def forked_pool(workers: int, **options: Any) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes forked from this one: they start with its modules and data, and only each
    call's function and arguments are pickled to them (a module's function finds what was set before the block).
    On a failure or an interruption (SIGINT, SIGTERM) in the block no worker goes on: each is terminated before the
    error goes on. ``options``: :class:`ProcessPoolExecutor`'s (``initializer``…)."""
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"), **options)
    try:
        yield pool
    except BaseException:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
