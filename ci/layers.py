#!/usr/bin/env python3
"""Checks that the library's layers point one way and that no modules import each other in a cycle.

Reads every `crate::…` path in `src/**/*.rs` (in `use` lines and in inline paths such as
`crate::game::Seat`, but not in comments), maps each file to its module path (`src/games/bang/state.rs`
is `games::bang::state`) and each path (also `super::…`) to the deepest module it names. Two checks:

1. Floors. The top-level modules are ordered below, lowest first; a module may import from its own
   floor or a lower one, never from a higher one (`stats` must not use `tournament`).
   Exceptions are listed in ALLOWED with their reason.
2. Cycles. Between sibling modules (the children of one parent, e.g. `tournament::spec` and
   `tournament::output`, or `games::bang` and `games::mow`) the imports form no cycle. A file's
   imports count for the child of the common parent that holds it, so `a::b::c` using `a::d::e`
   is an edge `a::b -> a::d`; a module using its own descendants or ancestors is no edge, nor is
   a path inside a `#[cfg(test)] mod` block (a unit test may drive its module through the game).

Prints one line per violation and exits 1 if there is any; else prints a summary and exits 0.
Usage: ci/layers.py [SRC_DIR]   (default: src next to this script's folder)
"""

import os
import re
import sys

# Lowest floor first. Modules on one line share a floor (may import each other, no cycle allowed).
# A module's floor is that of the longest entry naming it or an ancestor (`games::mechanics::bag`
# is on the `games::mechanics` floor, `games::bang` on the `games` floor).
FLOORS = [
    ["options", "const_text", "interrupt"],
    ["game", "agent", "labels", "encoding"],
    ["games::mechanics"],
    ["games", "conformance"],
    ["bots"],
    ["stats"],
    ["tournament"],
    ["bench", "replay", "dynamic"],
    ["registry"],
    ["report", "puzzles", "variants"],
    ["cli", "main"],
]
FLOOR_OF = {tuple(name.split("::")): i for i, names in enumerate(FLOORS) for name in names}

# Known exceptions, each with its reason; an exception no longer needed is reported.
ALLOWED = {}


def floor_of(mod):
    for n in range(len(mod), 0, -1):
        if mod[:n] in FLOOR_OF:
            return FLOOR_OF[mod[:n]]
    return None

PATH = re.compile(r"\b((?:crate|super(?:::super)*)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")
USE_GROUP = re.compile(r"\buse\s+((?:crate|super(?:::super)*)::(?:[A-Za-z_][A-Za-z0-9_]*::)*)\{")


def strip_comments(text):
    """Removes // comments (and doc comments) and /* */ blocks, keeping string literals."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out = []
    for line in text.splitlines():
        in_str = False
        i = 0
        cut = len(line)
        while i < len(line):
            c = line[i]
            if c == '"' and (i == 0 or line[i - 1] != "\\"):
                in_str = not in_str
            elif not in_str and line.startswith("//", i):
                cut = i
                break
            i += 1
        out.append(line[:cut])
    return "\n".join(out)


def module_of(src, path):
    rel = os.path.relpath(path, src)[: -len(".rs")].split(os.sep)
    if rel[-1] in ("mod", "lib"):
        rel = rel[:-1]
    if rel == ["main"]:
        return ("main",)
    return tuple(rel)


def all_modules(src):
    mods = {}
    for root, _, files in os.walk(src):
        for f in files:
            if f.endswith(".rs"):
                p = os.path.join(root, f)
                mods[module_of(src, p)] = p
    return mods


def expand_groups(text):
    """Turns `use crate::{a::b, c::{d, e}};` into `crate::a::b crate::c::d crate::c::e` (same for
    `super::`)."""
    out = []
    pos = 0
    while True:
        m = USE_GROUP.search(text, pos)
        if not m:
            out.append(text[pos:])
            break
        out.append(text[pos : m.start()])
        depth, i = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        body = text[m.end() : i - 1]
        out.append(" ".join(m.group(1) + p for p in flatten(body)) + ";")
        pos = i
    return "".join(out)


def flatten(body, prefix=""):
    """Paths in a use-group body `a::b, c::{d, e}` -> [a::b, c::d, c::e]."""
    items, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        cur += ch
    items.append(cur)
    paths = []
    for item in (s.strip() for s in items):
        if not item:
            continue
        if "{" in item:
            head, rest = item.split("{", 1)
            paths += flatten(rest.rsplit("}", 1)[0], prefix + head)
        else:
            paths.append(prefix + item.split(" as ")[0].strip())
    return paths


def target(mods, segs):
    """The deepest existing module named by a path's leading segments."""
    for n in range(len(segs), 0, -1):
        if tuple(segs[:n]) in mods:
            return tuple(segs[:n])
    return None


