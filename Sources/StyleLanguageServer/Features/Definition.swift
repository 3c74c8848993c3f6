import LocatedJSON
import StyleCompiler

extension LanguageServer {
    /// `textDocument/definition`: `!include`, `base:` and a vector style's `style:` to the file, an anchor to the layer in each variant's
    /// base, and in a style a layer's `source` to the source.
    func definition(_ params: JSONNode) throws(RPCError) -> JSONNode? {
        let document = try document(params)
        let offset = try offset(params, in: document)
        var targets: [(path: String, range: Range<Int>, lines: LineIndex?)] = []
        switch document.kind {
        case .rules: break
        case .declarations, .configuration:
            let outline = YAMLOutline(document.bytes)
            let line = outline.lines[outline.lineIndex(ofOffset: offset)]
            let value = Self.unquoted(outline.text(line.valueRange))
            let folder = FilePaths.directory(of: document.path)
            let cursor = YAMLCursor(outline, offset: offset)
            let path = yamlRoot(of: document) + cursor.path
            if value.hasPrefix("!include ") {
                let file = FilePaths.normalized(FilePaths.join(folder, Self.unquoted(String(value.dropFirst(9)))))
                targets.append((file, 0..<0, nil))
            } else if case .value(let key, let range) = cursor.place {
                let text = Self.unquoted(String(decoding: document.bytes[range], as: UTF8.self))
                let namesFile =
                    key == "base" || key == "rules" || (key == "style" && path.last == "vectorStyle")
                if namesFile || (path.last == "bases" && !text.isEmpty) {
                    targets.append((FilePaths.normalized(FilePaths.join(folder, text)), 0..<0, nil))
                } else if Self.isAnchor(key: key, path: path) {
                    for base in variantBases(for: document.path) {
                        guard let layers = base.layers, let layer = layers.layer(text), let at = layer.idOffset else {
                            continue
                        }
                        targets.append(
                            (base.path, TokenRange.around(at, in: layers.lines.bytes), layers.lines))
                    }
                }
            }
        case .style:
            let cursor = JSONCursor(document.bytes, offset: offset)
            if case .value("source"?, let range) = cursor.place, cursor.path.count == 2,
                cursor.path[0] == .key("layers"), let tree = styleTree(document)
            {
                let tokenEnd = TokenRange.around(range.lowerBound, in: document.bytes).upperBound
                let name = Self.unquoted(String(decoding: document.bytes[range.lowerBound..<tokenEnd], as: UTF8.self))
                if let member = tree["sources"]?.objectValue?.member(forKey: name), let at = member.keySourceOffset {
                    targets.append((document.path, TokenRange.around(at, in: document.bytes), document.lines))
                }
            }
        }
        guard !targets.isEmpty else { return nil }
        return .array(
            targets.map { target in
                let lines = target.lines ?? documents[target.path]?.lines ?? LineIndex([])
                return .object([
                    "uri": .string(documents[target.path]?.uri ?? DocumentURI.uri(of: target.path)),
                    "range": DiagnosticConverter.range(target.range, lines: lines, encoding: encoding),
                ])
            })
    }
}
