import LocatedJSON

/// The operators MapLibre defines by signature (its `CompoundExpression`s): result type and overloads.
enum CompoundSignatures {
    /// The parameters of one overload: a fixed list, or any number of one type.
    enum Parameters {
        case fixed([ExpressionType])
        case varargs(ExpressionType)

        var description: String {
            switch self {
            case .fixed(let types): return "(" + types.map(\.description).joined(separator: ", ") + ")"
            case .varargs(let type): return "(\(type)...)"
            }
        }
    }

    struct Definition {
        let type: ExpressionType
        let overloads: [Parameters]
        /// What the operator itself reads.
        var reads: TypedExpression.Dependencies = []
    }

    static let definitions: [String: Definition] = {
        var table: [String: Definition] = [
            "error": Definition(type: .error, overloads: [.fixed([.string])]),
            "typeof": Definition(type: .string, overloads: [.fixed([.value])]),
            "to-rgba": Definition(type: .array(.number, 4), overloads: [.fixed([.color])]),
            "rgb": Definition(type: .color, overloads: [.fixed([.number, .number, .number])]),
            "rgba": Definition(type: .color, overloads: [.fixed([.number, .number, .number, .number])]),
            "has": Definition(type: .boolean, overloads: [.fixed([.string]), .fixed([.string, .object])]),
            "get": Definition(type: .value, overloads: [.fixed([.string]), .fixed([.string, .object])]),
            "feature-state": Definition(
                type: .value, overloads: [.fixed([.string])], reads: [.feature, .featureState]),
            "properties": Definition(type: .object, overloads: [.fixed([])], reads: .feature),
            "geometry-type": Definition(type: .string, overloads: [.fixed([])], reads: .feature),
            "id": Definition(type: .value, overloads: [.fixed([])], reads: .feature),
            "zoom": Definition(type: .number, overloads: [.fixed([])], reads: .zoom),
            "heatmap-density": Definition(type: .number, overloads: [.fixed([])], reads: .heatmapDensity),
            "line-progress": Definition(type: .number, overloads: [.fixed([])], reads: .lineProgress),
            "elevation": Definition(type: .number, overloads: [.fixed([])], reads: .otherGlobal),
            "accumulated": Definition(type: .number, overloads: [.fixed([])], reads: .otherGlobal),
            "+": Definition(type: .number, overloads: [.varargs(.number)]),
            "*": Definition(type: .number, overloads: [.varargs(.number)]),
            "-": Definition(type: .number, overloads: [.fixed([.number, .number]), .fixed([.number])]),
            "/": Definition(type: .number, overloads: [.fixed([.number, .number])]),
            "%": Definition(type: .number, overloads: [.fixed([.number, .number])]),
            "^": Definition(type: .number, overloads: [.fixed([.number, .number])]),
            "min": Definition(type: .number, overloads: [.varargs(.number)]),
            "max": Definition(type: .number, overloads: [.varargs(.number)]),
            "!": Definition(type: .boolean, overloads: [.fixed([.boolean])]),
            "is-supported-script": Definition(type: .boolean, overloads: [.fixed([.string])], reads: .otherGlobal),
            "upcase": Definition(type: .string, overloads: [.fixed([.string])]),
            "downcase": Definition(type: .string, overloads: [.fixed([.string])]),
            "concat": Definition(type: .string, overloads: [.varargs(.value)]),
            "resolved-locale": Definition(type: .string, overloads: [.fixed([.collator])]),
            "all": Definition(type: .boolean, overloads: [.fixed([.boolean, .boolean]), .varargs(.boolean)]),
            "any": Definition(type: .boolean, overloads: [.fixed([.boolean, .boolean]), .varargs(.boolean)]),
            "split": Definition(type: .array(.string, nil), overloads: [.fixed([.string, .string])]),
            "join": Definition(type: .string, overloads: [.fixed([.array(.string, nil), .string])]),
        ]
        for name in ["ln2", "pi", "e"] { table[name] = Definition(type: .number, overloads: [.fixed([])]) }
        for name in [
            "sqrt", "log10", "ln", "log2", "sin", "cos", "tan", "asin", "acos", "atan", "abs", "round", "floor", "ceil",
        ] {
            table[name] = Definition(type: .number, overloads: [.fixed([.number])])
        }
        return table
    }()
}

extension ExpressionTyping {
    /// MapLibre's `CompoundExpression.parse`: the first overload whose arity fits and whose arguments check.
    func parseCompound(_ op: String, _ definition: CompoundSignatures.Definition, _ items: [JSONNode])
        -> TypedExpression?
    {
        let argumentCount = items.count - 1
        let candidates = definition.overloads.filter {
            if case .fixed(let types) = $0 { return types.count == argumentCount }
            return true
        }
        let mark = errorMark
        for parameters in candidates {
            var arguments: [TypedExpression] = []
            var failed = false
            for index in 1..<items.count {
                let expected: ExpressionType
                switch parameters {
                case .fixed(let types): expected = types[index - 1]
                case .varargs(let type): expected = type
                }
                guard let argument = parse(items, index, expected: expected) else {
                    failed = true
                    break
                }
                arguments.append(argument)
            }
            if !failed, errorMark == mark {
                var reads = definition.reads
                // `get` and `has` read the feature only without an object argument.
                if op == "get" || op == "has", argumentCount == 1 { reads.insert(.feature) }
                return .node(
                    definition.type, operation: op == "rgb" || op == "rgba" ? .rgba : .opaque, children: arguments,
                    reads: reads, neverConstant: op == "error")
            }
            if candidates.count != 1 { discardErrors(after: mark) }
        }
        if candidates.count == 1 { return nil }
        let signatures = (candidates.isEmpty ? definition.overloads : candidates).map(\.description).joined(
            separator: " | ")
        var actualTypes: [String] = []
        for index in 1..<max(items.count, 1) {
            guard let argument = parse(items, index) else { return nil }
            actualTypes.append(argument.type.description)
        }
        return error(
            "Expected arguments of type \(signatures), but found (\(actualTypes.joined(separator: ", "))) instead.")
    }
}
