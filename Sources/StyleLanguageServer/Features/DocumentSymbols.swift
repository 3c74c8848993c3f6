import LocatedJSON
import StyleCompiler

/// One entry of the outline an editor shows: LSP's DocumentSymbol.
struct DocumentSymbol {
    /// LSP's SymbolKind values used here.
    enum Kind: Int {
        case file = 1
        case namespace = 3
        case array = 18
        case object = 19
        case key = 20
    }

    let name: String
    var detail: String?
    let kind: Kind
    let range: Range<Int>
    let selection: Range<Int>
    var children: [DocumentSymbol] = []

    func node(_ lines: LineIndex, _ encoding: PositionEncoding) -> JSONNode {
        .object([
            "name": .string(name.isEmpty ? "(unnamed)" : name), "detail": detail.map { .string($0) },
            "kind": .integer(kind.rawValue),
            "range": DiagnosticConverter.range(range, lines: lines, encoding: encoding),
            "selectionRange": DiagnosticConverter.range(selection, lines: lines, encoding: encoding),
            "children": children.isEmpty ? nil : .array(children.map { $0.node(lines, encoding) }),
        ])
    }
}

extension LanguageServer {
    /// `textDocument/documentSymbol`: sources, bases, views and layer mappings of declarations; layers and
    /// sources of a style.
    func documentSymbols(_ params: JSONNode) throws(RPCError) -> JSONNode {
        let document = try document(params)
        let symbols: [DocumentSymbol]
        switch document.kind {
        case .declarations: symbols = Self.declarationSymbols(YAMLOutline(document.bytes))
        case .style: symbols = Self.styleSymbols(document)
        case .configuration, .rules: symbols = []
        }
        return .array(symbols.map { $0.node(document.lines, encoding) })
    }

    private static func declarationSymbols(_ outline: YAMLOutline) -> [DocumentSymbol] {
        var symbols: [DocumentSymbol] = []
        for (index, line) in outline.lines.enumerated() where !line.isBlank && line.indent == 0 && !line.isItem {
            guard let key = line.key, let keyRange = line.keyRange else { continue }
            let extent = line.start..<blockEnd(outline, after: index)
            switch key {
            case "base":
                symbols.append(
                    DocumentSymbol(
                        name: outline.text(line.valueRange), detail: "base", kind: .file, range: extent,
                        selection: line.valueRange))
            case "bases":
                var entries: [DocumentSymbol] = []
                for child in children(of: outline, in: index) where outline.lines[child].key != nil {
                    let entry = outline.lines[child]
                    guard let name = entry.key, let nameRange = entry.keyRange else { continue }
                    entries.append(
                        DocumentSymbol(
                            name: name, detail: outline.text(entry.valueRange), kind: .file,
                            range: entry.start..<blockEnd(outline, after: child),
                            selection: nameRange))
                }
                symbols.append(
                    DocumentSymbol(name: key, kind: .namespace, range: extent, selection: keyRange, children: entries))
            case "sources", "views", "layerMapping":
                let nameKey = ["sources": "id", "views": "name", "layerMapping": "sdkLayer"][key] ?? "id"
                let items = children(of: outline, in: index).filter { outline.lines[$0].isItem }.map { item in
                    itemSymbol(outline, item: item, nameKey: nameKey)
                }
                symbols.append(
                    DocumentSymbol(name: key, kind: .array, range: extent, selection: keyRange, children: items))
            default: break
            }
        }
        return symbols
    }

    /// The lines directly inside the block of line `index` (one level deeper).
    private static func children(of outline: YAMLOutline, in index: Int) -> [Int] {
        let end = blockEnd(outline, after: index)
        var found: [Int] = []
        var level: Int?
        for child in (index + 1)..<outline.lines.count where outline.lines[child].start < end {
            let line = outline.lines[child]
            guard !line.isBlank else { continue }
            let column = line.isItem ? line.dashColumn : line.indent
            if level == nil { level = column }
            if column == level { found.append(child) }
        }
        return found
    }

