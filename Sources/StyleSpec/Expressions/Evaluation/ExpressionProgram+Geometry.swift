import Foundation
import LocatedJSON

// `within` and `distance`: the feature's geometry against a GeoJSON literal, as MapLibre measures them: the
// feature in tile coordinates of its canonical tile (8192 units a tile, rounded), `within` in those
// coordinates, `distance` in metres with a cheap ruler at the feature's latitude. `GeometryForm` checks and compiles
// them with what follows.

/// A point in degrees or tile units.
package struct GeoPoint: Equatable {
    package var x: Double
    package var y: Double
}

/// The GeoJSON shapes the two operators read.
package enum GeoShapes {
    /// A simple geometry: a point, a line or a polygon (rings).
    package enum Simple {
        case point(GeoPoint)
        case line([GeoPoint])
        case polygon([[GeoPoint]])
    }

    package static func position(_ node: JSONNode?) -> GeoPoint? {
        guard let items = node?.arrayValue, items.count >= 2, let x = items[0].numberValue?.doubleValue,
            let y = items[1].numberValue?.doubleValue
        else { return nil }
        return GeoPoint(x: x, y: y)
    }

    package static func line(_ node: JSONNode?) -> [GeoPoint] { (node?.arrayValue ?? []).compactMap(position) }
    package static func rings(_ node: JSONNode?) -> [[GeoPoint]] { (node?.arrayValue ?? []).map(line) }

    /// The polygons of a Polygon, MultiPolygon, Feature or FeatureCollection (MapLibre's `Within.parse`).
    package static func polygons(of geojson: JSONNode) -> [[[GeoPoint]]]? {
        switch geojson["type"]?.stringValue {
        case "FeatureCollection":
            var result: [[[GeoPoint]]] = []
            for feature in geojson["features"]?.arrayValue ?? [] {
                let geometry = feature["geometry"]
                if geometry?["type"]?.stringValue == "Polygon" { result.append(rings(geometry?["coordinates"])) }
                if geometry?["type"]?.stringValue == "MultiPolygon" {
                    result += (geometry?["coordinates"]?.arrayValue ?? []).map(rings)
                }
            }
            return result.isEmpty ? nil : result
        case "Feature":
            return geojson["geometry"].flatMap(polygons)
        case "Polygon":
            return [rings(geojson["coordinates"])]
        case "MultiPolygon":
            return (geojson["coordinates"]?.arrayValue ?? []).map(rings)
        default:
            return nil
        }
    }

    /// The simple geometries of any GeoJSON (MapLibre's `toSimpleGeometry`).
    package static func simpleGeometries(of geojson: JSONNode) -> [Simple] {
        switch geojson["type"]?.stringValue {
        case "FeatureCollection":
            return (geojson["features"]?.arrayValue ?? []).flatMap { $0["geometry"].map(simpleGeometries) ?? [] }
        case "Feature": return geojson["geometry"].map(simpleGeometries) ?? []
        case "Point": return position(geojson["coordinates"]).map { [.point($0)] } ?? []
        case "MultiPoint": return line(geojson["coordinates"]).map { .point($0) }
        case "LineString": return [.line(line(geojson["coordinates"]))]
        case "MultiLineString": return (geojson["coordinates"]?.arrayValue ?? []).map { .line(line($0)) }
        case "Polygon": return [.polygon(rings(geojson["coordinates"]))]
        case "MultiPolygon": return (geojson["coordinates"]?.arrayValue ?? []).map { .polygon(rings($0)) }
        default: return []
        }
    }

    package static let extent = 8192.0

    /// JavaScript's `Math.round`: halves go up.
    package static func javaScriptRound(_ value: Double) -> Double { (value + 0.5).rounded(.down) }

    /// A position in world tile units at the tile's zoom (rounded, as tiles carry them).
    package static func tileCoordinates(_ point: GeoPoint, _ tile: EvaluationInput.TileID) -> GeoPoint {
        let x = (180 + point.x) / 360
        let y = (180 - (180 / Double.pi) * log(tan(Double.pi / 4 + point.y * Double.pi / 360))) / 360
        let scale = pow(2, Double(tile.z)) * extent
        return GeoPoint(x: javaScriptRound(x * scale), y: javaScriptRound(y * scale))
    }

    /// Back from world tile units to degrees.
    package static func degrees(_ point: GeoPoint, _ tile: EvaluationInput.TileID) -> GeoPoint {
        let scale = pow(2, Double(tile.z)) * extent
        let x = point.x / scale
        let y = point.y / scale
        return GeoPoint(x: x * 360 - 180, y: (360 / Double.pi) * atan(exp((180 - y * 360) * Double.pi / 180)) - 90)
    }

    /// The feature's geometry as tiles carry it: lines of points in world tile units (points one to a line,
    /// polygon rings each a line), with the type tiles give it; nil without a tile or a geometry.
    package static func featureGeometry(_ input: EvaluationInput) -> (type: String, lines: [[GeoPoint]])? {
        guard let tile = input.canonical, let geometry = input.geometry, let type = geometry["type"]?.stringValue else {
            return nil
        }
        let coordinates = geometry["coordinates"]
        func tiled(_ points: [GeoPoint]) -> [GeoPoint] { points.map { tileCoordinates($0, tile) } }
        switch type {
        case "Point": return position(coordinates).map { ("Point", [[tileCoordinates($0, tile)]]) }
        case "MultiPoint": return ("Point", line(coordinates).map { [tileCoordinates($0, tile)] })
        case "LineString": return ("LineString", [tiled(line(coordinates))])
        case "MultiLineString": return ("LineString", rings(coordinates).map(tiled))
        case "Polygon": return ("Polygon", rings(coordinates).map(tiled))
        case "MultiPolygon": return ("Polygon", (coordinates?.arrayValue ?? []).flatMap { rings($0).map(tiled) })
        default: return nil
        }
    }
}

