import LocatedJSON

/// Parses and type-checks one expression the way MapLibre's `ParsingContext` does: operator by operator,
/// with the expected type passed down, implicit assertions and coercions inserted where MapLibre inserts
/// them, constant sub-expressions folded (so a bad constant color is an error now, not at render time),
/// and errors keyed by MapLibre's notation.
///
/// One value types one expression; the results are facts (`TypedExpression`), not a tree.
package final class ExpressionTyping {
    /// How an expected type is enforced on an expression whose type is more general.
    package enum Annotation {
        case assert
        case coerce
        /// Checked but not wrapped (`coalesce` arguments).
        case omit
    }

    package private(set) var errors: [ExpressionError] = []
    /// The key of the sub-expression being parsed, from the root.
    private var keys: [Int] = []
    /// The expression being checked.
    private var root = JSONNode(.null)
    /// The nodes parsed under keys that are not their positions, with the depth of their key: from each,
    /// the keys below lead on (kept apart so that the common, truthful step costs no reference counting).
    private var displaced: [(depth: Int, node: JSONNode)] = []
    /// How many leading steps of `keys` are the true positions of their nodes.
    private var truthfulDepth = 0
    /// `let` bindings in scope, innermost last.
    private var scopes: [[(name: String, value: TypedExpression)]] = []
    private var curveCount = 0
    /// The values of the constant sub-expressions folded so far, by the byte offset of their node: folding a
    /// parent compiles it with these in place of its folded arguments, so a chain of constant operators is
    /// folded in linear time, not once per level (a deep chain would otherwise take quadratic time).
    /// Keyed by offset but checked against the node itself: nodes the checker makes (from legacy functions) can
    /// share their source's offset.
    private var foldedByOffset: [Int: (node: JSONNode, value: JSONValue)] = [:]

    /// Parses `node` as the whole expression.
    package func parseRoot(_ node: JSONNode, expected: ExpressionType?, annotation: Annotation? = nil)
        -> TypedExpression?
    {
        root = node
        foldedByOffset = [:]
        displaced = []
        keys = []
        truthfulDepth = 0
        return parseCurrent(node, expected: expected, annotation: annotation)
    }

    // MARK: - Children

    /// Parses element `index` of `items`, the array of the expression being parsed.
    package func parse(
        _ items: [JSONNode], _ index: Int, expected: ExpressionType? = nil, annotation: Annotation? = nil,
        bindings: [(name: String, value: TypedExpression)]? = nil
    ) -> TypedExpression? {
        parse(items[index], key: index, truthful: true, expected: expected, annotation: annotation, bindings: bindings)
    }

    /// Parses `node` under `key`; `truthful` says whether `key` is the node's real position in the array
    /// being parsed.
    package func parse(
        _ node: JSONNode, key: Int, truthful: Bool, expected: ExpressionType? = nil, annotation: Annotation? = nil,
        bindings: [(name: String, value: TypedExpression)]? = nil
    ) -> TypedExpression? {
        let wasTruthful = truthfulDepth == keys.count
        keys.append(key)
        if !truthful { displaced.append((keys.count, node)) }
        if wasTruthful, truthful { truthfulDepth += 1 }
        if let bindings { scopes.append(bindings) }
        defer {
            if bindings != nil { scopes.removeLast() }
            if truthfulDepth == keys.count { truthfulDepth -= 1 }
            if !truthful { displaced.removeLast() }
            keys.removeLast()
        }
        return parseCurrent(node, expected: expected, annotation: annotation)
    }

    // MARK: - Errors

    /// Records an error at the current sub-expression, or at its descendants `extraKeys` (positions in its
    /// array). Returns nil so that parse functions can `return error(...)`.
    @discardableResult
    package func error(_ message: String, _ extraKeys: Int...) -> TypedExpression? {
        record(message, extraKeys)
        return nil
    }

    /// `error(_:_:)` with the keys below the current one as an array.
    package func error(_ message: String, keys extraKeys: [Int]) -> TypedExpression? {
        record(message, extraKeys)
        return nil
    }

    /// MapLibre's `checkSubtype` on the current context: records the error and returns true when `actual`
    /// does not fit `expected`.
    @discardableResult
    package func checkSubtype(_ expected: ExpressionType, _ actual: ExpressionType, at extraKeys: Int...) -> Bool {
        guard let message = ExpressionType.subtypeError(expected: expected, actual: actual) else { return false }
        record(message, extraKeys)
        return true
    }

    private func record(_ message: String, _ extraKeys: [Int]) {
        // The node at fault: from the last displaced node (or the root), down the keys below it.
        let start = displaced.last ?? (depth: 0, node: root)
        var offending: JSONNode? = start.node
        for key in keys[start.depth...] + extraKeys { offending = offending?[key] ?? offending }
        var named: JSONNode? = root
        if truthfulDepth == keys.count {
            named = offending
        } else {
            for key in keys[..<truthfulDepth] { named = named?[key] ?? named }
        }
        errors.append(
            ExpressionError(
                key: keys + extraKeys, message: message, node: named,
                offending: truthfulDepth == keys.count ? nil : offending))
    }

    /// The number of errors so far, to undo an attempt (overload resolution) with `discardErrors(after:)`.
    package var errorMark: Int { errors.count }
    package func discardErrors(after mark: Int) { errors.removeSubrange(mark...) }

    // MARK: - Scope and curves

    package func lookUp(_ name: String) -> TypedExpression? {
        for scope in scopes.reversed() {
            if let binding = scope.last(where: { $0.name == name }) { return binding.value }
        }
        return nil
    }

    /// A fresh identity for a `step`/`interpolate` curve.
    package func nextCurveID() -> Int {
        curveCount += 1
        return curveCount
    }

    // MARK: - One node

    private func parseCurrent(_ node: JSONNode, expected: ExpressionType?, annotation: Annotation?) -> TypedExpression?
    {
        let items: [JSONNode]
        switch node.value {
        case .array(let elements):
            items = elements
        case .object:
            return error("Bare objects invalid. Use [\"literal\", {...}] instead.")
        default:
            items = []
        }
        if !node.value.isScalar, items.isEmpty {
            return error(
                "Expected an array with at least one element. If you wanted a literal array, use [\"literal\", []].")
        }
        let parsed: TypedExpression
        if node.value.isScalar {
            parsed = .literal(ConstantValue.type(of: node.value), .json(node.value))
        } else {
            guard let op = items[0].stringValue else {
                let found = items[0].value.javaScriptTypeName
                return error(
                    "Expression name must be a string, but found \(found) instead. If you wanted a literal array, use [\"literal\", [...]].",
                    0)
            }
            guard let result = parseOperator(op, items, expected: expected) else {
                return nil
            }
            parsed = result
        }
        return finish(parsed, node: node, expected: expected, annotation: annotation)
    }

    /// Where MapLibre wraps an expression of type `actual` to meet `expected`: an assertion for a `value`
    /// where a primitive or array is wanted, a coercion where a color, formatted text, image, padding,
    /// number or color array, anchor offsets or a projection is wanted; nil when the type must fit as is.
    package static func implicitAnnotation(expected: ExpressionType, actual: ExpressionType) -> Annotation? {
        switch (expected, actual) {
        case (.string, .value), (.number, .value), (.boolean, .value), (.object, .value), (.array, .value):
            return .assert
        case (.projectionDefinition, .value), (.projectionDefinition, .string), (.projectionDefinition, .array),
            (.color, .value), (.color, .string), (.formatted, .value), (.formatted, .string),
            (.resolvedImage, .value), (.resolvedImage, .string),
            (.padding, .value), (.padding, .number), (.padding, .array),
            (.numberArray, .value), (.numberArray, .number), (.numberArray, .array),
            (.colorArray, .value), (.colorArray, .string), (.colorArray, .array),
            (.variableAnchorOffsetCollection, .value), (.variableAnchorOffsetCollection, .array):
            return .coerce
        default:
            return nil
        }
    }

    /// Enforces the expected type (inserting an assertion or coercion where MapLibre does), then folds a
    /// constant expression into a literal.
    private func finish(_ parsed: TypedExpression, node: JSONNode, expected: ExpressionType?, annotation: Annotation?)
        -> TypedExpression?
    {
        var result = parsed
        if let expected {
            let defaultAnnotation = Self.implicitAnnotation(expected: expected, actual: parsed.type)
            if let wrap = defaultAnnotation {
                switch annotation ?? wrap {
                case .omit: break
                case .assert: result = .node(expected, form: .annotation, operation: .assertion, children: [parsed])
                case .coerce: result = .node(expected, form: .annotation, operation: .coercion, children: [parsed])
                }
            } else if checkSubtype(expected, parsed.type) {
                return nil
            }
        }
        guard result.isConstant, result.form != .literal, result.type != .resolvedImage else { return result }
        switch ConstantEvaluator.evaluate(result) {
        case .failure(let failure):
            return error(failure.message)
        case .success(.unknown) where result.operation == .opaque:
            // Any other constant expression is evaluated, as MapLibre evaluates it while parsing: what fails
            // (`["number", ["get", "x", ["literal", {}]]]` is null, not a number) is an error now.
            switch Self.fold(withFoldedArguments(node), expected: expected, annotation: annotation) {
            case .failure(let failure): return error(failure.message)
            case .success(let value): return folded(result.type, value, node: node)
            }
        case .success(let value):
            return folded(result.type, value, node: node)
        }
    }

    /// The literal a constant expression folds to, remembered for folding the expressions around it.
    private func folded(_ type: ExpressionType, _ value: ConstantValue, node: JSONNode) -> TypedExpression {
        // Infinities and NaN have no JSON form to put back in place of the expression (the evaluator's JSON of
        // one is null, which is why null is never put back either).
        if case .json(let json) = value, let offset = node.sourceOffset, json != .null, json.isWritableInPlace {
            foldedByOffset[offset] = (node, json)
        }
        return .literal(type, value)
    }

    /// `node` with each argument that was folded already replaced by its value (`["literal", v]` for arrays and
    /// objects, which would otherwise read as expressions).
    private func withFoldedArguments(_ node: JSONNode) -> JSONNode {
        guard !foldedByOffset.isEmpty, let items = node.arrayValue else { return node }
        var changed = false
        let arguments = items.enumerated().map { index, item -> JSONNode in
            guard index > 0, let offset = item.sourceOffset, let entry = foldedByOffset[offset],
                Self.isSameNode(entry.node, item)
            else {
                return item
            }
            changed = true
            let value = entry.value
            switch value {
            case .array, .object:
                return JSONNode(.array([JSONNode(.string("literal")), JSONNode(value)]), placedAs: item)
            default: return JSONNode(value, placedAs: item)
            }
        }
        return changed ? JSONNode(.array(arguments), placedAs: node) : node
    }

    /// True when `a` and `b` are the same array (one storage: copies of one parsed node) or equal scalars.
    private static func isSameNode(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return false }
            return left.withUnsafeBufferPointer { l in
                right.withUnsafeBufferPointer { r in l.baseAddress == r.baseAddress }
            }
        case (.object, _), (_, .object), (.array, _), (_, .array):
            return false
        default:
            return a.value == b.value
        }
    }

    /// The value of a constant expression by the evaluator; `.unknown` when it cannot be compiled alone (a
    /// `var` bound outside it) or its value is not one the checker uses.
    private static func fold(_ node: JSONNode, expected: ExpressionType?, annotation: Annotation?) -> Result<
        ConstantValue, ConstantEvaluator.Failure
    > {
        guard let compiled = try? ExpressionCompiler().compile(node, expected: expected, annotation: annotation) else {
            return .success(.unknown)
        }
        do {
            switch try compiled.run(EvaluationInput()) {
            case .color: return .success(.color)
            case let value:
                let json = value.json(colorsAsArrays: false)
                switch value {
                case .null, .boolean, .number, .string, .array, .object: return .success(.json(json.value))
                default: return .success(.unknown)
                }
            }
        } catch {
            return .failure(ConstantEvaluator.Failure(message: error.message))
        }
    }
}

extension JSONValue {
    /// False for values that contain a number JSON cannot write (an infinity, NaN).
    package var isWritableInPlace: Bool {
        switch self {
        case .number(let number): return number.doubleValue.isFinite
        case .array(let items): return items.allSatisfy(\.value.isWritableInPlace)
        case .object(let object): return object.members.allSatisfy(\.value.value.isWritableInPlace)
        default: return true
        }
    }

    /// JavaScript's `typeof` of the value, as MapLibre's messages name it.
    package var javaScriptTypeName: String {
        switch self {
        case .null, .array, .object: return "object"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        }
    }
}
