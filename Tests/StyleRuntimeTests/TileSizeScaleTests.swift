import Foundation
import LocatedJSON
import StyleRuntime
import TestSupport
import Testing

/// The tile size the TomTom SDK is told, per device: the calibration table (a test per row) and `resolve` setting
/// every raster source of a compiled style, TomTom's raster base map included.
@Suite struct TileSizeScaleTests {
    /// The measurement at map zoom 13 with a 512 GeoJSON layer: the sizes that drew at MapLibre's width.
    @Test func theCalibrationTableRowByRow() {
        #expect(TileSizeScale.tileSize(declared: 512, platform: .ios, displayScale: 3) == 256, "3x iPhone: /2")
        #expect(TileSizeScale.tileSize(declared: 512, platform: .ios, displayScale: 2) == 128, "2x iPad: /4")
        #expect(TileSizeScale.tileSize(declared: 512, platform: .ios, displayScale: 1) == 256, "1x: /2, coarser")
        #expect(TileSizeScale.tileSize(declared: 512, platform: .ios, displayScale: nil) == 256, "unknown: /2")
        for scale in [1, 2, 3, nil] as [Int?] {
            #expect(TileSizeScale.tileSize(declared: 512, platform: .android, displayScale: scale) == 256, "Android")
        }
        #expect(TileSizeScale.tileSize(declared: 2, platform: .ios, displayScale: 2) == 1, "never below 1")
    }

    private func tileSizes(_ settings: RuntimeSettings) throws -> [String: Int] {
        let compiled = try CompiledStyle(folder: Fixtures.folder("demo/expected/tomtom").path)
        let resolved = try compiled.resolve(settings)
        let root = try JSONParser().parse(bytes: resolved.style, name: "style.json").root
        var sizes: [String: Int] = [:]
        for member in root["sources"]?.objectValue?.members ?? [] where member.value["type"]?.stringValue == "raster" {
            sizes[member.key] = member.value["tileSize"]?.numberValue?.intValue
        }
        return sizes
    }

    @Test func resolvingSetsEveryRasterSourceForTheScreen() throws {
        var settings = RuntimeSettings(
            platform: .ios, apiKey: "k", localTileServer: "http://127.0.0.1:1", cacheKeys: ["heatmap": "c"])
        let declared = [
            "mc-base-raster": 256, "mc-raster-src-gsi-hillshade": 256, "mc-raster-src-weather-radar": 256,
            "mc-raster-src-esri-imagery": 256, "mc-raster-src-population-heatmap": 512, "mc-raster-src-contours": 256,
            // The vector style's two layers, rasterised at 512 pixels.
            "mc-raster-src-company-map-ground": 512, "mc-raster-src-company-map-labels": 512,
        ]
        for (platform, scale, divisor) in [
            (Platform.ios, 2, 4), (.ios, 3, 2), (.ios, 1, 2), (.android, 2, 2), (.android, 3, 2),
        ] {
            settings.platform = platform
            settings.displayScale = scale
            #expect(try tileSizes(settings) == declared.mapValues { $0 / divisor }, "\(platform) at \(scale)x")
        }
        settings.displayScale = 4
        #expect(throws: RuntimeError.self) { try tileSizes(settings) }
        // What compile writes loads as it is: declared / 2, the most common case.
        let style = try String(
            contentsOf: Fixtures.folder("demo/expected/tomtom").appendingPathComponent("style.json"), encoding: .utf8)
        #expect(style.contains("\"tileSize\": 256") && style.contains("\"tileSize\": 128"))
    }

    @Test func localTileServerURLsKeepTheDeclaredSize() throws {
        var settings = RuntimeSettings(
            platform: .ios, apiKey: "k", localTileServer: "http://127.0.0.1:1", cacheKeys: ["heatmap": "c"])
        settings.displayScale = 2
        let compiled = try CompiledStyle(folder: Fixtures.folder("demo/expected/tomtom").path)
        let style = String(decoding: try compiled.resolve(settings).style, as: UTF8.self)
        #expect(style.contains("http://127.0.0.1:1/tiles/heatmap/512/c/{z}/{x}/{y}"), "the size the app renders")
    }
}
