import LocatedJSON

/// Why an evaluation failed (MapLibre's `RuntimeError`), or why an expression cannot be compiled.
public struct EvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in MapLibre's words.
    public let message: String
    /// An error with this message.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

/// One compiled (sub-)expression: its type as MapLibre infers it, and how to evaluate it.
package struct CompiledExpression {
    /// A step reads the input it is given (passed borrowed: evaluating copies nothing).
    package typealias Step = (EvaluationInput) throws(EvaluationError) -> ExpressionValue
    package let type: ExpressionType
    package let run: Step
    /// The value, when it is the same for every input (a literal, or an annotation of one, folded).
    package var constant: ExpressionValue?

    package init(type: ExpressionType, constant: ExpressionValue? = nil, run: @escaping Step) {
        self.type = type
        self.constant = constant
        self.run = run
    }

    package static func constant(_ value: ExpressionValue, type: ExpressionType? = nil) -> CompiledExpression {
        CompiledExpression(type: type ?? value.type, constant: value) { _ throws(EvaluationError) in value }
    }
}

/// A MapLibre expression (or legacy function) compiled for evaluation, as MapLibre's `createPropertyExpression`
/// makes it: the expected type passed down, implicit assertions and coercions where MapLibre inserts them, and
/// every operator's run-time behaviour, errors included. Compile once, evaluate for many inputs.
///
/// Compile only what the type-checker accepted (`ExpressionTypeChecker`): the compiler relies on its checks
/// and reports anything else as a compile error without detail.
public struct ExpressionProgram: Sendable {
    private let root: @Sendable (EvaluationInput) throws(EvaluationError) -> ExpressionValue
    /// The result type (MapLibre's name for it).
    public let type: String

    /// Compiles a property value against its specification; a legacy function is converted first.
    public static func compile(property node: JSONNode, spec: ExpressionSpec) -> Result<
        ExpressionProgram, EvaluationError
    > {
        var expression = node
        if let function = node.objectValue { expression = LegacyFunction.convert(function, spec: spec) }
        let compiler = ExpressionCompiler()
        do {
            let compiled = try compiler.compile(
                expression, expected: spec.expectedType, annotation: spec.type == "string" ? .coerce : nil)
            let run = compiled.run
            nonisolated(unsafe) let step = run
            return .success(
                ExpressionProgram(
                    root: { context throws(EvaluationError) in try step(context) },
                    type: compiled.type.description))
        } catch {
            return .failure(error)
        }
    }

    /// Compiles a property's value as a style holds it: an expression, a legacy function, or a constant (an
    /// array whose first element is not an operator name is a constant, as MapLibre's `isExpression` says).
    public static func compile(propertyValue node: JSONNode, spec: ExpressionSpec) -> Result<
        ExpressionProgram, EvaluationError
    > {
        if let items = node.arrayValue, !(items.first?.stringValue.map(ExpressionRegistry.isOperator) ?? false) {
            return compile(property: .array([.string("literal"), node]), spec: spec)
        }
        return compile(property: node, spec: spec)
    }

    /// The value for one input, or MapLibre's run-time error.
    /// `maximumSteps` bounds the work (`let` evaluations and bindings worked out); past it the evaluation fails.
    public func evaluate(_ input: EvaluationInput, maximumSteps: Int = EvaluationLimits.steps) -> Result<
        ExpressionValue, EvaluationError
    > {
        // Each evaluation has its own budget, however often one input is evaluated.
        var fresh = input
        fresh.budget = EvaluationBudget(steps: maximumSteps)
        do { return .success(try root(fresh)) } catch { return .failure(error) }
    }

    /// The value as MapLibre's test harness writes it: colours as `[r, g, b, a]` when the result is a colour.
    public func output(_ value: ExpressionValue) -> JSONNode {
        value.json(colorsAsArrays: true)
    }
}

