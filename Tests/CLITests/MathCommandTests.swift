import Foundation
import Testing

@testable import MCStyleCLI

@Suite struct MathCommandTests {
    @Test func zoomPrintsTheTomTomZoomForTokyo() {
        let run = runTool(["zoom", "--unified", "12", "--lat", "35.6812"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("TomTom zoom: 10.54\noffset: 1.46\n"))
        let reverse = runTool(["zoom", "--tomtom", "10.54", "--lat", "35.6812"])
        #expect(reverse.output.hasPrefix("unified zoom: 12.00\n"))
    }

    @Test func zoomJSONIsMachineReadable() throws {
        let run = runTool(["zoom", "--unified=12", "--lat=35.6812", "--format=json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Double])
        #expect(abs((object["tomtomZoom"] ?? 0) - 10.54) < 0.005)
        #expect(abs((object["offset"] ?? 0) - 1.46) < 0.01)
        #expect(object["unifiedZoom"] == 12)
    }

    /// Counts the tiles at a level by brute force: every tile whose own edges overlap the box.
    private func independentCount(west: Double, south: Double, east: Double, north: Double, level: Int) -> Int {
        let n = Double(1 << level)
        func tileLatitude(_ row: Double) -> Double { atan(sinh(Double.pi * (1 - 2 * row / n))) * 180 / Double.pi }
        var columns = 0
        for x in 0..<(1 << level) {
            let left = Double(x) / n * 360 - 180
            let right = Double(x + 1) / n * 360 - 180
            if right > west && left < east { columns += 1 }
        }
        var rows = 0
        for y in 0..<(1 << level) {
            let top = tileLatitude(Double(y))
            let bottom = tileLatitude(Double(y + 1))
            if top > south && bottom < north { rows += 1 }
        }
        return columns * rows
    }

    @Test func tilesCountsMatchAnIndependentDerivation() throws {
        let run = runTool(["tiles", "--bounds", "139.5,35.5,140.0,36.0", "--zoom", "10-12", "--format", "json"])
        #expect(run.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let zooms = try #require(report["zooms"] as? [[String: Any]])
        var total = 0
        for (index, level) in (10...12).enumerated() {
            let expected = independentCount(west: 139.5, south: 35.5, east: 140.0, north: 36.0, level: level)
            #expect(zooms[index]["count"] as? Int == expected, "level \(level)")
            total += expected
        }
        #expect(report["total"] as? Int == total)
        let text = runTool(["tiles", "--bounds", "139.5,35.5,140.0,36.0", "--zoom", "10-12"])
        #expect(text.output.hasSuffix("total: \(total) tiles\n"))
    }

    @Test func tilesAcrossTheAntimeridianListTwoRanges() {
        let run = runTool(["tiles", "--bounds=170,-10,-170,10", "--zoom=3"])
        #expect(run.status == 0)
        #expect(run.output.contains("zoom 3: x 7-7 and 0-0, y 3-4: 4 tiles"))
        let expected =
            independentCount(west: 170, south: -10, east: 180, north: 10, level: 3)
            + independentCount(west: -180, south: -10, east: -170, north: 10, level: 3)
        #expect(run.output.hasSuffix("total: \(expected) tiles\n"))
    }

    @Test func tileSizeChangesTheResolutionOnly() {
        let small = runTool(["tiles", "--bounds", "0,0,1,1", "--zoom", "4", "--tile-size", "256"])
        let large = runTool(["tiles", "--bounds", "0,0,1,1", "--zoom", "4", "--tile-size", "512"])
        #expect(small.output.contains("1 tile (9783.57 m/px)"))
        #expect(large.output.contains("1 tile (4891.78 m/px)"))
    }
}
