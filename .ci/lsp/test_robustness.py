"""Bad input never crashes or hangs the server: malformed JSON-RPC, unknown methods, unopened documents, a
document past the size limit, a base that vanishes, a closed input and a client that dies."""
import json
import os
import pathlib
import subprocess
import sys
import time

from conftest import server_binary


class Session:
    """A raw JSON-RPC session with the server over pipes, every read bounded in time."""

    def __init__(self, *arguments: str):
        # Unbuffered: `select` on the descriptor says whether a message waits only when nothing has been read ahead
        # into a buffer (two messages written together, a diagnostics list for each file, came in one read, and the
        # second one waited out the timeout unseen).
        self.process = subprocess.Popen(
            [server_binary(), "lsp", *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            bufsize=0,
        )
        os.set_blocking(self.process.stdout.fileno(), True)

    def send_bytes(self, data: bytes):
        view = memoryview(data)
        while view:
            view = view[self.process.stdin.write(view):]

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def receive(self, timeout: float = 20) -> dict:
        import selectors

        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        assert selector.select(timeout), "the server did not answer in time"
        headers = {}
        while True:
            line = self.process.stdout.readline()
            assert line, "the server closed its output"
            if line == b"\r\n":
                break
            name, value = line.decode().split(":", 1)
            headers[name.lower()] = value.strip()
        body = b""
        while len(body) < int(headers["content-length"]):
            chunk = self.process.stdout.read(int(headers["content-length"]) - len(body))
            assert chunk, "the server closed its output inside a message"
            body += chunk
        return json.loads(body)

    def receive_response(self, identifier) -> dict:
        while True:
            message = self.receive()
            if message.get("id") == identifier and "method" not in message:
                return message

    def initialize(self, capabilities: dict | None = None, process_id=None) -> dict:
        self.send(
            {"jsonrpc": "2.0", "id": 0, "method": "initialize",
             "params": {"processId": process_id, "rootUri": None, "capabilities": capabilities or {}}}
        )
        result = self.receive_response(0)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        return result

    def open(self, path: pathlib.Path, text: str):
        self.send(
            {"jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": {"textDocument": {"uri": path.as_uri(), "languageId": "yaml", "version": 1, "text": text}}}
        )

    def diagnostics_for(self, path: pathlib.Path) -> list:
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == path.as_uri():
                return message["params"]["diagnostics"]

    def finish(self) -> int:
        self.send({"jsonrpc": "2.0", "id": 999, "method": "shutdown"})
        assert self.receive_response(999)["result"] is None
        self.send({"jsonrpc": "2.0", "method": "exit"})
        return self.process.wait(timeout=10)


def test_malformed_messages_get_errors_and_the_session_goes_on():
    session = Session()
    session.send_bytes(b"Content-Length: 9\r\n\r\n{not json")
    assert session.receive()["error"]["code"] == -32700
    session.send_bytes(b"X-Nothing: 1\r\n\r\n")
    assert session.receive()["error"]["code"] == -32700
    session.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
    assert session.receive()["error"]["code"] == -32002  # not initialized yet
    session.initialize()
    session.send({"jsonrpc": "2.0", "id": 2, "method": "mc-style/unknown", "params": {}})
    assert session.receive_response(2)["error"]["code"] == -32601
    session.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                  "params": {"textDocument": {"uri": "file:///nowhere/x.yaml"}, "position": {"line": 0, "character": 0}}})
    error = session.receive_response(3)["error"]
    assert error["code"] == -32602 and "not open" in error["message"]
    session.send({"jsonrpc": "2.0", "id": 4, "method": "textDocument/completion", "params": [1, 2]})
    assert "error" in session.receive_response(4)
    assert session.finish() == 0
    assert session.process.stdout.read() == b""


