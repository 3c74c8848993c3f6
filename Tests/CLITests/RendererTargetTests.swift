import Foundation
import TestSupport
import Testing

@testable import MCStyleCLI

/// `renderers:` in the declarations and `.mc-style.yaml`, `--renderer` and own profiles, from the command line:
/// validate and compile report what a named renderer version cannot draw, at the place in the file; compile
/// records the oldest versions in the manifest; resolve refuses an older renderer.
@Suite struct RendererTargetTests {
    /// A base (MapLibre's shape) with a colour-relief layer on line 4 and hillshade-method on line 5.
    static let base = """
        {"version": 8, "name": "relief",
         "sources": {"dem": {"type": "raster-dem", "tiles": ["https://dem.example.com/{z}/{x}/{y}.png"]}},
         "layers": [
          {"id": "relief", "type": "color-relief", "source": "dem"},
          {"id": "shade", "type": "hillshade", "source": "dem", "paint": {"hillshade-method": "igor"}}
         ]}
        """

    static func declarations(_ extra: String) -> String {
        """
        version: 1
        target: maplibre
        base: base.json
        sources:
          - id: hillshade
            urlTemplate: https://tiles.example.com/hillshade/{z}/{x}/{y}.png
        \(extra)
        """
    }

    /// A project folder with the base, the declarations and any other files.
    static func project(_ declarations: String, files: [String: String] = [:]) throws -> URL {
        let folder = try makeTemporaryFolder()
        try Data(base.utf8).write(to: folder.appendingPathComponent("base.json"))
        try Data(declarations.utf8).write(to: folder.appendingPathComponent("mc-style.yaml"))
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test func theDeclarationsRenderersAreCheckedAtTheBasesLines() throws {
        let folder = try Self.project(Self.declarations("renderers: [maplibre-gl-js 5.3.0]"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("mc-style.yaml").path
        let run = runTool(["validate", path])
        let base = folder.appendingPathComponent("base.json").path
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "\(base):4:28: error: maplibre-gl-js 5.3.0 cannot draw layer type 'color-relief': maplibre-gl-js draws it from 5.6.0 [compat.layer-type]"
            ), "\(run.output)")
        #expect(
            run.output.contains(
                "\(base):5:67: error: maplibre-gl-js 5.3.0 cannot draw paint property 'hillshade-method': maplibre-gl-js draws it from 5.5.0 [compat.property]"
            ), "\(run.output)")
        // The command line wins over the declarations.
        let newer = runTool(["validate", path, "--renderer", "maplibre-gl-js@5.6.0"])
        #expect(newer.status == 0, "\(newer.output)")
        #expect(!newer.output.contains("compat."))
        // Without renderers nothing is checked.
        try Data(Self.declarations("").utf8).write(to: URL(fileURLWithPath: path))
        #expect(runTool(["validate", path]).status == 0)
    }

