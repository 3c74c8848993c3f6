import Foundation
import LocatedJSON

/// MapLibre's expression registry, written once: every operator's name with its form. The type checker
/// (`ExpressionTyping.parseOperator`), the evaluator (`ExpressionCompiler.compileOperator`) and the test for an
/// expression (`isOperator`) all read this table. An operator defined by signature carries its result type,
/// overloads and run-time step in its entry; a special form names the rule both the checker and the evaluator
/// apply, with what tells its members apart: one `SpecialForm` type each (`Forms/`) that checks and compiles it.
/// Adding an operator touches one entry (and, for a special form, its type).
package enum ExpressionRegistry {
    /// How an operator is checked and compiled.
    package enum Form: Sendable {
        case literal, semiliteral
        /// `array`, `boolean`, `number`, `string`, `object`: the type asserted (`array` takes its item type and
        /// length from its arguments).
        case assertion(ExpressionType)
        /// `to-boolean`, `to-color`, `to-number`, `to-string`: the type converted to.
        case coercion(ExpressionType)
        case bind, variable, branch, coalesce, match, step
        /// `interpolate` (`.rgb`: any interpolatable output), `interpolate-hcl` and `interpolate-lab` (colors,
        /// interpolated in that space).
        case interpolate(ColorSpace)
        case at, slice, length
        /// `in` (a boolean) and `index-of` (the index).
        case membership(returnsIndex: Bool)
        case comparison(ComparisonOperator)
        case format, numberFormat, collator, image, globalState
        /// `within` (a boolean) and `distance` (a number).
        case geometry(isWithin: Bool)
        /// An operator defined by signature (MapLibre's `CompoundExpression`).
        case signature(CompoundOperator)
    }

    /// True when `name` is an operator: an array starting with it is an expression, not a constant.
    package static func isOperator(_ name: String) -> Bool { operators[name] != nil }

    /// Operator name -> its form: one hash lookup per expression.
    package static let operators: [String: Form] = {
        var table: [String: Form] = [
            "literal": .literal, "semiliteral": .semiliteral, "let": .bind, "var": .variable, "case": .branch,
            "coalesce": .coalesce, "match": .match, "step": .step, "at": .at, "slice": .slice, "length": .length,
            "format": .format, "number-format": .numberFormat, "collator": .collator, "image": .image,
            "global-state": .globalState,
            "array": .assertion(.array(.value, nil)), "boolean": .assertion(.boolean), "number": .assertion(.number),
            "string": .assertion(.string), "object": .assertion(.object),
            "to-boolean": .coercion(.boolean), "to-color": .coercion(.color), "to-number": .coercion(.number),
            "to-string": .coercion(.string),
            "interpolate": .interpolate(.rgb), "interpolate-hcl": .interpolate(.hcl),
            "interpolate-lab": .interpolate(.lab),
            "in": .membership(returnsIndex: false), "index-of": .membership(returnsIndex: true),
            "==": .comparison(.equal), "!=": .comparison(.notEqual), "<": .comparison(.less),
            "<=": .comparison(.lessOrEqual), ">": .comparison(.greater), ">=": .comparison(.greaterOrEqual),
            "within": .geometry(isWithin: true), "distance": .geometry(isWithin: false),
        ]
        for (name, entry) in signatures { table[name] = .signature(entry) }
        return table
    }()

    /// The operators defined by signature.
    private static var signatures: [String: CompoundOperator] {
        typealias Entry = CompoundOperator
        var table: [String: Entry] = [:]
        var error = Entry(.error, [.fixed([.string])]) { arguments in
            { context throws(EvaluationError) in throw EvaluationError(try arguments[0](context).text) }
        }
        error.neverConstant = true
        table["error"] = error
        table["typeof"] = Entry(.string, [.fixed([.value])]) { arguments in
            { context throws(EvaluationError) in .string(try arguments[0](context).type.description) }
        }
        table["to-rgba"] = Entry(.array(.number, 4), [.fixed([.color])]) { arguments in
            { context throws(EvaluationError) in
                guard case .color(let color) = try arguments[0](context) else {
                    throw EvaluationError("Expected a color")
                }
                let rgb = color.rgb
                return .array([.number(rgb[0] * 255), .number(rgb[1] * 255), .number(rgb[2] * 255), .number(rgb[3])])
            }
        }
        let channels: @Sendable ([Entry.Step]) -> Entry.Step = { arguments in
            { context throws(EvaluationError) in
                var channels: [ExpressionValue] = []
                for argument in arguments { channels.append(try argument(context)) }
                return .color(try ExpressionCompiler.rgba(channels))
            }
        }
        var rgb = Entry(.color, [.fixed([.number, .number, .number])], step: channels)
        rgb.operation = .rgba
        table["rgb"] = rgb
        var rgba = Entry(.color, [.fixed([.number, .number, .number, .number])], step: channels)
        rgba.operation = .rgba
        table["rgba"] = rgba
        table["has"] = .property(.boolean) { .boolean($0 != nil) }
        table["get"] = .property(.value) { $0 ?? .null }
        table["feature-state"] = Entry(.value, [.fixed([.string])], reads: [.feature, .featureState]) { arguments in
            { context throws(EvaluationError) in context.featureState[try arguments[0](context).text] ?? .null }
        }
        table["properties"] = .input(.object, reads: .feature) { .object($0.properties) }
        table["geometry-type"] = .input(.string, reads: .feature) { $0.geometryType }
        table["id"] = .input(.value, reads: .feature) { $0.id ?? .null }
        var zoom = Entry.input(.number, reads: .zoom) { $0.zoom.map(ExpressionValue.number) ?? .null }
        zoom.isZoom = true
        table["zoom"] = zoom
        table["heatmap-density"] = .input(.number, reads: .heatmapDensity) { .number($0.heatmapDensity ?? 0) }
        table["line-progress"] = .input(.number, reads: .lineProgress) { .number($0.lineProgress ?? 0) }
        table["elevation"] = .input(.number, reads: .otherGlobal) { .number($0.elevation ?? 0) }
        table["accumulated"] = .input(.number, reads: .otherGlobal) { $0.accumulated ?? .null }
        table["+"] = .fold { $0.reduce(0, +) }
        table["*"] = .fold { $0.reduce(1, *) }
        table["min"] = .fold { values in values.contains { $0.isNaN } ? .nan : values.min() ?? .infinity }
        table["max"] = .fold { values in values.contains { $0.isNaN } ? .nan : values.max() ?? -.infinity }
        table["-"] = Entry(.number, [.fixed([.number, .number]), .fixed([.number])]) { arguments in
            { context throws(EvaluationError) in
                let a = try Entry.number(arguments[0], context)
                return .number(arguments.count == 1 ? -a : a - (try Entry.number(arguments[1], context)))
            }
        }
        table["/"] = .binary { $0 / $1 }
        table["%"] = .binary { $0.truncatingRemainder(dividingBy: $1) }
        table["^"] = .binary { pow($0, $1) }
        table["ln2"] = .constant(M_LN2)
        table["pi"] = .constant(Double.pi)
        table["e"] = .constant(M_E)
        table["!"] = Entry(.boolean, [.fixed([.boolean])]) { arguments in
            { context throws(EvaluationError) in .boolean(!(try arguments[0](context).isTruthy)) }
        }
        table["all"] = .logical(stopsAt: false)
        table["any"] = .logical(stopsAt: true)
        table["is-supported-script"] = Entry(.boolean, [.fixed([.string])], reads: .otherGlobal) { _ in
            { _ throws(EvaluationError) in .boolean(true) }
        }
        table["upcase"] = .text { $0.uppercased() }
        table["downcase"] = .text { $0.lowercased() }
        table["concat"] = Entry(.string, [.varargs(.value)]) { arguments in
            { context throws(EvaluationError) in
                var text = ""
                for argument in arguments { text += try argument(context).text }
                return .string(text)
            }
        }
        table["split"] = Entry(.array(.string, nil), [.fixed([.string, .string])]) { arguments in
            { context throws(EvaluationError) in
                let text = try arguments[0](context).text
                let delimiter = try arguments[1](context).text
                return .array(Entry.javaScriptSplit(text, delimiter).map(ExpressionValue.string))
            }
        }
        table["join"] = Entry(.string, [.fixed([.array(.string, nil), .string])]) { arguments in
            { context throws(EvaluationError) in
                guard case .array(let values) = try arguments[0](context) else {
                    throw EvaluationError("Expected an array")
                }
                return .string(values.map(\.text).joined(separator: try arguments[1](context).text))
            }
        }
        table["resolved-locale"] = Entry(.string, [.fixed([.collator])]) { arguments in
            { context throws(EvaluationError) in
                guard case .collator(let collator) = try arguments[0](context) else {
                    throw EvaluationError("Expected a collator")
                }
                return .string(CollatorComparison.resolvedLocale(collator))
            }
        }
        table["sqrt"] = .math { $0.squareRoot() }
        table["log10"] = .math { log($0) / M_LN10 }
        table["ln"] = .math { log($0) }
        table["log2"] = .math { log($0) / M_LN2 }
        table["sin"] = .math { sin($0) }
        table["cos"] = .math { cos($0) }
        table["tan"] = .math { tan($0) }
        table["asin"] = .math { asin($0) }
        table["acos"] = .math { acos($0) }
        table["atan"] = .math { atan($0) }
        table["abs"] = .math { abs($0) }
        table["floor"] = .math { $0.rounded(.down) }
        table["ceil"] = .math { $0.rounded(.up) }
        // Halves go up, as in JavaScript; MapLibre takes negative halves away from zero.
        table["round"] = .math { $0 < 0 ? -((-$0 + 0.5).rounded(.down)) : ($0 + 0.5).rounded(.down) }
        return table
    }
}

/// The comparison operators, as `==` through `>=` name them.
package enum ComparisonOperator: Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

    /// True for `==` and `!=`, which compare any two values; the others order strings or numbers.
    package var isEquality: Bool { self == .equal || self == .notEqual }

    /// Whether it holds for two values whose order is `order` (negative, zero or positive).
    package func holds(order: Int) -> Bool {
        switch self {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }
}
