#!/usr/bin/env python3
"""Language-server latencies, measured over the protocol as an editor sees them.

    python3 benchmarks/lsp.py [--tool .build/release/mc-style] [--shared ../shared] [--rounds 30]

Two projects: the demo (fixtures/demo, the shipped 50-layer base) and, where ../shared is present, a project on
TomTom's real basic-main base (906 layers) with three variants (basic-main, hybrid-main, basic-nolabels) and ten
anchored sources. For each: the time from a didChange (an opacity edited) to its publishDiagnostics, the time of
a completion of anchor layer ids (until the answer's first byte, and until the client has parsed it), and the
server's peak resident memory (VmHWM) at the end. Then minified styles, each one line of JSON (TomTom's basic-main,
and a 20,000-layer style made from it): the time from didOpen to the first diagnostics and of a documentSymbol.
Prints tables; benchmarks/README.md keeps the figures.
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPOSITORY = pathlib.Path(__file__).resolve().parents[1]


class Server:
    def __init__(self, tool: str):
        self.process = subprocess.Popen([tool, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self) -> dict:
        length = 0
        line = self.process.stdout.readline()
        self.first_byte = time.perf_counter()
        while line != b"\r\n":
            if not line:
                raise SystemExit("the server closed its output")
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
            line = self.process.stdout.readline()
        return json.loads(self.process.stdout.read(length))

    def request(self, method: str, params: dict) -> dict:
        return self.timed_request(method, params)[0]

    def timed_request(self, method: str, params: dict) -> tuple[dict, float]:
        """The response, and the seconds until its first byte arrived (the server's part, without the
        client's parse)."""
        identifier = self.next_id
        self.next_id += 1
        started = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params})
        while True:
            self.first_byte = None
            message = self.receive()
            if message.get("id") == identifier and "method" not in message:
                return message, (self.first_byte or time.perf_counter()) - started

    def diagnostics(self, uri: str) -> list:
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]

    def peak_memory_kib(self) -> int:
        for line in pathlib.Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return 0


def position(text: str, needle: str, extra: int) -> dict:
    index = text.index(needle) + extra
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return {"line": line, "character": len(text[start:index].encode("utf-16-le")) // 2}


def measure(tool: str, folder: pathlib.Path, anchor: str, rounds: int) -> dict:
    path = folder / "mc-style.yaml"
    uri = path.as_uri()
    text = path.read_text(encoding="utf-8")
    server = Server(tool)
    # As VS Code and Neovim 0.10 do, the client takes a completion list's edit range once.
    capabilities = {"textDocument": {"completion": {"completionList": {"itemDefaults": ["editRange"]}}}}
    server.request("initialize", {"processId": os.getpid(), "rootUri": folder.as_uri(), "capabilities": capabilities})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    started = time.perf_counter()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    first = server.diagnostics(uri)
    opened = time.perf_counter() - started
    assert not first, f"the project should be clean: {first[:2]}"
    changes, completions, answers = [], [], []
    for round_ in range(rounds):
        edited = text.replace("opacity: 0.8", f"opacity: 0.{(round_ % 8) + 1}5", 1)
        started = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": uri, "version": round_ + 2},
                                "contentChanges": [{"text": edited}]}})
        server.diagnostics(uri)
        changes.append(time.perf_counter() - started)
        started = time.perf_counter()
        answer, answered = server.timed_request(
            "textDocument/completion", {"textDocument": {"uri": uri}, "position": position(edited, anchor, 2)})
        completions.append(time.perf_counter() - started)
        answers.append(answered)
        assert any(item["label"] == anchor for item in answer["result"]["items"])
    memory = server.peak_memory_kib()
    server.request("shutdown", {})
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.process.wait(timeout=10)
    def milliseconds(values):
        ordered = sorted(values)
        return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.95) - 1] * 1000
    return {"open": opened * 1000, "change": milliseconds(changes), "completion": milliseconds(completions),
            "answer": milliseconds(answers), "items": len(answer["result"]["items"]), "memory": memory / 1024}


def minified(tool: str, path: pathlib.Path) -> dict:
    """didOpen to the first diagnostics, and documentSymbol, on a one-line style."""
    uri = path.as_uri()
    text = path.read_text(encoding="utf-8")
    server = Server(tool)
    server.request("initialize", {"processId": os.getpid(), "rootUri": path.parent.as_uri(), "capabilities": {}})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    started = time.perf_counter()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}})
    found = server.diagnostics(uri)
    opened = time.perf_counter() - started
    started = time.perf_counter()
    symbols = server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]
    symbol_time = time.perf_counter() - started
    server.request("shutdown", {})
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.process.wait(timeout=30)
    return {"open": opened * 1000, "symbols": symbol_time * 1000, "findings": len(found),
            "count": sum(len(symbol.get("children", [])) for symbol in symbols)}


