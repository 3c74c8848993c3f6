import LocatedJSON

/// Layers: ids, types, `ref` layers, source references and source-type compatibility, then their keys.
extension SpecValidationRun {
    /// Layer types that draw no source.
    private static let sourceless: Set<String> = ["background"]

    func validateLayer(_ node: JSONNode, index: Int) {
        let path = JSONPath([.key("layers"), .index(index)])
        guard let layer = node.objectValue else {
            report(.styleType, path, node, SpecWording.expected("object", found: node))
            return
        }
        let layers = style["layers"]?.arrayValue ?? []
        var type = layer["type"]?.stringValue
        if layer["type"] == nil, layer["ref"] == nil {
            report(.styleLayerTypeOrRef, path, node, "either \"type\" or \"ref\" is required")
        }
        if let idNode = layer["id"] {
            if let id = idNode.stringValue, let first = layerIndexByID[id], first < index,
                let earlierID = layers[first]["id"]
            {
                let line = files.location(of: earlierID)?.position.line ?? 0
                report(
                    .styleLayerDuplicateID, path, idNode,
                    "duplicate layer id \"\(id)\", previously used at line \(line)",
                    related: files.location(of: earlierID).map {
                        [SpecFinding.Related("\"\(id)\" first used here", at: $0)]
                    } ?? [])
            }
        } else {
            report(.styleRequired, path, node, "missing required property \"id\"")
        }
        if let refNode = layer["ref"] {
            for key in ["type", "source", "source-layer", "filter", "layout"] {
                if let value = layer[key] {
                    report(.styleLayerRef, path, value, "\"\(key)\" is prohibited for ref layers")
                }
            }
            let ref = refNode.stringValue ?? ""
            if let parentIndex = layerIndexByID[ref], let parent = layers[safe: parentIndex] {
                if parent["ref"] != nil {
                    report(.styleLayerRef, path, refNode, "ref cannot reference another ref layer")
                } else {
                    type = parent["type"]?.stringValue
                }
            } else {
                report(.styleLayerRef, path, refNode, "ref layer \"\(ref)\" not found")
            }
        } else if let type, !Self.sourceless.contains(type) {
            validateLayerSource(layer, node: node, type: type, path: path)
        }
        validateLayerKeys(layer, node: node, type: type, path: path)
    }

    private func validateLayerSource(_ layer: JSONObject, node: JSONNode, type: String, path: JSONPath) {
        let id = layer["id"]?.stringValue ?? ""
        guard let sourceNode = layer["source"] else {
            report(.styleRequired, path, node, "missing required property \"source\"")
            return
        }
        let name = sourceNode.stringValue ?? ""
        guard let source = style["sources"]?[name] else {
            report(.styleLayerUnknownSource, path, sourceNode, "source \"\(name)\" not found")
            return
        }
        let sourceType = source["type"]?.stringValue
        let drawsElevation = type == "hillshade" || type == "color-relief"
        if sourceType == "vector", type == "raster" {
            report(.styleLayerSourceType, path, sourceNode, "layer \"\(id)\" requires a raster source")
        } else if sourceType != "raster-dem", drawsElevation {
            report(.styleLayerSourceType, path, sourceNode, "layer \"\(id)\" requires a raster-dem source")
        } else if sourceType == "raster", type != "raster" {
            report(.styleLayerSourceType, path, sourceNode, "layer \"\(id)\" requires a vector source")
        } else if sourceType == "vector", layer["source-layer"] == nil {
            report(.styleLayerSourceLayer, path, node, "layer \"\(id)\" must specify a \"source-layer\"")
        } else if sourceType == "raster-dem", !drawsElevation {
            report(
                .styleLayerSourceType, path, sourceNode,
                "raster-dem source can only be used with layer type 'hillshade' or 'color-relief'.")
        } else if type == "line", layer["paint"]?["line-gradient"] != nil,
            sourceType != "geojson" || source["lineMetrics"]?.boolValue != true
        {
            report(
                .styleLayerLineGradient, path, node,
                "layer \"\(id)\" specifies a line-gradient, which requires a GeoJSON source with `lineMetrics` enabled."
            )
        }
    }