/// A bounding box [minX, minY, maxX, maxY].
package struct GeoBox {
    package var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    package mutating func add(_ p: GeoPoint) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    /// MapLibre's `boxWithinBox`: strictly inside.
    package func isWithin(_ other: GeoBox) -> Bool {
        !(minX <= other.minX || maxX >= other.maxX || minY <= other.minY || maxY >= other.maxY)
    }

    /// True while nothing was added (MapLibre's `isDefaultBBOX`): such a box has no distance to anything.
    package var isEmpty: Bool { minX == .infinity && minY == .infinity && maxX == -.infinity && maxY == -.infinity }
}

/// Planar predicates on points, segments and rings.
package enum GeoPlane {
    package static func rayIntersect(_ p: GeoPoint, _ p1: GeoPoint, _ p2: GeoPoint) -> Bool {
        (p1.y > p.y) != (p2.y > p.y) && p.x < (p2.x - p1.x) * (p.y - p1.y) / (p2.y - p1.y) + p1.x
    }

    package static func onBoundary(_ p: GeoPoint, _ p1: GeoPoint, _ p2: GeoPoint) -> Bool {
        let x1 = p.x - p1.x
        let y1 = p.y - p1.y
        let x2 = p.x - p2.x
        let y2 = p.y - p2.y
        return x1 * y2 - x2 * y1 == 0 && x1 * x2 <= 0 && y1 * y2 <= 0
    }

    package static func pointWithinPolygon(_ point: GeoPoint, _ rings: [[GeoPoint]], trueIfOnBoundary: Bool = false)
        -> Bool
    {
        var inside = false
        for ring in rings where ring.count > 1 {
            for j in 0..<(ring.count - 1) {
                if onBoundary(point, ring[j], ring[j + 1]) { return trueIfOnBoundary }
                if rayIntersect(point, ring[j], ring[j + 1]) { inside.toggle() }
            }
        }
        return inside
    }

    private static func twoSided(_ p1: GeoPoint, _ p2: GeoPoint, _ q1: GeoPoint, _ q2: GeoPoint) -> Bool {
        let x1 = p1.x - q1.x
        let y1 = p1.y - q1.y
        let x2 = p2.x - q1.x
        let y2 = p2.y - q1.y
        let x3 = q2.x - q1.x
        let y3 = q2.y - q1.y
        let det1 = x1 * y3 - x3 * y1
        let det2 = x2 * y3 - x3 * y2
        return (det1 > 0 && det2 < 0) || (det1 < 0 && det2 > 0)
    }

    package static func segmentsIntersect(_ a: GeoPoint, _ b: GeoPoint, _ c: GeoPoint, _ d: GeoPoint) -> Bool {
        let p = GeoPoint(x: b.x - a.x, y: b.y - a.y)
        let q = GeoPoint(x: d.x - c.x, y: d.y - c.y)
        if q.x * p.y - q.y * p.x == 0 { return false }
        return twoSided(a, b, c, d) && twoSided(c, d, a, b)
    }

    package static func lineIntersectsPolygon(_ p1: GeoPoint, _ p2: GeoPoint, _ polygon: [[GeoPoint]]) -> Bool {
        for ring in polygon where ring.count > 1 {
            for j in 0..<(ring.count - 1) where segmentsIntersect(p1, p2, ring[j], ring[j + 1]) { return true }
        }
        return false
    }

    package static func lineWithinPolygon(_ line: [GeoPoint], _ polygon: [[GeoPoint]]) -> Bool {
        for point in line where !pointWithinPolygon(point, polygon) { return false }
        if line.count > 1 {
            for i in 0..<(line.count - 1) where lineIntersectsPolygon(line[i], line[i + 1], polygon) { return false }
        }
        return true
    }
}

