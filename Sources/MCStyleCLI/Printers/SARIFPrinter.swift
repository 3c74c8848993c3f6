import LocatedJSON
import StyleCompiler
import StyleSpec

/// `--format sarif`: SARIF 2.1.0, the format GitHub code scanning reads. Every rule mc-style has is listed in
/// `tool.driver.rules`; columns count Unicode scalars, so `columnKind` is `unicodeCodePoints`.
///
/// Artifact locations are URIs relative to the current folder with `uriBaseId` `%SRCROOT%` (GitHub code scanning
/// resolves them against the repository), normalised (`ci/../ci/x.json` is `ci/x.json`); a file outside the
/// current folder gets an absolute `file://` URI.
struct SARIFPrinter {
    let toolVersion: String
    /// The folder relative URIs are relative to (the tool's working folder), absolute.
    var currentDirectory: String = "/"

    func render(_ diagnostics: [Diagnostic]) -> [UInt8] {
        let rules = RuleCatalog.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let results = diagnostics.map { diagnostic -> JSONNode in
            .object([
                "ruleId": .string(diagnostic.rule),
                "ruleIndex": ruleIndex[diagnostic.rule].map { .integer($0) },
                "level": .string(diagnostic.severity.rawValue),
                "message": .object(["text": .string(diagnostic.message)]),
                "locations": .array([
                    location(diagnostic.fileName, diagnostic.location?.position, path: diagnostic.path)
                ]),
                "relatedLocations": diagnostic.related.isEmpty
                    ? nil
                    : .array(
                        diagnostic.related.enumerated().map { index, related in
                            var node = location(related.location.file.name, related.location.position, path: nil)
                            if case .object(var object) = node.value {
                                object.insert(JSONMember(key: "id", value: .integer(index)), at: 0)
                                object["message"] = .object(["text": .string(related.message)])
                                node = JSONNode(.object(object))
                            }
                            return node
                        }),
            ])
        }
        let driver = JSONNode.object([
            "name": .string("mc-style"),
            "version": .string(toolVersion),
            "informationUri": .string("https://mapconductor.com"),
            "properties": .object(["styleSpecification": .string(StyleSpecVersion.name)]),
            "rules": .array(
                rules.map { rule in
                    .object([
                        "id": .string(rule.id),
                        "shortDescription": .object(["text": .string(rule.summary)]),
                        "help": .object(["text": .string(rule.help)]),
                        "defaultConfiguration": .object(["level": .string(rule.defaultSeverity.rawValue)]),
                    ])
                }),
        ])
        let log = JSONNode.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([
                .object([
                    "tool": .object(["driver": driver]),
                    "columnKind": .string("unicodeCodePoints"),
                    "results": .array(results),
                ])
            ]),
        ])
        return JSONWriter(style: .pretty).bytes(log)
    }

    private func location(_ file: String?, _ position: SourcePosition?, path: JSONPath?) -> JSONNode {
        var physical: JSONNode?
        if let file {
            physical = .object([
                "artifactLocation": artifactLocation(file),
                "region": position.map {
                    .object(["startLine": .integer($0.line), "startColumn": .integer($0.column)])
                },
            ])
        }
        let logical: JSONNode? =
            (path?.components.isEmpty ?? true)
            ? nil
            : .array([.object(["fullyQualifiedName": .string(path?.mapLibreNotation ?? "")])])
        return .object(["physicalLocation": physical, "logicalLocations": logical])
    }

    /// `{"uri": "ci/x.json", "uriBaseId": "%SRCROOT%"}` for a file inside the current folder, else
    /// `{"uri": "file:///abs/x.json"}`; standard input as `<stdin>` relative to the folder.
    func artifactLocation(_ file: String) -> JSONNode {
        let folder = FilePaths.normalized(currentDirectory)
        let absolute = FilePaths.join(folder, file)
        let inside =
            folder == "/"
            ? String(absolute.dropFirst())
            : absolute.hasPrefix(folder + "/") ? String(absolute.dropFirst(folder.count + 1)) : nil
        if file == "<stdin>" || file == "mc-style" {
            return .object(["uri": .string(Self.uri(file)), "uriBaseId": .string("%SRCROOT%")])
        }
        guard let inside, !inside.isEmpty else { return .object(["uri": .string("file://" + Self.uri(absolute))]) }
        return .object(["uri": .string(Self.uri(inside)), "uriBaseId": .string("%SRCROOT%")])
    }

    /// A relative URI reference for a file name (percent-encoding what a URI may not hold).
    static func uri(_ file: String) -> String {
        var result = ""
        for byte in file.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-._~/".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
