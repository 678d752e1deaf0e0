"""The wheel ships every module: setuptools packages only the packages pyproject.toml lists, so a subpackage left
out of the list is missing from a plain install (its imports fail there, and only there)."""

from __future__ import annotations

from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: mypy brings tomli
    import tomli as tomllib

ROOT = Path(__file__).parent.parent


def test_every_package_of_the_code_is_listed_for_the_wheel():
    with open(ROOT / "pyproject.toml", "rb") as f:
        listed = set(tomllib.load(f)["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "trictrac_notation").rglob("__init__.py")}
    assert found - listed == set()
    # (and what is listed exists: the data folders under trictrac_notation._data come from elsewhere)
    assert all((ROOT / p.replace(".", "/")).is_dir() for p in listed if not p.startswith("trictrac_notation._data"))
