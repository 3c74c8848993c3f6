import LocatedJSON

extension ExpressionTyping {
    /// MapLibre's `CompoundExpression.parse`: the first overload whose arity fits and whose arguments check.
    package func parseCompound(_ definition: CompoundOperator, _ items: [JSONNode])
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
                if definition.readsFeatureWithoutObject, argumentCount == 1 { reads.insert(.feature) }
                return .node(
                    definition.type, operation: definition.operation, children: arguments, reads: reads,
                    neverConstant: definition.neverConstant)
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
