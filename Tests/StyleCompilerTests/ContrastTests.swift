import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// `lint.contrast`: text against its halo, or without one against every surface it may be drawn on, at the zooms
/// where it shows; colours the style does not hold are not judged.
@Suite struct ContrastTests {
    static func findings(_ layers: String, minimum: Double = 3, extraSources: String = "") throws -> [Diagnostic] {
        let text = """
            {"version": 8, "glyphs": "https://t.example.com/{fontstack}/{range}.pbf",
             "sources": {"v": {"type": "vector", "tiles": ["https://t.example.com/{z}/{x}/{y}.pbf"]}\(extraSources)},
             "layers": [\(layers)]}
            """
        let document = try JSONParser().parse(text, name: "style.json")
        var validator = StyleValidator(target: .maplibre)
        validator.minimumContrast = minimum
        return validator.validate(document.root, in: document).filter { $0.rule == Rule.lintContrast.id }
    }

    static let land = ##"{"id": "land", "type": "background", "paint": {"background-color": "#f8f4f0"}}"##
    static func label(_ paint: String, layout: String = "") -> String {
        ##"{"id": "names", "type": "symbol", "source": "v", "source-layer": "places", "layout": {"text-field": "{name}"\##(layout)}, "paint": {\##(paint)}}"##
    }

    @Test func paleTextOnAPaleGroundIsFoundWithItsRatioAndZoom() throws {
        let found = try Self.findings(Self.land + ", " + Self.label(##""text-color": "#dddddd""##))
        #expect(found.count == 1)
        #expect(found.first?.message.contains("1.24:1 against the background at zoom 0") == true, "\(found)")
        #expect(found.first?.severity == .note)
    }

    @Test func aHaloIsWhatTheTextIsReadAgainst() throws {
        let dark = ##""text-color": "#dddddd", "text-halo-color": "#333333", "text-halo-width": 1"##
        #expect(try Self.findings(Self.land + ", " + Self.label(dark)).isEmpty)
        let pale = ##""text-color": "#999999", "text-halo-color": "#ffffff", "text-halo-width": 1"##
        let found = try Self.findings(Self.land + ", " + Self.label(pale))
        #expect(found.first?.message.contains("against its halo") == true, "\(found)")
    }

    @Test func theWorstZoomOfAZoomCurveIsReported() throws {
        let curve =
            ##""text-color": ["interpolate", ["linear"], ["zoom"], 5, "#000000", 15, "#f0f0f0"], "text-halo-width": 0"##
        let found = try Self.findings(Self.land + ", " + Self.label(curve))
        #expect(found.first?.message.contains("at zoom 15") == true, "\(found)")
    }

    @Test func textLegibleOnSomeSurfaceItMayBeOnIsNotReported() throws {
        // White text over water: illegible on the pale land, legible on the dark water drawn before it.
        let water =
            ##"{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-color": "#102040"}}"##
        #expect(
            try Self.findings([Self.land, water, Self.label(##""text-color": "#ffffff""##)].joined(separator: ", "))
                .isEmpty)
    }

    @Test func whatTheStyleDoesNotHoldIsNotJudged() throws {
        // Text on its own icon (a shield), over a raster, or in a colour read from the features.
        let shield = Self.label(##""text-color": "#ffffff""##, layout: ##", "icon-image": "shield""##)
        #expect(try Self.findings(Self.land + ", " + shield).isEmpty)
        let raster = ##"{"id": "imagery", "type": "raster", "source": "sat"}"##
        #expect(
            try Self.findings(
                [Self.land, raster, Self.label(##""text-color": "#ffffff""##)].joined(separator: ", "),
                extraSources: ##", "sat": {"type": "raster", "tiles": ["https://t.example.com/{z}/{x}/{y}.jpg"]}"##
            ).isEmpty)
        let data = Self.label(##""text-color": ["get", "colour"]"##)
        #expect(try Self.findings(Self.land + ", " + data).isEmpty)
    }

    @Test func theThresholdIsTheConfigurations() throws {
        let grey = Self.land + ", " + Self.label(##""text-color": "#767676""##)  // 4.26:1 on #f8f4f0
        #expect(try Self.findings(grey).isEmpty)
        #expect(try Self.findings(grey, minimum: 4.5).count == 1)
        let configuration = LintConfigurationLoader().load(path: try Self.configuration("minimumRatio: 4.5"))
        #expect(configuration.diagnostics.isEmpty)
        #expect(configuration.configuration?.minimumContrast == 4.5)
        let wrong = LintConfigurationLoader().load(path: try Self.configuration("minimumRatio: 30"))
        #expect(wrong.diagnostics.map(\.message).contains { $0.contains("from 1 to 21") })
    }

    static func configuration(_ setting: String) throws -> String {
        let folder = try makeStandaloneTemporaryFolder()
        let path = folder.appendingPathComponent(".mc-style.yaml").path
        try Data("version: 1\nrules:\n  lint.contrast: {severity: warning, \(setting)}\n".utf8).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    /// On real styles: TomTom's own base sets two labels pale on their halos (rivers, states); OpenMapTiles'
    /// positron is pale by design; versatiles-colorful its house numbers and its motorway shields' text.
    @Test(.enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)))
    func realStylesGiveTheirPaleLabels() throws {
        let corpus = try #require(SharedData.root).appendingPathComponent("corpus/styles")
        func layers(_ name: String) throws -> [String] {
            let document = try JSONParser().parse(
                bytes: Array(try Data(contentsOf: corpus.appendingPathComponent(name))), name: name)
            return StyleValidator(target: .maplibre).validate(document.root, in: document)
                .filter { $0.rule == Rule.lintContrast.id }.compactMap(\.layerID)
        }
        #expect(try layers("tomtom-basic-main.json") == ["River label", "State name"])
        #expect(
            try layers("versatiles-colorful-2023-dist.json") == ["label-address-housenumber", "label-motorway-shield"])
        #expect(try layers("omt-positron.json").contains("water_name"))
    }
}
