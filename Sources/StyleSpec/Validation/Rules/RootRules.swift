import LocatedJSON

/// The style's root: version, sources, layers, the global objects, glyphs, sprite and font faces.
extension SpecValidationRun {
    func validateRoot() {
        guard let root = style.objectValue else {
            report(.styleType, .root, style, SpecWording.expected("object", found: style))
            return
        }
        let rootSpec = StyleSpecCatalog.index["$root"] ?? [:]
        for member in root.members {
            let path = JSONPath([.key(member.key)])
            switch member.key {
            case "constants":
                report(.styleDeprecated, path, member.value, "constants have been deprecated as of v8")
            case "glyphs":
                validateGlyphs(member.value, path: path)
            case "sources":
                validateSources(member.value, path: path)
            case "light", "terrain", "sky":
                validateGlobalObject(member.value, group: member.key, path: path)
                if member.key == "terrain" { validateTerrainSource(member.value, sources: root["sources"]) }
            default:
                if let property = rootSpec[member.key] {
                    validateValue(member.value, spec: property, path: path)
                } else {
                    noteUnknownKey(
                        member.key, among: StyleSpecCatalog.order(of: "$root"), path: path,
                        node: member.value, what: "the style")
                }
            }
        }
        for property in StyleSpecCatalog.groups["$root"] ?? [] where property.isRequired && root[property.name] == nil {
            report(.styleRequired, .root, style, "missing required property \"\(property.name)\"")
        }
    }

    /// `light`, `terrain`, `sky`: MapLibre names their properties without the parent key, and so do we.
    private func validateGlobalObject(_ node: JSONNode, group: String, path: JSONPath) {
        guard let object = node.objectValue else {
            report(.styleType, path, node, SpecWording.expected("object", found: node))
            return
        }
        let properties = StyleSpecCatalog.index[group] ?? [:]
        for member in object.members {
            let memberPath = JSONPath([.key(member.key)])
            if let property = properties[member.key] {
                validateValue(member.value, spec: property, path: memberPath)
            } else if member.key.hasSuffix("-transition"),
                properties[String(member.key.dropLast("-transition".count))]?.transition == true
            {
                validateGroupObject(member.value, group: "transition", path: memberPath)
            } else {
                report(.styleUnknownProperty, memberPath, member.value, "unknown property \"\(member.key)\"")
            }
        }
    }

    /// The terrain's `source`: required (v8.json), and a raster-dem source of the style. The specification's
    /// validator checks neither, but GL JS refuses the style when it loads (`setTerrain` finds no such source).
    private func validateTerrainSource(_ terrain: JSONNode, sources: JSONNode?) {
        guard let object = terrain.objectValue else { return }
        guard let sourceNode = object["source"] else {
            report(
                .styleRequired, JSONPath([.key("terrain")]), terrain, "terrain is missing required property \"source\"")
            return
        }
        guard let name = sourceNode.stringValue else { return }
        let path = JSONPath([.key("terrain"), .key("source")])
        guard let source = sources?[name] else {
            report(.styleLayerUnknownSource, path, sourceNode, "source \"\(name)\" not found")
            return
        }
        if let type = source["type"]?.stringValue, type != "raster-dem" {
            report(
                .styleLayerSourceType, path, sourceNode,
                "terrain cannot be used with a source of type \(type), it only be used with a \"raster-dem\" source type"
            )
        }
    }

    private func validateGlyphs(_ node: JSONNode, path: JSONPath) {
        guard let url = node.stringValue else {
            validateKind(node, "string", path: path)
            return
        }
        // A placeholder a renderer's host fills (TomTom's SDK does) is not a URL to check here.
        if url == "{hosted_glyphs_url}" { return }
        if !url.contains("{fontstack}") {
            report(.styleGlyphs, path, node, "\"glyphs\" url must include a \"{fontstack}\" token")
        }
        if !url.contains("{range}") {
            report(.styleGlyphs, path, node, "\"glyphs\" url must include a \"{range}\" token")
        }
    }

