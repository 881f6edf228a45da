"""Builds the Python package refmath from a checkout (docs/python.md).

    pip install --no-build-isolation .

The extension _refmath is built by the project's CMake build (target
_refmath, which links the library layers), for the interpreter running
pip; the pure-Python part is python/refmath, and the golden digests go
beside it for refmath.conform().
"""
import glob
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


def project_version():
    with open(os.path.join(ROOT, "CMakeLists.txt")) as fh:
        return re.search(r"project\(refmath VERSION ([0-9.]+)", fh.read())[1]


class CMakeBuild(build_ext):
    """Configures and builds the CMake target _refmath, then copies it and
    the golden digests into the package."""

    def build_extension(self, ext):
        tree = os.path.join(os.path.abspath(self.build_temp), "cmake")
        subprocess.check_call([
            "cmake", "-S", ROOT, "-B", tree, "-DCMAKE_BUILD_TYPE=Release",
            "-DREFMATH_BUILD_TESTS=OFF", "-DPython_EXECUTABLE=" + sys.executable])
        subprocess.check_call(["cmake", "--build", tree, "--target", "_refmath",
                               "-j%d" % (os.cpu_count() or 1)])
        built = glob.glob(os.path.join(tree, "python", "refmath", "_refmath*.so"))
        if len(built) != 1:
            sys.exit("refmath: the CMake build made no _refmath module")
        dest = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(built[0], dest)
        golden = os.path.join(os.path.dirname(dest), "golden")
        os.makedirs(golden, exist_ok=True)
        for path in glob.glob(os.path.join(ROOT, "golden", "*.sha256")):
            shutil.copy(path, golden)


setup(
    name="refmath",
    version=project_version(),
    description="Bit-exact reference float32 transcendentals as NumPy ufuncs",
    packages=["refmath"],
    package_dir={"refmath": "python/refmath"},
    ext_modules=[Extension("refmath._refmath", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.9",
    install_requires=["numpy"],
    zip_safe=False,
)
