"""towpath's compiled modules (see towpath.core.compiled): the modules named in pyproject.toml's
`[tool.towpath] compiled`, compiled by Cython from their Python source as it stands, and the
kernels written for Cython (`src/towpath/**/_*.pyx`). Each is optional: where it cannot be
built (no C compiler), its Python runs instead."""

import os
import tomllib
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

SOURCE = Path("src")
MODULES = tomllib.loads(Path("pyproject.toml").read_text())["tool"]["towpath"]["compiled"]


def extension(path: Path) -> Extension:
    name = ".".join(path.relative_to(SOURCE).with_suffix("").parts)
    return Extension(name, [str(path)], optional=True)


extensions = [extension(SOURCE / "towpath" / f"{module}.py") for module in MODULES]
extensions += [extension(path) for path in sorted(SOURCE.glob("towpath/**/_*.pyx"))]
setup(
    ext_modules=cythonize(
        extensions,
        nthreads=os.cpu_count() or 1,
        # Python's semantics as they are: annotations are not C types.
        compiler_directives={"language_level": 3, "annotation_typing": False, "binding": True},
    ),
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