    func validateSprite(_ node: JSONNode, path: JSONPath) {
        switch node.value {
        case .string:
            break
        case .array(let items):
            var ids: Set<String> = []
            var urls: Set<String> = []
            for (index, item) in items.enumerated() {
                let itemPath = path.appending(index)
                guard let entry = item.objectValue else {
                    report(.styleType, itemPath, item, SpecWording.expected("object", found: item))
                    continue
                }
                for key in ["id", "url"] {
                    guard let value = entry[key] else {
                        report(.styleRequired, itemPath, item, "missing required property \"\(key)\"")
                        continue
                    }
                    validateKind(value, "string", path: itemPath.appending(key))
                }
                if let id = entry["id"]?.stringValue, !ids.insert(id).inserted {
                    report(
                        .styleSprite, itemPath.appending("id"), entry["id"],
                        "all the sprites' ids must be unique, but \(id) is duplicated")
                }
                if let url = entry["url"]?.stringValue, !urls.insert(url).inserted {
                    report(
                        .styleSprite, itemPath.appending("url"), entry["url"],
                        "all the sprites' URLs must be unique, but \(url) is duplicated")
                }
            }
        default:
            report(.styleType, path, node, SpecWording.expected("string or array", found: node))
        }
    }

    /// `font-faces`: an object of font names to a URL or a list of `{url, unicode-range}`.
    func validateFontFaces(_ node: JSONNode, path: JSONPath) {
        guard let faces = node.objectValue else {
            report(.styleType, path, node, SpecWording.expected("object", found: node))
            return
        }
        for member in faces.members {
            let facePath = path.appending(member.key)
            switch member.value.value {
            case .string: continue
            case .array(let items):
                for (index, item) in items.enumerated() {
                    guard let entry = item.objectValue else {
                        report(.styleType, facePath.appending(index), item, SpecWording.expected("object", found: item))
                        continue
                    }
                    if let url = entry["url"] {
                        validateKind(url, "string", path: facePath.appending(index).appending("url"))
                    } else {
                        report(.styleRequired, facePath.appending(index), item, "missing required property \"url\"")
                    }
                }
            default:
                report(.styleType, facePath, member.value, SpecWording.expected("string or array", found: member.value))
            }
        }
    }
}

/// The rules this file checks (listed in `SpecRule.all`).
extension SpecRule {
    /// A style value has the wrong type.
    public static let styleType = SpecRule(
        "style.type", .error,
        summary: "A style value has the wrong type.",
        help: "Give the value the type the message expects.",
        examples: [
            .triggering(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-opacity": ↓"high"}}]}"#
            ),
            .passing(
                #"{"version": 8, "sources": {"v": {"type": "vector", "url": "https://tiles.example.com/v.json"}}, "layers": [{"id": "water", "type": "fill", "source": "v", "source-layer": "water", "paint": {"fill-opacity": 0.5}}]}"#
            ),
        ])
    /// A required style property is missing.
    public static let styleRequired = SpecRule(
        "style.required", .error,
        summary: "A required style property is missing.",
        help: "Add the property the message names.",
        examples: [
            .triggering(#"↓{"version": 8, "sources": {}}"#),
            .passing(#"{"version": 8, "sources": {}, "layers": []}"#),
        ])
    /// Style constants, removed in version 8.
    public static let styleDeprecated = SpecRule(
        "style.deprecated", .error,
        summary: "Style constants, removed in version 8.",
        help: "Replace style constants with their values.",
        examples: [
            .triggering(
                #"""
                {"version": 8, "constants": ↓{"@water": "#a0c8f0"}, "sources": {}, "layers": []}
                """#),
            .passing(#"{"version": 8, "sources": {}, "layers": []}"#),
        ])
    /// The glyphs URL lacks {fontstack} or {range}.
    public static let styleGlyphs = SpecRule(
        "style.glyphs", .error,
        summary: "The glyphs URL lacks {fontstack} or {range}.",
        help: "Put {fontstack} and {range} in the glyphs URL.",
        examples: [
            .triggering(
                #"{"version": 8, "glyphs": ↓"https://fonts.example.com/fonts.pbf", "sources": {}, "layers": []}"#),
            .passing(
                #"{"version": 8, "glyphs": "https://fonts.example.com/{fontstack}/{range}.pbf", "sources": {}, "layers": []}"#
            ),
        ])
    /// Sprite ids are not unique.
    public static let styleSprite = SpecRule(
        "style.sprite", .error,
        summary: "Sprite ids are not unique.",
        help: "Give each sprite entry a unique id.",
        examples: [
            .triggering(
                #"{"version": 8, "sprite": [{"id": "a", "url": "https://s.example.com/a"}, {"id": ↓"a", "url": "https://s.example.com/b"}], "sources": {}, "layers": []}"#
            ),
            .passing(
                #"{"version": 8, "sprite": [{"id": "a", "url": "https://s.example.com/a"}, {"id": "b", "url": "https://s.example.com/b"}], "sources": {}, "layers": []}"#
            ),
        ])
}
