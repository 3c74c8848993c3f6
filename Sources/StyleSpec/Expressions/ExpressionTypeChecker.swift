import LocatedJSON

/// Type-checks expressions against a property's specification, as MapLibre's `createPropertyExpression`
/// (property values) and `createExpression` (filters) do.
public enum ExpressionTypeChecker {
    /// The outcome for one expression: its type and constancy, or its errors.
    public struct Result: Sendable {
        /// MapLibre's name of the result type (`array<number, 2>`); nil on failure.
        public let type: String?
        /// True when the value does not depend on the feature.
        public let isFeatureConstant: Bool
        /// True when the value does not depend on the camera zoom.
        public let isZoomConstant: Bool
        /// The errors; empty when the expression checks.
        public let errors: [ExpressionError]

        /// True when the expression checks.
        public var succeeded: Bool { errors.isEmpty }
    }

    /// Checks a property value. A legacy function is first rewritten as the expression that replaces it.
    public static func check(property node: JSONNode, spec: ExpressionSpec) -> Result {
        if spec.name == "text-font", node["type"]?.stringValue == "identity" {
            return Result(
                type: nil, isFeatureConstant: false, isZoomConstant: false,
                errors: [
                    ExpressionError(key: [], message: "\"text-font\" does not support identity functions", node: node)
                ])
        }
        var expression = node
        if let function = node.objectValue { expression = LegacyFunction.convert(function, spec: spec) }
        let (parsed, errors) = checkProperty(expression, spec: spec)
        guard let parsed, errors.isEmpty else {
            return Result(type: nil, isFeatureConstant: false, isZoomConstant: false, errors: errors)
        }
        return Result(
            type: parsed.type.description, isFeatureConstant: parsed.isFeatureConstant,
            isZoomConstant: parsed.isZoomConstant, errors: [])
    }

    /// `createPropertyExpression`: the type check, then what the property allows to vary.
    package static func checkProperty(_ node: JSONNode, spec: ExpressionSpec) -> (TypedExpression?, [ExpressionError]) {
        let parser = ExpressionTyping()
        guard
            let parsed = parser.parseRoot(
                node, expected: spec.expectedType, annotation: spec.type == "string" ? .coerce : nil),
            parser.errors.isEmpty
        else {
            return (nil, parser.errors)
        }
        func failure(_ message: String) -> (TypedExpression?, [ExpressionError]) {
            (nil, [ExpressionError(key: [], message: message, node: node)])
        }
        if !parsed.isFeatureConstant, !spec.supportsDataExpressions { return failure("data expressions not supported") }
        if !parsed.isZoomConstant, !spec.supportsZoomExpressions { return failure("zoom expressions not supported") }
        if let message = parsed.zoomCurve.message { return failure(message) }
        switch parsed.zoomCurve {
        case .none where !parsed.isZoomConstant:
            return failure(TypedExpression.ZoomCurve.misplaced.message ?? "")
        case .curve(_, let interpolates) where interpolates && !spec.interpolated:
            return failure("\"interpolate\" expressions cannot be used with this property")
        default:
            return (parsed, [])
        }
    }

    /// `createExpression`: the type check alone, against an expected type (filters: boolean).
    package static func checkExpression(_ node: JSONNode, expected: ExpressionType?) -> (
        TypedExpression?, [ExpressionError]
    ) {
        let parser = ExpressionTyping()
        let parsed = parser.parseRoot(node, expected: expected)
        return (parser.errors.isEmpty ? parsed : nil, parser.errors)
    }
}
