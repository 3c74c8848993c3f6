import Foundation

/// `distance`: the shortest distance in metres from the feature to the GeoJSON's geometries, as MapLibre
/// computes it: a cheap ruler at the feature's first latitude, and point sets split in halves while their
/// boxes may hold something nearer than the best so far.
package enum GeoDistance {
    package static let minimumPoints = 100
    package static let minimumLinePoints = 50

    package static func evaluate(_ input: EvaluationInput, _ shapes: [GeoShapes.Simple]) -> Double {
        guard let tile = input.canonical, let feature = GeoShapes.featureGeometry(input) else { return .nan }
        switch feature.type {
        case "Point", "LineString":
            let isLine = feature.type == "LineString"
            let points = feature.lines.flatMap { $0 }.map { GeoShapes.degrees($0, tile) }
            guard !feature.lines.isEmpty, let first = points.first else { return .nan }
            let ruler = CheapRuler(latitude: first.y)
            var distance = Double.infinity
            for shape in shapes {
                switch shape {
                case .point(let point):
                    distance = min(distance, pointSetDistance(points, isLine, [point], false, ruler, distance))
                case .line(let line):
                    distance = min(distance, pointSetDistance(points, isLine, line, true, ruler, distance))
                case .polygon(let polygon):
                    distance = min(distance, pointsToPolygon(points, isLine, polygon, ruler, distance))
                }
                if distance == 0 { return 0 }
            }
            return distance
        case "Polygon":
            guard let firstRing = feature.lines.first, !firstRing.isEmpty else { return .nan }
            let polygons = classifyRings(feature.lines).map { $0.map { $0.map { GeoShapes.degrees($0, tile) } } }
            guard let start = polygons.first?.first?.first else { return .nan }
            let ruler = CheapRuler(latitude: start.y)
            var distance = Double.infinity
            for shape in shapes {
                for polygon in polygons {
                    switch shape {
                    case .point(let point):
                        distance = min(distance, pointsToPolygon([point], false, polygon, ruler, distance))
                    case .line(let line):
                        distance = min(distance, pointsToPolygon(line, true, polygon, ruler, distance))
                    case .polygon(let other):
                        distance = min(distance, polygonToPolygon(polygon, other, ruler, distance))
                    }
                    if distance == 0 { return 0 }
                }
            }
            return distance
        default:
            return .nan
        }
    }

    /// MapLibre's `classifyRings`: outer rings and their holes, by winding.
    package static func classifyRings(_ rings: [[GeoPoint]]) -> [[[GeoPoint]]] {
        if rings.count <= 1 { return [rings] }
        var polygons: [[[GeoPoint]]] = []
        var polygon: [[GeoPoint]]?
        var counterClockwise: Bool?
        for ring in rings {
            var area = 0.0
            var j = ring.count - 1
            for i in 0..<ring.count {
                area += (ring[j].x - ring[i].x) * (ring[i].y + ring[j].y)
                j = i
            }
            if area == 0 { continue }
            if counterClockwise == nil { counterClockwise = area < 0 }
            if counterClockwise == (area < 0) {
                if let polygon { polygons.append(polygon) }
                polygon = [ring]
            } else {
                polygon?.append(ring)
            }
        }
        if let polygon { polygons.append(polygon) }
        return polygons
    }

    package typealias Range = (Int, Int)

    private static func size(_ range: Range) -> Int { range.1 - range.0 + 1 }
    private static func isSafe(_ range: Range, _ count: Int) -> Bool { range.1 >= range.0 && range.1 < count }

    private static func split(_ range: Range, isLine: Bool) -> (Range?, Range?) {
        if range.0 > range.1 { return (nil, nil) }
        let count = size(range)
        if isLine {
            if count == 2 { return (range, nil) }
            let half = count / 2
            return ((range.0, range.0 + half), (range.0 + half, range.1))
        }
        if count == 1 { return (range, nil) }
        let half = count / 2 - 1
        return ((range.0, range.0 + half), (range.0 + half + 1, range.1))
    }

    private static func box(_ points: [GeoPoint], _ range: Range) -> GeoBox {
        var result = GeoBox()
        guard isSafe(range, points.count) else { return result }
        for i in range.0...range.1 { result.add(points[i]) }
        return result
    }

    private static func box(_ polygon: [[GeoPoint]]) -> GeoBox {
        var result = GeoBox()
        for ring in polygon { for point in ring { result.add(point) } }
        return result
    }

    private static func boxDistance(_ a: GeoBox, _ b: GeoBox, _ ruler: CheapRuler) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return .nan }
        var dx = 0.0
        var dy = 0.0
        if a.maxX < b.minX { dx = b.minX - a.maxX }
        if a.minX > b.maxX { dx = a.minX - b.maxX }
        if a.minY > b.maxY { dy = a.minY - b.maxY }
        if a.maxY < b.minY { dy = b.minY - a.maxY }
        return ruler.distance(GeoPoint(x: 0, y: 0), GeoPoint(x: dx, y: dy))
    }

    private static func pointToLine(_ point: GeoPoint, _ line: [GeoPoint], _ ruler: CheapRuler) -> Double {
        ruler.distance(point, ruler.pointOnLine(line, point))
    }

    private static func segmentDistance(
        _ p1: GeoPoint, _ p2: GeoPoint, _ q1: GeoPoint, _ q2: GeoPoint, _ ruler: CheapRuler
    ) -> Double {
        min(
            min(pointToLine(p1, [q1, q2], ruler), pointToLine(p2, [q1, q2], ruler)),
            min(pointToLine(q1, [p1, p2], ruler), pointToLine(q2, [p1, p2], ruler)))
    }

    private static func lineToLine(_ a: [GeoPoint], _ ra: Range, _ b: [GeoPoint], _ rb: Range, _ ruler: CheapRuler)
        -> Double
    {
        guard isSafe(ra, a.count), isSafe(rb, b.count) else { return .infinity }
        var distance = Double.infinity
        for i in stride(from: ra.0, to: ra.1, by: 1) {
            for j in stride(from: rb.0, to: rb.1, by: 1) {
                if GeoPlane.segmentsIntersect(a[i], a[i + 1], b[j], b[j + 1]) { return 0 }
                distance = min(distance, segmentDistance(a[i], a[i + 1], b[j], b[j + 1], ruler))
            }
        }
        return distance
    }

    private static func pointsToPoints(_ a: [GeoPoint], _ ra: Range, _ b: [GeoPoint], _ rb: Range, _ ruler: CheapRuler)
        -> Double
    {
        guard isSafe(ra, a.count), isSafe(rb, b.count) else { return .nan }
        var distance = Double.infinity
        for i in ra.0...ra.1 {
            for j in rb.0...rb.1 {
                distance = min(distance, ruler.distance(a[i], b[j]))
                if distance == 0 { return 0 }
            }
        }
        return distance
    }

    private static func pointToPolygon(_ point: GeoPoint, _ polygon: [[GeoPoint]], _ ruler: CheapRuler) -> Double {
        if GeoPlane.pointWithinPolygon(point, polygon, trueIfOnBoundary: true) { return 0 }
        var distance = Double.infinity
        for ring in polygon where !ring.isEmpty {
            if let front = ring.first, let back = ring.last {
                distance = min(distance, pointToLine(point, [back, front], ruler))
                if distance == 0 { return 0 }
            }
            distance = min(distance, pointToLine(point, ring, ruler))
            if distance == 0 { return 0 }
        }
        return distance
    }

    private static func lineToPolygon(_ line: [GeoPoint], _ range: Range, _ polygon: [[GeoPoint]], _ ruler: CheapRuler)
        -> Double
    {
        guard isSafe(range, line.count) else { return .nan }
        for i in range.0...range.1 where GeoPlane.pointWithinPolygon(line[i], polygon, trueIfOnBoundary: true) {
            return 0
        }
        var distance = Double.infinity
        for i in stride(from: range.0, to: range.1, by: 1) {
            for ring in polygon where !ring.isEmpty {
                var k = ring.count - 1
                for j in 0..<ring.count {
                    if GeoPlane.segmentsIntersect(line[i], line[i + 1], ring[k], ring[j]) { return 0 }
                    distance = min(distance, segmentDistance(line[i], line[i + 1], ring[k], ring[j], ruler))
                    k = j
                }
            }
        }
        return distance
    }

    private static func polygonsIntersect(_ a: [[GeoPoint]], _ b: [[GeoPoint]]) -> Bool {
        a.contains { ring in ring.contains { GeoPlane.pointWithinPolygon($0, b, trueIfOnBoundary: true) } }
    }

    private static func polygonToPolygon(_ a: [[GeoPoint]], _ b: [[GeoPoint]], _ ruler: CheapRuler, _ current: Double)
        -> Double
    {
        let boxA = box(a)
        let boxB = box(b)
        if current != .infinity, boxDistance(boxA, boxB, ruler) >= current { return current }
        if boxA.isWithin(boxB) {
            if polygonsIntersect(a, b) { return 0 }
        } else if polygonsIntersect(b, a) {
            return 0
        }
        var distance = Double.infinity
        for ring1 in a where !ring1.isEmpty {
            var l = ring1.count - 1
            for i in 0..<ring1.count {
                for ring2 in b where !ring2.isEmpty {
                    var k = ring2.count - 1
                    for j in 0..<ring2.count {
                        if GeoPlane.segmentsIntersect(ring1[l], ring1[i], ring2[k], ring2[j]) { return 0 }
                        distance = min(distance, segmentDistance(ring1[l], ring1[i], ring2[k], ring2[j], ruler))
                        k = j
                    }
                }
                l = i
            }
        }
        return distance
    }

    /// The queue of ranges still to look at, farthest box first (MapLibre's order).
    private struct Queue {
        package var items: [(distance: Double, a: Range, b: Range)] = []
        package mutating func push(_ item: (distance: Double, a: Range, b: Range)) { items.append(item) }
        package mutating func pop() -> (distance: Double, a: Range, b: Range)? {
            guard let index = items.indices.max(by: { items[$0].distance < items[$1].distance }) else { return nil }
            return items.remove(at: index)
        }
    }

    private static func pointsToPolygon(
        _ points: [GeoPoint], _ isLine: Bool, _ polygon: [[GeoPoint]], _ ruler: CheapRuler, _ current: Double
    ) -> Double {
        guard let first = points.first, let corner = polygon.first?.first else { return .nan }
        var best = min(ruler.distance(first, corner), current)
        if best == 0 { return 0 }
        var queue = Queue(items: [(0, (0, points.count - 1), (0, 0))])
        let polygonBox = box(polygon)
        while let pair = queue.pop() {
            if pair.distance >= best { continue }
            let range = pair.a
            if size(range) <= (isLine ? minimumLinePoints : minimumPoints) {
                guard isSafe(range, points.count) else { return .nan }
                if isLine {
                    let distance = lineToPolygon(points, range, polygon, ruler)
                    if distance.isNaN || distance == 0 { return distance }
                    best = min(best, distance)
                } else {
                    for i in range.0...range.1 {
                        best = min(best, pointToPolygon(points[i], polygon, ruler))
                        if best == 0 { return 0 }
                    }
                }
            } else {
                let halves = split(range, isLine: isLine)
                for half in [halves.0, halves.1].compactMap({ $0 }) {
                    let distance = boxDistance(box(points, half), polygonBox, ruler)
                    if distance < best { queue.push((distance, half, (0, 0))) }
                }
            }
        }
        return best
    }

    private static func pointSetDistance(
        _ a: [GeoPoint], _ aIsLine: Bool, _ b: [GeoPoint], _ bIsLine: Bool, _ ruler: CheapRuler, _ current: Double
    ) -> Double {
        guard let firstA = a.first, let firstB = b.first else { return .nan }
        var best = min(current, ruler.distance(firstA, firstB))
        if best == 0 { return 0 }
        var queue = Queue(items: [(0, (0, a.count - 1), (0, b.count - 1))])
        while let pair = queue.pop() {
            if pair.distance >= best { continue }
            let (ra, rb) = (pair.a, pair.b)
            if size(ra) <= (aIsLine ? minimumLinePoints : minimumPoints),
                size(rb) <= (bIsLine ? minimumLinePoints : minimumPoints)
            {
                if !isSafe(ra, a.count), isSafe(rb, b.count) { return .nan }
                if aIsLine, bIsLine {
                    best = min(best, lineToLine(a, ra, b, rb, ruler))
                } else if aIsLine {
                    let sub = Array(a[ra.0...ra.1])
                    for i in rb.0...rb.1 {
                        best = min(best, pointToLine(b[i], sub, ruler))
                        if best == 0 { return 0 }
                    }
                } else if bIsLine {
                    let sub = Array(b[rb.0...rb.1])
                    for i in ra.0...ra.1 {
                        best = min(best, pointToLine(a[i], sub, ruler))
                        if best == 0 { return 0 }
                    }
                } else {
                    best = min(best, pointsToPoints(a, ra, b, rb, ruler))
                }
            } else {
                let halvesA = split(ra, isLine: aIsLine)
                let halvesB = split(rb, isLine: bIsLine)
                for x in [halvesA.0, halvesA.1] {
                    for y in [halvesB.0, halvesB.1] {
                        guard let x, let y else { continue }
                        let distance = boxDistance(box(a, x), box(b, y), ruler)
                        if distance < best { queue.push((distance, x, y)) }
                    }
                }
            }
        }
        return best
    }
}

