import Foundation
import LocatedJSON

/// The operators: MapLibre's special forms here and in `+Control`, the rest by signature.
extension ExpressionCompiler {
    package func compileOperator(_ op: String, _ items: [JSONNode], expected: ExpressionType?) throws(EvaluationError)
        -> CompiledExpression
    {
        guard let form = ExpressionRegistry.operators[op] else { throw EvaluationError("Unknown expression \"\(op)\"") }
        switch form {
        case .literal: return try compileLiteral(items, expected: expected)
        case .semiliteral: return try compileSemiliteral(items)
        case .assertion(let type): return try compileAssertion(type, items)
        case .coercion(let type): return try compileCoercion(type, items)
        case .bind: return try LetForm.compile(items, expected: expected, in: self)
        case .variable: return try VarForm.compile(items, expected: expected, in: self)
        case .branch: return try CaseForm.compile(items, expected: expected, in: self)
        case .coalesce: return try CoalesceForm.compile(items, expected: expected, in: self)
        case .match: return try MatchForm.compile(items, expected: expected, in: self)
        case .step: return try StepForm.compile(items, expected: expected, in: self)
        case .interpolate: return try InterpolateForm.compile(items, expected: expected, in: self)
        case .comparison(let comparison): return try compileComparison(op, comparison, items)
        case .at: return try compileAt(items, expected: expected)
        case .membership(let returnsIndex): return try compileMembership(op, returnsIndex: returnsIndex, items)
        case .slice: return try compileSlice(items)
        case .length: return try compileLength(items)
        case .format: return try compileFormat(items)
        case .numberFormat: return try compileNumberFormat(items)
        case .collator: return try compileCollator(items)
        case .image: return try compileImage(items)
        case .globalState: return try compileGlobalState(items)
        case .geometry(let isWithin): return try compileGeometry(op, isWithin: isWithin, items)
        case .signature(let entry): return try compileCompound(op, entry, items)
        }
    }

    // Each operator compiles in a function of its own: deeply nested expressions recurse through
    // `compileOperator`, whose stack frame stays small that way.

    private func compileLiteral(_ items: [JSONNode], expected: ExpressionType?) throws(EvaluationError)
        -> CompiledExpression
    {
        guard items.count == 2 else { throw EvaluationError("literal needs one argument") }
        var type = ConstantValue.type(of: items[1].value)
        if case .array(_, 0) = type, let expected, case .array(_, let length) = expected, length == nil || length == 0 {
            type = expected
        }
        return .constant(ExpressionValue(json: items[1].value), type: type)
    }

    private func compileSemiliteral(_ items: [JSONNode]) throws(EvaluationError) -> CompiledExpression {
        guard items.count == 2 else { throw EvaluationError("semiliteral needs one argument") }
        guard let elements = items[1].arrayValue else { return .constant(ExpressionValue(json: items[1].value)) }
        var steps: [CompiledExpression.Step] = []
        for element in elements { steps.append(try compile(element, expected: .value).run) }
        return CompiledExpression(type: .array(.value, steps.count)) { context throws(EvaluationError) in
            var values: [ExpressionValue] = []
            for step in steps { values.append(try step(context)) }
            return .array(values)
        }
    }

    private func compileCoercion(_ type: ExpressionType, _ items: [JSONNode]) throws(EvaluationError)
        -> CompiledExpression
    {
        var arguments: [CompiledExpression] = []
        for index in 1..<items.count { arguments.append(try compile(items, index, expected: .value)) }
        return Self.coercion(type, arguments)
    }

    private func compileImage(_ items: [JSONNode]) throws(EvaluationError) -> CompiledExpression {
        let name = try compile(items, 1, expected: .string).run
        return CompiledExpression(type: .resolvedImage) { context throws(EvaluationError) in
            let text = try name(context).text
            return .image(name: text, available: context.availableImages.contains(text))
        }
    }

    private func compileGlobalState(_ items: [JSONNode]) throws(EvaluationError) -> CompiledExpression {
        guard items.count == 2, let key = items[1].stringValue else {
            throw EvaluationError("global-state needs a string key")
        }
        return CompiledExpression(type: .value) { context throws(EvaluationError) in context.globalState[key] ?? .null }
    }

    private func compileAssertion(_ asserted: ExpressionType, _ items: [JSONNode]) throws(EvaluationError)
        -> CompiledExpression
    {
        var type = asserted
        var first = 1
        if case .array = asserted {
            var item = ExpressionType.value
            var length: Int?
            if items.count > 2, let name = items[1].stringValue {
                item = ["string": .string, "number": .number, "boolean": .boolean][name] ?? .value
                first = 2
            }
            if items.count > 3, let count = items[2].numberValue?.intValue {
                length = count
                first = 3
            }
            type = .array(item, length)
        }
        var arguments: [CompiledExpression] = []
        for index in first..<items.count { arguments.append(try compile(items, index, expected: .value)) }
        return Self.assertion(type, arguments)
    }

