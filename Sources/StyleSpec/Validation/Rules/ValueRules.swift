import LocatedJSON

/// Values against their specification type: the generic part of MapLibre's validator (`validate`, enum,
/// number, string, boolean, color, array, object), dispatching to functions, expressions and the special types.
extension SpecValidationRun {
    func validateValue(_ node: JSONNode, spec: SpecProperty, path: JSONPath, context: PropertyContext? = nil) {
        if spec.takesExpressions, case .object = node.value {
            validateFunction(node, spec: spec, path: path)
            return
        }
        if spec.takesExpressions, ExpressionShape.isExpression(node) {
            validateExpression(node, spec: spec, path: path, context: context)
            return
        }
        switch spec.type {
        case "*": return
        case "enum": validateEnum(node, spec: spec, path: path)
        case "number": validateNumber(node, spec: spec, path: path)
        case "string", "formatted", "resolvedImage": validateKind(node, "string", path: path)
        case "boolean": validateKind(node, "boolean", path: path)
        case "color": validateColor(node, path: path)
        case "array": validateArray(node, spec: spec, path: path)
        case "padding", "numberArray": validateNumberOrArray(node, spec: spec, path: path, element: "number")
        case "colorArray": validateNumberOrArray(node, spec: spec, path: path, element: "color")
        case "variableAnchorOffsetCollection": validateKind(node, "array", path: path)
        case "filter": validateFilter(node, path: path)
        case "transition", "light", "sky", "terrain", "projection":
            validateGroupObject(node, group: spec.type, path: path)
        case "sprite": validateSprite(node, path: path)
        case "fontFaces": validateFontFaces(node, path: path)
        case "projectionDefinition": validateProjectionDefinition(node, path: path)
        case "state": validateState(node, path: path)
        case "promoteId": validatePromoteId(node, path: path)
        case "expression": return
        default: validateGroupObject(node, group: spec.type, path: path)
        }
    }

    /// The common cases that need no path because they are fine: an in-range finite number, a known color,
    /// a listed enum word, a string or a boolean where one is wanted. Paths cost an allocation; most values
    /// of a style are plain and valid.
    func isPlainlyValid(_ node: JSONNode, spec: SpecProperty) -> Bool {
        switch (spec.type, node.value) {
        case ("number", .number(let number)):
            let value = number.doubleValue
            return value.isFinite && value >= (spec.minimum ?? -.infinity) && value <= (spec.maximum ?? .infinity)
        case ("color", .string(let text)):
            return validColors.contains(text)
        case ("enum", .string(let text)):
            return !spec.numericValues && spec.values.contains(text)
        case ("string", .string), ("formatted", .string), ("resolvedImage", .string), ("boolean", .bool):
            return true
        default:
            return false
        }
    }

    func validateKind(_ node: JSONNode, _ kind: String, path: JSONPath) {
        guard node.specTypeName != kind else { return }
        report(.styleType, path, node, SpecWording.expected(kind, found: node))
    }

    func validateEnum(_ node: JSONNode, spec: SpecProperty, path: JSONPath) {
        let matches: Bool
        switch node.value {
        case .string(let text): matches = !spec.numericValues && spec.values.contains(text)
        case .number(let number):
            matches = spec.numericValues && spec.values.contains(JSONNumber(number.doubleValue).text)
        default: matches = false
        }
        guard !matches else { return }
        report(
            .styleEnum, path, node,
            "expected one of [\(spec.values.joined(separator: ", "))], \(node.specDisplay) found")
    }

    func validateNumber(_ node: JSONNode, spec: SpecProperty, path: JSONPath) {
        guard let number = node.numberValue else {
            validateKind(node, "number", path: path)
            return
        }
        let value = number.doubleValue
        guard value.isFinite else {
            report(.styleRange, path, node, "\(number.text) is not a finite number")
            return
        }
        if let minimum = spec.minimum, value < minimum {
            report(
                .styleRange, path, node,
                "\(JSONNumber(value).text) is less than the minimum value \(JSONNumber(minimum).text)")
        } else if let maximum = spec.maximum, value > maximum {
            report(
                .styleRange, path, node,
                "\(JSONNumber(value).text) is greater than the maximum value \(JSONNumber(maximum).text)")
        }
    }

