import Foundation
import LocatedJSON

/// The operators: each special form by its own type (`Forms/`), the rest by signature; and what the forms
/// compare and search with.
extension ExpressionCompiler {
    package func compileOperator(_ op: String, _ items: [JSONNode], expected: ExpressionType?) throws(EvaluationError)
        -> CompiledExpression
    {
        guard let form = ExpressionRegistry.operators[op] else { throw EvaluationError("Unknown expression \"\(op)\"") }
        switch form {
        case .literal: return try LiteralForm().compile(items, expected: expected, in: self)
        case .semiliteral: return try SemiliteralForm().compile(items, expected: expected, in: self)
        case .assertion(let type): return try AssertionForm(asserted: type).compile(items, expected: expected, in: self)
        case .coercion(let type): return try CoercionForm(type: type).compile(items, expected: expected, in: self)
        case .bind: return try LetForm().compile(items, expected: expected, in: self)
        case .variable: return try VarForm().compile(items, expected: expected, in: self)
        case .branch: return try CaseForm().compile(items, expected: expected, in: self)
        case .coalesce: return try CoalesceForm().compile(items, expected: expected, in: self)
        case .match: return try MatchForm().compile(items, expected: expected, in: self)
        case .step: return try StepForm().compile(items, expected: expected, in: self)
        case .interpolate(let space):
            return try InterpolateForm(space: space).compile(items, expected: expected, in: self)
        case .comparison(let comparison):
            return try ComparisonForm(op: op, comparison: comparison).compile(items, expected: expected, in: self)
        case .at: return try AtForm().compile(items, expected: expected, in: self)
        case .membership(let returnsIndex):
            return try MembershipForm(op: op, returnsIndex: returnsIndex).compile(items, expected: expected, in: self)
        case .slice: return try SliceForm().compile(items, expected: expected, in: self)
        case .length: return try LengthForm().compile(items, expected: expected, in: self)
        case .format: return try FormatForm().compile(items, expected: expected, in: self)
        case .numberFormat: return try NumberFormatForm().compile(items, expected: expected, in: self)
        case .collator: return try CollatorForm().compile(items, expected: expected, in: self)
        case .image: return try ImageForm().compile(items, expected: expected, in: self)
        case .globalState: return try GlobalStateForm().compile(items, expected: expected, in: self)
        case .geometry(let isWithin):
            return try GeometryForm(op: op, isWithin: isWithin).compile(items, expected: expected, in: self)
        case .signature(let entry): return try compileCompound(op, entry, items)
        }
    }

    // Each operator compiles in a function of its own (its form's `compile`): deeply nested expressions recurse
    // through `compileOperator`, whose stack frame stays small that way.

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

    /// JavaScript's ToIntegerOrInfinity of a search position (NaN is 0, fractions truncate), held within
    /// -(count + 1)...count + 1 so that any position (1e300, infinity) becomes an Int with the same outcome.
    package static func searchPosition(_ position: Double, count: Int) -> Int {
        let whole = position.isNaN ? 0 : position.rounded(.towardZero)
        let limit = Double(count) + 1
        return Int(max(-limit, min(limit, whole)))
    }

}
