import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// `mc-style fetch-base` against a loopback stand-in for TomTom's style endpoint (Python's http.server over TLS with
/// a throwaway certificate, test tooling only; it stops by itself), reached as `https://api.tomtom.com` through a
/// `.curlrc` in a HOME of the test's own: the key never leaves the request, goes to no other host, --check sees
/// TomTom's changes, and every failure leaves the saved style untouched.
@Suite(.serialized) struct FetchBaseCommandTests {
    static let key = "SeCrEtKeY1234567890abcdef"
    static let server = #"""
        import http.server, json, signal, ssl, sys, threading, time
        # Started from a test thread, this process inherits a mask that blocks SIGTERM; unblock it so that the test's
        # terminate() stops it at once (else it lives its full 120 s, holding the test runner's standard error open).
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        KEY = "SeCrEtKeY1234567890abcdef"
        state = {"version": "25.2.1"}
        class H(http.server.BaseHTTPRequestHandler):
            def log_message(self, *a): pass
            def do_GET(self):
                p = self.path if self.path.startswith("/style/") else self.path.split("?")[0]
                if p.startswith("/style/1/style/"):
                    if f"key={KEY}" not in p:
                        return self.send(403, b"no key")
                    body = {"version": 8, "metadata": {"tomtom:styleVersion": state["version"]}, "sources": {"v": {"type": "vector", "tiles": [f"https://api.tomtom.com/map/1/tile/basic/main/{{z}}/{{x}}/{{y}}.pbf?key={KEY}"]}},
                            "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#fff" if state["version"] == "25.2.1" else "#eee"}}]}
                    return self.send(200, json.dumps(body).encode())
                if p.startswith("/map/1/tile/"): return self.send(200, b"")  # an empty vector tile: no layers
                if p == "/bump":
                    state["version"] = "25.2.2"; return self.send(200, b"ok")
                if p == "/notjson": return self.send(200, b"<html>")
                if p == "/away":
                    self.send_response(302); self.send_header("Location", "http://example.com/x"); self.send_header("Content-Length", "0"); self.end_headers(); return
                if p == "/slow": time.sleep(5); return self.send(200, b"{}")
                if p == "/endless":
                    # 2 GB with no Content-Length: the body ends when the connection does.
                    self.send_response(200); self.end_headers()
                    block = b"x" * (1 << 20)
                    try:
                        for _ in range(2048): self.wfile.write(block)
                    except OSError:
                        pass
                    return
                if p.startswith("/hop/"):
                    n = int(p.split("/")[2]); time.sleep(0.6)
                    if n >= 5: return self.send(200, b"{}")
                    self.send_response(302); self.send_header("Location", f"/hop/{n + 1}?key={KEY}"); self.send_header("Content-Length", "0"); self.end_headers(); return
                if p == "/huge":
                    self.send_response(200); self.send_header("Content-Length", str(70 << 20)); self.end_headers(); return
                self.send(404, b"nope")
            def send(self, code, body):
                self.send_response(code); self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)

        """#

    /// What every stand-in script ends with: its handler `H` served over TLS on a free loopback port (printed),
    /// for 120 s at most.
    static let serving = #"""
        class Server(http.server.ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                pass  # a client hanging up early is what the size and time limits under test do
        s = Server(("127.0.0.1", 0), H)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        s.socket = context.wrap_socket(s.socket, server_side=True)
        print(s.server_address[1], flush=True)
        threading.Timer(120, s.shutdown).start()
        s.serve_forever()

        """#

    /// A running stand-in and its port, and a HOME whose `.curlrc` sends every host to it; nil (the tests skip)
    /// when python3 or openssl is not there.
    final class StandIn {
        let process = Process()
        let port: Int
        let home: URL
        /// `script` defines the request handler `H`; `serving` runs it.
        init?(folder: URL, script: String = FetchBaseCommandTests.server) {
            let scriptFile = folder.appendingPathComponent("server.py")
            let certificate = folder.appendingPathComponent("cert.pem").path
            let key = folder.appendingPathComponent("key.pem").path
            let openssl = Process()
            openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            openssl.arguments = [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2",
                "-subj", "/CN=stand-in", "-addext", "subjectAltName=DNS:api.tomtom.com,DNS:*.api.tomtom.com",
            ]
            openssl.standardOutput = FileHandle.nullDevice
            openssl.standardError = FileHandle.nullDevice
            guard (try? openssl.run()) != nil else { return nil }
            openssl.waitUntilExit()
            guard (try? Data((script + FetchBaseCommandTests.serving).utf8).write(to: scriptFile)) != nil else {
                return nil
            }
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", scriptFile.path, certificate, key]
            let output = Pipe()
            process.standardOutput = output
            guard (try? process.run()) != nil else { return nil }
            var line = Data()
            while let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8)
            { line += byte }
            guard let port = Int(String(decoding: line, as: UTF8.self)) else { return nil }
            self.port = port
            home = folder.appendingPathComponent("home")
            guard (try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)) != nil,
                (try? Data(
                    "connect-to = \"::127.0.0.1:\(port)\"\ncacert = \"\(certificate)\"\n".utf8
                ).write(to: home.appendingPathComponent(".curlrc"))) != nil
            else { return nil }
        }
        /// The environment mc-style runs in: curl finds the stand-in through HOME's `.curlrc`.
        func environment(_ extra: [String: String]) -> [String: String] {
            extra.merging(["HOME": home.path, "PATH": "/usr/bin:/bin"]) { $1 }
        }
        deinit {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// python3 and curl run the stand-in and the downloads; without them these tests are skipped.
    static let toolsPresent = ["/usr/bin/python3", "/usr/bin/curl", "/usr/bin/openssl"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: toolsPresent, "python3, curl or openssl is absent: skipped"))
    func savesLocksChecksAndNeverShowsTheKey() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = try #require(StandIn(folder: folder))
        let out = folder.appendingPathComponent("base.json").path
        let environment = standIn.environment(["TT": Self.key])
        let saved = runTool(
            [
                "fetch-base", "--out", out, "--design", "basic_street-dark", "--module", "hillshade", "--api-key-env",
                "TT",
            ],
            environment: environment)
        #expect(saved.status == 0, "\(saved.error)")
        #expect(saved.output.hasPrefix("saved \(out) ("), "\(saved.output)")
        let style = try String(contentsOfFile: out, encoding: .utf8)
        let lock = try String(contentsOfFile: folder.appendingPathComponent("base.lock.json").path, encoding: .utf8)
        #expect(style.contains("?key={key}\""), "the key went back to its placeholder")
        #expect(
            lock.contains(
                "\"url\": \"https://api.tomtom.com/style/1/style/25.2.*?key={key}&map=gosdk/basic_street-dark&hillshade=2-test/hillshade_dem-dark\""
            ))
        #expect(lock.contains("\"styleVersion\": \"25.2.1\"") && lock.contains("\"sha256\": \""))
        let unchanged = runTool(
            ["fetch-base", "--out", out, "--check", "--api-key-env", "TT"], environment: environment)
        #expect(unchanged.status == 0 && unchanged.output == "\(out) is what TomTom serves\n")
        // TomTom publishes another version: --check fails with the diff, and writes nothing.
        let bump = Process()
        bump.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        bump.arguments = [
            "curl", "--silent", "--insecure", "--output", "/dev/null", "https://127.0.0.1:\(standIn.port)/bump",
        ]
        try bump.run()
        bump.waitUntilExit()
        let changed = runTool(["fetch-base", "--out", out, "--check", "--api-key-env", "TT"], environment: environment)
        #expect(changed.status == 1)
        #expect(changed.output.contains("~ layer bg paint.background-color: \"#fff\" -> \"#eee\""), "\(changed.output)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == style)
        for run in [saved, unchanged, changed] { #expect(!(run.output + run.error).contains(Self.key)) }
        #expect(!style.contains(Self.key) && !lock.contains(Self.key))
    }

    @Test(.enabled(if: toolsPresent, "python3, curl or openssl is absent: skipped"))
    func everyFailureLeavesTheSavedStyle() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = try #require(StandIn(folder: folder))
        let out = folder.appendingPathComponent("base.json")
        try Data("{\"version\": 8, \"sources\": {}, \"layers\": []}".utf8).write(to: out)
        let origin = "https://api.tomtom.com"
        let cases = [
            ("notjson", "did not answer with JSON", 1), ("away", "redirects to another host (example.com): refused", 1),
            ("slow", "did not answer within 1 s", 1), ("huge", "is larger than the 64 MiB limit", 1),
            ("missing", "answered HTTP 404", 1),
            ("endless", "is larger than the 64 MiB limit", 5),
            ("hop/1", "did not answer within 2 s (the whole fetch, redirects included)", 2),
        ]
        for (path, message, timeout) in cases {
            let started = Date()
            let run = runTool(
                [
                    "fetch-base", "--out", out.path, "--url", "\(origin)/\(path)?key={key}", "--api-key-env", "TT",
                    "--timeout", String(timeout),
                ],
                environment: standIn.environment(["TT": Self.key]))
            // The timeout holds for the whole fetch (five redirects of 0.6 s each take 3 s).
            #expect(Date().timeIntervalSince(started) < Double(timeout) + 2, "\(path) took longer than its timeout")
            #expect(run.status == 1 && run.error.contains(message), "\(path): \(run.error)")
            #expect(!run.error.contains(Self.key))
            #expect(
                try String(contentsOf: out, encoding: .utf8) == "{\"version\": 8, \"sources\": {}, \"layers\": []}",
                "\(path)")
        }
        let wrongKey = runTool(
            ["fetch-base", "--out", out.path, "--api-key-env", "TT"], environment: standIn.environment(["TT": "wrong"]))
        #expect(wrongKey.status == 1 && wrongKey.error.contains("answered HTTP 403"))
        #expect(runTool(["fetch-base", "--out", out.path, "--design", "basic_street-night"]).status == 2)
        #expect(runTool(["fetch-base", "--out", out.path, "--module", "weather"]).status == 2)
        #expect(runTool(["fetch-base", "--out", out.path, "--check"]).status == 1, "no lock yet")
    }

    /// With a key, a request goes only to https URLs on TomTom's hosts, read as browsers read them: another host,
    /// clear text or an ambiguous URL is refused before anything is sent, and so is a lock that names one.
    @Test(.enabled(if: toolsPresent, "python3, curl or openssl is absent: skipped"))
    func theKeyGoesToTomTomOverHTTPSOnly() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let standIn = try #require(StandIn(folder: folder))
        let out = folder.appendingPathComponent("base.json").path
        let environment = standIn.environment(["TT": Self.key])
        let refusals = [
            (["--origin", "https://127.0.0.1:\(standIn.port)"], "is not on TomTom's hosts"),
            (["--url", "https://tiles.example.com/style.json?key={key}"], "is not on TomTom's hosts"),
            (["--url", "http://api.tomtom.com/style/1/style/25.2.*?key={key}"], "is clear-text http://"),
            (
                ["--url", "https://evil.example.com\\@api.tomtom.com/style/1/style/x?key={key}"],
                "the key is never sent"
            ),
        ]
        for (arguments, message) in refusals {
            let run = runTool(
                ["fetch-base", "--out", out, "--api-key-env", "TT"] + arguments, environment: environment)
            #expect(run.status == 1 && run.error.contains(message) && run.error.contains("nothing was requested"))
            #expect(!(run.output + run.error).contains(Self.key))
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        // Without a key, another host is fine: nothing secret goes there.
        let keyless = runTool(
            ["fetch-base", "--out", out, "--url", "https://api.tomtom.com/style/1/style/25.2.1?key={key}"],
            environment: standIn.environment([:]))
        #expect(keyless.status == 1 && keyless.error.contains("answered HTTP 403"), "\(keyless.error)")
        // A lock edited to send the key elsewhere is refused at --check.
        let saved = runTool(["fetch-base", "--out", out, "--api-key-env", "TT"], environment: environment)
        #expect(saved.status == 0, "\(saved.error)")
        let lock = folder.appendingPathComponent("base.lock.json")
        let text = try String(contentsOf: lock, encoding: .utf8)
        try Data(text.replacing("https://api.tomtom.com/", with: "http://127.0.0.1:\(standIn.port)/").utf8).write(
            to: lock)
        let check = runTool(["fetch-base", "--out", out, "--check", "--api-key-env", "TT"], environment: environment)
        #expect(check.status == 1 && check.error.contains("is not on TomTom's hosts"), "\(check.error)")
    }

    /// Without curl on PATH the message says so; a curl that exits before reading its request (here a stand-in
    /// that refuses an option) fails the download with its own words. Before, the request's write to a pipe
    /// with no reader killed the tool with SIGPIPE about every second run (exit 141, nothing printed); in this
    /// in-process test that would end the test runner.
    @Test func aMissingOrFailingCurlIsAMessageNotASignal() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("base.json").path
        let arguments = ["fetch-base", "--out", out, "--url", "http://127.0.0.1:9/style.json"]
        let missing = runTool(arguments, environment: ["PATH": folder.appendingPathComponent("none").path])
        #expect(missing.status == 1)
        #expect(missing.error.contains("curl is not installed (no curl on PATH)"), "\(missing.error)")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: false)
        let standIn = bin.appendingPathComponent("curl")
        try Data("#!/bin/sh\necho 'curl: option --proto: is unknown' >&2\nexit 2\n".utf8).write(to: standIn)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.path)
        for _ in 0..<20 {
            let refused = runTool(arguments, environment: ["PATH": bin.path])
            #expect(refused.status == 1)
            #expect(
                refused.error.contains("failed (curl exit 2): curl: option --proto: is unknown"), "\(refused.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