def edges(src):
    mods = all_modules(src)
    found = []
    for mod, path in sorted(mods.items()):
        with open(path, encoding="utf-8") as f:
            text = expand_groups(strip_comments(f.read()))
        if mod[:1] in (("main",), ("cli",)):  # the binary: the library is `meeple::`
            text = re.sub(r"\bmeeple::", "crate::", text)
        tests = test_blocks(text)
        for m in PATH.finditer(text):
            segs = m.group(1).split("::")
            if segs[0] == "crate":
                segs = segs[1:]
            else:
                # `super` in module a::b::c (a::b::c.rs or a/b/c/mod.rs) is a::b. (In an inline
                # `mod tests` it is the file's own module: its `super::*` then reads as the
                # parent, which is no edge.)
                base = list(mod)
                while segs and segs[0] == "super":
                    segs = segs[1:]
                    base = base[:-1]
                segs = base + segs
            if segs and segs[0] == "self":
                continue
            to = target(mods, segs)
            if to is None or to == mod:
                continue
            line = text.count("\n", 0, m.start()) + 1
            in_test = any(a <= m.start() < b for a, b in tests)
            found.append((mod, to, path, line, in_test))
    return mods, found


def test_blocks(text):
    """The spans of `#[cfg(test)] mod name { … }` blocks."""
    spans = []
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+\w+\s*\{", text):
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        spans.append((m.start(), i))
    return spans


def find_cycles(graph):
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                sccs.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sccs


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "src")
    mods, found = edges(src)
    bad = []
    used = set()
    for frm, to, path, line, _ in found:
        f, t = floor_of(frm), floor_of(to)
        if f is None or t is None:
            unknown = "::".join(frm if f is None else to)
            bad.append(f"{path}:{line}: module `{unknown}` has no floor in ci/layers.py")
        elif t > f:
            allowed = [k for k in ALLOWED if frm[: len(k[0])] == k[0] and to[: len(k[1])] == k[1]]
            if allowed:
                used.update(allowed)
                continue
            bad.append(
                f"{path}:{line}: upward import: {'::'.join(frm)} (floor {f}) uses "
                f"{'::'.join(to)} (floor {t})"
            )
    graph = {}
    for frm, to, _, _, in_test in found:
        if in_test:
            continue  # a unit test may drive its module through the whole game
        if any(frm[: len(k[0])] == k[0] and to[: len(k[1])] == k[1] for k in ALLOWED):
            continue
        n = 0
        while n < min(len(frm), len(to)) and frm[n] == to[n]:
            n += 1
        if n == len(frm) or n == len(to):
            continue  # a module and its own ancestor or descendant
        a, b = "::".join(frm[: n + 1]), "::".join(to[: n + 1])
        graph.setdefault(a, set()).add(b)
    for k in sorted(set(ALLOWED) - used):
        bad.append(f"exception no longer needed in ci/layers.py: {k}")
    for comp in find_cycles(graph):
        bad.append("import cycle: " + " <-> ".join(comp))
    for b in sorted(set(bad)):
        print(b)
    if bad:
        print(f"ci/layers.py: {len(set(bad))} violation(s)")
        return 1
    n_edges = sum(len(v) for v in graph.values())
    print(
        f"ci/layers.py: {len(mods)} modules, {len(found)} crate paths, {n_edges} sibling edges: "
        "no upward import, no cycle; floors " + " < ".join("/".join(f) for f in FLOORS)
    )
    for k in sorted(used):
        print(f"allowed exception: {'::'.join(k[0])} uses {'::'.join(k[1])} ({ALLOWED[k]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
