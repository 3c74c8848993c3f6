#!/usr/bin/env python3
"""Every public symbol of the library products has a doc comment.

Reads the symbol graphs that `swift package dump-symbol-graph` wrote, and fails, listing each one at its
file and line, on a public (or open) symbol declared in Sources/ that has no doc comment. Symbols the compiler
makes (a memberwise initialiser, a conformance's default) have no source location of ours and are not counted.

    check_doc_comments.py SYMBOL_GRAPH_DIR MODULE...
    check_doc_comments.py --self-test      # a planted undocumented symbol must be found
"""
import json
import pathlib
import sys
import tempfile


def undocumented(graph_dir, modules):
    found = []
    for module in modules:
        files = sorted(pathlib.Path(graph_dir).glob(f"{module}.symbols.json")) + sorted(pathlib.Path(graph_dir).glob(f"{module}@*.symbols.json"))
        if not files:
            found.append(f"{module}: no symbol graph in {graph_dir}")
        for path in files:
            graph = json.loads(path.read_text(encoding="utf-8"))
            for symbol in graph["symbols"]:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                uri = symbol.get("location", {}).get("uri", "")
                if "/Sources/" not in uri:
                    continue
                if symbol.get("docComment", {}).get("lines"):
                    continue
                line = symbol["location"]["position"]["line"] + 1
                found.append(f"Sources/{uri.split('/Sources/', 1)[1]}:{line}: public {symbol['kind']['displayName'].lower()} "
                             f"{'.'.join(symbol['pathComponents'])} has no doc comment")
    return found


def self_test():
    with tempfile.TemporaryDirectory() as folder:
        graph = {"module": {"name": "Planted"}, "symbols": [
            {"accessLevel": "public", "kind": {"identifier": "swift.struct", "displayName": "Structure"}, "pathComponents": ["Documented"],
             "location": {"uri": "file:///r/Sources/Planted/A.swift", "position": {"line": 2, "character": 0}},
             "docComment": {"lines": [{"text": "A documented type."}]}},
            {"accessLevel": "public", "kind": {"identifier": "swift.func", "displayName": "Function"}, "pathComponents": ["planted()"],
             "location": {"uri": "file:///r/Sources/Planted/A.swift", "position": {"line": 9, "character": 0}}},
            {"accessLevel": "internal", "kind": {"identifier": "swift.func", "displayName": "Function"}, "pathComponents": ["helper()"],
             "location": {"uri": "file:///r/Sources/Planted/A.swift", "position": {"line": 12, "character": 0}}},
            {"accessLevel": "public", "kind": {"identifier": "swift.init", "displayName": "Initializer"}, "pathComponents": ["Documented", "init()"]},
        ], "relationships": []}
        pathlib.Path(folder, "Planted.symbols.json").write_text(json.dumps(graph), encoding="utf-8")
        found = undocumented(folder, ["Planted"])
    expected = ["Sources/Planted/A.swift:10: public function planted() has no doc comment"]
    if found != expected:
        print(f"doc comments self-test failed: found {found}, expected {expected}", file=sys.stderr)
        return 1
    print("doc comments self-test: the planted undocumented public function is found, and nothing else")
    return 0


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    found = undocumented(argv[0], argv[1:])
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"{len(found)} public symbols without a doc comment", file=sys.stderr)
        return 1
    print(f"doc comments: every public symbol of {', '.join(argv[1:])} has one")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
