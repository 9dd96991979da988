"""The compiled kernels (see towpath.core.compiled): Cython sources built into C extensions.
Each is optional: where it cannot be built (no C compiler) the pure-Python code runs instead."""

from Cython.Build import cythonize
from setuptools import Extension, setup

KERNELS = {"towpath.games.canal_king._ways": "src/towpath/games/canal_king/_ways.pyx"}

setup(
    ext_modules=cythonize(
        [Extension(name, [path], optional=True) for name, path in KERNELS.items()],
        language_level=3,
    )
)
