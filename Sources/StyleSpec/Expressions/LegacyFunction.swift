import LocatedJSON

/// Rewrites a legacy function (`{"stops": [...], "property": ..., "type": ...}`) as the expression
/// MapLibre evaluates in its place (its `convertFunction`), so that it can be type-checked like one.
/// The structure of the function itself is checked by the function rules.
package enum LegacyFunction {
    package static func convert(_ function: JSONObject, spec: ExpressionSpec) -> JSONNode {
        guard let stops = function["stops"]?.arrayValue else { return identity(function, spec: spec) }
        let zoomAndFeature = stops.first?[0]?.objectValue != nil
        let featureDependent = zoomAndFeature || function["property"] != nil
        let converted: [(input: JSONNode, output: JSONNode)] = stops.map { stop in
            let input = stop[0] ?? JSONNode(.null)
            let output = stop[1] ?? JSONNode(.null)
            if !featureDependent, spec.tokens, let text = output.stringValue { return (input, tokenString(text)) }
            return (input, literal(output))
        }
        if zoomAndFeature { return zoomAndProperty(function, spec: spec, stops: converted) }
        if featureDependent { return property(function, spec: spec, stops: converted) }
        return zoom(function, spec: spec, stops: converted)
    }

    private static func array(_ items: [JSONNode]) -> JSONNode { JSONNode(.array(items)) }
    private static func string(_ text: String) -> JSONNode { JSONNode(.string(text)) }
    private static func number(_ value: Double) -> JSONNode { JSONNode(.number(JSONNumber(value))) }

    /// Objects and arrays become `["literal", ...]`.
    private static func literal(_ node: JSONNode) -> JSONNode {
        node.value.isScalar ? node : array([string("literal"), node])
    }

    private static func get(_ function: JSONObject) -> JSONNode {
        array([string("get"), function["property"] ?? JSONNode(.null)])
    }

    private static func functionType(_ function: JSONObject, spec: ExpressionSpec) -> String {
        function["type"]?.stringValue ?? (spec.interpolated ? "exponential" : "interval")
    }

    private static func interpolateOperator(_ function: JSONObject) -> String {
        switch function["colorSpace"]?.stringValue {
        case "hcl": return "interpolate-hcl"
        case "lab": return "interpolate-lab"
        default: return "interpolate"
        }
    }

    private static func identity(_ function: JSONObject, spec: ExpressionSpec) -> JSONNode {
        let get = get(function)
        guard let fallback = function["default"] else {
            return spec.type == "string" ? array([string("string"), get]) : get
        }
        if spec.type == "enum" {
            return array([string("match"), get, array(spec.values.map(string)), get, fallback])
        }
        var items = [string(spec.type == "color" ? "to-color" : spec.type), get, literal(fallback)]
        if spec.type == "array" {
            items.insert(
                contentsOf: [
                    spec.value.map(string) ?? JSONNode(.null),
                    spec.length.map { number(Double($0)) } ?? JSONNode(.null),
                ], at: 1)
        }
        return array(items)
    }

    /// The default output: the function's, else the property's, else null (`""` for images).
    private static func fallback(_ function: JSONObject, spec: ExpressionSpec) -> JSONNode {
        if let value = function["default"] ?? spec.defaultValue { return literal(value) }
        return spec.type == "resolvedImage" ? string("") : JSONNode(.null)
    }

    /// MapLibre's `appendStopPair`: skips a repeated input, and a step's first input.
    private static func append(_ curve: inout [JSONNode], _ input: JSONNode, _ output: JSONNode, isStep: Bool) {
        if curve.count > 3, let last = curve[safe: curve.count - 2], last == input { return }
        if !(isStep && curve.count == 2) { curve.append(input) }
        curve.append(output)
    }

    private static func fixDegenerateStep(_ curve: inout [JSONNode]) {
        if curve.first?.stringValue == "step", curve.count == 3 {
            curve.append(number(0))
            curve.append(curve[2])
        }
    }

    private static func hasDefault(_ function: JSONObject, _ expression: JSONNode) -> JSONNode {
        guard let fallback = function["default"] else { return expression }
        let isNumber = array([string("=="), array([string("typeof"), get(function)]), string("number")])
        return array([string("case"), isNumber, expression, literal(fallback)])
    }

    private static func property(
        _ function: JSONObject, spec: ExpressionSpec, stops: [(input: JSONNode, output: JSONNode)]
    ) -> JSONNode {
        let type = functionType(function, spec: spec)
        let get = get(function)
        switch type {
        case "categorical" where stops.first?.input.boolValue != nil:
            var items = [string("case")]
            for stop in stops { items += [array([string("=="), get, stop.input]), stop.output] }
            items.append(fallback(function, spec: spec))
            return array(items)
        case "categorical":
            var items = [string("match"), get]
            for stop in stops { append(&items, stop.input, stop.output, isStep: false) }
            items.append(fallback(function, spec: spec))
            return array(items)
        case "interval":
            var items = [string("step"), array([string("number"), get])]
            for stop in stops { append(&items, stop.input, stop.output, isStep: true) }
            fixDegenerateStep(&items)
            return hasDefault(function, array(items))
        default:
            let base = function["base"]?.numberValue?.doubleValue ?? 1
            var items = [
                string(interpolateOperator(function)),
                base == 1 ? array([string("linear")]) : array([string("exponential"), number(base)]),
                array([string("number"), get]),
            ]
            for stop in stops { append(&items, stop.input, stop.output, isStep: false) }
            return hasDefault(function, array(items))
        }
    }

    private static func zoom(_ function: JSONObject, spec: ExpressionSpec, stops: [(input: JSONNode, output: JSONNode)])
        -> JSONNode
    {
        let isStep = functionType(function, spec: spec) == "interval"
        var items: [JSONNode]
        if isStep {
            items = [string("step"), array([string("zoom")])]
        } else {
            let base = function["base"]?.numberValue?.doubleValue ?? 1
            items = [
                string(interpolateOperator(function)),
                base == 1 ? array([string("linear")]) : array([string("exponential"), number(base)]),
                array([string("zoom")]),
            ]
        }
        for stop in stops { append(&items, stop.input, stop.output, isStep: isStep) }
        fixDegenerateStep(&items)
        return array(items)
    }

    private static func zoomAndProperty(
        _ function: JSONObject, spec: ExpressionSpec, stops: [(input: JSONNode, output: JSONNode)]
    ) -> JSONNode {
        var zooms: [JSONNode] = []
        var stopsByZoom: [[(input: JSONNode, output: JSONNode)]] = []
        for stop in stops {
            let zoom = stop.input["zoom"] ?? JSONNode(.null)
            let value = stop.input["value"] ?? JSONNode(.null)
            if let index = zooms.firstIndex(of: zoom) {
                stopsByZoom[index].append((value, stop.output))
            } else {
                zooms.append(zoom)
                stopsByZoom.append([(value, stop.output)])
            }
        }
        var inner = JSONObject()
        for key in ["type", "property", "default"] {
            if let member = function[key] { _ = inner.setMember(JSONMember(key: key, value: member)) }
        }
        let isStep = !spec.interpolated
        var items =
            isStep
            ? [string("step"), array([string("zoom")])]
            : [string(interpolateOperator(function)), array([string("linear")]), array([string("zoom")])]
        for (zoom, zoomStops) in zip(zooms, stopsByZoom) {
            append(&items, zoom, property(inner, spec: spec, stops: zoomStops), isStep: isStep)
        }
        if isStep { fixDegenerateStep(&items) }
        return array(items)
    }

    /// `"{name} text"` as `["concat", ["get", "name"], " text"]`; a lone token as `["to-string", ["get", ...]]`.
    private static func tokenString(_ text: String) -> JSONNode {
        var parts: [JSONNode] = [string("concat")]
        var rest = Substring(text)
        var sawToken = false
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}"),
            close > rest.index(after: open), !rest[rest.index(after: open)..<close].contains("{")
        {
            if open > rest.startIndex { parts.append(string(String(rest[..<open]))) }
            parts.append(array([string("get"), string(String(rest[rest.index(after: open)..<close]))]))
            rest = rest[rest.index(after: close)...]
            sawToken = true
        }
        guard sawToken else { return string(text) }
        if !rest.isEmpty {
            parts.append(string(String(rest)))
        } else if parts.count == 2 {
            return array([string("to-string"), parts[1]])
        }
        return array(parts)
    }
}
