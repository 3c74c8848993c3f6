import LocatedJSON

/// Layers: ids, types, `ref` layers, source references and source-type compatibility, then their keys.
extension ValidationRun {
    /// Layer types that draw no source.
    private static let sourceless: Set<String> = ["background"]

    func validateLayer(_ node: JSONNode, index: Int) {
        let path = JSONPath([.key("layers"), .index(index)])
        guard let layer = node.objectValue else {
            report("style.type", path, node, "object expected, \(node.specTypeName) found")
            return
        }
        let layers = style["layers"]?.arrayValue ?? []
        var type = layer["type"]?.stringValue
        if layer["type"] == nil, layer["ref"] == nil {
            report("style.layer.type-or-ref", path, node, "either \"type\" or \"ref\" is required")
        }
        if let idNode = layer["id"] {
            if let id = idNode.stringValue, let first = layerIndexByID[id], first < index, let earlierID = layers[first]["id"] {
                let line = earlierID.location?.position.line ?? 0
                report("style.layer.duplicate-id", path, idNode, "duplicate layer id \"\(id)\", previously used at line \(line)",
                       related: earlierID.location.map { [Diagnostic.Related("\"\(id)\" first used here", at: $0)] } ?? [])
            }
        } else {
            report("style.required", path, node, "missing required property \"id\"")
        }
        if let refNode = layer["ref"] {
            for key in ["type", "source", "source-layer", "filter", "layout"] {
                if let value = layer[key] { report("style.layer.ref", path, value, "\"\(key)\" is prohibited for ref layers") }
            }
            let ref = refNode.stringValue ?? ""
            if let parentIndex = layerIndexByID[ref], let parent = layers[safe: parentIndex] {
                if parent["ref"] != nil {
                    report("style.layer.ref", path, refNode, "ref cannot reference another ref layer")
                } else {
                    type = parent["type"]?.stringValue
                }
            } else {
                report("style.layer.ref", path, refNode, "ref layer \"\(ref)\" not found")
            }
        } else if let type, !Self.sourceless.contains(type) {
            validateLayerSource(layer, node: node, type: type, path: path)
        }
        validateLayerKeys(layer, node: node, type: type, path: path)
    }

    private func validateLayerSource(_ layer: JSONObject, node: JSONNode, type: String, path: JSONPath) {
        let id = layer["id"]?.stringValue ?? ""
        guard let sourceNode = layer["source"] else {
            report("style.required", path, node, "missing required property \"source\"")
            return
        }
        let name = sourceNode.stringValue ?? ""
        guard let source = style["sources"]?[name] else {
            report("style.layer.unknown-source", path, sourceNode, "source \"\(name)\" not found")
            return
        }
        let sourceType = source["type"]?.stringValue
        let demLayers: Set<String> = ["hillshade", "color-relief"]
        if sourceType == "vector", type == "raster" {
            report("style.layer.source-type", path, sourceNode, "layer \"\(id)\" requires a raster source")
        } else if sourceType != "raster-dem", demLayers.contains(type) {
            report("style.layer.source-type", path, sourceNode, "layer \"\(id)\" requires a raster-dem source")
        } else if sourceType == "raster", type != "raster" {
            report("style.layer.source-type", path, sourceNode, "layer \"\(id)\" requires a vector source")
        } else if sourceType == "vector", layer["source-layer"] == nil {
            report("style.layer.source-layer", path, node, "layer \"\(id)\" must specify a \"source-layer\"")
        } else if sourceType == "raster-dem", !demLayers.contains(type) {
            report("style.layer.source-type", path, sourceNode, "raster-dem source can only be used with layer type 'hillshade' or 'color-relief'.")
        } else if type == "line", layer["paint"]?["line-gradient"] != nil, sourceType != "geojson" || source["lineMetrics"]?.boolValue != true {
            report("style.layer.line-gradient", path, node,
                   "layer \"\(id)\" specifies a line-gradient, which requires a GeoJSON source with `lineMetrics` enabled.")
        }
    }

    private static let layerSpec = StyleSpecCatalog.index["layer"] ?? [:]
    private static let layerTypeSpec = SpecProperty("type", "enum", values: StyleSpecCatalog.layerTypes)

    private func validateLayerKeys(_ layer: JSONObject, node: JSONNode, type: String?, path: JSONPath) {
        let layerSpec = Self.layerSpec
        for member in layer.members {
            if member.key == "id" || member.key == "source" || member.key == "source-layer", member.value.stringValue != nil { continue }
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
                    noteUnknownKey(member.key, among: StyleSpecCatalog.order(of: "layer"), path: memberPath, node: member.value, what: "a layer")
                }
            }
        }
        if let paint = layer["paint"]?.objectValue, paint["resampling"] != nil, let type {
            let prefixed = "\(type)-resampling"
            if paint[prefixed] != nil {
                report("style.layer.resampling", path, layer["paint"],
                       "layer \"\(layer["id"]?.stringValue ?? "")\" redundantly specifies \"resampling\" and \"\(prefixed)\" paint properties, but only one is allowed. It is advised to use \"resampling\".")
            }
        }
    }

    /// A layer's `layout` or `paint` object.
    private func validateProperties(_ node: JSONNode, kind: String, layerType: String?, path: JSONPath) {
        guard let object = node.objectValue else {
            report("style.type", path, node, "object expected, \(node.specTypeName) found")
            return
        }
        guard let layerType, let properties = StyleSpecCatalog.index["\(kind)_\(layerType)"] else { return }
        for member in object.members {
            if let spec = properties[member.key], isPlainlyValid(member.value, spec: spec) { continue }
            let memberPath = path.appending(member.key)
            if kind == "paint", member.key.hasSuffix("-transition"),
               properties[String(member.key.dropLast("-transition".count))]?.transition == true {
                validateGroupObject(member.value, group: "transition", path: memberPath)
                continue
            }
            guard let spec = properties[member.key] else {
                let hint = Suggestion.closest(to: member.key, among: StyleSpecCatalog.order(of: "\(kind)_\(layerType)"))
                let message = "unknown property \"\(member.key)\"" + (hint.map { " (did you mean \"\($0)\"?)" } ?? "")
                report("style.unknown-property", memberPath, member.value, message)
                continue
            }
            if let text = member.value.stringValue, spec.supportsPropertyExpression, text.hasPrefix("{"), text.hasSuffix("}"),
               !text.dropFirst().dropLast().contains("}"), text.count > 2, !["text-field", "icon-image"].contains(member.key) {
                report("style.interpolation-syntax", memberPath, member.value,
                       "\"\(member.key)\" does not support interpolation syntax\nUse an identity property function instead: `{ \"type\": \"identity\", \"property\": \(String(JSONWriter(style: .compact).string(.string(String(text.dropFirst().dropLast()))).dropLast())) }`.")
                continue
            }
            validateValue(member.value, spec: spec, path: memberPath, context: PropertyContext(kind: kind, name: member.key))
        }
    }
}

/// Where a property value sits: `paint` or `layout`, and its name.
struct PropertyContext {
    let kind: String
    let name: String
}


extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
