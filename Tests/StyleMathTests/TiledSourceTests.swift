import Testing

@testable import StyleMath

/// Every expected list below is what GL JS 5.3.0 requested in Chromium (a page of the view's size, one source
/// whose tiles a counting route answered), measured on 2026-12-06.
@Suite struct TiledSourceTests {
    /// A phone screen over Tokyo Station at MapLibre zoom 13.
    private let phone = try? ViewFootprint(longitude: 139.7671, latitude: 35.6812, zoom: 13, width: 390, height: 844)

    private func names(_ tiles: [TileCoordinate]) -> [String] { tiles.map { "\($0.z)/\($0.x)/\($0.y)" } }

    @Test func aboveItsMaximumLevelASourceIsOverZoomed() throws {
        let view = try #require(phone)
        let source = try TiledSource(tileSize: 256, maximumLevel: 10)
        #expect(source.coveringLevel(zoom: 13) == 14)
        #expect(source.requestedLevel(zoom: 13) == 10)
        #expect(names(try source.tiles(for: view)) == ["10/909/403"])
    }

    @Test func belowItsMinimumLevelASourceAsksForNothing() throws {
        let view = try #require(phone)
        let source = try TiledSource(tileSize: 256, minimumLevel: 15)
        #expect(source.requestedLevel(zoom: 13) == nil)
        #expect(try source.tiles(for: view).isEmpty)
    }

    @Test func boundsKeepTheTilesTheyReachInto() throws {
        let view = try #require(phone)
        let bounds = try GeoBounds(west: 139.70, south: 35.60, east: 139.765, north: 35.75)
        let large = try TiledSource(tileSize: 512, bounds: bounds)
        #expect(names(try large.tiles(for: view)) == ["13/7276/3225", "13/7276/3226"])
        let small = try TiledSource(tileSize: 256, bounds: bounds)
        #expect(
            names(try small.tiles(for: view)) == ["14/14552/6450", "14/14552/6451", "14/14552/6452", "14/14552/6453"])
        let across = try TiledSource(bounds: try GeoBounds(west: 170, south: -10, east: -170, north: 10))
        #expect(try across.tiles(for: view).isEmpty, "GL JS keeps no tile of bounds across the antimeridian")
    }

    @Test func rasterSourcesRoundTheLevelAndVectorSourcesRoundItDown() throws {
        let view = try ViewFootprint(longitude: 139.7671, latitude: 35.6812, zoom: 12.6, width: 800, height: 600)
        let raster = try TiledSource(tileSize: 512)
        #expect(
            names(try raster.tiles(for: view)) == [
                "13/7275/3225", "13/7276/3225", "13/7277/3225", "13/7275/3226", "13/7276/3226", "13/7277/3226",
            ])
        let vector = try TiledSource(tileSize: 512, roundsLevel: false)
        #expect(
            names(try vector.tiles(for: view)) == ["12/3637/1612", "12/3638/1612", "12/3637/1613", "12/3638/1613"])
    }

    @Test func aFailingSourceClimbsTenLevelsForParents() throws {
        let view = try #require(phone)
        let source = try TiledSource(tileSize: 256)
        #expect(
            names(try source.tilesWhenFailing(for: view)) == [
                "4/14/6", "5/28/12", "6/56/25", "7/113/50", "8/227/100", "9/454/201", "10/909/403", "11/1819/806",
                "12/3638/1612", "12/3638/1613", "13/7276/3225", "13/7276/3226", "14/14552/6450", "14/14553/6450",
                "14/14552/6451", "14/14553/6451", "14/14552/6452", "14/14553/6452", "14/14552/6453", "14/14553/6453",
            ])
        let bounded = try TiledSource(tileSize: 512, minimumLevel: 10)
        #expect(
            names(try bounded.tilesWhenFailing(for: view)) == [
                "10/909/403", "11/1819/806", "12/3638/1612", "12/3638/1613", "13/7276/3225", "13/7276/3226",
            ])
    }

    /// Not measured in GL JS, which prefetches nothing: MapLibre Native's rule, the view's tiles four levels up.
    @Test func prefetchTakesTheLevelFourBelowWithinTheRange() throws {
        let view = try #require(phone)
        let source = try TiledSource(tileSize: 256)
        #expect(names(try source.prefetchTiles(for: view, levelsBelow: 4)) == ["10/909/403"])
        #expect(try source.prefetchTiles(for: view, levelsBelow: 0).isEmpty)
        let floored = try TiledSource(tileSize: 256, minimumLevel: 12)
        #expect(try floored.prefetchTiles(for: view, levelsBelow: 4).allSatisfy { $0.z == 12 })
        let capped = try TiledSource(tileSize: 256, maximumLevel: 10)
        #expect(try capped.prefetchTiles(for: view, levelsBelow: 4).isEmpty, "the level is not below the one asked for")
    }

    @Test func impossibleSourcesAreRefused() {
        #expect(throws: GeoError.invalidTileSize(0)) { try TiledSource(tileSize: 0) }
        #expect(throws: GeoError.invertedZoomRange(min: 12, max: 4)) {
            try TiledSource(minimumLevel: 12, maximumLevel: 4)
        }
    }
}