    /// Where the block opened by line `index` ends: before the next line that is not blank and starts at or
    /// before the opener's column (a sequence written at its key's own indent belongs to the key).
    private static func blockEnd(_ outline: YAMLOutline, after index: Int) -> Int {
        let opener = outline.lines[index]
        let column = opener.isItem ? opener.dashColumn : opener.indent
        for next in (index + 1)..<max(index + 1, outline.lines.count) {
            let line = outline.lines[next]
            guard !line.isBlank else { continue }
            let start = line.isItem ? line.dashColumn : line.indent
            let compactItem = !opener.isItem && line.isItem && start == column
            if start < column || (start == column && !compactItem) { return previousEnd(outline, before: next) }
        }
        return outline.lines.last?.end ?? opener.end
    }

    /// The end of the last non-blank line before line `index`.
    private static func previousEnd(_ outline: YAMLOutline, before index: Int) -> Int {
        var line = index - 1
        while line > 0, outline.lines[line].isBlank { line -= 1 }
        return outline.lines[max(line, 0)].end
    }

    private static func itemSymbol(_ outline: YAMLOutline, item: Int, nameKey: String) -> DocumentSymbol {
        let line = outline.lines[item]
        let extent = line.start + line.dashColumn..<blockEnd(outline, after: item)
        // The name: `key: value` on the item's own line or a line of its block, or inside a flow mapping.
        for index in item..<outline.lines.count where outline.lines[index].start < extent.upperBound {
            let candidate = outline.lines[index]
            if candidate.key == nameKey, !candidate.valueRange.isEmpty {
                return DocumentSymbol(
                    name: unquoted(outline.text(candidate.valueRange)), kind: .object, range: extent,
                    selection: candidate.valueRange)
            }
        }
        let text = outline.text(line.valueRange)
        if let found = text.ranges(of: nameKey + ":").first {
            let rest = text[found.upperBound...].prefix { $0 != "," && $0 != "}" }
            return DocumentSymbol(
                name: unquoted(String(rest)), kind: .object, range: extent, selection: line.valueRange)
        }
        return DocumentSymbol(name: text, kind: .object, range: extent, selection: line.valueRange)
    }

    private static func styleSymbols(_ document: TextDocument) -> [DocumentSymbol] {
        guard let tree = try? JSONParser().parse(bytes: document.bytes, name: document.path).root else { return [] }
        var symbols: [DocumentSymbol] = []
        let bytes = document.bytes
        if let sources = tree["sources"]?.objectValue {
            let children = sources.members.compactMap { member -> DocumentSymbol? in
                guard let at = member.keySourceOffset, let valueAt = member.value.sourceOffset else { return nil }
                return DocumentSymbol(
                    name: member.key, detail: member.value["type"]?.stringValue, kind: .key,
                    range: at..<JSONExtent.end(of: valueAt, in: bytes), selection: TokenRange.around(at, in: bytes))
            }
            if let at = tree["sources"]?.sourceOffset {
                symbols.append(
                    DocumentSymbol(
                        name: "sources", kind: .namespace, range: at..<JSONExtent.end(of: at, in: bytes),
                        selection: at..<(at + 1), children: children))
            }
        }
        if let layers = tree["layers"]?.arrayValue, let at = tree["layers"]?.sourceOffset {
            let children = layers.compactMap { layer -> DocumentSymbol? in
                guard let start = layer.sourceOffset, let idAt = layer["id"]?.sourceOffset else { return nil }
                return DocumentSymbol(
                    name: layer["id"]?.stringValue ?? "", detail: layer["type"]?.stringValue, kind: .object,
                    range: start..<JSONExtent.end(of: start, in: bytes), selection: TokenRange.around(idAt, in: bytes))
            }
            symbols.append(
                DocumentSymbol(
                    name: "layers", kind: .array, range: at..<JSONExtent.end(of: at, in: bytes),
                    selection: at..<(at + 1), children: children))
        }
        return symbols
    }
}

/// Where a JSON value starting at an offset ends: after its matching bracket, or its token.
enum JSONExtent {
    static func end(of start: Int, in bytes: [UInt8]) -> Int {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") else {
            return TokenRange.around(start, in: bytes).upperBound
        }
        var depth = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == 0x5C ? 2 : 1 }
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return bytes.count
    }
}
