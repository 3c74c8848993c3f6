import LocatedJSON
import StyleRuntime

/// Literal credentials in a document: TomTom `key=` values, `api_key=`/`apikey=`/`access_token=` query
/// values and Mapbox `pk.`/`sk.` tokens. Messages show only the first four characters.
enum CredentialScan {
    /// Query parameters whose value is a credential.
    static let parameters = ["key", "api_key", "apikey", "access_token"]

    /// A cheap first look at the bytes: only text with `=` (a query value) or `k.` (a Mapbox token) can hold
    /// a credential, and most strings of a style (ids, property names, colors) have neither.
    static func mayHoldCredential(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") || (byte == UInt8(ascii: ".") && previous == UInt8(ascii: "k")) { return true }
            previous = byte
        }
        return false
    }

    /// Every literal credential in `text` (placeholders such as `{key}` and `${NAME}` are not credentials).
    static func credentials(in text: String) -> [String] {
        guard mayHoldCredential(text) else { return [] }
        var found: [String] = []
        for (index, character) in zip(text.indices, text) where character == "?" || character == "&" {
            let rest = text[text.index(after: index)...]
            for name in parameters where rest.hasPrefix(name + "=") {
                let value = rest.dropFirst(name.count + 1).prefix { !"&#\"' ".contains($0) }
                if isLiteral(value) { found.append(String(value)) }
            }
        }
        for prefix in ["pk.", "sk."] {
            var search = text[...]
            while let range = search.firstRange(of: prefix) {
                let token = search[range.lowerBound...].prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
                let boundary = range.lowerBound == text.startIndex || !text[text.index(before: range.lowerBound)].isLetter
                if boundary, token.count >= 40, token.dropFirst(3).contains(".") { found.append(String(token)) }
                search = search[range.upperBound...]
            }
        }
        var seen: Set<String> = []
        return found.filter { seen.insert($0).inserted }
    }

    static func isLiteral(_ value: Substring) -> Bool {
        !value.isEmpty && !(value.hasPrefix("{") && value.hasSuffix("}")) && !value.contains("${")
    }

    /// What to do about a credential found in `text`: a TomTom key in a TomTom URL becomes TomTom's `{key}`
    /// placeholder (`mc-style redact` does that, and only that); any other credential (a Mapbox token, another
    /// service's key) moves to an environment variable.
    static func advice(for secret: String, in text: String) -> String {
        if URLHost.isTomTom(text), text.contains("key=" + secret) {
            return "use TomTom's {key} placeholder (mc-style redact does it)"
        }
        return "move it to an environment variable and write ${NAME} here (mc-style redact replaces TomTom keys only)"
    }

    /// The first four characters and an ellipsis.
    static func shown(_ secret: String) -> String { String(secret.prefix(4)) + "…" }

    /// `text` with every credential it holds, and every one of `secrets`, cut to its first four characters.
    static func masked(_ text: String, also secrets: [String] = []) -> String {
        var result = text
        for secret in secrets where !secret.isEmpty { result = result.replacing(secret, with: shown(secret)) }
        for secret in credentials(in: result) where secret.count > 4 && !secret.hasSuffix("…") {
            result = result.replacing(secret, with: shown(secret))
        }
        return result
    }
}
