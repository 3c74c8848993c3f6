import Testing

@testable import StyleMath

/// Tiles counted as runs of columns agree, tile for tile, with testing every tile of the bounding box against the
/// turned view, and a tiny tile size is counted without a value per tile.
@Suite struct TileSetTests {
    /// The tiles of `level` the view meets, by testing each tile of the bounding box with the separating-axis test
    /// (the definition the runs must reproduce).
    private func everyTileTested(_ view: ViewFootprint, level: Int) throws -> Set<[Int]> {
        let count = try WebMercator.tilesPerSide(level: level)
        let centre = try WebMercator.fractionalTile(longitude: view.longitude, latitude: view.latitude, level: level)
        let scale = mathExp2(Double(level) - view.zoom) / ViewFootprint.worldSize
        let half = (view.width / 2 * scale, view.height / 2 * scale)
        let angle = radians(fromDegrees: view.bearing)
        let across = (x: mathCos(angle), y: mathSin(angle))
        let down = (x: -across.y, y: across.x)
        let reachX = abs(across.x) * half.0 + abs(down.x) * half.1
        let reachY = abs(across.y) * half.0 + abs(down.y) * half.1
        var found: Set<[Int]> = []
        let rows =
            max(
                0, Int((centre.y - reachY).rounded(.down)) - 1)...min(
                count - 1, Int((centre.y + reachY).rounded(.down)))
        guard !rows.isEmpty else { return [] }
        for row in rows {
            for column in (Int((centre.x - reachX).rounded(.down)) - 1)...Int((centre.x + reachX).rounded(.down)) {
                let (x, y) = (Double(column), Double(row))
                guard min(x + 1, centre.x + reachX) - max(x, centre.x - reachX) > -ViewFootprint.touching,
                    min(y + 1, centre.y + reachY) - max(y, centre.y - reachY) > -ViewFootprint.touching
                else { continue }
                var meets = true
                for (axis, reach) in [(across, half.0), (down, half.1)] {
                    let middle = centre.x * axis.x + centre.y * axis.y
                    let corners = [
                        x * axis.x + y * axis.y, (x + 1) * axis.x + y * axis.y, x * axis.x + (y + 1) * axis.y,
                        (x + 1) * axis.x + (y + 1) * axis.y,
                    ]
                    let low = corners.min() ?? 0
                    let high = corners.max() ?? 0
                    if min(high, middle + reach) - max(low, middle - reach) <= -ViewFootprint.touching { meets = false }
                }
                if meets { found.insert([((column % count) + count) % count, row]) }
            }
        }
        return found
    }

    @Test func runsAgreeWithTestingEveryTile() throws {
        var generator = SplitMix(seed: 20_261_207)
        for _ in 0..<400 {
            let view = try ViewFootprint(
                longitude: generator.next(in: -180...180), latitude: generator.next(in: -84...84),
                zoom: generator.next(in: 0...12), width: generator.next(in: 1...2048).rounded(),
                height: generator.next(in: 1...2048).rounded(), bearing: generator.next(in: -360...360))
            let level = max(0, Int(view.zoom) + Int(generator.next(in: -1...3)))
            let set = try view.tileSet(level: level)
            let listed = try view.tiles(level: level)
            let expected = try everyTileTested(view, level: level)
            #expect(Set(listed.map { [$0.x, $0.y] }) == expected, "\(view) level \(level)")
            #expect(set.count == expected.count && listed.count == expected.count, "\(view) level \(level)")
            #expect(listed == listed.sorted { ($0.y, $0.x) < ($1.y, $1.x) })
        }
    }

    @Test func aOnePixelSourceIsCountedFromItsRuns() throws {
        // tileSize 1 at zoom 10: level 19, a tile per CSS pixel; a 2048 x 2048 view meets 2049 x 2049 tiles or so.
        let source = try TiledSource(tileSize: 1, maximumLevel: 22)
        let view = try ViewFootprint(longitude: 10, latitude: 50, zoom: 10, width: 2048, height: 2048, bearing: 30)
        let set = try source.tileSet(for: view)
        #expect(set.level == 19)
        #expect(set.rows.count < 3000)
        #expect(set.count > 4_000_000)
        let failing = try source.tileSetsWhenFailing(for: view)
        #expect(failing.map(\.level) == Array(9...19))
        #expect(failing.last == set)
    }

    @Test func parentsAndClippingWorkOnRuns() throws {
        let set = try TileSet(level: 3, runs: [(2, [1..<5]), (3, [6..<10]), (9, [0..<1])])
        // Row 3 wraps: columns 6, 7, 0 and 1; row 9 is outside the 8-row world.
        #expect(set.rows.map(\.row) == [2, 3])
        #expect(set.count == 8)
        let parents = set.parents()
        #expect(parents.level == 2)
        #expect(parents.rows == [TileSet.Row(row: 1, columns: [0..<4])])
        #expect(set.clipped(columns: 2..<7, rows: 0..<3).count == 3)
    }
}

/// A small deterministic generator (SplitMix64), so that every run tests the same views.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
