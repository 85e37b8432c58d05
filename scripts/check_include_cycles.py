#!/usr/bin/env python3
"""Fails when the engine's components include each other in a cycle.

A component is a header and its source (include/orca/model.hpp + src/model/model.cpp is
`model`: a source belongs to the header it includes first when their names match); component A
depends on B when a file of A includes B's header. The layers hold only if this graph has no cycle:
a cycle means two components cannot be understood, tested or moved apart. Prints every cycle
(each strongly connected component) and exits 1, or says how many components it checked.

Usage: scripts/check_include_cycles.py [repository root]
"""
import re
import sys
from pathlib import Path

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
FOLDERS = ("include/orca", "src", "cli", "python/bindings")


def component(path: Path, root: Path) -> str:
    """The component of a file: its path under its folder, without the extension."""
    rel = path.relative_to(root).as_posix()
    for folder in FOLDERS:
        if rel.startswith(folder + "/"):
            rel = rel[len(folder) + 1:]
            break
    return rel.rsplit(".", 1)[0]


def graph(root: Path) -> dict[str, set[str]]:
    files = [p for folder in FOLDERS for p in (root / folder).rglob("*") if p.suffix in (".hpp", ".cpp")]
    headers = {p.relative_to(root).as_posix(): component(p, root) for p in files if p.suffix == ".hpp"}

    def resolve(p: Path, name: str) -> str | None:
        # "orca/x.hpp" is include/orca/x.hpp; others are relative to the file or to src/.
        candidates = [f"include/{name}", (p.parent / name).resolve().relative_to(root).as_posix(), f"src/{name}"]
        return next((headers[c] for c in candidates if c in headers), None)

    includes = {p: [t for t in (resolve(p, n) for n in INCLUDE.findall(p.read_text(encoding="utf-8"))) if t]
                for p in files}
    owner = {}
    for p in files:
        # A source belongs to its own header: the first it includes, when the names match.
        first = includes[p][0] if includes[p] else None
        own = p.suffix == ".cpp" and first is not None and first.rsplit("/", 1)[-1] == p.stem
        owner[p] = first if own else component(p, root)
    edges: dict[str, set[str]] = {c: set() for c in owner.values()}
    for p in files:
        edges[owner[p]].update(t for t in includes[p] if t != owner[p])
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one member."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]).resolve()
    edges = graph(root)
    found = cycles(edges)
    for group in found:
        members = set(group)
        links = [f"{a} -> {b}" for a in group for b in sorted(edges[a] & members)]
        print("include cycle among " + ", ".join(group) + ": " + "; ".join(links))
    if found:
        return 1
    print(f"no include cycle among {len(edges)} components")
    return 0


if __name__ == "__main__":
    sys.exit(main())
