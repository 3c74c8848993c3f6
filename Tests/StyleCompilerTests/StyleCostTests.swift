import Foundation
import LocatedJSON
import TestSupport
import Testing

@testable import StyleCompiler

/// A composed style costed per view: which sources ask for tiles and why others do not, the layers shown, the
/// stacked opaque rasters, the two renderer models, files, and bytes from a recording. The tile counts of the
/// `maplibre` model are those GL JS 5.3.0 asked for (`.ci/cost_check.py` checks the same in CI).
@Suite struct StyleCostTests {
    static let style = #"""
        {"version": 8,
         "sources": {
          "base": {"type": "vector", "tiles": ["https://t.example.com/base/{z}/{x}/{y}.pbf"], "maxzoom": 14},
          "streets": {"type": "raster", "tiles": ["https://t.example.com/s/{z}/{x}/{y}.png"], "tileSize": 256},
          "japan": {"type": "raster", "tiles": ["https://t.example.com/j/{z}/{x}/{y}.png"], "tileSize": 256,
                    "bounds": [122, 20, 154, 46]},
          "late": {"type": "raster", "tiles": ["https://t.example.com/l/{z}/{x}/{y}.png"], "minzoom": 15},
          "radar": {"type": "raster", "url": "https://t.example.com/radar.json"},
          "points": {"type": "geojson", "data": "https://t.example.com/points.geojson"},
          "inline": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}
         },
         "layers": [
          {"id": "background", "type": "background"},
          {"id": "water", "type": "fill", "source": "base", "source-layer": "water"},
          {"id": "streets", "type": "raster", "source": "streets"},
          {"id": "japan", "type": "raster", "source": "japan", "paint": {"raster-opacity": 0.95}},
          {"id": "late", "type": "raster", "source": "late"},
          {"id": "radar", "type": "raster", "source": "radar", "minzoom": 16, "paint": {"raster-opacity": 0.5}},
          {"id": "points", "type": "circle", "source": "points", "layout": {"visibility": "none"}}
         ]}
        """#

    static let tokyo = CostView(
        name: "tokyo", longitude: 139.7671, latitude: 35.6812, zoom: 14, width: 390, height: 844)

    func cost(_ view: CostView, model: CostModel = .maplibre) throws -> ViewCost {
        let document = try JSONParser().parse(Self.style, name: "style.json")
        return try StyleCost(style: document.root, model: model).cost(of: view, variant: "default")
    }

    func source(_ cost: ViewCost, _ id: String) throws -> SourceCost {
        try #require(cost.sources.first { $0.id == id })
    }

    @Test func eachSourceSaysWhatItAsksForAndWhy() throws {
        let cost = try cost(Self.tokyo)
        #expect(cost.tileZoom == 13 && cost.layerZoom == 13)
        let base = try source(cost, "base")
        #expect(base.status == .shown && base.level == 13 && base.tiles == 2, "vector: level 13 at zoom 13")
        let streets = try source(cost, "streets")
        #expect(streets.status == .shown && streets.level == 14 && streets.tiles == 8 && streets.onFailure == 20)
        #expect(try source(cost, "japan").tiles == 8)
        #expect(try source(cost, "late").status == .belowMinzoom)
        let radar = try source(cost, "radar")
        #expect(radar.status == .noLayerShown && radar.isEstimated && radar.files == 1 && radar.requests == 1)
        #expect(try source(cost, "points").status == .file)
        #expect(try source(cost, "inline").status == .inline)
        #expect(cost.requests == 2 + 8 + 8 + 1 + 1)
        #expect(cost.shownLayers.map(\.type) == ["background", "fill", "raster"])
        #expect(cost.shownLayerCount == 5, "radar is below its minzoom, points hidden")
        #expect(cost.stackedRasters == 2, "streets (opacity 1) and japan (0.95); late asks for nothing")
        #expect(cost.curve.map(\.zoom) == Array(0...22))
        #expect(cost.curve[14].tiles == 18 && cost.curve[14].prefetch == 0)
        #expect(cost.approximations.count == 1, "radar's range comes from its TileJSON")
    }

    @Test func outsideItsBoundsASourceAsksForNothing() throws {
        let honolulu = CostView(
            name: "honolulu", longitude: -157.8583, latitude: 21.3069, zoom: 11, width: 600, height: 400)
        let cost = try cost(honolulu)
        #expect(try source(cost, "japan").status == .outsideBounds)
        #expect(try source(cost, "japan").tiles == 0)
        #expect(cost.stackedRasters == 1)
    }

    @Test func tomTomDrawsRasterTilesTwiceAsLargeAndPrefetches() throws {
        let cost = try cost(Self.tokyo, model: .tomtom)
        let streets = try source(cost, "streets")
        #expect(streets.tileSize == 512 && streets.level == 13 && streets.tiles == 2)
        #expect(streets.prefetch == 1, "the view at level 9")
        #expect(try source(cost, "base").tileSize == 512, "vector tiles are not doubled")
        #expect(abs(cost.layerZoom - 12.54) < 0.01, "TomTom's zoom at Tokyo: unified - 1.46")
    }

    @Test func aPitchedViewIsNotedAsApproximate() throws {
        var view = Self.tokyo
        view.pitch = 45
        #expect(try cost(view).approximations.first?.hasPrefix("pitch 45 is not modelled") == true)
    }

    @Test func aRecordingGivesTheBytesOfTheTilesItHolds() throws {
        let tiles = try #require(
            try StyleCost(style: JSONParser().parse(Self.style, name: "s.json").root, model: .maplibre)
                .cost(of: Self.tokyo, variant: "default").sources.first { $0.id == "streets" })
        #expect(tiles.recordedBytes == nil)
        let recorded = RecordedTiles(sizes: [
            "https://t.example.com/s/14/14552/6450.png": 1000, "https://t.example.com/s/14/14553/6450.png": 500,
        ])
        let document = try JSONParser().parse(Self.style, name: "style.json")
        let cost = try StyleCost(style: document.root, model: .maplibre)
            .cost(of: Self.tokyo, variant: "default", recorded: recorded)
        let streets = try source(cost, "streets")
        #expect(streets.recordedBytes == 1500 && streets.unrecordedTiles == 6)
        #expect(cost.recordedBytes == 1500, "the sources the recording has nothing of add 0")
    }

    @Test func aRecordingFolderIsReadThroughItsIndex() throws {
        let folder = try makeStandaloneTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = String(repeating: "a", count: 64)
        try Data(count: 321).write(to: folder.appendingPathComponent(name))
        try Data(
            #"{"https://t.example.com/a.png": {"file": "\#(name)", "type": "image/png"}, "x": {"file": "../x"}}"#.utf8
        )
        .write(to: folder.appendingPathComponent("index.json"))
        let recorded = try RecordedTiles.load(folder: folder.path).get()
        #expect(recorded.size(of: "https://t.example.com/a.png") == 321)
        #expect(recorded.size(of: "x") == nil, "a name that is not a stored file's is not followed")
        guard case .failure(let error) = RecordedTiles.load(folder: folder.appendingPathComponent("none").path) else {
            Issue.record("a folder without an index is refused")
            return
        }
        #expect(error.description.contains("index.json"))
    }

    @Test func viewsAreReadFromTheCommandLine() throws {
        let phone = try CostView.parse("35.68,139.76,13,phone-portrait").get()
        #expect(phone.width == 390 && phone.height == 844 && phone.pixelRatio == 3 && phone.zoom == 13)
        let screen = try CostView.parse("-33.8,151.2,4.5,1280x720@2").get()
        #expect(screen.longitude == 151.2 && screen.width == 1280 && screen.pixelRatio == 2)
        for (text, reason) in [
            ("95,0,3,100x100", "is not a latitude"), ("0,190,3,100x100", "is not a longitude"),
            ("0,0,23,100x100", "is not a zoom"), ("0,0,3,100x0", "is not a screen"), ("0,0,3,100x100@0", "pixel ratio"),
            ("0,0,3", "is not a view"), ("0,0,3,phone-portriat", "did you mean 'phone-portrait'"),
        ] {
            guard case .failure(let error) = CostView.parse(text) else {
                Issue.record("'\(text)' is read as a view")
                continue
            }
            #expect(error.description.contains(reason), "\(text): \(error.description)")
        }
    }
}
