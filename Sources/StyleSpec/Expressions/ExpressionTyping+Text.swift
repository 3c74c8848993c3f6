import LocatedJSON

/// Text, images and other operators with option objects or GeoJSON arguments: `format`, `number-format`,
/// `collator`, `image`, `within`, `distance`, `global-state`.
extension ExpressionTyping {
    /// A member of an options object that JavaScript would treat as set (present and truthy).
    private func option(_ object: JSONObject, _ key: String) -> JSONNode? {
        guard let member = object[key] else { return nil }
        switch member.value {
        case .null: return nil
        case .bool(let flag): return flag ? member : nil
        case .number(let number): return number.doubleValue == 0 || number.doubleValue.isNaN ? nil : member
        case .string(let text): return text.isEmpty ? nil : member
        default: return member
        }
    }

    /// Parses the options of `object` named in `fields` with their types; MapLibre keys them all `[1]`.
    private func parseOptions(_ object: JSONObject, _ fields: [(String, ExpressionType)]) -> [TypedExpression]? {
        var parsed: [TypedExpression] = []
        for (name, type) in fields {
            guard let node = option(object, name) else { continue }
            guard let value = parse(node, key: 1, truthful: false, expected: type) else { return nil }
            parsed.append(value)
        }
        return parsed
    }

    package func parseFormat(_ items: [JSONNode]) -> TypedExpression? {
        guard items.count >= 2 else { return error("Expected at least one argument.") }
        if items[1].objectValue != nil || items[1].isNull {
            return error("First argument must be an image or text section.")
        }
        var children: [TypedExpression] = []
        var optionsMayFollow = false
        for index in 1..<items.count {
            if optionsMayFollow, let object = items[index].objectValue {
                optionsMayFollow = false
                if let align = option(object, "vertical-align"), let text = align.stringValue,
                    !["bottom", "center", "top"].contains(text)
                {
                    return error(
                        "'vertical-align' must be one of: 'bottom', 'center', 'top' but found '\(text)' instead.")
                }
                let fields: [(String, ExpressionType)] = [
                    ("font-scale", .number), ("text-font", .array(.string, nil)),
                    ("text-color", .color), ("vertical-align", .string),
                ]
                guard let options = parseOptions(object, fields) else { return nil }
                children += options
            } else {
                guard let content = parse(items[index], key: 1, truthful: index == 1, expected: .value) else {
                    return nil
                }
                guard ["string", "value", "null", "resolvedImage"].contains(content.type.kind) else {
                    return error("Formatted text type must be 'string', 'value', 'image' or 'null'.")
                }
                optionsMayFollow = true
                children.append(content)
            }
        }
        return .node(.formatted, children: children)
    }

    package func parseNumberFormat(_ items: [JSONNode]) -> TypedExpression? {
        guard items.count == 3 else { return error("Expected two arguments.") }
        guard let number = parse(items, 1, expected: .number) else { return nil }
        guard let object = items[2].objectValue else {
            return error("NumberFormat options argument must be an object.")
        }
        guard
            let options = parseOptions(
                object,
                [
                    ("locale", .string), ("currency", .string), ("unit", .string),
                    ("min-fraction-digits", .number), ("max-fraction-digits", .number),
                ])
        else { return nil }
        if option(object, "currency") != nil, option(object, "unit") != nil {
            return error("NumberFormat options `currency` and `unit` are mutually exclusive")
        }
        return .node(.string, children: [number] + options)
    }

    package func parseCollator(_ items: [JSONNode]) -> TypedExpression? {
        guard items.count == 2 else { return error("Expected one argument.") }
        guard let object = items[1].objectValue else { return error("Collator options argument must be an object.") }
        var children: [TypedExpression] = []
        for name in ["case-sensitive", "diacritic-sensitive"] {
            let node = object[name] ?? JSONNode(.bool(false))
            guard let flag = parse(node, key: 1, truthful: false, expected: .boolean) else { return nil }
            children.append(flag)
        }
        guard let locale = parseOptions(object, [("locale", .string)]) else { return nil }
        return .node(.collator, children: children + locale, neverConstant: true)
    }

    package func parseImage(_ items: [JSONNode]) -> TypedExpression? {
        // MapLibre's `image` takes exactly one argument, the image name (image.ts).
        guard items.count == 2 else { return error("Expected two arguments.") }
        guard let primary = parse(items, 1, expected: .string) else { return error("No image name provided.") }
        let children = [primary]
        return .node(.resolvedImage, children: children)
    }

    /// `within` takes polygons; `distance` any GeoJSON geometry.
    package func parseGeometryOperator(_ op: String, isWithin: Bool, _ items: [JSONNode]) -> TypedExpression? {
        guard items.count == 2 else {
            return error("'\(op)' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        let accepted: Set<String> =
            isWithin
            ? ["Polygon", "MultiPolygon"]
            : ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"]
        guard Self.containsGeometry(items[1], of: accepted) else {
            return error("'\(op)' expression requires valid geojson object that contains polygon geometry type.")
        }
        return .node(isWithin ? .boolean : .number, children: [], reads: .feature, neverConstant: true)
    }

    /// Whether a GeoJSON object (a geometry, a feature or a feature collection) holds a geometry of one of
    /// the `accepted` types.
    private static func containsGeometry(_ node: JSONNode, of accepted: Set<String>) -> Bool {
        switch node["type"]?.stringValue {
        case "FeatureCollection":
            return (node["features"]?.arrayValue ?? []).contains { containsGeometry($0, of: accepted) }
        case "Feature":
            return node["geometry"].map { containsGeometry($0, of: accepted) } ?? false
        case let type?:
            return accepted.contains(type) && node["coordinates"]?.arrayValue != nil
        case nil:
            return false
        }
    }

    package func parseGlobalState(_ items: [JSONNode]) -> TypedExpression? {
        guard items.count == 2 else { return error("Expected 1 argument, but found \(items.count - 1) instead.") }
        if items[1].isNull { return error("Global state property must be defined.") }
        guard items[1].stringValue != nil else {
            return error(
                "Global state property must be string, but found \(items[1].value.javaScriptTypeName) instead.")
        }
        return .node(.value, children: [], neverConstant: true)
    }
}
