import LocatedJSON

/// Finds the run-time placeholders in a composed style and fills `{key}` in TomTom URLs when a key is given.
enum PlaceholderScan {
    /// TomTom's API-key placeholder.
    static let keyToken = "{key}"
    /// Hosts whose URLs may receive the key.
    static let tomTomHosts: Set<String> = ["api.tomtom.com", "a.api.tomtom.com", "b.api.tomtom.com", "c.api.tomtom.com", "d.api.tomtom.com"]

    struct Result {
        var keyPointers: [String] = []
        var keyFilled = false
        var localTileServerPointers: [String] = []
    }

    /// Walks every string of `style` once, recording JSON Pointers and filling the key.
    static func run(_ style: inout JSONNode, apiKey: String?) -> Result {
        var result = Result()
        var replacements: [(JSONPath, String)] = []
        var walk = StringWalk()
        walk.add(style, at: [])
        walk.run { text, _, path in
            guard text.utf8.contains(UInt8(ascii: "{")) else { return }
            if text.utf8Contains(RasterSourceRendering.localTileServerToken) { result.localTileServerPointers.append(path().jsonPointer) }
            guard text.utf8Contains(keyToken) else { return }
            result.keyPointers.append(path().jsonPointer)
            if let apiKey, isTomTomURL(text) {
                replacements.append((path(), text.replacing(keyToken, with: apiKey)))
                result.keyFilled = true
            }
        }
        for (path, text) in replacements { replaceString(at: path.components[...], in: &style, with: text) }
        return result
    }

    /// True for `https://` or `http://` URLs whose host is TomTom's API.
    static func isTomTomURL(_ text: String) -> Bool {
        guard let schemeEnd = text.firstRange(of: "://") else { return false }
        let afterScheme = text[schemeEnd.upperBound...]
        let host = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != ":" && $0 != "#" }
        return tomTomHosts.contains(host.lowercased())
    }

    private static func replaceString(at path: ArraySlice<JSONPath.Component>, in node: inout JSONNode, with text: String) {
        guard let first = path.first else {
            node.value = .string(text)
            node.isSecret = true
            return
        }
        switch (first, node.value) {
        case (.key(let key), .object(var object)):
            node.value = .null
            object.modifyValue(forKey: key) { child in replaceString(at: path.dropFirst(), in: &child, with: text) }
            node.value = .object(object)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            node.value = .null
            replaceString(at: path.dropFirst(), in: &items[index], with: text)
            node.value = .array(items)
        default:
            break
        }
    }
}

extension String {
    /// Substring search over UTF-8 bytes (the standard library's `contains` goes through Foundation here,
    /// which is many times slower on the hot path of scanning every string of a style).
    func utf8Contains(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        let bytes = Array(utf8)
        guard bytes.count >= pattern.count else { return false }
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }
}