    private static let layerSpec = StyleSpecCatalog.index["layer"] ?? [:]
    private static let layerTypeSpec = SpecProperty("type", "enum", values: StyleSpecCatalog.layerTypes)

    private func validateLayerKeys(_ layer: JSONObject, node: JSONNode, type: String?, path: JSONPath) {
        let layerSpec = Self.layerSpec
        for member in layer.members {
            if member.key == "id" || member.key == "source" || member.key == "source-layer",
                member.value.stringValue != nil
            {
                continue
            }
            let memberPath = path.appending(member.key)
            switch member.key {
            case "type":
                if !isPlainlyValid(member.value, spec: Self.layerTypeSpec) {
                    validateEnum(member.value, spec: Self.layerTypeSpec, path: memberPath)
                }
            case "filter":
                validateFilter(member.value, path: memberPath, layer: node)
            case "layout", "paint":
                validateProperties(member.value, kind: member.key, layerType: type, path: memberPath)
            case "ref":
                continue
            default:
                if let spec = layerSpec[member.key] {
                    validateValue(member.value, spec: spec, path: memberPath)
                } else {
                    noteUnknownKey(
                        member.key, among: StyleSpecCatalog.order(of: "layer"), path: memberPath, node: member.value,
                        what: "a layer")
                }
            }
        }
        if let paint = layer["paint"]?.objectValue, paint["resampling"] != nil, let type {
            let prefixed = "\(type)-resampling"
            if paint[prefixed] != nil {
                report(
                    .styleLayerResampling, path, layer["paint"],
                    "layer \"\(layer["id"]?.stringValue ?? "")\" redundantly specifies \"resampling\" and \"\(prefixed)\" paint properties, but only one is allowed. It is advised to use \"resampling\"."
                )
            }
        }
    }

    /// A layer's `layout` or `paint` object.
    private func validateProperties(_ node: JSONNode, kind: String, layerType: String?, path: JSONPath) {
        guard let object = node.objectValue else {
            report(.styleType, path, node, SpecWording.expected("object", found: node))
            return
        }
        guard let layerType, let properties = StyleSpecCatalog.index["\(kind)_\(layerType)"] else { return }
        for member in object.members {
            if let spec = properties[member.key], isPlainlyValid(member.value, spec: spec) { continue }
            let memberPath = path.appending(member.key)
            if kind == "paint", member.key.hasSuffix("-transition"),
                properties[String(member.key.dropLast("-transition".count))]?.transition == true
            {
                validateGroupObject(member.value, group: "transition", path: memberPath)
                continue
            }
            guard let spec = properties[member.key] else {
                let message =
                    "unknown property \"\(member.key)\""
                    + SpecWording.didYouMean(member.key, among: StyleSpecCatalog.order(of: "\(kind)_\(layerType)"))
                report(.styleUnknownProperty, memberPath, member.value, message)
                continue
            }
            if let text = member.value.stringValue, spec.supportsPropertyExpression, text.hasPrefix("{"),
                text.hasSuffix("}"),
                !text.dropFirst().dropLast().contains("}"), text.count > 2,
                !["text-field", "icon-image"].contains(member.key)
            {
                report(
                    .styleInterpolationSyntax, memberPath, member.value,
                    "\"\(member.key)\" does not support interpolation syntax\nUse an identity property function instead: `{ \"type\": \"identity\", \"property\": \(String(JSONWriter(style: .compact).string(.string(String(text.dropFirst().dropLast()))).dropLast())) }`."
                )
                continue
            }
            if layerType == "symbol", member.key == "text-font", member.value["type"]?.stringValue == "identity" {
                report(.styleFunction, memberPath, member.value, "\"text-font\" does not support identity functions")
            }
            validateValue(
                member.value, spec: spec, path: memberPath, context: PropertyContext(kind: kind, name: member.key))
        }
    }
}

/// Where a property value sits: `paint` or `layout`, and its name.
struct PropertyContext {
    let kind: String
    let name: String
}