def test_utf8_is_used_when_the_client_offers_it(project: pathlib.Path):
    session = Session()
    result = session.initialize({"general": {"positionEncodings": ["utf-8", "utf-16"]}})
    assert result["result"]["capabilities"]["positionEncoding"] == "utf-8"
    path = project / "mc-style.yaml"
    text = path.read_text(encoding="utf-8").replace('- text: "国土地理院"\n        bounds:', '- { text: "国土地理院", minZoom: 30 }\n      - text: x\n        bounds:')
    session.open(path, text)
    found = session.diagnostics_for(path)
    line = text.splitlines()[found[0]["range"]["start"]["line"]]
    assert found[0]["range"]["start"]["character"] == len(line[: line.index("30")].encode("utf-8"))
    assert session.finish() == 0


def test_a_document_past_the_size_limit_is_a_diagnostic(project: pathlib.Path):
    session = Session()
    session.initialize()
    path = project / "mc-style.yaml"
    big = "version: 1\nbase: base.json\nsources: []\n# " + "x" * (64 * 1024 * 1024) + "\n"
    started = time.monotonic()
    session.open(path, big)
    found = session.diagnostics_for(path)
    assert [d["code"] for d in found] == ["io.read"] and "limit" in found[0]["message"]
    assert time.monotonic() - started < 30
    assert session.finish() == 0


def test_a_base_that_vanishes_is_reported_where_it_is_named(project: pathlib.Path):
    session = Session()
    session.initialize()
    path = project / "mc-style.yaml"
    text = path.read_text(encoding="utf-8")
    session.open(path, text)
    assert session.diagnostics_for(path) == []
    (project / "base.json").unlink()
    session.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
                  "params": {"changes": [{"uri": (project / "base.json").as_uri(), "type": 3}]}})
    found = session.diagnostics_for(path)
    assert [d["code"] for d in found] == ["io.read"]
    assert found[0]["range"]["start"]["line"] == text[: text.index("base: base.json")].count("\n")
    assert session.finish() == 0


def test_the_server_exits_when_its_input_closes():
    session = Session()
    session.initialize()
    session.process.stdin.close()
    assert session.process.wait(timeout=10) == 1


def test_the_server_exits_when_its_client_dies():
    client = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1)"])
    session = Session()
    session.initialize(process_id=client.pid)
    client.wait()
    assert session.process.wait(timeout=10) == 1


def test_nothing_but_protocol_on_standard_output(project: pathlib.Path):
    session = Session("--log-level", "debug")
    session.initialize()
    path = project / "mc-style.yaml"
    session.open(path, path.read_text(encoding="utf-8"))
    session.diagnostics_for(path)
    assert session.finish() == 0
    assert session.process.stdout.read() == b""
    assert b"mc-style lsp: debug: <- initialize" in session.process.stderr.read()


def test_completion_gives_the_edit_range_once_to_a_client_that_takes_it(project: pathlib.Path):
    session = Session()
    session.initialize({"textDocument": {"completion": {"completionList": {"itemDefaults": ["editRange"]}}}})
    path = project / "mc-style.yaml"
    text = path.read_text(encoding="utf-8")
    session.open(path, text)
    session.diagnostics_for(path)
    index = text.index("Motorway label") + 3
    line = text.count("\n", 0, index)
    character = len(text[text.rfind("\n", 0, index) + 1:index].encode("utf-16-le")) // 2
    session.send({"jsonrpc": "2.0", "id": 7, "method": "textDocument/completion",
                  "params": {"textDocument": {"uri": path.as_uri()}, "position": {"line": line, "character": character}}})
    result = session.receive_response(7)["result"]
    start = text.index("Motorway label")
    assert result["itemDefaults"]["editRange"]["start"]["character"] == len(
        text[text.rfind("\n", 0, start) + 1:start].encode("utf-16-le")) // 2
    items = {item["label"]: item for item in result["items"]}
    assert "textEdit" not in items["Motorway label"] and "textEditText" not in items["Motorway label"]
    assert session.finish() == 0
