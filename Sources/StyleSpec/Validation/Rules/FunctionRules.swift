import LocatedJSON

/// Legacy functions (`{"stops": [...], "property": ..., "type": ...}`), checked as MapLibre checks them.
extension SpecValidationRun {
    func validateFunction(_ node: JSONNode, spec: SpecProperty, path: JSONPath) {
        guard let function = node.objectValue else { return }
        let key = FunctionCheckMemo.Key(spec: spec, function: node)
        if checkedFunctions.isKnownClean(key) { return }
        let findingsBefore = findings.count
        checkFunction(function, node: node, spec: spec, path: path)
        if findings.count == findingsBefore { checkedFunctions.recordClean(key) }
    }

    private func checkFunction(_ function: JSONObject, node: JSONNode, spec: SpecProperty, path: JSONPath) {
        var state = FunctionState(spec: spec, functionType: function["type"]?.stringValue)
        let stops = function["stops"]
        state.isZoomAndProperty = stops?[0]?[0]?.objectValue != nil && stops?[0]?.arrayValue != nil
        let isZoomFunction = state.functionType != "categorical" && function["property"] == nil
        let functionSpec = StyleSpecCatalog.index["function"] ?? [:]
        for member in function.members {
            let memberPath = path.appending(member.key)
            switch member.key {
            case "stops": validateStops(member.value, path: memberPath, state: &state)
            case "default": validateValue(member.value, spec: state.outputSpec, path: memberPath)
            default:
                if let property = functionSpec[member.key] {
                    validateValue(member.value, spec: property, path: memberPath)
                } else {
                    report(.styleUnknownProperty, path, member.value, "unknown property \"\(member.key)\"")
                }
            }
        }
        if state.functionType == "identity", isZoomFunction {
            report(.styleFunction, path, node, "missing required property \"property\"")
        }
        if state.functionType != "identity", stops == nil {
            report(.styleFunction, path, node, "missing required property \"stops\"")
        }
        if state.functionType == "exponential", !spec.interpolated {
            report(.styleFunction, path, node, "exponential functions not supported")
        }
        if !isZoomFunction, !spec.supportsPropertyExpression {
            report(.styleFunction, path, node, "property functions not supported")
        } else if isZoomFunction, !spec.supportsZoomExpression {
            report(.styleFunction, path, node, "zoom functions not supported")
        }
        if state.functionType == "categorical" || state.isZoomAndProperty, function["property"] == nil {
            report(.styleFunction, path, node, "\"property\" property is required")
        }
    }

    private func validateStops(_ node: JSONNode, path: JSONPath, state: inout FunctionState) {
        if state.functionType == "identity" {
            report(.styleFunction, path, node, "identity function may not have a \"stops\" property")
            return
        }
        guard let stops = node.arrayValue else {
            report(.styleType, path, node, SpecWording.expected("array", found: node))
            return
        }
        for (index, stop) in stops.enumerated() { validateStop(stop, path: { path.appending(index) }, state: &state) }
        if stops.isEmpty { report(.styleFunction, path, node, "array must have at least one stop") }
    }

    /// `path` is made only where it is needed (a finding, an object domain): a plain stop, most of a style's, makes none.
    private func validateStop(_ node: JSONNode, path makePath: () -> JSONPath, state: inout FunctionState) {
        guard let pair = node.arrayValue else {
            report(.styleType, makePath(), node, SpecWording.expected("array", found: node))
            return
        }
        guard pair.count == 2 else {
            report(
                .styleArrayLength, makePath(), node,
                SpecWording.expected("array length 2", found: "length \(pair.count)"))
            return
        }
        if state.isZoomAndProperty {
            let path = makePath()
            let domainPath = path.appending(0)
            guard let key = pair[0].objectValue else {
                report(.styleType, path, node, SpecWording.expected("object", found: pair[0]))
                return
            }
            guard let zoomNode = key["zoom"] else {
                report(.styleFunction, path, node, "object stop key must have zoom")
                return
            }
            guard key["value"] != nil else {
                report(.styleFunction, path, node, "object stop key must have value")
                return
            }
            let zoom = zoomNode.numberValue?.doubleValue
            if let previous = state.previousZoom, let zoom, previous > zoom {
                report(.styleFunction, path, zoomNode, "stop zoom values must appear in ascending order")
                return
            }
            if zoom != state.previousZoom {
                state.previousZoom = zoom
                state.previousDomainValue = nil
                state.domainValues = []
            }
            for member in key.members {
                switch member.key {
                case "zoom": validateKind(member.value, "number", path: domainPath.appending("zoom"))
                case "value":
                    validateDomainValue(
                        member.value, stop: node, path: { domainPath.appending("value") }, state: &state)
                default: report(.styleUnknownProperty, domainPath, member.value, "unknown property \"\(member.key)\"")
                }
            }
        } else {
            validateDomainValue(pair[0], stop: node, path: { makePath().appending(0) }, state: &state)
        }
        if ExpressionShape.isExpression(pair[1]) {
            report(.styleFunction, makePath().appending(1), pair[1], "expressions are not allowed in function stops.")
            return
        }
        if isPlainlyValid(pair[1], spec: state.outputSpec) { return }
        validateValue(pair[1], spec: state.outputSpec, path: makePath().appending(1))
    }