/// Compiles JSON into steps; `let` scopes are its only state.
package final class ExpressionCompiler {
    private var scopes: [[(name: String, value: CompiledExpression)]] = []

    package func compile(_ node: JSONNode, expected: ExpressionType?, annotation: ExpressionTyping.Annotation? = nil)
        throws(EvaluationError) -> CompiledExpression
    {
        let compiled: CompiledExpression
        switch node.value {
        case .array(let items):
            guard let op = items.first?.stringValue else { throw EvaluationError("Expression name must be a string") }
            compiled = try compileOperator(op, items, expected: expected)
        case .object:
            throw EvaluationError("Bare objects invalid. Use [\"literal\", {...}] instead.")
        default:
            compiled = .constant(ExpressionValue(json: node.value))
        }
        return finish(compiled, expected: expected, annotation: annotation)
    }

    /// Element `index` of `items`, compiled against `expected`.
    package func compile(
        _ items: [JSONNode], _ index: Int, expected: ExpressionType? = nil,
        annotation: ExpressionTyping.Annotation? = nil
    ) throws(EvaluationError) -> CompiledExpression {
        guard index < items.count else { throw EvaluationError("Expected at least \(index) arguments") }
        return try compile(items[index], expected: expected, annotation: annotation)
    }

    /// MapLibre's annotation of a parsed expression against the expected type.
    private func finish(
        _ compiled: CompiledExpression, expected: ExpressionType?, annotation: ExpressionTyping.Annotation?
    ) -> CompiledExpression {
        guard let expected, let wrap = ExpressionTyping.implicitAnnotation(expected: expected, actual: compiled.type)
        else { return compiled }
        let wrapped: CompiledExpression
        switch annotation ?? wrap {
        case .omit: return compiled
        case .assert: wrapped = Self.assertion(expected, [compiled])
        case .coerce: wrapped = Self.coercion(expected, [compiled])
        }
        // An annotated literal (a colour written as a string, most often) is worked out once, as MapLibre folds
        // it while parsing; one that fails stays, to fail at run time with MapLibre's message.
        guard compiled.constant != nil, let value = try? wrapped.run(Self.foldingContext) else { return wrapped }
        return .constant(value, type: wrapped.type)
    }

    /// The input constants are folded with: they read nothing from it.
    private static var foldingContext: EvaluationInput { EvaluationInput() }

    // MARK: - Scope

    /// Compiles `body` with `bindings` in scope; also returns the slot of the first binding
    /// (`EvaluationInput.letBindings`).
    package func withBindings<T>(
        _ bindings: [(name: String, value: CompiledExpression)], _ body: () throws(EvaluationError) -> T
    ) throws(EvaluationError) -> (T, Int) {
        let firstSlot = scopes.reduce(0) { $0 + $1.count }
        scopes.append(bindings)
        defer { scopes.removeLast() }
        return (try body(), firstSlot)
    }

    /// The innermost binding of `name` and its slot.
    package func lookUp(_ name: String) -> (CompiledExpression, Int)? {
        var slotsBefore = scopes.reduce(0) { $0 + $1.count }
        for scope in scopes.reversed() {
            slotsBefore -= scope.count
            if let index = scope.lastIndex(where: { $0.name == name }) {
                return (scope[index].value, slotsBefore + index)
            }
        }
        return nil
    }

    // MARK: - Assertions and coercions

    /// `number`, `string`, `array`, ...: the first argument whose value has the type.
    package static func assertion(_ type: ExpressionType, _ arguments: [CompiledExpression]) -> CompiledExpression {
        let steps = arguments.map(\.run)
        return CompiledExpression(type: type) { context throws(EvaluationError) in
            var last = ExpressionValue.null
            for step in steps {
                last = try step(context)
                if ExpressionType.isSubtype(last.type, of: type) { return last }
            }
            throw EvaluationError("Expected value to be of type \(type), but found \(last.type) instead.")
        }
    }

    /// `to-color`, `to-number`, ...: MapLibre's `Coercion`.
    package static func coercion(_ type: ExpressionType, _ arguments: [CompiledExpression]) -> CompiledExpression {
        let steps = arguments.map(\.run)
        func quoted(_ value: ExpressionValue) -> String {
            if case .string(let text) = value { return text } else { return value.jsonText }
        }
        switch type {
        case .boolean:
            return CompiledExpression(type: type) { context throws(EvaluationError) in
                .boolean(try steps[0](context).isTruthy)
            }
        case .color:
            return CompiledExpression(type: type) { context throws(EvaluationError) in
                var input = ExpressionValue.null
                var problem: String?
                for step in steps {
                    input = try step(context)
                    problem = nil
                    switch input {
                    case .color: return input
                    case .string(let text): if let color = ExpressionColor(css: text) { return .color(color) }
                    case .array(let items):
                        if items.count < 3 || items.count > 4 {
                            problem =
                                "Invalid rgba value \(input.jsonText): expected an array containing either three or four numeric values."
                        } else {
                            problem = Self.rgbaProblem(items)
                            if problem == nil, let color = try? Self.rgba(items) { return .color(color) }
                        }
                    default: break
                    }
                }
                throw EvaluationError(problem ?? "Could not parse color from value '\(quoted(input))'")
            }
        case .number:
            return CompiledExpression(type: type) { context throws(EvaluationError) in
                var value = ExpressionValue.null
                for step in steps {
                    value = try step(context)
                    if case .null = value { return .number(0) }
                    if let number = Self.javaScriptNumber(value), !number.isNaN { return .number(number) }
                }
                throw EvaluationError("Could not convert \(value.jsonText) to number.")
            }
        case .formatted:
            return CompiledExpression(type: type) { context throws(EvaluationError) in
                let value = try steps[0](context)
                if case .formatted = value { return value }
                return .formatted([FormattedSection(text: value.text)])
            }
        case .resolvedImage:
            return CompiledExpression(type: type) { context throws(EvaluationError) in
                let value = try steps[0](context)
                if case .image = value { return value }
                return .image(name: value.text, available: false)
            }
        case .padding, .numberArray, .colorArray, .variableAnchorOffsetCollection, .projectionDefinition:
            return CompiledExpression(type: type) { context throws(EvaluationError) in
                var input = ExpressionValue.null
                for step in steps {
                    input = try step(context)
                    if let value = Self.structured(type, input) { return value }
                }
                throw EvaluationError("Could not parse \(type) from value '\(quoted(input))'")
            }
        default:
            return CompiledExpression(type: .string) { context throws(EvaluationError) in
                .string(try steps[0](context).text)
            }
        }
    }

    /// What MapLibre's `Padding.parse`, `NumberArray.parse`, `ColorArray.parse`, ... make of a value, or nil.
    private static func structured(_ type: ExpressionType, _ input: ExpressionValue) -> ExpressionValue? {
        func numbers(_ items: [ExpressionValue]) -> [ExpressionValue]? {
            items.allSatisfy { if case .number = $0 { return true } else { return false } } ? items : nil
        }
        switch (type, input) {
        case (.padding, .number): return .wrapped(.padding, Array(repeating: input, count: 4))
        case (.padding, .array(let items)):
            guard (1...4).contains(items.count), let values = numbers(items) else { return nil }
            let expanded: [ExpressionValue]
            switch values.count {
            case 1: expanded = Array(repeating: values[0], count: 4)
            case 2: expanded = [values[0], values[1], values[0], values[1]]
            case 3: expanded = [values[0], values[1], values[2], values[1]]
            default: expanded = values
            }
            return .wrapped(.padding, expanded)
        case (.numberArray, .number): return .wrapped(.numberArray, [input])
        case (.numberArray, .array(let items)): return numbers(items).map { .wrapped(.numberArray, $0) }
        case (.colorArray, .color): return .wrapped(.colorArray, [input])
        case (.colorArray, .string(let text)):
            return ExpressionColor(css: text).map { .wrapped(.colorArray, [.color($0)]) }
        case (.colorArray, .array(let items)):
            var colors: [ExpressionValue] = []
            for item in items {
                switch item {
                case .color: colors.append(item)
                case .string(let text):
                    guard let color = ExpressionColor(css: text) else { return nil }
                    colors.append(.color(color))
                default: return nil
                }
            }
            return .wrapped(.colorArray, colors)
        case (.variableAnchorOffsetCollection, .array(let items)):
            guard items.count % 2 == 0, !items.isEmpty else { return nil }
            for (index, item) in items.enumerated() {
                if index % 2 == 0 {
                    guard case .string = item else { return nil }
                } else {
                    guard case .array(let offset) = item, offset.count == 2, numbers(offset) != nil else { return nil }
                }
            }
            return .wrapped(.variableAnchorOffsetCollection, items)
        case (.projectionDefinition, .string), (.projectionDefinition, .projection): return input
        case (.projectionDefinition, .array(let items)):
            // MapLibre checks the [from, to, transition] form and keeps the value as given.
            guard items.count == 3, case .string = items[0], case .string = items[1], case .number = items[2] else {
                return nil
            }
            return input
        case (_, .wrapped(let kind, _)) where kind == type: return input
        default:
            return nil
        }
    }

    /// JavaScript's `Number(value)`; nil where it would be NaN for a reason other than the value itself.
    package static func javaScriptNumber(_ value: ExpressionValue) -> Double? {
        switch value {
        case .null: return 0
        case .boolean(let flag): return flag ? 1 : 0
        case .number(let number): return number
        case .string(let text):
            let trimmed = text.trimmingJavaScriptSpace()
            if trimmed.isEmpty { return 0 }
            if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
                return Int(trimmed.dropFirst(2), radix: 16).map(Double.init) ?? .nan
            }
            if trimmed == "Infinity" || trimmed == "+Infinity" { return .infinity }
            if trimmed == "-Infinity" { return -.infinity }
            guard trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return .nan }
            return Double(trimmed) ?? .nan
        case .array(let items):
            if items.isEmpty { return 0 }
            if items.count == 1 { return javaScriptNumber(.string(items[0].text)) }
            return .nan
        default: return .nan
        }
    }

    /// A colour from `[r, g, b, a?]` channels (0...255, alpha 0...1), as `rgb`/`rgba` and `to-color` make it.
    package static func rgba(_ items: [ExpressionValue]) throws(EvaluationError) -> ExpressionColor {
        if let problem = rgbaProblem(items) { throw EvaluationError(problem) }
        var channels: [Double] = []
        for item in items { if case .number(let number) = item { channels.append(number) } }
        return ExpressionColor(
            red: channels[0] / 255, green: channels[1] / 255, blue: channels[2] / 255,
            alpha: channels.count > 3 ? channels[3] : 1)
    }

    /// MapLibre's `validateRGBA` message, or nil when the channels are valid (a channel that is not a number is
    /// out of range).
    package static func rgbaProblem(_ items: [ExpressionValue]) -> String? {
        let channels = items.map { value -> Double in
            if case .number(let number) = value { return number } else { return .nan }
        }
        return ConstantEvaluator.rgbaError(channels)
    }
}
