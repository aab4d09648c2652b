"""The import graph of one of our packages, read from the source with `ast` (no module is imported).

Every import counts: at module level, inside functions and under TYPE_CHECKING (a typing-only circle still ties
the modules together for a reader and for type checkers). Shared by the layer tests of the app and the engines.
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path


def module_files(package_dir: Path, root: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module under `package_dir`."""
    modules = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def imported_names(module: str, path: Path, known: set[str]) -> dict[str, set[str]]:
    """Every name `module` imports anywhere in its source, by kind: "internal" (modules of `known`, the nearest
    existing one for an attribute), "module_level" (top-level names imported outside functions and
    TYPE_CHECKING, to tell which modules load a library when they are imported)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    own_root = module.split(".")[0]
    found: dict[str, set[str]] = {"internal": set(), "module_level": set()}

    def nearest(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    def visit(node: ast.AST, top: bool) -> None:
        typing_only = isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        if typing_only or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            top = False  # runs later, or never: not part of what importing the module loads
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join(package + ([node.module] if node.module else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        for target in targets:
            if top:
                found["module_level"].add(target.split(".")[0])
            target_module = nearest(target) if target.split(".")[0] == own_root else None
            if target_module is not None and target_module != module:
                found["internal"].add(target_module)
                if top:
                    found["module_level"].add(target_module)
        for child in ast.iter_child_nodes(node):
            visit(child, top)

    visit(tree, True)
    return found


def import_graph(root: Path, package: str) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(module -> the modules of `package` it imports anywhere, module -> what it imports at run time on import)."""
    files = module_files(root / package, root)
    known = set(files)
    graph, module_level = {}, {}
    for module, path in files.items():
        found = imported_names(module, path, known)
        graph[module], module_level[module] = found["internal"], found["module_level"]
    return graph, module_level


def import_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports, or None."""
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        return list(exc.args[1])
    return None
