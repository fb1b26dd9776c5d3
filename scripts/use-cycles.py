#!/usr/bin/env python3
"""Import cycles between the modules of src/.

Every module-level `use crate::…`, `use super::…`, `use self::…` (and `use child::…` of a module's own
children) is an edge from the module whose file holds it to the module it names (the longest prefix of
the path that is a module). Strongly connected components of more than one module are cycles.

    scripts/use-cycles.py [--paths] [--parents] [--folders] [SRC]

--paths   also count `crate::`/`super::` paths written in the code (outside `#[cfg(test)]` modules,
          inline or in files of their own)
--parents also report a parent and its own child naming each other (left out by default: a child
          that uses what its parent module defines is how Rust splits one module over files)
--folders also check the crate's rooms: a top-level module is its files together (`gate` is
          src/gate.rs and everything under src/gate/). Each room has a layer in
          LAYERS; a room may use only rooms of lower layers or of its own, so that there is no loop
          between rooms either. A room missing from LAYERS is an error too: a new room takes its place.

Exit 1 when a cycle, an upward import or a room with no layer is found.
"""

import os
import re
import sys


def module_of(src, path):
    rel = os.path.relpath(path, src)[: -len(".rs")].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return tuple(["crate"] + rel)


def strip_code(text):
    """The text with comments removed and string and character literals emptied."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c in "rb" and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")) and re.match(r"(?:br|r|b)?#*\"", text[i:]):
            m = re.match(r"(b?r)(#*)\"", text[i:])
            if m:
                end = text.find('"' + m.group(2), i + m.end())
                i = n if end < 0 else end + 1 + len(m.group(2))
                out.append('""')
            else:
                out.append(c)
                i += 1
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'":
            m = re.match(r"'(?:\\.[^']*|[^\\'])'", text[i:])
            if m:
                out.append("' '")
                i += m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def strip_comments_and_tests(text):
    """The code without comments, literals and `#[cfg(test)] mod … { … }` blocks."""
    text = strip_code(text)
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i : m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def expand(tree):
    """`a::{b, c::{self, D}}` → [a::b, a::c, a::c::D]."""
    tree = re.sub(r"\s+as\s+\w+", "", tree)
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^(.*?)\{(.*)\}$", tree)
    if not m:
        return [tree]
    prefix, body = m.group(1), m.group(2)
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += {"{": 1, "}": -1}.get(ch, 0)
        cur += ch
    parts.append(cur)
    out = []
    for p in filter(None, parts):
        for leaf in expand(p):
            out.append(prefix[:-2] if leaf == "self" else prefix + leaf)
    return out


def inline_modules(text):
    """`(start, end, name)` of each inline `mod name { … }` block (nested ones too), in offsets."""
    out = []
    for m in re.finditer(r"(?<![\w])mod\s+(\w+)\s*\{", text):
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        out.append((m.end(), j, m.group(1)))
    return out


def resolve(segments, here, modules):
    """The module a path names, from module `here`, or None for another crate."""
    segs = list(segments)
    if not segs:
        return None
    if segs[0] == "crate":
        base, rest = ("crate",), segs[1:]
    elif segs[0] in ("super", "self"):
        base = here
        while segs and segs[0] in ("super", "self"):
            if segs.pop(0) == "super":
                base = base[:-1]
        rest = segs
    elif here + (segs[0],) in modules:
        base, rest = here, segs
    else:
        return None
    best = base
    for k in range(1, len(rest) + 1):
        cand = base + tuple(rest[:k])
        if cand in modules:
            best = cand
        else:
            break
    return best


def edges(src, with_paths):
    files = []
    for root, _, names in os.walk(src):
        files += [os.path.join(root, n) for n in names if n.endswith(".rs")]
    modules = {module_of(src, f): f for f in files}
    # A test module in a file of its own (`#[cfg(test)] mod name;`) is left out as an inline one is.
    tests = set()
    for mod, f in modules.items():
        declared = re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", strip_code(open(f, encoding="utf-8").read()))
        tests |= {mod + (m.group(1),) for m in declared}
    # Inline `mod name { … }` modules (tests aside) are parts of their file's module here.
    out = {}
    for mod, f in modules.items():
        if any(mod[: len(t)] == t for t in tests):
            continue
        text = strip_comments_and_tests(open(f, encoding="utf-8").read())
        inline = inline_modules(text)

        def here(offset):
            # The module a place in the file is in: the file's, or an inline `mod name { … }` in it.
            names = [name for start, end, name in inline if start <= offset < end]
            return mod + tuple(names)

        targets = set()
        for m in re.finditer(r"^\s*(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", text, flags=re.M):
            for leaf in expand(m.group(1)):
                t = resolve(leaf.split("::"), here(m.start(1)), modules)
                if t is not None:
                    targets.add(t)
        if with_paths:
            for m in re.finditer(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)", text):
                t = resolve(m.group(1).split("::"), here(m.start()), modules)
                if t is not None:
                    targets.add(t)
        # An inline module is part of its file's module here.
        targets = {t if t[: len(mod)] != mod or t in modules else mod for t in targets}
        targets.discard(mod)
        out[mod] = targets
    return out, modules


# The rooms, lowest first; the rooms of one line share a layer and may use each other. `main.rs` (the
# binary) stands above them all.
LAYERS = [
    ["digest", "output", "visible", "spelling", "proc_stat"],
    ["paths"],
    ["error"],
    ["safefs"],
    ["agents"],
    ["confine"],
    ["person"],
    ["edit"],
    ["gate"],
    ["install"],
    ["doctor"],
    ["commands"],
    ["cli"],
]


def room_of(module):
    return module[1] if len(module) > 1 else None


def check_folders(graph, modules, src):
    """Prints each import that goes up a layer, each loop between rooms and each room with no layer;
    the number of problems."""
    layer = {room: i for i, rooms in enumerate(LAYERS) for room in rooms}
    where = lambda m: os.path.relpath(modules[m], os.path.join(src, ".."))
    problems = 0
    rooms = sorted({room_of(m) for m in modules if room_of(m)})
    for room in rooms:
        if room not in layer:
            print(f"room `{room}` has no layer: add it to LAYERS in scripts/use-cycles.py")
            problems += 1
    room_graph = {}
    for v, ws in sorted(graph.items()):
        a = room_of(v)
        for w in sorted(ws):
            b = room_of(w)
            if a is None or b is None or a == b:
                continue
            room_graph.setdefault(a, set()).add(b)
            if a in layer and b in layer and layer[b] > layer[a]:
                print(f"upward import: {'::'.join(v)} ({where(v)}) -> {'::'.join(w)}: `{b}` is a higher layer than `{a}`")
                problems += 1
    for comp in sccs(room_graph):
        if len(comp) > 1:
            print(f"loop between rooms: {' -> '.join(comp)}")
            problems += 1
    return problems


def sccs(graph):
    index, low, stack, on, result, counter = {}, {}, [], set(), [], [0]

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
            result.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return result


def is_ancestor(a, b):
    return len(a) < len(b) and b[: len(a)] == a


def main(argv):
    with_paths = "--paths" in argv
    parents = "--parents" in argv
    folders = "--folders" in argv
    rest = [a for a in argv if not a.startswith("--")]
    src = rest[0] if rest else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    graph, modules = edges(src, with_paths)
    folder_problems = check_folders(graph, modules, src) if folders else 0
    if not parents:
        graph = {v: {w for w in ws if not is_ancestor(v, w) and not is_ancestor(w, v)} for v, ws in graph.items()}
    name = lambda m: "::".join(m)
    where = lambda m: os.path.relpath(modules[m], os.path.join(src, ".."))
    found = False
    for comp in sccs(graph):
        if len(comp) < 2:
            continue
        found = True
        members = set(comp)
        print(f"cycle of {len(comp)} modules:")
        for v in comp:
            for w in sorted(graph[v] & members):
                print(f"  {name(v)} ({where(v)}) -> {name(w)}")
    if not found:
        print("no cycles")
    if folders and not folder_problems:
        print("rooms in layer order: " + " < ".join("/".join(rooms) for rooms in LAYERS))
    return 1 if found or folder_problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