    private func compileCompound(_ op: String, _ definition: CompoundOperator, _ items: [JSONNode])
        throws(EvaluationError) -> CompiledExpression
    {
        let count = items.count - 1
        let parameters = definition.overloads.first {
            if case .fixed(let types) = $0 { return types.count == count }
            return true
        }
        var arguments: [CompiledExpression.Step] = []
        for index in 1..<items.count {
            var expected: ExpressionType?
            switch parameters {
            case .fixed(let types)?: expected = types[index - 1]
            case .varargs(let type)?: expected = type
            case nil: throw EvaluationError("Expected arguments of another count for \"\(op)\"")
            }
            arguments.append(try compile(items, index, expected: expected).run)
        }
        return CompiledExpression(type: definition.type, run: definition.step(arguments))
    }

    private func compileComparison(_ op: String, _ comparison: ComparisonOperator, _ items: [JSONNode])
        throws(EvaluationError) -> CompiledExpression
    {
        guard items.count == 3 || items.count == 4 else { throw EvaluationError("Expected two or three arguments.") }
        let lhs = try compile(items, 1, expected: .value)
        let rhs = try compile(items, 2, expected: .value)
        let collator = items.count == 4 ? try compile(items, 3, expected: .collator).run : nil
        let ordered = !comparison.isEquality
        let untyped = lhs.type.isValue || rhs.type.isValue
        let left = lhs.run
        let right = rhs.run
        return CompiledExpression(type: .boolean) { context throws(EvaluationError) in
            let a = try left(context)
            let b = try right(context)
            if ordered, untyped {
                let (at, bt) = (a.type.kind, b.type.kind)
                guard at == bt, at == "string" || at == "number" else {
                    throw EvaluationError(
                        "Expected arguments for \"\(op)\" to be (string, string) or (number, number), but found (\(at), \(bt)) instead."
                    )
                }
            }
            if let collator {
                if !ordered, untyped, !(a.type.kind == "string" && b.type.kind == "string") {
                    return .boolean(Self.compareBasic(comparison, a, b))
                }
                guard case .collator(let settings) = try collator(context), case .string(let x) = a,
                    case .string(let y) = b
                else {
                    return .boolean(Self.compareBasic(comparison, a, b))
                }
                return .boolean(comparison.holds(order: CollatorComparison.compare(x, y, settings)))
            }
            return .boolean(Self.compareBasic(comparison, a, b))
        }
    }

    /// JavaScript's `===`, `<`, ... on two values (objects and arrays are equal only to themselves).
    package static func compareBasic(_ comparison: ComparisonOperator, _ a: ExpressionValue, _ b: ExpressionValue)
        -> Bool
    {
        switch comparison {
        case .equal: return strictlyEqual(a, b)
        case .notEqual: return !strictlyEqual(a, b)
        default: break
        }
        switch (a, b) {
        case (.number(let x), .number(let y)):
            // Compared directly, not through an order: NaN is neither less, equal nor greater.
            switch comparison {
            case .less: return x < y
            case .lessOrEqual: return x <= y
            case .greater: return x > y
            default: return x >= y
            }
        case (.string(let x), .string(let y)):
            let ux = Array(x.utf16)
            let uy = Array(y.utf16)
            return comparison.holds(order: ux.lexicographicallyPrecedes(uy) ? -1 : ux == uy ? 0 : 1)
        default:
            return false
        }
    }

