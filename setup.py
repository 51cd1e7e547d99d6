"""The package list, the one thing pyproject.toml cannot say: setuptools either finds the
packages (packages.find) or takes a list, and a package whose folder lives outside
mototaxi_desk/ — resources/, mapped by pyproject.toml's [tool.setuptools.package-dir] — is
never found. So: every package under mototaxi_desk/ (namespace folders included, as
packages.find does: verifier/vendor), then each mapped package and the folders under it (the
kinds of resources). Everything else is in pyproject.toml."""
import tomllib

from setuptools import find_namespace_packages, setup

with open("pyproject.toml", "rb") as fh:
    MAPPED = tomllib.load(fh)["tool"]["setuptools"]["package-dir"]
NOT_PACKAGES = ["__pycache__", "*.__pycache__"]

packages = find_namespace_packages(include=["mototaxi_desk", "mototaxi_desk.*"],
                                   exclude=NOT_PACKAGES)
for package, folder in sorted(MAPPED.items()):
    packages += [package] + [f"{package}.{sub}" for sub in
                             find_namespace_packages(folder, exclude=NOT_PACKAGES)]

setup(packages=packages)