/// Mapbox's cheap ruler: flat-earth distances scaled for one latitude on the WGS84 ellipsoid, in metres.
package struct CheapRuler {
    package let kx: Double
    package let ky: Double

    package init(latitude: Double) {
        let equatorialRadius = 6378.137
        let flattening = 1 / 298.257223563
        let e2 = flattening * (2 - flattening)
        let radians = Double.pi / 180
        let m = radians * equatorialRadius * 1000
        let cosine = cos(latitude * radians)
        let w2 = 1 / (1 - e2 * (1 - cosine * cosine))
        let w = w2.squareRoot()
        kx = m * w * cosine
        ky = m * w * w2 * (1 - e2)
    }

    /// Longitude degrees into -180...180 by whole turns, as cheap-ruler does with one turn at a time; a value
    /// many turns away is first reduced exactly (a turn at a time would take practically forever), and a
    /// non-finite one has no place on the circle.
    private func wrap(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return .nan }
        var value = degrees
        if abs(value) > 1_000_000 { value = value.truncatingRemainder(dividingBy: 360) }
        while value < -180 { value += 360 }
        while value > 180 { value -= 360 }
        return value
    }

    package func distance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let dx = wrap(a.x - b.x) * kx
        let dy = (a.y - b.y) * ky
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The point of `line` nearest to `p`.
    package func pointOnLine(_ line: [GeoPoint], _ p: GeoPoint) -> GeoPoint {
        var best = Double.infinity
        var nearest = GeoPoint(x: .nan, y: .nan)
        guard line.count > 1 else { return nearest }
        for i in 0..<(line.count - 1) {
            var x = line[i].x
            var y = line[i].y
            var dx = wrap(line[i + 1].x - x) * kx
            var dy = (line[i + 1].y - y) * ky
            if dx != 0 || dy != 0 {
                let t = (wrap(p.x - x) * kx * dx + (p.y - y) * ky * dy) / (dx * dx + dy * dy)
                if t > 1 {
                    x = line[i + 1].x
                    y = line[i + 1].y
                } else if t > 0 {
                    x += dx / kx * t
                    y += dy / ky * t
                }
            }
            dx = wrap(p.x - x) * kx
            dy = (p.y - y) * ky
            let squared = dx * dx + dy * dy
            if squared < best {
                best = squared
                nearest = GeoPoint(x: x, y: y)
            }
        }
        return nearest
    }
}
