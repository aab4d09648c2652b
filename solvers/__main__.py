"""Allow `python -m solvers` as a synonym of `cubeviz-solve`."""

import sys

from solvers.cli import main

sys.exit(main())
