"""Prints the image's Python requirements: pyproject's dependencies and the monitoring extra.

The wheelhouse is built from this list on the host (`make wheelhouse`), so the image installs
with no network and no copy of the list to keep in step.
"""

import sys
import tomllib
from pathlib import Path

project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]
sys.stdout.write("\n".join([*project["dependencies"],
                            *project["optional-dependencies"]["monitoring"]]) + "\n")
