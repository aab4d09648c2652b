"""Allow `python -m cubeviz` as a synonym of the `cubeviz` app (the desktop entry uses it when no script runs)."""

import sys

from cubeviz.app import main

sys.exit(main())
