import LocatedJSON

/// `within` and `distance`: the feature against a GeoJSON geometry. One type checks it as MapLibre's parse does and
/// compiles it.
package struct GeometryForm: SpecialForm {
    /// The operator's name, as its messages quote it.
    let op: String
    /// True for `within` (a boolean), false for `distance` (a number).
    let isWithin: Bool

    /// The form for one of its operators.
    package init(op: String, isWithin: Bool) {
        self.op = op
        self.isWithin = isWithin
    }

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping) -> TypedExpression?
    {

        guard items.count == 2 else {
            return typing.error(
                "'\(op)' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        let accepted: Set<String> =
            isWithin
            ? ["Polygon", "MultiPolygon"]
            : ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"]
        guard Self.containsGeometry(items[1], of: accepted) else {
            return typing.error("'\(op)' expression requires valid geojson object that contains polygon geometry type.")
        }
        return .node(isWithin ? .boolean : .number, children: [], reads: .feature, neverConstant: true)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {

        guard items.count == 2 else {
            throw EvaluationError(
                "'\(op)' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        let geojson = items[1]
        if isWithin {
            guard let polygons = GeoShapes.polygons(of: geojson) else {
                throw EvaluationError(
                    "'within' expression requires valid geojson object that contains polygon geometry type.")
            }
            return CompiledExpression(type: .boolean) { context throws(EvaluationError) in
                .boolean(GeoWithin.evaluate(context, polygons))
            }
        }
        let shapes = GeoShapes.simpleGeometries(of: geojson)
        return CompiledExpression(type: .number) { context throws(EvaluationError) in
            .number(GeoDistance.evaluate(context, shapes))
        }
    }

    /// Whether a GeoJSON object (a geometry, a feature or a feature collection) holds a geometry of one of
    /// the `accepted` types.
    private static func containsGeometry(_ node: JSONNode, of accepted: Set<String>) -> Bool {
        switch node["type"]?.stringValue {
        case "FeatureCollection":
            return (node["features"]?.arrayValue ?? []).contains { containsGeometry($0, of: accepted) }
        case "Feature":
            return node["geometry"].map { containsGeometry($0, of: accepted) } ?? false
        case let type?:
            return accepted.contains(type) && node["coordinates"]?.arrayValue != nil
        case nil:
            return false
        }
    }
}
