import Testing

@testable import StyleMath

@Suite struct GeoBoundsTests {
    @Test func antimeridianBoundsGiveTwoColumnRanges() throws {
        let bounds = try GeoBounds(west: 170, south: -10, east: -170, north: 10)
        #expect(bounds.crossesAntimeridian)
        #expect(bounds.longitudeSpan == 20)
        #expect(bounds.center.longitude == 180)
        let ranges = try bounds.tileRanges(level: 3)
        #expect(
            ranges == [
                TileRange(level: 3, columns: 7...7, rows: 3...4), TileRange(level: 3, columns: 0...0, rows: 3...4),
            ])
        #expect(try bounds.tileCount(levels: 3...3) == 4)
    }

    @Test func worldCountsClampAtThePoles() throws {
        #expect(try GeoBounds.world.tileCount(levels: 0...2) == 1 + 4 + 16)
        let polar = try GeoBounds(west: -10, south: 86, east: 10, north: 90)
        let ranges = try polar.tileRanges(level: 2)
        #expect(ranges.first?.rows == 0...0, "north of the Mercator limit clamps to the top row")
    }

    @Test func edgesOnTileBoundariesDoNotPullInTheNextTile() throws {
        let quarter = try GeoBounds(west: -180, south: 0, east: 0, north: 85)
        #expect(try quarter.tileRanges(level: 1) == [TileRange(level: 1, columns: 0...0, rows: 0...0)])
        let point = try GeoBounds(west: 10, south: 10, east: 10, north: 10)
        #expect(try point.tileCount(levels: 5...5) == 1)
    }

    @Test func containmentIntersectionAndUnion() throws {
        let pacific = try GeoBounds(west: 170, south: -10, east: -170, north: 10)
        #expect(pacific.contains(longitude: 179, latitude: 0))
        #expect(pacific.contains(longitude: -175, latitude: 5))
        #expect(!pacific.contains(longitude: 0, latitude: 0))
        #expect(!pacific.contains(longitude: .nan, latitude: 0))

        let east = try GeoBounds(west: 160, south: -5, east: 175, north: 5)
        #expect(pacific.intersection(east) == [try GeoBounds(west: 170, south: -5, east: 175, north: 5)])
        let far = try GeoBounds(west: 0, south: 0, east: 10, north: 10)
        #expect(pacific.intersection(far).isEmpty)

        #expect(east.union(far) == (try GeoBounds(west: 0, south: -5, east: 175, north: 10)))
        let west = try GeoBounds(west: -175, south: 0, east: -160, north: 20)
        let joined = east.union(west)
        #expect(
            joined == (try GeoBounds(west: 160, south: -5, east: -160, north: 20)), "the shorter way round crosses 180°"
        )
    }

    @Test func validationRejectsBadBounds() {
        #expect(throws: GeoError.notFinite(name: "west")) { try GeoBounds(west: .nan, south: 0, east: 1, north: 1) }
        #expect(throws: GeoError.latitudeOutOfRange(95)) { try GeoBounds(west: 0, south: 0, east: 1, north: 95) }
        #expect(throws: GeoError.longitudeOutOfRange(181)) { try GeoBounds(west: 0, south: 0, east: 181, north: 1) }
        #expect(throws: GeoError.southAboveNorth(south: 5, north: 1)) {
            try GeoBounds(west: 0, south: 5, east: 1, north: 1)
        }
    }
}
