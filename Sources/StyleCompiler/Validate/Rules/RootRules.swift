import LocatedJSON

/// The style's root: version, sources, layers, the global objects, glyphs, sprite and font faces.
extension ValidationRun {
    func validateRoot() {
        guard let root = style.objectValue else {
            report("style.type", .root, style, "object expected, \(style.specTypeName) found")
            return
        }
        let rootSpec = StyleSpecCatalog.index["$root"] ?? [:]
        if let layers = root["layers"], let count = layers.arrayValue?.count, count > Limits.layers {
            report("limits.layers", JSONPath([.key("layers")]), layers, "\(count) layers: more than the limit of \(Limits.layers)")
            return
        }
        for member in root.members {
            let path = JSONPath([.key(member.key)])
            switch member.key {
            case "constants":
                report("style.deprecated", path, member.value, "constants have been deprecated as of v8")
            case "glyphs":
                validateGlyphs(member.value, path: path)
            case "sources":
                validateSources(member.value, path: path)
            case "light", "terrain", "sky":
                validateGlobalObject(member.value, group: member.key, path: path)
            default:
                if let property = rootSpec[member.key] {
                    validateValue(member.value, spec: property, path: path)
                } else {
                    noteUnknownKey(member.key, among: StyleSpecCatalog.order(of: "$root"), path: path,
                                   node: member.value, what: "the style")
                }
            }
        }
        for property in StyleSpecCatalog.groups["$root"] ?? [] where property.isRequired && root[property.name] == nil {
            report("style.required", .root, style, "missing required property \"\(property.name)\"")
        }
    }

    /// `light`, `terrain`, `sky`: MapLibre names their properties without the parent key, and so do we.
    private func validateGlobalObject(_ node: JSONNode, group: String, path: JSONPath) {
        guard let object = node.objectValue else {
            report("style.type", path, node, "object expected, \(node.specTypeName) found")
            return
        }
        let properties = StyleSpecCatalog.index[group] ?? [:]
        for member in object.members {
            let memberPath = JSONPath([.key(member.key)])
            if let property = properties[member.key] {
                validateValue(member.value, spec: property, path: memberPath)
            } else if member.key.hasSuffix("-transition"), properties[String(member.key.dropLast("-transition".count))]?.transition == true {
                validateGroupObject(member.value, group: "transition", path: memberPath)
            } else {
                report("style.unknown-property", memberPath, member.value, "unknown property \"\(member.key)\"")
            }
        }
    }

    private func validateGlyphs(_ node: JSONNode, path: JSONPath) {
        guard let url = node.stringValue else {
            validateKind(node, "string", path: path)
            return
        }
        if url == "{hosted_glyphs_url}" {
            if target == .maplibre {
                report(.warning, "tomtom.placeholder", path, node, "\"glyphs\" is TomTom's {hosted_glyphs_url} placeholder, which only the TomTom SDK fills")
            }
            return
        }
        if !url.contains("{fontstack}") { report("style.glyphs", path, node, "\"glyphs\" url must include a \"{fontstack}\" token") }
        if !url.contains("{range}") { report("style.glyphs", path, node, "\"glyphs\" url must include a \"{range}\" token") }
    }

    func validateSprite(_ node: JSONNode, path: JSONPath) {
        switch node.value {
        case .string(let url):
            if url == "{hosted_sprite_url}", target == .maplibre {
                report(.warning, "tomtom.placeholder", path, node, "\"sprite\" is TomTom's {hosted_sprite_url} placeholder, which only the TomTom SDK fills")
            }
        case .array(let items):
            var ids: Set<String> = []
            for (index, item) in items.enumerated() {
                let itemPath = path.appending(index)
                guard let entry = item.objectValue else {
                    report("style.type", itemPath, item, "object expected, \(item.specTypeName) found")
                    continue
                }
                for key in ["id", "url"] {
                    guard let value = entry[key] else {
                        report("style.required", itemPath, item, "missing required property \"\(key)\"")
                        continue
                    }
                    validateKind(value, "string", path: itemPath.appending(key))
                }
                if let id = entry["id"]?.stringValue, !ids.insert(id).inserted {
                    report("style.sprite", itemPath.appending("id"), entry["id"], "all the sprites' ids must be unique, but \(id) is duplicated")
                }
            }
        default:
            report("style.type", path, node, "string or array expected, \(node.specTypeName) found")
        }
    }

    /// `font-faces`: an object of font names to a URL or a list of `{url, unicode-range}`.
    func validateFontFaces(_ node: JSONNode, path: JSONPath) {
        guard let faces = node.objectValue else {
            report("style.type", path, node, "object expected, \(node.specTypeName) found")
            return
        }
        for member in faces.members {
            let facePath = path.appending(member.key)
            switch member.value.value {
            case .string: continue
            case .array(let items):
                for (index, item) in items.enumerated() {
                    guard let entry = item.objectValue else {
                        report("style.type", facePath.appending(index), item, "object expected, \(item.specTypeName) found")
                        continue
                    }
                    if let url = entry["url"] { validateKind(url, "string", path: facePath.appending(index).appending("url")) } else {
                        report("style.required", facePath.appending(index), item, "missing required property \"url\"")
                    }
                }
            default:
                report("style.type", facePath, member.value, "string or array expected, \(member.value.specTypeName) found")
            }
        }
    }
}