/// The rules this file checks (listed in `SpecRule.all`).
extension SpecRule {
    /// A layer has neither type nor ref.
    public static let styleLayerTypeOrRef = SpecRule(
        "style.layer.type-or-ref", .error,
        summary: "A layer has neither type nor ref.",
        help: "Give the layer a type.",
        examples: [
            .triggering(#"{"version": 8, "sources": {}, "layers": [↓{"id": "a"}]}"#),
            .passing(#"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background"}]}"#),
        ])
    /// Two layers have the same id.
    public static let styleLayerDuplicateID = SpecRule(
        "style.layer.duplicate-id", .error,
        summary: "Two layers have the same id.",
        help: "Rename one of the two layers.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background"}, {"id": ↓"a", "type": "background"}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background"}, {"id": "b", "type": "background"}]}"#
            ),
        ])
    /// A legacy ref layer is invalid.
    public static let styleLayerRef = SpecRule(
        "style.layer.ref", .error,
        summary: "A legacy ref layer is invalid.",
        help: "Replace the ref with the referenced layer's properties.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background"}, {"id": "b", "ref": ↓"missing"}]}"#
            ),
            .passing(#"{"version": 8, "sources": {}, "layers": [{"id": "a", "type": "background"}]}"#),
        ])
    /// A layer names a source the style does not have.
    public static let styleLayerUnknownSource = SpecRule(
        "style.layer.unknown-source", .error,
        summary: "A layer names a source the style does not have.",
        help: "Name a source of the style (or add it).",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "a", "type": "fill", "source": ↓"nowhere", "source-layer": "water"}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water"}]}"#
            ),
        ])
    /// A layer type cannot draw its source's type.
    public static let styleLayerSourceType = SpecRule(
        "style.layer.source-type", .error,
        summary: "A layer type cannot draw its source's type.",
        help: "Use a layer type that can draw the source's type.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"r": {"type": "raster", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.png"], "tileSize": 256}}, "layers": [{"id": "a", "type": "fill", "source": ↓"r"}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"r": {"type": "raster", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.png"], "tileSize": 256}}, "layers": [{"id": "a", "type": "raster", "source": "r"}]}"#
            ),
        ])
    /// A layer of a vector source lacks source-layer.
    public static let styleLayerSourceLayer = SpecRule(
        "style.layer.source-layer", .error,
        summary: "A layer of a vector source lacks source-layer.",
        help: "Add the source-layer the layer draws from.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [↓{"id": "a", "type": "fill", "source": "v"}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water"}]}"#
            ),
        ])
    /// line-gradient without a GeoJSON source with lineMetrics.
    public static let styleLayerLineGradient = SpecRule(
        "style.layer.line-gradient", .error,
        summary: "line-gradient without a GeoJSON source with lineMetrics.",
        help: "Use a GeoJSON source with lineMetrics: true.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [↓{"id": "a", "type": "line", "source": "v", "source-layer": "roads", "paint": {"line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "blue", 1, "red"]}}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}, "lineMetrics": true}}, "layers": [{"id": "a", "type": "line", "source": "g", "paint": {"line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "blue", 1, "red"]}}]}"#
            ),
        ])
    /// Both resampling and <type>-resampling are given.
    public static let styleLayerResampling = SpecRule(
        "style.layer.resampling", .error,
        summary: "Both resampling and <type>-resampling are given.",
        help: "Give only one of the two resampling properties.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"r": {"type": "raster", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.png"], "tileSize": 256}}, "layers": [{"id": "a", "type": "raster", "source": "r", "paint": ↓{"resampling": "nearest", "raster-resampling": "linear"}}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"r": {"type": "raster", "tiles": ["https://tiles.example.com/{z}/{x}/{y}.png"], "tileSize": 256}}, "layers": [{"id": "a", "type": "raster", "source": "r", "paint": {"raster-resampling": "linear"}}]}"#
            ),
        ])
    /// A {token} string where a property does not support it.
    public static let styleInterpolationSyntax = SpecRule(
        "style.interpolation-syntax", .error,
        summary: "A {token} string where a property does not support it.",
        help: "Use an expression (['get', 'name']) instead of a {token} string.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "a", "type": "symbol", "source": "v", "source-layer": "places", "layout": {"text-anchor": ↓"{anchor}"}}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "a", "type": "symbol", "source": "v", "source-layer": "places", "layout": {"text-field": "{name}"}}]}"#
            ),
        ])
}
