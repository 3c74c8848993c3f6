import LocatedJSON

extension ValidationRun {
    /// Walks the strings that can hold a URL once: everything but layer paint, layout and filter values
    /// (expressions, colors and names, never URLs), which are most of a style.
    func validateSecrets() {
        var walk = StringWalk()
        for member in style.objectValue?.members ?? [] {
            if member.key == "sources", let sources = member.value.objectValue {
                // Declared sources' URLs are the declarations' own (`checkRemoteURL` reports their credentials).
                for source in sources.members where !source.key.hasPrefix(StyleID.sourcePrefix) {
                    walk.add(source.value, at: [.key("sources"), .key(source.key)])
                }
                continue
            }
            guard member.key == "layers", let layers = member.value.arrayValue else {
                walk.add(member.value, at: [.key(member.key)])
                continue
            }
            for (index, layer) in layers.enumerated() {
                if let metadata = layer["metadata"] {
                    walk.add(metadata, at: [.key("layers"), .index(index), .key("metadata")])
                }
            }
        }
        walk.run { text, node, path in
            guard !node.isSecret else { return }
            for secret in CredentialScan.credentials(in: text) {
                report(
                    .secretLiteralKey, path(), node,
                    "literal credential '\(CredentialScan.shown(secret))' in a committed file: \(CredentialScan.advice(for: secret, in: text))",
                    masking: [secret])
            }
        }
    }
}
