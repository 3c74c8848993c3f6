import LocatedJSON

/// What the type-checker keeps of a parsed (sub-)expression: its type and the facts MapLibre derives from
/// the typed tree (constancy, zoom curve, whether outputs are literals). The tree itself is not kept: every
/// fact is computed bottom-up while parsing, which keeps validation of large styles cheap.
package struct TypedExpression {
    /// What kind of node it is, as far as later checks care.
    package enum Form: Equatable {
        /// A literal value, or a constant expression folded into one.
        case literal
        /// `["var", name]`.
        case variable
        /// `["zoom"]`, the only valid input of a zoom curve.
        case zoom
        /// An `array`/`number`/... assertion or a `to-*` coercion, written or inserted by the checker.
        case annotation
        case other
    }

    /// The inputs an expression reads (MapLibre's `isFeatureConstant`, `isStateConstant` and
    /// `isGlobalPropertyConstant` as flags).
    package struct Dependencies: OptionSet {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Feature data: `get`, `has`, `properties`, `id`, `geometry-type`, `feature-state`, `within`, `distance`.
        package static let feature = Dependencies(rawValue: 1)
        package static let featureState = Dependencies(rawValue: 2)
        package static let zoom = Dependencies(rawValue: 4)
        package static let heatmapDensity = Dependencies(rawValue: 8)
        package static let lineProgress = Dependencies(rawValue: 16)
        /// `elevation`, `accumulated`, `is-supported-script`: evaluation-time globals.
        package static let otherGlobal = Dependencies(rawValue: 32)
        package static let globals: Dependencies = [.zoom, .heatmapDensity, .lineProgress, .otherGlobal]
    }

    /// The zoom curve found under an expression (MapLibre's `findZoomCurve`): none, one curve (by its
    /// number in the parse), or why the use of `zoom` is invalid.
    package enum ZoomCurve: Equatable {
        case none
        case curve(id: Int, interpolates: Bool)
        /// `zoom` outside the input of a top-level curve.
        case misplaced
        /// Two zoom curves.
        case several

        /// MapLibre's message for an invalid use of `zoom`; nil when valid.
        package var message: String? {
            switch self {
            case .misplaced:
                return
                    "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression."
            case .several:
                return "Only one zoom-based \"step\" or \"interpolate\" subexpression may be used in an expression."
            default: return nil
            }
        }
    }

    /// How a constant expression is evaluated when folded.
    package enum Operation {
        case opaque
        case variable
        case assertion
        case coercion
        /// `rgb` and `rgba`, whose channels are range-checked.
        case rgba
    }

    package var type: ExpressionType
    package var form: Form
    package var operation: Operation = .opaque
    package var dependencies: Dependencies = []
    package var zoomCurve: ZoomCurve = .none
    /// MapLibre's `isConstant`: evaluable now, so the checker folds it into a literal.
    package var isConstant = false
    /// The value of a literal; `.unknown` for folded expressions the checker does not evaluate.
    package var constant: ConstantValue?
    /// MapLibre's `outputDefined`: every possible output is a literal (required of `text-font`).
    package var outputDefined = false
    /// The values of the children of a constant expression, for folding.
    package var inputs: [ConstantValue] = []

    package static func literal(_ type: ExpressionType, _ value: ConstantValue) -> TypedExpression {
        TypedExpression(type: type, form: .literal, isConstant: true, constant: value, outputDefined: true)
    }

    /// An expression over `children` (in MapLibre's `eachChild` order), with the facts derived from them.
    /// `reads` are the inputs the operator itself reads; `ownCurve` is the zoom curve the operator itself
    /// is or passes on (`step`/`interpolate` over zoom, `let`, `coalesce`); `outputs` are the values it may
    /// return, when they decide `outputDefined`.
    package static func node(
        _ type: ExpressionType, form: Form = .other, operation: Operation = .opaque, children: [TypedExpression],
        reads: Dependencies = [], ownCurve: ZoomCurve = .none, neverConstant: Bool = false,
        outputs: [TypedExpression]? = nil
    ) -> TypedExpression {
        var result = TypedExpression(type: type, form: form, operation: operation)
        var dependencies = reads
        var constantChildren = true
        for child in children {
            dependencies.formUnion(child.dependencies)
            constantChildren = constantChildren && (form == .annotation ? child.isConstant : child.form == .literal)
        }
        result.dependencies = dependencies
        result.zoomCurve = combinedCurve(own: ownCurve, children: children)
        result.isConstant =
            !neverConstant && constantChildren && dependencies.isDisjoint(with: Dependencies.globals.union(.feature))
        if let outputs {
            result.outputDefined = outputs.allSatisfy(\.outputDefined)
        } else if form == .annotation {
            result.outputDefined = children.allSatisfy(\.outputDefined)
        }
        if result.isConstant { result.inputs = children.map { $0.constant ?? .unknown } }
        return result
    }

    /// MapLibre's `findZoomCurve` over one node, given what its children found.
    private static func combinedCurve(own: ZoomCurve, children: [TypedExpression]) -> ZoomCurve {
        if own.message != nil { return own }
        var result = own
        for child in children {
            switch (child.zoomCurve, result) {
            case (.none, _):
                continue
            case (.misplaced, _), (.several, _):
                result = child.zoomCurve
            case (.curve, .none):
                result = .misplaced
            case (.curve, _):
                if child.zoomCurve != result { result = .several }
            }
        }
        return result
    }

    package var isFeatureConstant: Bool { !dependencies.contains(.feature) }
    package var isZoomConstant: Bool { !dependencies.contains(.zoom) }
}

/// A constant's value, as far as folding needs it: JSON values, a parsed color, or a value the checker
/// does not compute.
package enum ConstantValue {
    /// A JSON value (without its location: constants are copied often).
    case json(JSONValue)
    case color
    case unknown

    /// MapLibre's `typeOf` of the value; nil when unknown.
    package var type: ExpressionType? {
        switch self {
        case .json(let value): return ConstantValue.type(of: value)
        case .color: return .color
        case .unknown: return nil
        }
    }

    /// MapLibre's `typeOf` for JSON: arrays have the common item type of their elements, else `value`
    /// (nested arrays never share a type: MapLibre compares them by identity).
    package static func type(of value: JSONValue) -> ExpressionType {
        switch value {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .object: return .object
        case .array(let items):
            return .array(of: items.map { type(of: $0.value) })
        }
    }
}
