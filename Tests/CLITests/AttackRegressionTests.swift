import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// Defects an attack pass found (issue 69, section E), each reproduced from its description: what the tool must
/// refuse, mask or bound.
@Suite struct AttackRegressionTests {
    /// `.mc-style.yaml` is found by itself: the renderer profiles it names follow the declarations' rule, so an
    /// absolute path, a `../` path or a link out of the project is refused and never read or quoted.
    @Test func configurationProfilesAreConfinedToTheProject() throws {
        let outer = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: outer) }
        let folder = outer.appendingPathComponent("project")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let secret = "DATABASE_URL=postgres://app:hunter2-secret@db.internal/app\n"
        try Data(secret.utf8).write(to: outer.appendingPathComponent("secrets.env"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("linked.yaml").path,
            withDestinationPath: outer.appendingPathComponent("secrets.env").path)
        try Data(RendererTargetTests.base.utf8).write(to: folder.appendingPathComponent("base.json"))
        let absolute = outer.appendingPathComponent("secrets.env").path
        for reference in ["../secrets.env", absolute, "linked.yaml"] {
            try Data("version: 1\nrendererProfiles: [\"\(reference)\"]\n".utf8).write(
                to: folder.appendingPathComponent(".mc-style.yaml"))
            let run = runTool(["validate", "base.json"], in: folder.path)
            #expect(run.status == 1, "\(reference): \(run.output)")
            #expect(
                run.output.contains(".mc-style.yaml:2:20: error: rendererProfiles[0] '")
                    && run.output.contains("lies outside the project folder")
                    && run.output.contains("a configuration file reads only files inside its project")
                    && run.output.contains("[decl.path-escape]"), "\(reference): \(run.output)")
            #expect(!(run.output + run.error).contains("hunter2"), "\(reference): \(run.output)")
        }
        // Inside the project it is read as before.
        try Data("version: 1\nname: own\nsupport: {}\n".utf8).write(to: folder.appendingPathComponent("own.yaml"))
        try Data("version: 1\nrendererProfiles: [own.yaml]\n".utf8).write(
            to: folder.appendingPathComponent(".mc-style.yaml"))
        let inside = runTool(["validate", "base.json"], in: folder.path)
        #expect(!inside.output.contains("decl.path-escape"), "\(inside.output)")
    }
}

extension AttackRegressionTests {
    /// A password in a URL's user info, a percent-encoded parameter name and a `Cookie` header are masked on the
    /// excerpted line as `Authorization` beside them is.
    @Test func excerptsMaskUserInfoPercentEncodedNamesAndCookies() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"version":8,"sources":{},"layers":[]}"#.utf8).write(to: folder.appendingPathComponent("base.json"))
        let declarations = """
            version: 1
            base: base.json
            sources:
              - id: a
                urlTemplate: https://tiler:Pa55-w0rd-9911@tiles.example.com/{z}/{x}/{y}.png?%6Bey=Zq9xW2vB7nK4mP8s&tileSize=3
                opacity: 2
                extraHeaders: { Cookie: session=c00kie-5e55ion-77, Authorization: Bearer xyz0987654321 }
                tileSize: 3
            """
        try Data(declarations.utf8).write(to: folder.appendingPathComponent("mc-style.yaml"))
        for format in ["text", "json", "sarif", "github", "gitlab"] {
            let run = runTool(
                ["validate", "--format", format, "--verbose", folder.appendingPathComponent("mc-style.yaml").path])
            #expect(run.status == 1, "\(format): \(run.output)")
            for secret in ["Pa55-w0rd-9911", "Zq9xW2vB7nK4mP8s", "c00kie-5e55ion-77", "xyz0987654321"] {
                #expect(!(run.output + run.error).contains(secret), "\(format) shows \(secret): \(run.output)")
            }
        }
        #expect(
            CredentialMaskingProbe.masked(
                "url: https://tiler:Pa55-w0rd-9911@tiles.example.com/a.png?%6Bey=Zq9xW2vB7nK4")
                == "url: https://tiler:Pa55…@tiles.example.com/a.png?%6Bey=Zq9x…")
        #expect(
            CredentialMaskingProbe.masked("extraHeaders: { Cookie: session=c00kie-5e55ion, Accept: image/png }")
                == "extraHeaders: { Cookie: sess…, Accept: image/png }")
        // A port or an email-like path is no password.
        #expect(
            CredentialMaskingProbe.masked("http://127.0.0.1:8080/tiles/a@b.png")
                == "http://127.0.0.1:8080/tiles/a@b.png")
    }
}

