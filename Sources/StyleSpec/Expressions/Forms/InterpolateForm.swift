import LocatedJSON

/// `interpolate`, `interpolate-hcl` and `interpolate-lab`: the output blended between the two stops around the input,
/// along a linear, exponential or cubic-Bézier curve, in RGB, HCL or Lab for colours; stops are literal, ascending
/// numbers. One type checks it as MapLibre's parse does and compiles it, reading its curve the same way.
package struct InterpolateForm: SpecialForm {
    /// The space colours are blended in: RGB for `interpolate`, HCL and Lab for its forms.
    let space: ColorSpace

    /// The form for one of its operators.
    package init(space: ColorSpace) {
        self.space = space
    }

    /// Type-checks `items` (the whole array), errors reported through `typing`.
    package func parse(_ items: [JSONNode], expected: ExpressionType?, in typing: ExpressionTyping)
        -> TypedExpression?
    {
        switch Self.curve(items) {
        case .failure(let problem): return typing.error(problem.message, keys: problem.keys)
        case .success: break
        }
        guard items.count - 1 >= 4 else {
            return typing.error("Expected at least 4 arguments, but found only \(items.count - 1).")
        }
        guard (items.count - 1) % 2 == 0 else { return typing.error("Expected an even number of arguments.") }
        guard let input = typing.parse(items, 2, expected: .number) else { return nil }
        var outputType = outputType(expected: expected)
        var outputs: [TypedExpression] = []
        var previous: Double?
        for index in stride(from: 3, to: items.count, by: 2) {
            guard let label = Self.stopLabel(items, at: index, after: previous, of: "interpolate", in: typing) else {
                return nil
            }
            previous = label
            guard let output = typing.parse(items, index + 1, expected: outputType) else { return nil }
            outputType = outputType ?? output.type
            outputs.append(output)
        }
        let type = outputType ?? .value
        guard Self.isInterpolatable(type) else { return typing.error("Type \(type) is not interpolatable.") }
        let ownCurve: TypedExpression.ZoomCurve =
            input.form == .zoom ? .curve(id: typing.nextCurveID(), interpolates: true) : .none
        return .node(type, children: [input] + outputs, ownCurve: ownCurve, outputs: outputs)
    }

    /// Compiles `items`, which `parse` accepted, through `compiler`.
    package func compile(_ items: [JSONNode], expected: ExpressionType?, in compiler: ExpressionCompiler)
        throws(EvaluationError) -> CompiledExpression
    {
        guard items.count >= 5 else { throw EvaluationError("interpolate: bad arguments") }
        let curve: Interpolation
        switch Self.curve(items) {
        case .success(let read): curve = read
        case .failure(let problem): throw EvaluationError(problem.message)
        }
        let input = try compiler.compile(items, 2, expected: .number)
        var outputType = outputType(expected: expected)
        var labels: [Double] = []
        var outputs: [CompiledExpression.Step] = []
        var index = 3
        while index + 1 < items.count {
            labels.append(items[index].numberValue?.doubleValue ?? 0)
            let output = try compiler.compile(items, index + 1, expected: outputType)
            outputType = outputType ?? output.type
            outputs.append(output.run)
            index += 2
        }
        let type = outputType ?? .number
        let inputStep = input.run
        return CompiledExpression(type: type) { context throws(EvaluationError) in
            if labels.count == 1 { return try outputs[0](context) }
            let value = try ExpressionCompiler.number(try inputStep(context))
            if value <= labels[0] { return try outputs[0](context) }
            if value >= labels[labels.count - 1] { return try outputs[labels.count - 1](context) }
            let stop = try ExpressionCompiler.stopIndex(labels, value)
            let t = curve.factor(value, lower: labels[stop], upper: labels[stop + 1])
            let lower = try outputs[stop](context)
            let upper = try outputs[stop + 1](context)
            return try ExpressionCompiler.interpolate(lower, upper, t, space: space)
        }
    }

    /// Why a curve cannot be read: MapLibre's message, at keys below the expression's.
    package struct CurveProblem: Error {
        /// MapLibre's wording.
        let message: String
        /// The keys of the value at fault, below the expression's (`[1]`: the curve; `[1, 1]`: its base).
        let keys: [Int]
    }

    /// The curve `items[1]` names (`["linear"]`, `["exponential", base]`, `["cubic-bezier", x1, y1, x2, y2]`),
    /// read once for both checking and compiling.
    static func curve(_ items: [JSONNode]) -> Result<Interpolation, CurveProblem> {
        guard items.count > 1, let interpolation = items[1].arrayValue, let kind = interpolation.first else {
            return .failure(CurveProblem(message: "Expected an interpolation type expression.", keys: [1]))
        }
        switch kind.stringValue {
        case "linear":
            return .success(.exponential(1))
        case "exponential":
            guard interpolation.count > 1, let base = interpolation[1].numberValue?.doubleValue else {
                return .failure(
                    CurveProblem(message: "Exponential interpolation requires a numeric base.", keys: [1, 1]))
            }
            return .success(.exponential(base))
        case "cubic-bezier":
            let points = interpolation.dropFirst().compactMap { $0.numberValue?.doubleValue }
            guard interpolation.count == 5, points.count == 4, points.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
                return .failure(
                    CurveProblem(
                        message:
                            "Cubic bezier interpolation requires four numeric arguments with values between 0 and 1.",
                        keys: [1]))
            }
            return .success(.bezier(UnitBezier(points[0], points[1], points[2], points[3])))
        default:
            return .failure(
                CurveProblem(
                    message: "Unknown interpolation type \(kind.stringValue ?? kind.specDisplay)", keys: [1, 0]))
        }
    }

    /// The output type the stops are checked against: a colour for the HCL and Lab forms (unless a colour array is
    /// expected), else the branches' shared type.
    private func outputType(expected: ExpressionType?) -> ExpressionType? {
        space != .rgb && expected != .colorArray ? .color : Self.branchType(expected)
    }

    /// The output types `interpolate` can blend.
    private static func isInterpolatable(_ type: ExpressionType) -> Bool {
        switch type {
        case .number, .projectionDefinition, .color, .padding, .numberArray, .colorArray,
            .variableAnchorOffsetCollection:
            return true
        case .array(.number, let length): return length != nil
        default: return false
        }
    }
}