    @Test func theConfigurationNamesRenderersForAPlainStyle() throws {
        let folder = try Self.project(Self.declarations(""))
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("version: 1\nrenderers: [maplibre-native-ios 6.10.0]\n".utf8).write(
            to: folder.appendingPathComponent(".mc-style.yaml"))
        let base = folder.appendingPathComponent("base.json").path
        let run = runTool(["validate", base], in: folder.path)
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "base.json:4:28: error: maplibre-native-ios 6.10.0 cannot draw layer type 'color-relief'"),
            "\(run.output)")
        // A rule set to a warning in the same file is a warning.
        try Data("version: 1\nrenderers: [maplibre-native-ios 6.10.0]\nrules: {compat.layer-type: warning}\n".utf8)
            .write(to: folder.appendingPathComponent(".mc-style.yaml"))
        let lowered = runTool(["validate", base], in: folder.path)
        #expect(lowered.output.contains("warning: maplibre-native-ios 6.10.0 cannot draw layer type"))
        // Its own profiles, relative to it.
        try Data("version: 1\nname: tomtom-orbis\nsupport: {layer: {type:color-relief: unsupported}}\n".utf8).write(
            to: folder.appendingPathComponent("orbis.yaml"))
        try Data("version: 1\nrenderers: [tomtom-orbis 2.0]\nrendererProfiles: [orbis.yaml]\n".utf8).write(
            to: folder.appendingPathComponent(".mc-style.yaml"))
        let own = runTool(["validate", base], in: folder.path)
        #expect(
            own.output.contains("error: tomtom-orbis 2.0 cannot draw layer type 'color-relief': not drawn: ")
                && own.output.contains("orbis.yaml says so [compat.layer-type]"), "\(own.output)")
        #expect(!own.output.contains("hillshade-method"), "without builtOn, what the profile does not list is drawn")
    }

    @Test func anOwnProfileJudgesWhatItListsAndItsBaseTheRest() throws {
        let profile = """
            version: 1
            name: tomtom-orbis
            builtOn: maplibre-native-android 11.0.0
            support:
              layer:
                type:color-relief: 1.2.0
            """
        let folder = try Self.project(
            Self.declarations("renderers: [tomtom-orbis 1.0.0]\nrendererProfiles: [orbis.yaml]"),
            files: ["orbis.yaml": profile])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", folder.appendingPathComponent("mc-style.yaml").path])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "base.json:4:28: error: tomtom-orbis 1.0.0 cannot draw layer type 'color-relief': tomtom-orbis draws it from 1.2.0 [compat.layer-type]"
            ), "\(run.output)")
        #expect(
            run.output.contains(
                "cannot draw paint property 'hillshade-method': not drawn: maplibre-native-android 11.0.0, which it is built on, does not draw it"
            ), "\(run.output)")
        let compat = runTool(["compat", folder.appendingPathComponent("mc-style.yaml").path])
        #expect(compat.output.contains("tomtom-orbis: no version yet"), "\(compat.output)")
        #expect(compat.output.contains("tomtom-orbis@1.0.0: cannot draw 2 uses"), "\(compat.output)")
    }

    @Test func aProfileMistakeIsLocatedWithASuggestion() throws {
        let profile = "version: 1\nname: tomtom-orbis\nsupport:\n  layr:\n    type:color-relief: unsupported\n"
        let folder = try Self.project(
            Self.declarations("renderers: [tomtom-orbs 1.0.0]\nrendererProfiles: [orbis.yaml]"),
            files: ["orbis.yaml": profile])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = runTool(["validate", folder.appendingPathComponent("mc-style.yaml").path])
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "orbis.yaml:4:3: error: the support table has no group 'layr'; did you mean 'layer'? [renderer.profile]"
            ),
            "\(run.output)")
        // A profile with errors is not used: the name is unknown, with the names there are.
        #expect(
            run.output.contains("mc-style.yaml:7:13: error: no renderer profile is named 'tomtom-orbs'"),
            "\(run.output)")
        let misuse = runTool([
            "validate", folder.appendingPathComponent("mc-style.yaml").path, "--renderer-profile",
            folder.appendingPathComponent("nowhere.yaml").path,
        ])
        #expect(misuse.status == 2)
        #expect(misuse.error.contains("--renderer-profile: the file '\(folder.path)/nowhere.yaml' does not exist"))
    }

    @Test func theManifestRecordsTheMinimumAndResolveRefusesAnOlderRenderer() throws {
        let folder = try Self.project(Self.declarations("renderers: [maplibre-gl-js 5.6.0]"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let compile = runTool(["compile", folder.appendingPathComponent("mc-style.yaml").path, "--out", out])
        #expect(compile.status == 0, "\(compile.error)")
        let manifest = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
        #expect(
            manifest.contains(
                """
                  "renderers": [
                    {
                      "name": "maplibre-gl-js",
                      "version": "5.6.0",
                      "minimum": "5.6.0"
                    }
                  ],
                """), "\(manifest)")
        let old = runTool(["resolve", out, "--renderer", "maplibre-gl-js@5.5.1"])
        #expect(old.status == 1)
        #expect(
            old.error.contains(
                "this style needs maplibre-gl-js 5.6.0 or newer (the manifest's renderers), but the app draws with 5.5.1"
            ), "\(old.error)")
        #expect(old.error.contains("[resolve.renderer-too-old]"))
        #expect(runTool(["resolve", out, "--renderer", "maplibre-gl-js@5.6.0"]).status == 0)
        // A renderer the manifest does not name is not judged.
        #expect(runTool(["resolve", out, "--renderer", "maplibre-native-ios@1.0.0"]).status == 0)
        // A compile for a version that cannot draw the style writes nothing.
        let refused = runTool([
            "compile", folder.appendingPathComponent("mc-style.yaml").path, "--out", out + "-old", "--renderer",
            "maplibre-gl-js@5.3.0",
        ])
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out + "-old"))
    }
}