extension AttackRegressionTests {
    /// `tileSize: 1` is warned about, and `cost` counts its millions of tiles from runs of columns; a recording
    /// holding a sparse file that claims terabytes is not summed (its size is past what a replay serves).
    @Test func aTinyTileSizeAndAHugeRecordedFileAreBounded() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"version":8,"sources":{},"layers":[]}"#.utf8).write(to: folder.appendingPathComponent("base.json"))
        let declarations = """
            version: 1
            target: maplibre
            base: base.json
            sources:
              - id: tiny
                urlTemplate: https://tiles.example.com/{z}/{x}/{y}.png
                tileSize: 1
              - id: plain
                urlTemplate: https://plain.example.com/{z}/{x}/{y}.png
                tileSize: 256
            """
        let path = folder.appendingPathComponent("mc-style.yaml").path
        try Data(declarations.utf8).write(to: URL(fileURLWithPath: path))
        let validate = runTool(["validate", path])
        #expect(
            validate.output.contains(
                "mc-style.yaml:7:15: warning: tileSize 1 is below 64 pixels: a view needs 4096x the requests of a 64-pixel source"
            ), "\(validate.output)")
        // A recording whose one stored file claims terabytes.
        let recording = folder.appendingPathComponent("tiles")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        let name = String(repeating: "b", count: 64)
        try Data().write(to: recording.appendingPathComponent(name))
        let handle = try FileHandle(forWritingTo: recording.appendingPathComponent(name))
        // 4 TiB: as far as every common file system lets a sparse file claim.
        try handle.truncate(atOffset: 4 << 40)
        try handle.close()
        let url = "https://plain.example.com/9/270/173.png"
        try Data(#"{"\#(url)": {"file": "\#(name)", "type": "image/png"}}"#.utf8)
            .write(to: recording.appendingPathComponent("index.json"))
        let cost = runTool([
            "cost", path, "--view", "50,10,9,2048x2048", "--format", "json", "--tiles", recording.path,
        ])
        #expect(cost.status == 0, "\(cost.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cost.output.utf8)) as? [String: Any])
        let sources = try #require((object["views"] as? [[String: Any]])?.first?["sources"] as? [[String: Any]])
        let tiny = try #require(sources.first { $0["id"] as? String == "mc-raster-src-tiny" })
        #expect((tiny["tiles"] as? Int ?? 0) > 4_000_000, "\(tiny)")
        let plain = try #require(sources.first { $0["id"] as? String == "mc-raster-src-plain" })
        #expect((plain["recordedBytes"] as? Int ?? 0) < 1 << 30, "\(plain)")
    }
}

extension AttackRegressionTests {
    /// A hand-made file whose name fits an output's (`style.backup.json`, `tilejson/my-notes.json`) is not the last
    /// compile's: the manifest does not list it, so compile refuses, names it, and leaves the folder as it was.
    @Test func compileNeverRemovesFilesTheManifestDoesNotList() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let demo = Fixtures.folder("demo/mc-style.yaml").path
        #expect(runTool(["compile", demo, "--out", out.path, "--quiet"]).status == 0)
        for name in ["style.backup.json", "tilejson/my-notes.json"] {
            let file = out.appendingPathComponent(name)
            try Data("keep me\n".utf8).write(to: file)
            for words in [["--out", out.path], ["--out", out.path, "--check"]] {
                let run = runTool(["compile", demo] + words)
                #expect(run.status == 1, "\(name) \(words): \(run.output)")
                #expect(
                    run.error.contains(
                        "holds '\(name)', which the last compile's manifest.json does not list, so mc-style did not write it and will not remove it"
                    ), "\(name): \(run.error)")
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == "keep me\n")
            try FileManager.default.removeItem(at: file)
        }
        // What the manifest lists is still replaced and removed as before.
        #expect(runTool(["compile", demo, "--out", out.path, "--check"]).status == 0)
    }
}
