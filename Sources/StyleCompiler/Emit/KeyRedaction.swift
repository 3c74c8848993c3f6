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
            case .string(let text) where URLHost.mayBeTomTom(text):
                keys.formUnion(CredentialScan.keyValues(in: text))
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

    /// The document's bytes with every `key=<one of keys>` in its strings written `key={key}`, and how many were
    /// replaced. Strings are compared decoded, so a key written with JSON escapes (`\u0075...`) is found too; a
    /// string literal without escapes is changed in place, one with escapes is written again, and every other
    /// byte of the file is kept.
    public static func redact(_ root: JSONNode, bytes: [UInt8], keys: Set<String>) -> (bytes: [UInt8], replaced: Int) {
        let ordered = keys.sorted { $0.count > $1.count }
        var splices: [(range: Range<Int>, bytes: [UInt8])] = []
        var replaced = 0
        root.walk { _, node in
            guard let text = node.stringValue, let start = node.sourceOffset, start < bytes.count,
                bytes[start] == UInt8(ascii: "\"")
            else { return }
            var result = text
            for key in ordered {
                let parts = result.split(separator: "key=" + key, omittingEmptySubsequences: false)
                replaced += parts.count - 1
                result = parts.joined(separator: "key=" + Placeholder.apiKey.token)
            }
            guard result != text else { return }
            let end = JSONStringLiteral.end(at: start, in: bytes)
            let literal = bytes[start..<end]
            if !literal.contains(UInt8(ascii: "\\")) {
                splices.append((start..<end, Array(("\"" + result + "\"").utf8)))
            } else {
                // The writer ends a document with a line break; a string inside one has none.
                var written = JSONWriter(style: .compact).bytes(.string(result))
                if written.last == UInt8(ascii: "\n") { written.removeLast() }
                splices.append((start..<end, written))
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        for splice in splices.sorted(by: { $0.range.lowerBound < $1.range.lowerBound })
        where splice.range.lowerBound >= position {
            output += bytes[position..<splice.range.lowerBound]
            output += splice.bytes
            position = splice.range.upperBound
        }
        output += bytes[position...]
        return (output, replaced)
    }
}
