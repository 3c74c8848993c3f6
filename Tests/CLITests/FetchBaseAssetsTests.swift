import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import MCStyleCLI

/// `fetch-base` locking a base style's assets against a loopback stand-in for TomTom (the style, the Assets API's
/// sprite and fonts, tiles-only vector tiles and a TileJSON; reached as https://api.tomtom.com through the
/// `.curlrc` of `FetchBaseCommandTests.StandIn`): the checks then run from the lock with no `assets:` and no
/// network, a changed copy is an error naming it, and `--check` names what TomTom dropped and the layers it breaks.
@Suite(.serialized) struct FetchBaseAssetsTests {
    static let key = FetchBaseCommandTests.key
    static let server = #"""
        import http.server, json, signal, ssl, struct, sys, threading
        # Unblock SIGTERM (a test thread's mask blocks it), so that the test's terminate() stops it at once.
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        KEY = "SeCrEtKeY1234567890abcdef"
        state = {"drift": False}
        def varint(n):
            out = b""
            while True:
                b = n & 0x7F; n >>= 7
                if n: out += bytes([b | 0x80])
                else: return out + bytes([b])
        def field(number, payload): return varint(number << 3 | 2) + varint(len(payload)) + payload
        def layer(name, keys):
            # One point feature carrying every key with a string value.
            tags = b"".join(varint(i) + varint(0) for i in range(len(keys)))
            feature = field(2, tags) + varint(3 << 3) + varint(1) + field(4, varint(9) + varint(50) + varint(50))
            body = varint(15 << 3) + varint(2) + field(1, name.encode()) + field(2, feature)
            body += b"".join(field(3, k.encode()) for k in keys) + field(4, field(1, b"x")) + varint(5 << 3) + varint(4096)
            return field(3, body)
        def sprite():
            names = ["marker", "hospital", "shield-2" if state["drift"] else "shield"]
            return json.dumps({n: {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1} for n in names}).encode()
        T = "https://api.tomtom.com"
        STYLE = {"version": 8, "sprite": "{hosted_sprite_url}", "glyphs": "{hosted_glyphs_url}",
            "sources": {"vectorTiles": {"type": "vector", "maxzoom": 3, "tiles": [T + "/map/1/tile/basic/main/{z}/{x}/{y}.pbf?key=" + KEY]},
                        "poi": {"type": "vector", "url": T + "/poi/tiles.json?key=" + KEY}},
            "layers": [{"id": "bg", "type": "background"},
                {"id": "water", "type": "fill", "source": "vectorTiles", "source-layer": "Water"},
                {"id": "road-shield", "type": "symbol", "source": "vectorTiles", "source-layer": "Roads", "layout": {"icon-image": "shield", "text-field": ["get", "name"], "text-font": ["Noto-Regular"]}},
                {"id": "poi", "type": "symbol", "source": "poi", "source-layer": "Places", "layout": {"icon-image": "hospitl", "text-field": ["get", "name"], "text-font": ["Noto-Bold"]}},
                {"id": "poi-light", "type": "symbol", "source": "poi", "source-layer": "Places", "layout": {"text-field": ["get", "rank"], "text-font": ["Noto-Light"]}},
                {"id": "capital", "type": "symbol", "source": "poi", "source-layer": "Places", "layout": {"text-field": "Москва", "text-font": ["Noto-Regular"]}}]}
        class H(http.server.BaseHTTPRequestHandler):
            def log_message(self, *a): pass
            def do_GET(self):
                path, _, query = self.path.partition("?")
                if path == "/drift": state["drift"] = True; return self.send(200, b"ok")
                if path == "/evil":  # a style naming a private address for its sprite
                    return self.send(200, json.dumps({"version": 8, "sprite": "http://169.254.169.254/latest/sprite", "sources": {}, "layers": []}).encode())
                if f"key={KEY}" not in query: return self.send(403, b"no key")
                if path.startswith("/style/1/style/"): return self.send(200, json.dumps(STYLE).encode())
                if path.startswith("/maps/orbis/assets/sprites/1.*/sprite"):
                    if "map=basic_street-light" not in query or "apiVersion=1" not in query: return self.send(400, b"query")
                    if path.endswith(".json"): return self.send(200, sprite())
                    if path.endswith(".png"): return self.send(200, b"\x89PNG picture " + path.encode())
                if path.startswith("/maps/orbis/assets/fonts/1.*/"):
                    font = path.split("/")[-2]
                    served = path.endswith("/0-255.pbf") or (font == "Noto-Bold" and path.endswith("/1024-1279.pbf"))
                    if font in ("Noto-Bold", "Noto-Regular") and served: return self.send(200, b"glyphs of " + path.encode())
                if path.startswith("/map/1/tile/basic/main/"):
                    return self.send(200, layer("Water", ["class"]) + layer("Roads", ["name", "rank"]))
                if path == "/poi/tiles.json":
                    fields = {"rank": "Number"} if state["drift"] else {"name": "String", "rank": "Number"}
                    return self.send(200, json.dumps({"tilejson": "3.0.0", "tiles": [T + "/poi/{z}/{x}/{y}.pbf?key=" + KEY],
                        "vector_layers": [{"id": "Places", "fields": fields}]}).encode())
                self.send(404, b"nope")
            def send(self, code, body):
                self.send_response(code); self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)

        """#

    /// A project folder with a base fetched and locked from a fresh stand-in: the folder, the stand-in, the
    /// environment mc-style runs in, and what fetch-base printed.
    func lockedProject(_ extra: [String] = []) throws -> (URL, FetchBaseCommandTests.StandIn, [String: String], ToolRun)
    {
        let folder = try makeTemporaryFolder()
        let standIn = try #require(FetchBaseCommandTests.StandIn(folder: folder, script: Self.server))
        let environment = standIn.environment(["TT": Self.key])
        let run = runTool(
            ["fetch-base", "--out", folder.appendingPathComponent("base.json").path, "--api-key-env", "TT"] + extra,
            environment: environment)
        return (folder, standIn, environment, run)
    }

    /// The 1-based column of the first `needle` in the one-line saved style.
    func column(of needle: String, in folder: URL) throws -> Int {
        let text = try String(contentsOfFile: folder.appendingPathComponent("base.json").path, encoding: .utf8)
        let range = try #require(text.range(of: needle))
        return text.distance(from: text.startIndex, to: range.lowerBound) + 1
    }

    @Test(.enabled(if: FetchBaseCommandTests.toolsPresent, "python3, curl or openssl is absent: skipped"))
    func aFreshProjectLocksOnceThenValidatesOffline() throws {
        let (folder, standIn, _, saved) = try lockedProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(saved.status == 0, "\(saved.error)")
        #expect(
            saved.output.contains(
                "locked 3 icons, 3 font stacks (not served: Noto-Light), source 'vectorTiles': 2 layers read from 4 tiles, source 'poi': 1 layer in"
            ), "\(saved.output)")
        let assets = folder.appendingPathComponent("base.assets")
        let files = try FileManager.default.subpathsOfDirectory(atPath: assets.path).filter { $0.contains(".") }
            .sorted()
        #expect(
            files == [
                "glyphs/Noto-Bold.0-255.pbf", "glyphs/Noto-Regular.0-255.pbf", "sprite.json", "sprite@2x.json",
                "tilejson/poi.json", "tilejson/vectorTiles.json",
            ])
        // The key is in no file written: the lock and copies hold {key}.
        for file in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where file.hasPrefix("base") {
            let bytes = (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data()
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.key), "\(file) holds the key")
        }
        let lock = try String(contentsOf: folder.appendingPathComponent("base.lock.json"), encoding: .utf8)
        #expect(
            lock.contains(
                "\"{hosted_sprite_url}\": \"https://api.tomtom.com/maps/orbis/assets/sprites/1.*/sprite?key={key}&apiVersion=1&map=basic_street-light\""
            ))
        #expect(lock.contains("\"absent\": 404"))
        // Offline: the stand-in is stopped and nothing is fetched; no assets: section, no flags.
        standIn.process.terminate()
        standIn.process.waitUntilExit()
        try Data(
            "version: 1\nbase: base.json\nsources:\n  - id: hillshade\n    urlTemplate: https://tiles.example.com/h/{z}/{x}/{y}.png\n"
                .utf8
        )
        .write(to: folder.appendingPathComponent("mc-style.yaml"))
        let icon = try column(of: "\"hospitl\"", in: folder)
        let font = try column(of: "\"Noto-Light\"", in: folder)
        let base = folder.appendingPathComponent("base.json").path
        for input in ["base.json", "mc-style.yaml"] {
            let checked = runTool(["validate", folder.appendingPathComponent(input).path])
            #expect(checked.status == 1)
            #expect(
                checked.output.contains(
                    "\(base):1:\(icon): error: image 'hospitl' is not in the sprite (3 images); it draws nothing; did you mean 'hospital'? [assets.sprite-image]"
                ), "\(input): \(checked.output)")
            #expect(
                checked.output.contains("\(base):1:\(font): error: font 'Noto-Light' is not on the glyph server"),
                "\(input): \(checked.output)")
            #expect(checked.output.contains("2 errors, 0 warnings"), "\(input): \(checked.output)")
            // Only range 0-255 is locked: which characters a stack has beyond it is not known, so not checked.
            #expect(!checked.output.contains("[assets.glyph-range]"), "\(input): \(checked.output)")
        }
    }

    @Test(.enabled(if: FetchBaseCommandTests.toolsPresent, "python3, curl or openssl is absent: skipped"))
    func checkNamesWhatIsGoneAndTheLayersItBreaks() throws {
        let (folder, standIn, environment, saved) = try lockedProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(saved.status == 0, "\(saved.error)")
        let out = folder.appendingPathComponent("base.json").path
        let same = runTool(["fetch-base", "--out", out, "--api-key-env", "TT", "--check"], environment: environment)
        #expect(same.status == 0, "\(same.error)")
        #expect(same.output == "\(out) is what TomTom serves\n")
        // TomTom renames one icon and drops one field of a TileJSON's vector layer.
        let drift = Process()
        drift.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        drift.arguments = [
            "--silent", "--insecure", "--output", "/dev/null", "https://127.0.0.1:\(standIn.port)/drift",
        ]
        try drift.run()
        drift.waitUntilExit()
        let changed = runTool(["fetch-base", "--out", out, "--api-key-env", "TT", "--check"], environment: environment)
        #expect(changed.status == 1)
        let text = changed.output
        #expect(text.contains("gone: icon 'shield' is gone from sprite.json\n"), "\(text)")
        #expect(text.contains("gone: field 'name' of layer 'Places' is gone from source 'poi'\n"), "\(text)")
        #expect(text.contains("new or changed: icon 'shield-2' is new in sprite.json\n"), "\(text)")
        #expect(!text.contains("sprite picture"), "pictures that did not change are not reported: \(text)")
        // The layers that breaks, at their places in the saved style.
        let shield = try column(of: "\"shield\"", in: folder)
        let name = try column(of: "\"name\"], \"text-font\": [\"Noto-Bold\"]", in: folder)
        #expect(text.contains("\(out):1:\(shield): error: image 'shield' is not in the sprite"), "\(text)")
        #expect(text.contains("\(out):1:\(name): warning: ['get', 'name'] reads a field"), "\(text)")
        // What the lock already knew (the misspelled icon, the missing font) is not the drift's doing.
        #expect(!text.contains("image 'hospitl'") && !text.contains("font 'Noto-Light'"), "\(text)")
        #expect(!text.contains(Self.key) && !changed.error.contains(Self.key))
    }

    @Test(.enabled(if: FetchBaseCommandTests.toolsPresent, "python3, curl or openssl is absent: skipped"))
    func aCopyThatIsNotTheLockedOneIsAnErrorNamingIt() throws {
        let (folder, _, _, saved) = try lockedProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(saved.status == 0, "\(saved.error)")
        let sprite = folder.appendingPathComponent("base.assets/sprite.json")
        try Data("{}".utf8).write(to: sprite)
        let base = folder.appendingPathComponent("base.json").path
        let edited = runTool(["validate", base])
        #expect(edited.status == 1)
        #expect(
            edited.output.contains(
                "error: \(folder.path)/base.assets/sprite.json is not what was fetched (its SHA-256 is not the lock's): restore it, or run mc-style fetch-base again [assets.lock]"
            ), "\(edited.output)")
        #expect(
            edited.output.hasPrefix("\(folder.path)/base.lock.json:"),
            "the finding is at the lock's entry: \(edited.output)")
        // With the lock unusable, no asset finding is made from it.
        #expect(!edited.output.contains("[assets.sprite-image]"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("base.assets/glyphs/Noto-Bold.0-255.pbf"))
        let missing = runTool(["validate", base])
        #expect(
            missing.output.contains(
                "error: \(folder.path)/base.assets/glyphs/Noto-Bold.0-255.pbf, which the lock names, cannot be read"),
            "\(missing.output)")
    }

    @Test(.enabled(if: FetchBaseCommandTests.toolsPresent, "python3, curl or openssl is absent: skipped"))
    func picturesOnRequestTheStyleAloneOnRequestAndTheKeyOnlyToTomTom() throws {
        let (folder, standIn, environment, saved) = try lockedProject(["--with-images"])
        defer { try? FileManager.default.removeItem(at: folder) }
        defer { withExtendedLifetime(standIn) {} }
        #expect(saved.status == 0, "\(saved.error)")
        let assets = folder.appendingPathComponent("base.assets").path
        #expect(FileManager.default.fileExists(atPath: assets + "/sprite.png"))
        #expect(FileManager.default.fileExists(atPath: assets + "/sprite@2x.png"))
        let alone = folder.appendingPathComponent("alone.json").path
        let styleOnly = runTool(
            ["fetch-base", "--out", alone, "--api-key-env", "TT", "--no-assets"], environment: environment)
        #expect(styleOnly.status == 0, "\(styleOnly.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("alone.assets").path))
        let lock = try String(contentsOfFile: folder.appendingPathComponent("alone.lock.json").path, encoding: .utf8)
        #expect(!lock.contains("\"assets\""))
        // A sprite URL off TomTom's hosts that wants the key: nothing is requested, nothing is written.
        let elsewhere = folder.appendingPathComponent("elsewhere.json").path
        let refused = runTool(
            [
                "fetch-base", "--out", elsewhere, "--api-key-env", "TT", "--hosted-sprite",
                "https://sprites.example.com/sprite?key={key}",
            ], environment: environment)
        #expect(refused.status == 1)
        #expect(
            refused.error.contains(
                "https://sprites.example.com/sprite.json?key={key} wants the key, which goes only to TomTom's hosts over https: nothing was requested"
            ), "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
        #expect(!refused.error.contains(Self.key))
        // A private address the style names (not the user) is never fetched: nothing is written.
        let evil = runTool(
            ["fetch-base", "--out", elsewhere, "--url", "https://api.tomtom.com/evil"], environment: environment)
        #expect(evil.status == 1)
        #expect(
            evil.error.contains(
                "http://169.254.169.254/latest/sprite.json is not fetched: 169.254.169.254 is a loopback, link-local or private address"
            ), "\(evil.error)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
        let misuse = runTool(
            ["fetch-base", "--out", elsewhere, "--no-assets", "--with-images"], environment: environment)
        #expect(misuse.status == 2)
    }
}

extension FetchBaseAssetsTests {
    /// A vector style with a lock beside it (`fetch-base --url` writes one) is checked against its own locked
    /// sprite, not the base's: the icon it misspells is found at its own line and column.
    @Test func aVectorStyleIsCheckedAgainstItsOwnLock() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fileManager = FileManager.default
        try fileManager.createDirectory(
            at: folder.appendingPathComponent("vector/style.assets"), withIntermediateDirectories: true)
        try fileManager.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        func write(_ text: String, _ name: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        try write(#"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#, "base.json")
        try write(
            "version: 1\nbase: base.json\nsources:\n  - id: company\n    vectorStyle: {style: vector/style.json, route: company}\n",
            "mc-style.yaml")
        let style = """
            {"version": 8, "sprite": "https://maps.example.com/sprite",
              "sources": {"points": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}},
              "layers": [{"id": "pins", "type": "symbol", "source": "points", "layout": {"icon-image": "pn"}}]}
            """
        try write(style, "vector/style.json")
        let sprite = #"{"pin": {"x": 0, "y": 0, "width": 8, "height": 8, "pixelRatio": 1}}"#
        try write(sprite, "vector/style.assets/sprite.json")
        let digest = SHA256.hex(Array(sprite.utf8))
        try write(
            #"{"format": "mc-style-base-lock", "assets": {"folder": "style.assets", "entries": [{"kind": "sprite", "url": "https://maps.example.com/sprite.json", "path": "sprite.json", "sha256": "\#(digest)"}]}}"#,
            "vector/style.lock.json")
        let checked = runTool(["validate", folder.appendingPathComponent("mc-style.yaml").path])
        #expect(
            checked.output.contains(
                "vector/style.json:3:92: error: image 'pn' is not in the sprite (1 images); it draws nothing; did you mean 'pin'? [assets.sprite-image]"
            ), "\(checked.output)")
        // The base has no lock: its checks run as before, and the vector style's sprite is not the base's.
        #expect(checked.output.components(separatedBy: "[assets.").count == 2, "\(checked.output)")
    }
}

extension FetchBaseAssetsTests {
    /// `--glyph-range` locks more ranges of every stack: a constant label's characters are then checked in them
    /// (and only in them), and the summary still counts stacks, not files.
    @Test(.enabled(if: FetchBaseCommandTests.toolsPresent, "python3, curl or openssl is absent: skipped"))
    func moreGlyphRangesOnRequestCheckALabelsCharacters() throws {
        let (folder, standIn, _, saved) = try lockedProject(["--glyph-range", "1024-1279"])
        defer { try? FileManager.default.removeItem(at: folder) }
        defer { withExtendedLifetime(standIn) {} }
        #expect(saved.status == 0, "\(saved.error)")
        #expect(saved.output.contains("locked 3 icons, 3 font stacks (not served: Noto-Light)"), "\(saved.output)")
        let glyphs = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("base.assets/glyphs").path
        ).sorted()
        #expect(glyphs == ["Noto-Bold.0-255.pbf", "Noto-Bold.1024-1279.pbf", "Noto-Regular.0-255.pbf"])
        let base = folder.appendingPathComponent("base.json").path
        // The stand-in's JSON escapes non-ASCII text: the label starts at its opening quote all the same.
        let label = try column(of: "\"\\u041c", in: folder)
        let checked = runTool(["validate", base])
        #expect(
            checked.output.contains(
                "\(base):1:\(label): warning: no font of [Noto-Regular] has the glyph range 1024-1279 that 'Москва' needs [assets.glyph-range]"
            ), "\(checked.output)")
        #expect(checked.output.components(separatedBy: "[assets.glyph-range]").count == 2, "\(checked.output)")
        let refused = runTool(["fetch-base", "--out", base, "--glyph-range", "1000-1255"])
        #expect(refused.status == 2)
        #expect(refused.error.contains("START a multiple of 256"), "\(refused.error)")
    }
}