/// `within`.
package enum GeoWithin {
    package static func evaluate(_ input: EvaluationInput, _ polygons: [[[GeoPoint]]]) -> Bool {
        guard let tile = input.canonical, let feature = GeoShapes.featureGeometry(input) else { return false }
        var polygonBox = GeoBox()
        let tilePolygons = polygons.map {
            $0.map { ring in
                ring.map { point -> GeoPoint in
                    let p = GeoShapes.tileCoordinates(point, tile)
                    polygonBox.add(p)
                    return p
                }
            }
        }
        let worldSize = pow(2, Double(tile.z)) * GeoShapes.extent
        func shifted(_ p: GeoPoint) -> GeoPoint {
            guard p.x < polygonBox.minX || p.x > polygonBox.maxX else { return p }
            let half = worldSize * 0.5
            var shift = p.x - polygonBox.minX > half ? -worldSize : polygonBox.minX - p.x > half ? worldSize : 0
            if shift == 0 {
                shift = p.x - polygonBox.maxX > half ? -worldSize : polygonBox.maxX - p.x > half ? worldSize : 0
            }
            return GeoPoint(x: p.x + shift, y: p.y)
        }
        switch feature.type {
        case "Point":
            var box = GeoBox()
            let points = feature.lines.flatMap { $0 }.map { point -> GeoPoint in
                let p = shifted(point)
                box.add(p)
                return p
            }
            guard box.isWithin(polygonBox) else { return false }
            return points.allSatisfy { point in tilePolygons.contains { GeoPlane.pointWithinPolygon(point, $0) } }
        case "LineString":
            var box = GeoBox()
            var lines = feature.lines
            for line in lines { for p in line { box.add(p) } }
            if box.maxX - box.minX <= worldSize / 2 {
                box = GeoBox()
                lines = lines.map {
                    $0.map { point in
                        let p = shifted(point)
                        box.add(p)
                        return p
                    }
                }
            }
            guard box.isWithin(polygonBox) else { return false }
            return lines.allSatisfy { line in tilePolygons.contains { GeoPlane.lineWithinPolygon(line, $0) } }
        default:
            return false
        }
    }
}