    /// `path` is made only for a finding: most domain values are fine, and a path costs an allocation.
    private func validateDomainValue(
        _ node: JSONNode, stop: JSONNode, path makePath: () -> JSONPath, state: inout FunctionState
    ) {
        let type = node.specTypeName
        let reported = node.isNull ? stop : node
        if let keyType = state.keyType, keyType != type {
            report(
                .styleFunction, makePath(), reported,
                "\(type) stop domain type must match previous stop domain type \(keyType)")
            return
        }
        if state.keyType == nil { state.keyType = type }
        guard ["number", "string", "boolean"].contains(type) else {
            report(.styleFunction, makePath(), reported, "stop domain value must be a number, string, or boolean")
            return
        }
        if type != "number", state.functionType != "categorical" {
            var message = SpecWording.expected("number", found: type)
            if state.spec.supportsPropertyExpression, state.functionType == nil {
                message += "\nIf you intended to use a categorical function, specify `\"type\": \"categorical\"`."
            }
            report(.styleFunction, makePath(), reported, message)
            return
        }
        let number = node.numberValue?.doubleValue
        if state.functionType == "categorical", let number, number.rounded(.down) != number || !number.isFinite {
            report(.styleFunction, makePath(), reported, "integer expected, found \(JSONNumber(number).text)")
            return
        }
        if state.functionType != "categorical", let number, let previous = state.previousDomainValue, number < previous
        {
            report(.styleFunction, makePath(), reported, "stop domain values must appear in ascending order")
            return
        }
        if let number { state.previousDomainValue = number }
        // Only categorical functions ask whether a domain value repeats: the others make no text of it.
        guard state.functionType == "categorical" else { return }
        let key = node.specDisplay
        if state.domainValues.contains(key) {
            report(.styleFunction, makePath(), reported, "stop domain values must be unique")
            return
        }
        state.domainValues.insert(key)
    }
}

/// What checking one function's stops remembers from stop to stop.
private struct FunctionState {
    let spec: SpecProperty
    let functionType: String?
    var isZoomAndProperty = false
    var keyType: String?
    var previousDomainValue: Double?
    var previousZoom: Double?
    /// The domain values seen so far, as MapLibre prints them (categorical functions only).
    var domainValues: Set<String> = []

    /// What each stop's output must be: the property's type without expressions.
    let outputSpec: SpecProperty

    init(spec: SpecProperty, functionType: String?) {
        self.spec = spec
        self.functionType = functionType
        self.outputSpec = spec.withoutExpressions
    }
}

extension SpecProperty {
    /// The property's value type without expression support (function outputs and defaults are plain values).
    var withoutExpressions: SpecProperty {
        SpecProperty(
            name, type, value: value, values: values, numericValues: numericValues, length: length, minimum: minimum,
            maximum: maximum)
    }
}

/// The rules this file checks (listed in `SpecRule.all`).
extension SpecRule {
    /// A paint, layout or other property the specification does not define.
    public static let styleUnknownProperty = SpecRule(
        "style.unknown-property", .error,
        summary: "A paint, layout or other property the specification does not define.",
        help: "Fix the spelling (the message suggests the closest property) or remove it.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-colour": ↓"red"}}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-color": "red"}}]}"#
            ),
        ])
    /// A legacy function is invalid.
    public static let styleFunction = SpecRule(
        "style.function", .error,
        summary: "A legacy function is invalid.",
        help: "Fix the function or rewrite it as an expression.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-opacity": {"stops": ↓[]}}}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-opacity": {"stops": [[0, 0], [10, 1]]}}}]}"#
            ),
        ])
}