def minified_styles(work: pathlib.Path, shared: pathlib.Path) -> list:
    source = shared / "corpus/styles/tomtom-basic-main.json"
    if not source.exists():
        return []
    folder = work / "minified"
    (folder / ".git").mkdir(parents=True)
    style = json.loads(source.read_text(encoding="utf-8"))
    small = folder / "basic-main.min.json"
    small.write_text(json.dumps(style, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
    layers = style["layers"]
    style["layers"] = [dict(layers[index % len(layers)], id=f"{layers[index % len(layers)]['id']} {index}")
                       for index in range(20_000)]
    large = folder / "twenty-thousand.min.json"
    large.write_text(json.dumps(style, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")
    return [("TomTom basic-main, one line (906 layers)", small), ("20,000 layers, one line", large)]


def demo(work: pathlib.Path) -> pathlib.Path:
    folder = work / "demo"
    (folder / ".git").mkdir(parents=True)
    shutil.copytree(REPOSITORY / "fixtures/demo/parts", folder / "parts")
    shutil.copy(REPOSITORY / "styles/tomtom-demo-base.json", folder / "base.json")
    text = (REPOSITORY / "fixtures/demo/mc-style.yaml").read_text(encoding="utf-8")
    (folder / "mc-style.yaml").write_text(text.replace("../../styles/tomtom-demo-base.json", "base.json"))
    return folder


def tomtom(work: pathlib.Path, shared: pathlib.Path) -> pathlib.Path | None:
    styles = shared / "corpus/styles"
    names = ["tomtom-basic-main", "tomtom-hybrid-main", "tomtom-basic-nolabels"]
    if not all((styles / f"{name}.json").exists() for name in names):
        return None
    folder = work / "tomtom"
    (folder / ".git").mkdir(parents=True)
    for name in names:
        shutil.copy(styles / f"{name}.json", folder / f"{name}.json")
    base = json.loads((styles / "tomtom-basic-main.json").read_text(encoding="utf-8"))
    ids = [layer["id"] for layer in base["layers"] if layer["type"] != "background"]
    lines = ["version: 1", "target: tomtom", "bases:", "  basic: tomtom-basic-main.json",
             "  hybrid: tomtom-hybrid-main.json", "  nolabels: tomtom-basic-nolabels.json", "sources:"]
    for index in range(10):
        anchor = ids[100 + index * 60]
        lines += [f"  - id: source-{index}", f"    urlTemplate: https://tiles{index}.example.com/{{z}}/{{x}}/{{y}}.png",
                  "    opacity: 0.8", f"    placement: {{ below: {json.dumps(anchor)}, fallback: top }}"]
    (folder / "mc-style.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", default=str(REPOSITORY / ".build/release/mc-style"))
    parser.add_argument("--shared", default=str(REPOSITORY.parent / "shared"))
    parser.add_argument("--rounds", type=int, default=30)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        work = pathlib.Path(name)
        projects = [("demo (50 layers)", demo(work), "Motorway label")]
        big = tomtom(work, pathlib.Path(arguments.shared))
        if big is None:
            print(f"lsp: {arguments.shared}/corpus/styles is absent: the TomTom project is skipped", file=sys.stderr)
        else:
            text = (big / "mc-style.yaml").read_text(encoding="utf-8")
            anchor = json.loads(text.split("below: ", 1)[1].split(", fallback", 1)[0])
            projects.append(("TomTom basic-main (906 layers), 3 variants, 10 sources", big, anchor))
        print("| project | open → diagnostics | change → diagnostics (median / p95) | completion answered "
              "(median / p95) | completion parsed by the client (median / p95) | peak memory |")
        print("|---|---|---|---|---|---|")
        for label, folder, anchor in projects:
            result = measure(arguments.tool, folder, anchor, arguments.rounds)
            print(f"| {label} | {result['open']:.1f} ms | {result['change'][0]:.1f} / {result['change'][1]:.1f} ms "
                  f"| {result['answer'][0]:.2f} / {result['answer'][1]:.2f} ms ({result['items']} items) "
                  f"| {result['completion'][0]:.2f} / {result['completion'][1]:.2f} ms | {result['memory']:.1f} MB |")
        styles = minified_styles(work, pathlib.Path(arguments.shared))
        if styles:
            print()
            print("| minified style | open → diagnostics | documentSymbol |")
            print("|---|---|---|")
        for label, path in styles:
            result = minified(arguments.tool, path)
            print(f"| {label} | {result['open']:.0f} ms ({result['findings']} findings) "
                  f"| {result['symbols']:.0f} ms ({result['count']} symbols) |")


if __name__ == "__main__":
    main()