/// GL JS 5.3.0's verdicts where the table alone was wrong (issue 69, C6 and C7): what it ignores is a warning,
/// what it refuses (text without glyphs, legacy syntax inside an expression filter) an error.
@Suite struct RendererVerdictTests {
    static func style(_ root: String, layers: String, vector: String = "") -> String {
        #"{"version": 8, \#(root) "sources": {"v": {"type": "vector", "tiles": ["https://t.example.com/{z}/{x}/{y}.pbf"]\#(vector)}}, "layers": [\#(layers)]}"#
    }

    @Test func whatGLJSIgnoresIsAWarningAndWhatItRefusesAnError() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ignoredPath = folder.appendingPathComponent("ignored.json")
        try Data(
            Self.style(
                #""font-faces": {"Noto": "https://f.example.com/noto.ttf"}, "glyphs": "https://g.example.com/{fontstack}/{range}.pbf","#,
                layers: #"{"id": "l", "type": "line", "source": "v", "source-layer": "roads"}"#,
                vector: #", "volatile": true, "encoding": "mlt""#
            ).utf8
        ).write(to: ignoredPath)
        let ignored = runTool([
            "validate", ignoredPath.path, "--target", "maplibre", "--renderer", "maplibre-gl-js@5.3.0",
        ])
        #expect(ignored.status == 0, "\(ignored.output)")
        #expect(ignored.output.components(separatedBy: "[compat.ignored]").count == 4, "\(ignored.output)")
        #expect(
            ignored.output.contains(
                "warning: maplibre-gl-js 5.3.0 ignores root property 'font-faces': it loads the style and draws without it"
            ),
            "\(ignored.output)")
        let compat = runTool(["compat", ignoredPath.path, "--renderer", "maplibre-gl-js@5.3.0"])
        #expect(compat.status == 0, "\(compat.output)")
        #expect(compat.output.contains("ignored (the style loads without it)"), "\(compat.output)")

        let refusedPath = folder.appendingPathComponent("refused.json")
        try Data(
            Self.style(
                "",
                layers:
                    #"{"id": "s", "type": "symbol", "source": "v", "source-layer": "places", "layout": {"text-field": "{name}"}}, {"id": "f", "type": "fill", "source": "v", "source-layer": "water", "filter": ["all", ["==", "class", "lake"], ["==", ["get", "x"], 1]]}"#
            ).utf8
        ).write(to: refusedPath)
        let refused = runTool([
            "validate", refusedPath.path, "--target", "maplibre", "--renderer", "maplibre-gl-js@5.3.0",
        ])
        #expect(refused.status == 1, "\(refused.output)")
        #expect(
            refused.output.contains(
                "error: maplibre-gl-js 5.3.0 cannot draw text without glyphs (local fonts): maplibre-gl-js draws it from 5.11.0"
            ), "\(refused.output)")
        #expect(
            refused.output.contains(
                "error: maplibre-gl-js 5.3.0 refuses the style: it reads this filter as an expression"),
            "\(refused.output)")
        let newer = runTool([
            "validate", refusedPath.path, "--target", "maplibre", "--renderer", "maplibre-gl-js@5.11.0",
        ])
        #expect(!newer.output.contains("text without glyphs"), "\(newer.output)")
    }
}
