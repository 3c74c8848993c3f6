import Testing

@testable import StyleMath

@Suite struct ViewFootprintTests {
    /// (x, y) pairs of tiles, for comparing.
    private func pairs(_ tiles: [TileCoordinate]) -> [[Int]] { tiles.map { [$0.x, $0.y] } }

    @Test func aViewCentredOnATileCornerMeetsTheFourTilesAroundIt() throws {
        // Zoom 2: the world is 2,048 px wide, a level-2 tile 512 px; the view is one tile's size around (0, 0).
        let view = try ViewFootprint(longitude: 0, latitude: 0, zoom: 2, width: 512, height: 512)
        #expect(pairs(try view.tiles(level: 2)) == [[1, 1], [2, 1], [1, 2], [2, 2]])
    }

    @Test func tilesThatOnlyTouchTheEdgeCountAsGLJSCountsThem() throws {
        // At level 3 a tile is 256 px: the view spans exactly tiles 3 and 4 each way, and 2 and 5 touch it.
        // GL JS 5.3.0 requested all 16 (Chromium, a 512 x 512 page, a raster source of tileSize 256).
        let view = try ViewFootprint(longitude: 0, latitude: 0, zoom: 2, width: 512, height: 512)
        let tiles = try view.tiles(level: 3)
        #expect(tiles.count == 16)
        #expect(Set(tiles.map(\.x)) == [2, 3, 4, 5] && Set(tiles.map(\.y)) == [2, 3, 4, 5])
    }

    @Test func aTurnedViewLeavesOutTheCornersOfItsBoundingBox() throws {
        // Turned by 45°, the square is a diamond reaching 1.41 tiles from (4, 4): the bounding box holds 4 x 4
        // tiles, of which the four corner tiles lie wholly outside the diamond. GL JS 5.3.0 requested these 12.
        let view = try ViewFootprint(longitude: 0, latitude: 0, zoom: 2, width: 512, height: 512, bearing: 45)
        let tiles = try view.tiles(level: 3)
        #expect(tiles.count == 12)
        for corner in [[2, 2], [5, 2], [2, 5], [5, 5]] {
            #expect(!pairs(tiles).contains(corner), "tile \(corner) is outside the turned view")
        }
        let straight = try ViewFootprint(longitude: 0, latitude: 0, zoom: 2, width: 512, height: 512, bearing: 90)
        #expect(try straight.tiles(level: 3).count == 16, "a quarter turn of a square is the same square")
    }

    @Test func worldCopiesAreFoldedIntoOneWorldAndCountedOnce() throws {
        // Zoom 1: the world is 1,024 px wide; a 2,048 px view near the antimeridian sees it more than twice over.
        // GL JS 5.3.0 asked for these 4 tiles 10 times (once per world copy); a browser cache answers the repeats.
        let view = try ViewFootprint(longitude: 179.9, latitude: 0, zoom: 1, width: 2048, height: 256)
        #expect(pairs(try view.tiles(level: 1)) == [[0, 0], [1, 0], [0, 1], [1, 1]])
    }

    @Test func rowsStopAtTheEdgeOfTheWorld() throws {
        // Centred 0.02 tiles below the top edge, a view 1,024 px (two level-3 tiles) high reaches half of it north
        // of the world, where there are no tiles, and just into row 1.
        let view = try ViewFootprint(longitude: 10, latitude: 85, zoom: 3, width: 512, height: 1024)
        let tiles = try view.tiles(level: 3)
        #expect(tiles.allSatisfy { $0.y >= 0 && $0.y < 8 })
        #expect(Set(tiles.map(\.y)) == [0, 1], "the view reaches one tile south of the top row")
        #expect(tiles.count == 2 * Set(tiles.map(\.x)).count)
    }

    @Test func aPhoneScreenAtStreetLevelAsGLJSRequestsIt() throws {
        // 390 x 844 CSS px at MapLibre zoom 13 over Tokyo Station. GL JS 5.3.0 in Chromium requested these tiles of
        // a 256-px source (level 14) and of a 512-px one (level 13).
        let view = try ViewFootprint(longitude: 139.7671, latitude: 35.6812, zoom: 13, width: 390, height: 844)
        #expect(
            pairs(try view.tiles(level: 14)) == [
                [14552, 6450], [14553, 6450], [14552, 6451], [14553, 6451], [14552, 6452], [14553, 6452],
                [14552, 6453], [14553, 6453],
            ])
        #expect(pairs(try view.tiles(level: 13)) == [[7276, 3225], [7276, 3226]])
    }

    @Test func sidesOutsideTheLimitAreRefused() {
        #expect(throws: GeoError.invalidViewSide(0)) {
            try ViewFootprint(longitude: 0, latitude: 0, zoom: 2, width: 0, height: 512)
        }
        #expect(throws: GeoError.invalidViewSide(20_000)) {
            try ViewFootprint(longitude: 0, latitude: 0, zoom: 2, width: 512, height: 20_000)
        }
        #expect(throws: GeoError.notFinite(name: "zoom")) {
            try ViewFootprint(longitude: 0, latitude: 0, zoom: .nan, width: 512, height: 512)
        }
    }
}
