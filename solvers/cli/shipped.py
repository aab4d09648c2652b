"""`cubeviz-solve shipped`: the puzzles and colour schemes that come with cubeviz, as this installation has them."""

from __future__ import annotations

import argparse

from solvers.cli.common import EXIT_OK, add_command

KINDS = ("puzzles", "schemes")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "shipped",
        run_shipped,
        help="list the shipped puzzles (by collection) and colour schemes",
        description=(
            "Without KIND: the shipped puzzles grouped by collection, then the colour schemes. With KIND: one name "
            "a line, as `pack PUZZLE` and the app's --scheme take them."
        ),
    )
    parser.add_argument("kind", nargs="?", choices=KINDS, metavar="KIND", help="puzzles or schemes: names only")


def run_shipped(args: argparse.Namespace) -> int:
    from solvers.cube.schemes import available_schemes
    from solvers.packing.puzzle_io import shipped_collections, shipped_puzzles

    if args.kind == "puzzles":
        print("\n".join(shipped_puzzles()))
    elif args.kind == "schemes":
        print("\n".join(available_schemes()))
    else:
        collections = shipped_collections()
        print(f"puzzles ({sum(len(names) for names in collections.values())}):")
        for collection, names in collections.items():
            print(f"  {collection or 'other'}: {', '.join(names)}")
        schemes = available_schemes()
        print(f"schemes ({len(schemes)}): {', '.join(schemes)}")
    return EXIT_OK
