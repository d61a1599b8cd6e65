"""The package's layout: the core knows no family, a family is one folder, and no module is long.

A family's package (``jokoak/games/<family>/``) may import the core and the shared engine pieces; nothing outside it
imports it but the registry (``jokoak/games/__init__.py``, which finds the families by name), and no family imports
another. A family's templates are in ``templates/games/<family>/`` and only its own templates include them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "jokoak"
GAMES = PACKAGE / "games"
FAMILIES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())
LONGEST = 600  # lines: a module longer than this is split by what its parts do


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, absolute, with each imported name as a possible submodule."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            found |= {base} | {f"{base}.{alias.name}" for alias in node.names}
    return found


def _family_of(module: str) -> str | None:
    match = re.match(r"jokoak\.games\.([a-z_]+)", module)
    return match.group(1) if match and match.group(1) in FAMILIES else None


def test_the_core_imports_no_family_and_no_family_imports_another() -> None:
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == GAMES / "__init__.py":
            continue
        mine = _family_of(_module(path))
        for imported in sorted(_imports(path)):
            theirs = _family_of(imported)
            if theirs is not None and theirs != mine:
                wrong.append(f"{path.relative_to(ROOT)} imports {imported}")
    assert not wrong, "\n".join(wrong)


def test_the_registry_names_every_family_package() -> None:
    from jokoak.games import PACKAGES, families

    assert sorted(PACKAGES) == FAMILIES
    assert {family.engine for family in families().values()} == set(families())


def test_no_module_is_longer_than_the_limit() -> None:
    long = {str(p.relative_to(ROOT)): n for p in sorted(PACKAGE.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > LONGEST}
    assert not long, long
