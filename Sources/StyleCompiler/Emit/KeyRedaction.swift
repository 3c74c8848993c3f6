import LocatedJSON
import StyleRuntime

/// Replaces literal TomTom API keys in a style with TomTom's `{key}` placeholder, so that a base style
/// fetched with a key can be committed. Only `key=` values in TomTom URLs count; the file's text is
/// otherwise kept byte for byte (formatting, key order, number text).
public enum KeyRedaction {
    /// The literal keys in TomTom URLs of `style`.
    public static func literalKeys(in style: JSONNode) -> Set<String> {
        var keys: Set<String> = []
        var pending = [style]
        while let node = pending.popLast() {
            switch node.value {
            case .string(let text) where URLHost.isTomTom(text):
                keys.formUnion(keyValues(in: text))
            case .array(let items):
                pending.append(contentsOf: items)
            case .object(let object):
                pending.append(contentsOf: object.members.map(\.value))
            default:
                break
            }
        }
        return keys
    }

    /// `text` with every `key=<one of keys>` written `key={key}`, and how many were replaced.
    public static func redact(_ text: String, keys: Set<String>) -> (text: String, replaced: Int) {
        var result = text
        var replaced = 0
        for key in keys.sorted(by: { $0.count > $1.count }) {
            let occurrence = "key=" + key
            let parts = result.split(separator: occurrence, omittingEmptySubsequences: false)
            replaced += parts.count - 1
            result = parts.joined(separator: "key=" + Placeholder.apiKey.token)
        }
        return (result, replaced)
    }

    /// The literal values of `key=` query parameters in a URL.
    static func keyValues(in url: String) -> [String] {
        var values: [String] = []
        for (index, character) in zip(url.indices, url) where character == "?" || character == "&" {
            let rest = url[url.index(after: index)...]
            guard rest.hasPrefix("key=") else { continue }
            let value = rest.dropFirst(4).prefix { $0 != "&" && $0 != "#" }
            if CredentialScan.isLiteral(value) { values.append(String(value)) }
        }
        return values
    }
}