    func validateColor(_ node: JSONNode, path: JSONPath) {
        guard let text = node.stringValue else {
            report(.styleType, path, node, SpecWording.expected("color", found: node))
            return
        }
        guard !validColors.contains(text) else { return }
        if CSSColor.parse(text) == nil {
            report(.styleColor, path, node, SpecWording.expected("color", found: node.specDisplay))
        } else {
            validColors.insert(text)
        }
    }

    func validateArray(_ node: JSONNode, spec: SpecProperty, path: JSONPath) {
        guard let items = node.arrayValue else {
            report(.styleType, path, node, SpecWording.expected("array", found: node))
            return
        }
        if let length = spec.length, items.count != length {
            report(
                .styleArrayLength, path, node,
                SpecWording.expected("array length \(length)", found: "length \(items.count)"))
            return
        }
        guard let element = spec.value else { return }
        if element == "layer" {
            // Each layer is a unit of work of its own (`ValidationUnit`); its findings go here.
            layerFindingsPosition = findings.count
            return
        }
        let elementSpec: SpecProperty
        if element == "array" {
            elementSpec = SpecProperty(spec.name, "array", value: spec.elementValue, length: spec.elementLength)
        } else if StyleSpecCatalog.groups[element] != nil {
            elementSpec = SpecProperty(spec.name, element)
        } else {
            elementSpec = SpecProperty(
                spec.name, element, values: spec.values, numericValues: spec.numericValues,
                minimum: spec.minimum, maximum: spec.maximum)
        }
        for (index, item) in items.enumerated() {
            validateValue(item, spec: elementSpec, path: path.appending(index))
        }
    }

    /// `padding`, `numberArray`, `colorArray`: one value, or an array of at least one.
    func validateNumberOrArray(_ node: JSONNode, spec: SpecProperty, path: JSONPath, element: String) {
        if let items = node.arrayValue {
            guard !items.isEmpty else {
                report(
                    .styleArrayLength, path, node, SpecWording.expected("array length at least 1", found: "length 0"))
                return
            }
            for (index, item) in items.enumerated() {
                validateValue(item, spec: spec.with(type: element), path: path.appending(index))
            }
            return
        }
        validateValue(node, spec: spec.with(type: element), path: path)
    }

    /// An object of a specification group (`transition`, `light`, ...): unknown keys are errors reported at
    /// the object (as MapLibre does), missing required ones too.
    func validateGroupObject(_ node: JSONNode, group: String, path: JSONPath) {
        guard let object = node.objectValue else {
            report(.styleType, path, node, SpecWording.expected("object", found: node))
            return
        }
        guard let properties = StyleSpecCatalog.index[group] else { return }
        for member in object.members {
            guard let property = properties[member.key] else {
                report(.styleUnknownProperty, path, member.value, "unknown property \"\(member.key)\"")
                continue
            }
            validateValue(member.value, spec: property, path: path.appending(member.key))
        }
        for property in StyleSpecCatalog.groups[group] ?? [] where property.isRequired && object[property.name] == nil {
            report(.styleRequired, path, node, "missing required property \"\(property.name)\"")
        }
    }
}

/// The rules this file checks (listed in `SpecRule.all`).
extension SpecRule {
    /// A style value is not one of the allowed values.
    public static let styleEnum = SpecRule(
        "style.enum", .error,
        summary: "A style value is not one of the allowed values.",
        help: "Use one of the values the message lists.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "road", "type": "line", "source": "v", "source-layer": "roads", "layout": {"line-cap": ↓"pointy"}}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "road", "type": "line", "source": "v", "source-layer": "roads", "layout": {"line-cap": "round"}}]}"#
            ),
        ])
    /// A style number is out of range.
    public static let styleRange = SpecRule(
        "style.range", .error,
        summary: "A style number is out of range.",
        help: "Give a number within the property's range.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-opacity": ↓1.5}}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-opacity": 1}}]}"#
            ),
        ])
    /// A style array has the wrong length.
    public static let styleArrayLength = SpecRule(
        "style.array-length", .error,
        summary: "A style array has the wrong length.",
        help: "Give the array the length the message expects.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-translate": ↓[1, 2, 3]}}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-translate": [1, 2]}}]}"#
            ),
        ])
    /// A string that is not a CSS color.
    public static let styleColor = SpecRule(
        "style.color", .error,
        summary: "A string that is not a CSS color.",
        help: "Write a CSS color: a name, #rgb, #rrggbb, rgb(), rgba(), hsl() or hsla().",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-color": ↓"reddish"}}]}"#
            ),
            .passing(
                #"""
                {"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-color": "#ff0000"}}]}
                """#),
        ])
}