    package static func strictlyEqual(_ a: ExpressionValue, _ b: ExpressionValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x.utf16.elementsEqual(y.utf16)
        default: return false
        }
    }

    private func compileAt(_ items: [JSONNode], expected: ExpressionType?) throws(EvaluationError) -> CompiledExpression
    {
        guard items.count == 3 else { throw EvaluationError("at needs two arguments") }
        let index = try compile(items, 1, expected: .number).run
        let input = try compile(items, 2, expected: .array(expected ?? .value, nil))
        let array = input.run
        return CompiledExpression(type: input.type.itemType ?? .value) { context throws(EvaluationError) in
            let position = try Self.number(try index(context))
            guard case .array(let values) = try array(context) else { throw EvaluationError("Expected an array") }
            if position < 0 {
                throw EvaluationError("Array index out of bounds: \(JavaScriptNumber.string(position)) < 0.")
            }
            if position >= Double(values.count) {
                throw EvaluationError(
                    "Array index out of bounds: \(JavaScriptNumber.string(position)) > \(values.count - 1).")
            }
            if position != position.rounded(.down) {
                throw EvaluationError(
                    "Array index must be an integer, but found \(JavaScriptNumber.string(position)) instead.")
            }
            return values[Int(position)]
        }
    }

    private func compileMembership(_ op: String, returnsIndex isIndex: Bool, _ items: [JSONNode])
        throws(EvaluationError) -> CompiledExpression
    {
        guard items.count >= 3 else { throw EvaluationError("\(op) needs two arguments") }
        let needle = try compile(items, 1, expected: .value).run
        let haystack = try compile(items, 2, expected: .value).run
        let from = items.count > 3 ? try compile(items, 3, expected: .number).run : nil
        return CompiledExpression(type: isIndex ? .number : .boolean) { context throws(EvaluationError) in
            let value = try needle(context)
            let container = try haystack(context)
            if !isIndex, !container.isTruthy { return .boolean(false) }
            switch value {
            case .boolean, .string, .number, .null: break
            default:
                throw EvaluationError(
                    "Expected first argument to be of type boolean, string, number or null, but found \(value.type) instead."
                )
            }
            var start = 0.0
            if let from { start = try Self.number(try from(context)) }
            switch container {
            case .string(let text):
                let units = Array(text.utf16)
                // JavaScript's `indexOf` makes the needle a string: null is "null".
                let target = Array((value == .null ? "null" : value.text).utf16)
                // String.prototype.indexOf: the position is clamped to 0...length.
                let begin = max(0, min(units.count, Self.searchPosition(start, count: units.count)))
                var found = -1
                if target.count <= units.count - begin {
                    for position in begin...(units.count - target.count)
                    where Array(units[position..<(position + target.count)]) == target {
                        found = position
                        break
                    }
                }
                if !isIndex { return .boolean(found >= 0) }
                if found < 0 { return .number(-1) }
                return .number(Double(String(decoding: units[..<found], as: UTF16.self).unicodeScalars.count))
            case .array(let values):
                // Array.prototype.indexOf: a negative position counts from the end.
                var begin = Self.searchPosition(start, count: values.count)
                if begin < 0 { begin = max(0, values.count + begin) }
                let found =
                    begin < values.count ? (begin..<values.count).first { Self.strictlyEqual(values[$0], value) } : nil
                return isIndex ? .number(Double(found ?? -1)) : .boolean(found != nil)
            default:
                throw EvaluationError(
                    "Expected second argument to be of type array or string, but found \(container.type) instead.")
            }
        }
    }

    /// JavaScript's ToIntegerOrInfinity of a search position (NaN is 0, fractions truncate), held within
    /// -(count + 1)...count + 1 so that any position (1e300, infinity) becomes an Int with the same outcome.
    package static func searchPosition(_ position: Double, count: Int) -> Int {
        let whole = position.isNaN ? 0 : position.rounded(.towardZero)
        let limit = Double(count) + 1
        return Int(max(-limit, min(limit, whole)))
    }

    private func compileSlice(_ items: [JSONNode]) throws(EvaluationError) -> CompiledExpression {
        guard items.count == 3 || items.count == 4 else { throw EvaluationError("slice needs two or three arguments") }
        let input = try compile(items, 1, expected: .value)
        let begin = try compile(items, 2, expected: .number).run
        let end = items.count == 4 ? try compile(items, 3, expected: .number).run : nil
        let source = input.run
        return CompiledExpression(type: input.type.isArray || input.type == .string ? input.type : .value) {
            context throws(EvaluationError) in
            let value = try source(context)
            let from = try Self.number(try begin(context))
            let to = try end.map { step throws(EvaluationError) in try Self.number(try step(context)) }
            func range(_ count: Int) -> Range<Int> {
                func clamp(_ index: Double) -> Int {
                    let whole = index.isNaN ? 0 : index.rounded(.towardZero)
                    if whole < 0 { return max(0, count + Int(max(whole, -Double(count)))) }
                    return min(count, Int(min(whole, Double(count))))
                }
                let lower = clamp(from)
                let upper = to.map(clamp) ?? count
                return lower..<max(lower, upper)
            }
            switch value {
            case .string(let text):
                let scalars = Array(text.unicodeScalars)
                var result = String.UnicodeScalarView()
                result.append(contentsOf: scalars[range(scalars.count)])
                return .string(String(result))
            case .array(let values):
                return .array(Array(values[range(values.count)]))
            default:
                throw EvaluationError(
                    "Expected first argument to be of type array or string, but found \(value.type) instead.")
            }
        }
    }

    private func compileLength(_ items: [JSONNode]) throws(EvaluationError) -> CompiledExpression {
        guard items.count == 2 else { throw EvaluationError("length needs one argument") }
        let input = try compile(items, 1).run
        return CompiledExpression(type: .number) { context throws(EvaluationError) in
            switch try input(context) {
            case .string(let text): return .number(Double(text.unicodeScalars.count))
            case .array(let values): return .number(Double(values.count))
            case let value:
                throw EvaluationError("Expected value to be of type string or array, but found \(value.type) instead.")
            }
        }
    }

    private func compileFormat(_ items: [JSONNode]) throws(EvaluationError) -> CompiledExpression {
        struct Section {
            package let content: CompiledExpression.Step
            package var scale: CompiledExpression.Step?
            package var font: CompiledExpression.Step?
            package var color: CompiledExpression.Step?
            package var align: CompiledExpression.Step?
        }
        var sections: [Section] = []
        var index = 1
        while index < items.count {
            var section = Section(content: try compile(items, index, expected: .value).run)
            if index + 1 < items.count, let options = items[index + 1].objectValue {
                if let node = options["font-scale"] { section.scale = try compile(node, expected: .number).run }
                if let node = options["text-font"] {
                    section.font = try compile(node, expected: .array(.string, nil)).run
                }
                if let node = options["text-color"] { section.color = try compile(node, expected: .color).run }
                if let node = options["vertical-align"] { section.align = try compile(node, expected: .string).run }
                index += 1
            }
            sections.append(section)
            index += 1
        }
        return CompiledExpression(type: .formatted) { context throws(EvaluationError) in
            var result: [FormattedSection] = []
            for section in sections {
                let content = try section.content(context)
                let align = try section.align.map { step throws(EvaluationError) in try step(context).text }
                if case .image(let name, let available) = content {
                    result.append(FormattedSection(text: "", image: (name, available), verticalAlign: align))
                    continue
                }
                var scale: Double?
                if let step = section.scale, case .number(let number) = try step(context) { scale = number }
                var font: String?
                if let step = section.font, case .array(let names) = try step(context) {
                    font = names.map(\.text).joined(separator: ",")
                }
                var color: ExpressionColor?
                if let step = section.color, case .color(let value) = try step(context) { color = value }
                result.append(
                    FormattedSection(
                        text: content.text, scale: scale, fontStack: font, textColor: color, verticalAlign: align))
            }
            return .formatted(result)
        }
    }

    private func compileNumberFormat(_ items: [JSONNode]) throws(EvaluationError) -> CompiledExpression {
        guard items.count == 3, let options = items[2].objectValue else {
            throw EvaluationError("number-format needs a number and options")
        }
        let number = try compile(items, 1, expected: .number).run
        func option(_ key: String, _ type: ExpressionType) throws(EvaluationError) -> CompiledExpression.Step? {
            guard let node = options[key] else { return nil }
            return try compile(node, expected: type).run
        }
        let locale = try option("locale", .string)
        let currency = try option("currency", .string)
        let unit = try option("unit", .string)
        let minimum = try option("min-fraction-digits", .number)
        let maximum = try option("max-fraction-digits", .number)
        return CompiledExpression(type: .string) { context throws(EvaluationError) in
            let value = try Self.number(try number(context))
            var settings = NumberFormatting()
            settings.locale = try locale.map { step throws(EvaluationError) in try step(context).text }
            settings.currency = try currency.map { step throws(EvaluationError) in try step(context).text }
            settings.unit = try unit.map { step throws(EvaluationError) in try step(context).text }
            if let minimum, case .number(let digits) = try minimum(context) { settings.minimumFractionDigits = digits }
            if let maximum, case .number(let digits) = try maximum(context) { settings.maximumFractionDigits = digits }
            return .string(try settings.format(value))
        }
    }

    private func compileCollator(_ items: [JSONNode]) throws(EvaluationError) -> CompiledExpression {
        guard items.count == 2, let options = items[1].objectValue else {
            throw EvaluationError("collator needs an options object")
        }
        let caseSensitive = try options["case-sensitive"].map { node throws(EvaluationError) in
            try compile(node, expected: .boolean).run
        }
        let diacriticSensitive = try options["diacritic-sensitive"].map { node throws(EvaluationError) in
            try compile(node, expected: .boolean).run
        }
        let locale = try options["locale"].map { node throws(EvaluationError) in
            try compile(node, expected: .string).run
        }
        return CompiledExpression(type: .collator) { context throws(EvaluationError) in
            let caseValue =
                try caseSensitive.map { step throws(EvaluationError) in try step(context).isTruthy } ?? false
            let diacriticValue =
                try diacriticSensitive.map { step throws(EvaluationError) in try step(context).isTruthy } ?? false
            let localeValue = try locale.map { step throws(EvaluationError) in try step(context).text }
            return .collator(
                ExpressionCollator(caseSensitive: caseValue, diacriticSensitive: diacriticValue, locale: localeValue))
        }
    }
}
