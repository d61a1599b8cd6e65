"""Exact computations kept on disk, keyed by the content hash of what they depend on.

Some exact house edges take minutes (the hold'em games' best play, póquer de cuatro cartas). A build that
changes no rule must not compute them again, whatever else it changes (a template, a message, a renderer).
:func:`remembered` keys a result by the source of the function's module and of the package's modules it takes
names from (the computation, its helpers, the evaluator it calls), its name, and the ``repr`` of its arguments
(the engine's frozen rules dataclasses, whose repr lists every field), so that a change to the rules or to the
computation recomputes it, and nothing else does.

The folder is the build's cache (``<cache>/exact``), set with :func:`keep_in`; without one, results are kept
for the process only. A file that cannot be read is computed again, and a result is written whole or not at all.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_folder: Path | None = None
_writes = True
_memory: dict[str, Any] = {}


PACKAGE = Path(__file__).resolve().parents[1]


def engine_digest() -> str:
    """The hash of the package's code the engine's facts depend on (all of it but the renderers and what only runs the
    build): the key of what is kept of the engine's work across builds (the facts of each game, the examples played);
    any change to it computes them again."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if "render" not in relative.parts and str(relative) not in ORCHESTRATION:
            digest.update(path.read_bytes())
    return digest.hexdigest()


# What runs the build or the sites' Sphinx: no fact of the engine depends on them.
ORCHESTRATION = frozenset({"build.py", "cli.py", "progress.py", "sphinx_ext.py", "sphinx_layout.py", "workers.py"})


def keep_in(folder: Path | None, writes: bool = True) -> Path | None:
    """Keep results in ``folder`` (created when first needed) from now on; None: in memory only; ``writes=False``:
    read what the folder holds, write nothing to it (``build_docs.py --check``). Returns the folder used until now."""
    global _folder, _writes
    before, _folder, _writes = _folder, folder, writes
    return before


@functools.cache
def _sources_digest(module_name: str) -> str:
    """The hash of the source of the module ``module_name`` and of every module of the package it takes a name from
    (the evaluator, the rules' dataclasses), sorted by name: what a computation in it depends on besides its
    arguments. Once per process: a module's source does not change while it runs."""
    module = sys.modules[module_name]
    package = module.__name__.split(".")[0]
    used = {module.__name__}
    for value in vars(module).values():
        name = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
        if isinstance(name, str) and name.split(".")[0] == package:
            used.add(name)
    text = "\0".join(inspect.getsource(sys.modules[name]) for name in sorted(used))
    return hashlib.sha256(text.encode()).hexdigest()


def key(function: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    """The content hash of a call: its module's source and its package's modules it uses, its name and its
    arguments' reprs."""
    text = "\0".join([_sources_digest(function.__module__), function.__qualname__, repr(args),
                      repr(sorted(kwargs.items()))])
    return hashlib.sha256(text.encode()).hexdigest()


def remembered(function: Callable[P, T]) -> Callable[P, T]:
    """``function``, its results kept by :func:`key` in memory and in the folder of :func:`keep_in`.

    >>> calls = []
    >>> def square(n: int) -> int:
    ...     calls.append(n)
    ...     return n * n
    >>> square.__module__ = __name__
    >>> before = keep_in(None)  # in memory only: a folder kept by an earlier build may hold square(3)
    >>> fast = remembered(square)
    >>> fast(3), fast(3), calls
    (9, 9, [3])
    >>> _ = keep_in(before)
    """
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        digest = key(function, *args, **kwargs)
        if digest in _memory:
            return _memory[digest]  # type: ignore[no-any-return]
        path = None if _folder is None else _folder / f"{digest}.pickle"
        if path is not None and path.is_file():
            try:
                found: T = pickle.loads(path.read_bytes())
                _memory[digest] = found
                return found
            except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
                pass  # computed again below
        result = function(*args, **kwargs)
        _memory[digest] = result
        if path is not None and _writes:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, partial = tempfile.mkstemp(dir=path.parent, suffix=".partial")
            with os.fdopen(handle, "wb") as file:
                file.write(pickle.dumps(result))
            os.replace(partial, path)
        return result

    wrapper.__name__ = function.__name__
    wrapper.__qualname__ = function.__qualname__
    wrapper.__doc__ = function.__doc__
    return wrapper
