import Testing

@testable import StyleMath

@Suite struct WebMercatorTests {
    @Test func metersRoundTrip() throws {
        let meters = try WebMercator.meters(longitude: 139.7671, latitude: 35.6812)
        let back = try WebMercator.coordinate(meters: meters)
        #expect(abs(back.longitude - 139.7671) < 1e-9)
        #expect(abs(back.latitude - 35.6812) < 1e-9)
        let corner = try WebMercator.meters(longitude: 180, latitude: 90)
        #expect(abs(corner.x - 20_037_508.342789244) < 1e-6)
        #expect(abs(corner.y - 20_037_508.342789244) < 1e-3, "latitude clamps to the Mercator limit")
    }

    @Test func tileRoundTripsThroughLongitudeLatitude() throws {
        for level in [0, 3, 10, 17, 22] {
            let tile = try WebMercator.fractionalTile(longitude: -122.4194, latitude: 37.7749, level: level)
            let back = try WebMercator.coordinate(tile: tile, level: level)
            #expect(abs(back.longitude + 122.4194) < 1e-9)
            #expect(abs(back.latitude - 37.7749) < 1e-9)
        }
    }

    @Test func tileBoundsAreTheTileEdges() throws {
        let tile = try TileCoordinate(x: 0, y: 0, z: 1)
        let bounds = WebMercator.bounds(of: tile)
        #expect(bounds.west == -180 && bounds.east == 0)
        #expect(abs(bounds.north - MapConstants.mercatorLatitudeLimit) < 1e-9)
        #expect(abs(bounds.south) < 1e-9)
        let inside = try WebMercator.fractionalTile(
            longitude: bounds.center.longitude, latitude: bounds.center.latitude, level: 1)
        #expect(Int(inside.x) == 0 && Int(inside.y) == 0)
    }

    @Test func quadkeysRoundTrip() throws {
        // Bing Maps' documented example: tile (3, 5) at level 3 is quadkey 213.
        let tile = try TileCoordinate(x: 3, y: 5, z: 3)
        #expect(tile.quadkey == "213")
        #expect(try TileCoordinate(quadkey: "213") == tile)
        #expect(try TileCoordinate(quadkey: "").z == 0)
        for (x, y, z) in [(0, 0, 1), (1023, 511, 10), (123_456, 654_321, 21)] {
            let original = try TileCoordinate(x: x, y: y, z: z)
            #expect(try TileCoordinate(quadkey: original.quadkey) == original)
        }
        #expect(throws: GeoError.invalidQuadkey("214")) { try TileCoordinate(quadkey: "214") }
    }

    @Test func tmsRowsFlip() throws {
        let tile = try TileCoordinate(x: 5, y: 2, z: 3)
        #expect(tile.tmsRow == 5)
        #expect(try WebMercator.flippedRow(5, level: 3) == 2)
        #expect(try WebMercator.flippedRow(try WebMercator.flippedRow(123, level: 10), level: 10) == 123)
        #expect(throws: GeoError.tileOutOfRange(x: 0, y: 8, z: 3)) { try WebMercator.flippedRow(8, level: 3) }
    }

    @Test func metersPerPixel() throws {
        let equator = try WebMercator.metersPerPixel(latitude: 0, zoom: 0, tileSize: 256)
        #expect(abs(equator - 156_543.03392804097) < 1e-6)
        let large = try WebMercator.metersPerPixel(latitude: 0, zoom: 0, tileSize: 512)
        #expect(abs(large * 2 - equator) < 1e-9)
        #expect(throws: GeoError.invalidTileSize(0)) {
            try WebMercator.metersPerPixel(latitude: 0, zoom: 0, tileSize: 0)
        }
    }

    @Test func badInputsAreRejected() {
        #expect(throws: GeoError.notFinite(name: "longitude")) { try WebMercator.meters(longitude: .nan, latitude: 0) }
        #expect(throws: GeoError.latitudeOutOfRange(91)) {
            try WebMercator.fractionalTile(longitude: 0, latitude: 91, level: 2)
        }
        #expect(throws: GeoError.tileLevelOutOfRange(31)) {
            try WebMercator.fractionalTile(longitude: 0, latitude: 0, level: 31)
        }
        #expect(throws: GeoError.tileOutOfRange(x: 2, y: 0, z: 1)) { try TileCoordinate(x: 2, y: 0, z: 1) }
    }
}
