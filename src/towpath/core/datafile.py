"""Reading a game's TOML data: its built-in files, or a user's replacement."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from towpath.core.errors import GameError


def builtin_toml(package: str, name: str) -> dict[str, Any]:
    """A data file shipped inside a game package (`package`/data/`name`)."""
    text = resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def user_toml(path: str, what: str) -> dict[str, Any]:
    """A TOML file named by an option; every failure is one GameError line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise GameError(f"cannot read {what} file {path!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise GameError(f"{what} file {path!r}: expected UTF-8 TOML text") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GameError(f"{what} file {path!r}: not valid TOML ({error})") from None


def option_toml(package: str, value: str | None, filename: str, what: str) -> dict[str, Any]:
    """The data a file option names: None for the built-in `data/<filename>`, the name of a
    built-in variant (a folder under `data/`, such as "small") for `data/<name>/<filename>`,
    otherwise the path of a user's TOML file."""
    if value is None:
        return builtin_toml(package, filename)
    variant = resources.files(package).joinpath("data", value)
    if "/" not in value and "." not in value and variant.is_dir():
        if not variant.joinpath(filename).is_file():
            raise GameError(f"option {what}: the built-in variant {value!r} has no {what} file")
        return builtin_toml(package, f"{value}/{filename}")
    return user_toml(value, what)
