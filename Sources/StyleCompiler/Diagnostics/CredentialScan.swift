import LocatedJSON
import StyleRuntime

/// Literal credentials in text: values of the credential query parameters (`CredentialScan.parameters`, compared
/// without regard to case and to percent-encoding: `?%6Bey=` is `?key=`), the password of a URL's user info
/// (`https://user:password@host`), Mapbox `pk.`/`sk.` tokens and AWS access key ids (`AKIA...`, `ASIA...`). The scan
/// (`secret.literal-key`) and every masker (diagnostics, excerpts, diffs) share this one vocabulary. Messages
/// show only the first four characters.
enum CredentialScan {
    /// Query parameters whose value is a credential, lowercased (matched case-insensitively).
    static let parameters: [String] = [
        "key", "api_key", "apikey", "api-key", "access_token", "access-token", "token", "auth",
        "sig", "signature", "secret", "client_secret", "password", "subscription-key", "appid", "app_code",
        "x-amz-signature", "x-amz-credential", "x-amz-security-token",
    ]
    /// The longest parameter name as it may be written, in bytes: each character percent-encoded (`%6B`).
    private static let longestParameter = 3 * (parameters.map(\.utf8.count).max() ?? 0)

    /// A cheap first look at the bytes: only text with `=` (a query value), `@` (a URL's user info), `k.` (a
    /// Mapbox token) or `AKIA`/`ASIA` (an AWS key id) can hold a credential, and most strings of a style (ids, property names, colors) have none.
    static func mayHoldCredential(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var capitals = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") || byte == UInt8(ascii: "@")
                || (byte == UInt8(ascii: ".") && previous == UInt8(ascii: "k"))
            {
                return true
            }
            capitals = (65...90).contains(byte) ? capitals + 1 : 0
            if capitals >= 4 { return true }
            previous = byte
        }
        return false
    }

    /// Every literal credential in `text` (placeholders such as `{key}` and `${NAME}` are not credentials).
    ///
    /// In a URL (`anywhere` false) a parameter counts after `?` or `&`, as a query parameter; in a source line or
    /// other text being masked (`anywhere` true) also after any character that is not a letter, digit, `-` or `_`
    /// (`# key=...` in a YAML comment, `"token=..."` in a header value).
    static func credentials(in text: String, anywhere: Bool = false) -> [String] {
        guard mayHoldCredential(text) else { return [] }
        var found: [String] = []
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "=") {
            guard let value = parameterValue(in: bytes, equalsAt: index, anywhere: anywhere) else { continue }
            found.append(value)
        }
        for prefix in ["pk.", "sk."] {
            var search = text[...]
            while let range = search.firstRange(of: prefix) {
                let token = search[range.lowerBound...].prefix {
                    $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-"
                }
                let boundary =
                    range.lowerBound == text.startIndex || !text[text.index(before: range.lowerBound)].isLetter
                if boundary, token.count >= 40, token.dropFirst(3).contains(".") { found.append(String(token)) }
                search = search[range.upperBound...]
            }
        }
        found += awsAccessKeyIDs(in: bytes)
        found += userInfoPasswords(in: bytes)
        var seen: Set<String> = []
        return found.filter { seen.insert($0).inserted }
    }

    /// The literal value after the `=` at `equals`, when the name before it is a credential parameter.
    private static func parameterValue(in bytes: [UInt8], equalsAt equals: Int, anywhere: Bool) -> String? {
        var start = equals
        while start > 0, equals - start < longestParameter, isNameByte(bytes[start - 1]) || bytes[start - 1] == 0x25 {
            start -= 1
        }
        guard start < equals else { return nil }
        if start > 0 {
            let before = bytes[start - 1]
            let isQuery = before == UInt8(ascii: "?") || before == UInt8(ascii: "&")
            guard isQuery || (anywhere && !isNameByte(before)) else { return nil }
        } else if !anywhere {
            return nil
        }
        guard let name = percentDecoded(bytes[start..<equals])?.lowercased(), parameters.contains(name) else {
            return nil
        }
        var end = equals + 1
        // A `{placeholder}` value is read whole, so that it is recognised as one.
        // Prose may follow it with punctuation ("...?key={key}: record it"), which is not part of the value.
        if end < bytes.count, bytes[end] == UInt8(ascii: "{"),
            let close = bytes[end...].firstIndex(of: UInt8(ascii: "}"))
        {
            end = close + 1
            if end == bytes.count || !isNameByte(bytes[end]) { return nil }
        }
        while end < bytes.count, !valueEnds.contains(bytes[end]) { end += 1 }
        let value = Substring(String(decoding: bytes[(equals + 1)..<end], as: UTF8.self))
        return isLiteral(value) ? String(value) : nil
    }

    /// The bytes that end a parameter's value: the next parameter or the fragment, and the quotes, spaces and
    /// brackets around a URL quoted in JSON, YAML or prose.
    private static let valueEnds = Set("&#\"' \n\t,;)]}<>".utf8)

    /// `bytes` with `%XX` escapes decoded (a broken escape stays, and matches no name); nil when the result is not
    /// UTF-8.
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: PercentEncoding.decoded(bytes), as: UTF8.self)
    }

    /// The passwords of URLs' user info: what stands between the `:` and the `@` of `scheme://user:password@host`
    /// (the authority ends at the first `/`, `?`, `#`, `\\`, quote or space after `://`).
    private static func userInfoPasswords(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var index = 0
        while index + 3 <= bytes.count {
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                bytes[index + 2] == UInt8(ascii: "/")
            else {
                index += 1
                continue
            }
            let start = index + 3
            var end = start
            while end < bytes.count, !authorityEnds.contains(bytes[end]) { end += 1 }
            if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")),
                let colon = bytes[start..<at].firstIndex(of: UInt8(ascii: ":"))
            {
                let password = Substring(String(decoding: bytes[(colon + 1)..<at], as: UTF8.self))
                if isLiteral(password) { found.append(String(password)) }
            }
            index = end
        }
        return found
    }

    /// The bytes that end a URL's authority, as browsers read it (a backslash among them), or the URL itself.
    private static let authorityEnds = Set("/?#\\\"' \n\t<>".utf8)

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }

    /// AWS access key ids: `AKIA` or `ASIA` and 16 capitals or digits, standing alone.
    private static func awsAccessKeyIDs(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var index = 0
        while index + 20 <= bytes.count {
            let head = bytes[index..<(index + 4)]
            let standsAlone = index == 0 || !isNameByte(bytes[index - 1])
            if standsAlone, head.elementsEqual("AKIA".utf8) || head.elementsEqual("ASIA".utf8),
                bytes[(index + 4)..<(index + 20)].allSatisfy({ (65...90).contains($0) || (48...57).contains($0) }),
                index + 20 == bytes.count || !isNameByte(bytes[index + 20])
            {
                found.append(String(decoding: bytes[index..<(index + 20)], as: UTF8.self))
                index += 20
            } else {
                index += 1
            }
        }
        return found
    }

    static func isLiteral(_ value: Substring) -> Bool {
        !value.isEmpty && !(value.hasPrefix("{") && value.hasSuffix("}")) && !value.contains("${")
    }

    /// What to do about a credential found in `text`: a TomTom key in a TomTom URL becomes TomTom's `{key}`
    /// placeholder (`mc-style redact` does that, and only that); any other credential (a Mapbox token, another
    /// service's key) moves to an environment variable.
    static func advice(for secret: String, in text: String) -> String {
        if URLHost.mayBeTomTom(text), keyValues(in: text).contains(secret) {
            return "use TomTom's {key} placeholder (mc-style redact does it)"
        }
        return "move it to an environment variable and write ${NAME} here (mc-style redact replaces TomTom keys only)"
    }

    /// The literal values of TomTom's `key=` query parameters in a URL (what `mc-style redact` replaces).
    static func keyValues(in url: String) -> [String] {
        var values: [String] = []
        for (index, character) in zip(url.indices, url) where character == "?" || character == "&" {
            let rest = url[url.index(after: index)...]
            guard rest.hasPrefix("key=") else { continue }
            let value = rest.dropFirst(4).prefix { $0 != "&" && $0 != "#" }
            if isLiteral(value) { values.append(String(value)) }
        }
        return values
    }

    /// The first four characters and an ellipsis.
    static func shown(_ secret: String) -> String { String(secret.prefix(4)) + "…" }

    /// `text` with every credential it holds, and every one of `secrets`, cut to its first four characters. The
    /// text is scanned as written and with JSON's escapes decoded (`?\u006bey=...` is `?key=...`), and every value
    /// a field with a credential's name holds (`"apiKey": "..."`, `X-Api-Key: ...`) counts too. A credential found
    /// only in the decoded text, whose written form cannot be cut, hides the whole text.
    static func masked(_ text: String, also secrets: [String] = []) -> String {
        var result = text
        // A secret of four characters or fewer would show whole anyway; replacing it would mangle the text.
        for secret in secrets.sorted(by: { $0.count > $1.count }) where secret.count > 4 {
            result = result.replacing(secret, with: shown(secret))
        }
        let decoded = JSONEscapes.decoded(result)
        let found =
            credentials(in: result, anywhere: true) + namedFieldValues(in: result)
            + (decoded == result ? [] : credentials(in: decoded, anywhere: true) + namedFieldValues(in: decoded))
        for secret in found.sorted(by: { $0.count > $1.count }) where secret.count > 4 && !secret.hasSuffix("…") {
            guard result.contains(secret) else {
                return "…(hidden: it holds a credential written with escapes)"
            }
            result = result.replacing(secret, with: shown(secret))
        }
        return result
    }

    /// Names of fields whose value is a credential, normalised (lowercase, without `-`, `_` and `.`): exactly one
    /// of `exactFieldNames`, or ending in one of `fieldNameEndings` (`apiKey`, `owner-key`, `X-Api-Key`,
    /// `accessToken`, `Cookie`). A name that merely ends in "key" (`cacheKey`, `symbol-sort-key`) is no credential's.
    static let exactFieldNames: Set<String> = ["auth", "sig", "key"]
    static let fieldNameEndings = [
        "apikey", "accesskey", "secretkey", "privatekey", "ownerkey", "subscriptionkey", "appkey", "clientkey",
        "authkey", "token", "secret", "password", "passwd", "signature", "authorization", "credential",
        "credentials", "cookie",
    ]

    /// True for a field name that holds a credential (see `exactFieldNames`).
    static func isCredentialFieldName(_ name: Substring) -> Bool {
        let normalised = name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != "." }
        return exactFieldNames.contains(normalised) || fieldNameEndings.contains { normalised.hasSuffix($0) }
    }

    /// The values of fields with a credential's name in JSON (`"apiKey": "v"`), YAML (`apiKey: v`) or a header
    /// (`X-Api-Key: v`): a quoted value whole, an unquoted one to the end of the line, a `,` or a `}`.
    static func namedFieldValues(in text: String) -> [String] {
        guard text.contains(":") else { return [] }
        var found: [String] = []
        var rest = Substring(text)
        while let colon = rest.firstIndex(of: ":") {
            let before = rest[..<colon]
            var nameEnd = before.endIndex
            while nameEnd > before.startIndex, before[before.index(before: nameEnd)] == " " {
                nameEnd = before.index(before: nameEnd)
            }
            var name = before[..<nameEnd]
            func trailing(_ part: Substring, _ keeps: (Character) -> Bool) -> Substring {
                part[(part.lastIndex { !keeps($0) }.map { part.index(after: $0) } ?? part.startIndex)...]
            }
            if name.last == "\"" || name.last == "'" {
                let quote = name.removeLast()
                name = trailing(name) { $0 != quote }
            } else {
                name = trailing(name) { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
            }
            var value = rest[rest.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            rest = rest[rest.index(after: colon)...]
            guard !name.isEmpty, isCredentialFieldName(name) else { continue }
            if let quote = value.first, quote == "\"" || quote == "'" {
                value = value.dropFirst().prefix { $0 != quote }
            } else {
                value = value.prefix { !"\n,}#".contains($0) }
                while value.last == " " { value = value.dropLast() }
            }
            if isLiteral(value), !value.hasPrefix("//") { found.append(String(value)) }
        }
        return found
    }
}

/// The rule the scan reports (registered in `RuleCatalog.all`).
extension Rule {
    static let secretLiteralKey = Rule(
        "secret.literal-key", .error,
        summary: "A literal credential (API key, access token) in a file.",
        help: "Replace the key with TomTom's {key} placeholder (mc-style redact) or an ${ENV} value.",
        examples: [
            .triggering(
                .style,
                #"{"version": 8, "sources": {"r": {"type": "raster", "tiles": [↓"https://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key=AbCdEfGhIjKlMnOpQrStUvWxYz012345"]}}, "layers": [{"id": "r", "type": "raster", "source": "r"}]}"#
            ),
            .passing(
                .style,
                #"{"version": 8, "sources": {"r": {"type": "raster", "tiles": ["https://api.tomtom.com/map/1/tile/basic/main/{z}/{x}/{y}.png?key={key}"]}}, "layers": [{"id": "r", "type": "raster", "source": "r"}]}"#
            ),
        ])
}

extension Diagnostic {
    /// The literal credentials (API keys, access tokens) in `text`, as `secret.literal-key` finds them: for an
    /// editor's fix that moves one into an environment variable. Never for printing.
    public static func literalCredentials(in text: String) -> [String] {
        CredentialScan.credentials(in: text)
    }
}
