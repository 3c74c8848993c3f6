import LocatedJSON

/// The spec types MapLibre's validator checks with validators of their own: a projection definition, the root
/// `state`, and a source's `promoteId` (validate_projectiondefinition.ts, validate_state.ts, validate_source.ts).
extension SpecValidationRun {
    /// A projection name (a string), `[from, to, transition]` (two strings and a number), or a camera expression
    /// (taken as one before this is called); anything else is `projection expected, ...`.
    func validateProjectionDefinition(_ node: JSONNode, path: JSONPath) {
        switch node.value {
        case .string: return
        case .array(let items):
            let isTransition =
                items.count == 3 && items[0].stringValue != nil && items[1].stringValue != nil
                && items[2].numberValue != nil
            let isExpression = ["interpolate", "step", "literal"].contains(items.first?.stringValue ?? "")
            guard !isTransition, !isExpression else { return }
            let text = JSONWriter(style: .compact).string(node).trimmingCharacters(in: .whitespacesAndNewlines)
            report(.styleType, path, node, "projection expected, invalid array \(text) found")
        default:
            report(.styleType, path, node, "projection expected, invalid type \"\(node.specTypeName)\" found")
        }
    }

    /// The root `state`: an object (of any members).
    func validateState(_ node: JSONNode, path: JSONPath) {
        guard node.objectValue == nil else { return }
        report(.styleType, path, node, SpecWording.expected("object", found: node))
    }

    /// A source's `promoteId`: a property name, or an object of a property name per source layer (each value
    /// a string).
    func validatePromoteId(_ node: JSONNode, path: JSONPath) {
        guard let object = node.objectValue else {
            if node.stringValue == nil, node.arrayValue == nil, node.objectValue == nil {
                // MapLibre iterates the value's keys: a number or a boolean has none, and passes.
                return
            }
            for (index, item) in (node.arrayValue ?? []).enumerated() {
                validateKind(item, "string", path: path.appending(index))
            }
            return
        }
        for member in object.members {
            validateKind(member.value, "string", path: path.appending(member.key))
        }
    }
}
