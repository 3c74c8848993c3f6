import LocatedJSON

/// Sources: their type, their type's properties, and the fields MapLibre rejects.
extension SpecValidationRun {
    func validateSources(_ node: JSONNode, path: JSONPath) {
        guard let sources = node.objectValue else {
            report(.styleType, path, node, SpecWording.expected("object", found: node))
            return
        }
        for member in sources.members {
            validateSource(member.value, path: path.appending(member.key))
        }
    }

    private func validateSource(_ node: JSONNode, path: JSONPath) {
        guard let source = node.objectValue else {
            report(.styleType, path, node, SpecWording.expected("object", found: node))
            return
        }
        guard let typeNode = source["type"] else {
            report(.styleRequired, path, node, "\"type\" is required")
            return
        }
        let type = typeNode.stringValue ?? ""
        if type == "canvas" {
            report(
                .styleSourceCanvas, path, nil,
                "Please use runtime APIs to add canvas sources, rather than including them in stylesheets.")
            return
        }
        guard StyleSpecCatalog.sourceTypes.contains(type) else {
            let spec = SpecProperty("type", "enum", values: StyleSpecCatalog.sourceTypes)
            validateEnum(typeNode, spec: spec, path: path.appending("type"))
            return
        }
        let group = "source_" + type.replacing("-", with: "_")
        let properties = StyleSpecCatalog.index[group] ?? [:]
        let name: String = {
            if case .key(let key)? = path.components.last { return key }
            return ""
        }()
        for member in source.members {
            let memberPath = path.appending(member.key)
            // A raster-dem source's own validator: the custom encoding's factors need `encoding: custom`, and an
            // unknown key is an error (GL JS refuses the style), not the note other sources get.
            if type == "raster-dem", Self.customEncodingKeys.contains(member.key),
                source["encoding"]?.stringValue != "custom"
            {
                let encoding = source["encoding"].map { "\"\($0.stringValue ?? "")\"" } ?? "Default"
                report(
                    .styleSourceEncoding, memberPath, member.value,
                    "In \"\(name)\": \"\(member.key)\" is only valid when \"encoding\" is set to \"custom\". \(encoding) encoding found"
                )
                continue
            }
            guard let property = properties[member.key] else {
                if type == "raster-dem" {
                    report(
                        .styleUnknownProperty, memberPath, member.value,
                        "unknown property \"\(member.key)\""
                            + Suggestion.didYouMean(member.key, among: StyleSpecCatalog.order(of: group)))
                } else {
                    noteUnknownKey(
                        member.key, among: StyleSpecCatalog.order(of: group), path: memberPath, node: member.value,
                        what: "a \(type) source")
                }
                continue
            }
            if member.key == "clusterProperties" {
                // MapLibre names these findings `<source>.<property>.map`, without "clusterProperties", and checks
                // them only when the source clusters.
                if source["cluster"]?.boolValue == true { validateClusterProperties(member.value, path: path) }
            } else {
                validateValue(member.value, spec: property, path: memberPath)
            }
        }
        for property in StyleSpecCatalog.groups[group] ?? [] where property.isRequired && source[property.name] == nil {
            report(.styleRequired, path, node, "missing required property \"\(property.name)\"")
        }
    }

    /// The raster-dem keys that only `encoding: custom` reads.
    static let customEncodingKeys: Set<String> = ["redFactor", "greenFactor", "blueFactor", "baseShift"]

    /// `clusterProperties`: `{name: [operator, map expression]}`; the map expression may use neither zoom nor
    /// feature state.
    private func validateClusterProperties(_ node: JSONNode, path: JSONPath) {
        guard let properties = node.objectValue else {
            report(.styleType, path, node, SpecWording.expected("object", found: node))
            return
        }
        for member in properties.members {
            guard let parts = member.value.arrayValue, parts.count >= 2 else { continue }
            let map = parts[1]
            if ExpressionShape.uses(map, operators: ["zoom", "feature-state"]) {
                report(
                    .styleExpression, path.appending(member.key).appending("map"), map,
                    "\"zoom\" and \"feature-state\" expressions are not supported with cluster properties.")
            }
        }
    }
}

/// The rules this file checks (listed in `SpecRule.all`).
extension SpecRule {
    /// A canvas source in a stylesheet.
    public static let styleSourceCanvas = SpecRule(
        "style.source.canvas", .error,
        summary: "A canvas source in a stylesheet.",
        help: "Canvas sources cannot be used in a style document; use an image source.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"c": {"type": "canvas", "canvas": "id", "coordinates": [[0, 1], [1, 1], [1, 0], [0, 0]]}}, "layers": []}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"r": {"type": "raster", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.png"], "tileSize": 256}}, "layers": []}"#
            ),
        ])
    /// A raster-dem source's custom-encoding factor without `encoding: custom`.
    public static let styleSourceEncoding = SpecRule(
        "style.source.encoding", .error,
        summary: "A raster-dem source's custom-encoding factor without `encoding: custom`.",
        help:
            "redFactor, greenFactor, blueFactor and baseShift are read only with \"encoding\": \"custom\"; set it, or remove them.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"dem": {"type": "raster-dem", "tiles": ["https://dem.example.com/{z}/{x}/{y}.png"], "redFactor": ↓256}}, "layers": []}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"dem": {"type": "raster-dem", "tiles": ["https://dem.example.com/{z}/{x}/{y}.png"], "encoding": "custom", "redFactor": 256}}, "layers": []}"#
            ),
        ])
}
