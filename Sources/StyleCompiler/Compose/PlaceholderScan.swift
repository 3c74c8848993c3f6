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

    /// Walks every string of `style` once (iteratively), recording JSON Pointers and filling the key.
    static func run(_ style: inout JSONNode, apiKey: String?) -> Result {
        var result = Result()
        var pending: [(path: JSONPath, node: JSONNode)] = [(.root, style)]
        var replacements: [(JSONPath, String)] = []
        while let (path, node) = pending.popLast() {
            switch node.value {
            case .string(let text):
                if text.contains(RasterSourceRendering.localTileServerToken) { result.localTileServerPointers.append(path.jsonPointer) }
                guard text.contains(keyToken) else { continue }
                result.keyPointers.append(path.jsonPointer)
                if let apiKey, isTomTomURL(text) {
                    replacements.append((path, text.replacing(keyToken, with: apiKey)))
                    result.keyFilled = true
                }
            case .array(let items):
                for (index, item) in items.enumerated().reversed() where !item.value.isScalar || item.stringValue != nil {
                    pending.append((path.appending(index), item))
                }
            case .object(let object):
                for member in object.members.reversed() where !member.value.value.isScalar || member.value.stringValue != nil {
                    pending.append((path.appending(member.key), member.value))
                }
            default:
                continue
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
