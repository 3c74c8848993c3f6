import LocatedJSON

/// Where in style.json's bytes each run-time value goes, found once when a compiled style is loaded, so that
/// resolving copies the bytes once and splices values in (no parse, no tree) on every opacity change.
struct SplicePlan: Sendable {
    /// What one splice point is for.
    enum Slot: Sendable, Equatable {
        /// A placeholder token inside a string: the index of its manifest record.
        case placeholder(Int)
        /// A layer's `raster-opacity` number text: the index of the source record.
        case opacity(Int)
        /// A layer's `visibility` string literal, quotes included: the index of the source record.
        case visibility(Int)
        /// A raster source's `tileSize` number: the index of the variant's tile-size record.
        case tileSize(Int)
    }

    struct Splice: Sendable {
        /// Byte range in style.json that the value replaces.
        let range: Range<Int>
        let slot: Slot
    }

    /// Sorted by position, never overlapping.
    let splices: [Splice]

    /// Finds every splice point the manifest names in `style`; anything that is not where the manifest says is
    /// an error that names the pointer.
    init(style: SourceFile, variant: RuntimeManifest.VariantRecord, sources: [RuntimeManifest.SourceRecord])
        throws(RuntimeError)
    {
        let root: JSONNode
        do {
            root = try JSONParser().parse(style).root
        } catch {
            throw RuntimeError(.styleMismatch, "\(style.name) is not JSON: \(error.message) at \(error.location)")
        }
        let bytes = style.bytes
        var splices: [Splice] = []
        func mismatch(_ pointer: String, _ problem: String) -> RuntimeError {
            RuntimeError(
                .styleMismatch, "\(style.name): the manifest's pointer \(RuntimeError.quoted(pointer)) \(problem)")
        }
        for (index, record) in variant.placeholders.enumerated() {
            let token = Array(record.placeholder.token.utf8)
            for pointer in record.pointers {
                guard let node = Self.node(at: pointer, in: root), let text = node.stringValue,
                    let start = node.sourceOffset
                else {
                    throw mismatch(pointer, "does not name a string")
                }
                if record.placeholder == .apiKey, !URLHost.isTomTom(text) {
                    throw mismatch(
                        pointer,
                        "is listed for the TomTom API key, but its URL's host is not TomTom's: the key is never filled there"
                    )
                }
                let before = splices.count
                for range in Self.occurrences(of: token, inStringLiteralAt: start, of: bytes) {
                    splices.append(Splice(range: range, slot: .placeholder(index)))
                }
                if splices.count == before {
                    throw mismatch(pointer, "names a string without \(record.placeholder.token)")
                }
            }
        }
        for (index, (source, layer)) in zip(sources, variant.layers).enumerated() {
            // The source's own layer, then the layer of its part east of the antimeridian: both take its values.
            var pointers = [
                (layer.opacityPointer, Slot.opacity(index), source.styleLayerID),
                (layer.visibilityPointer, Slot.visibility(index), source.styleLayerID),
            ]
            for part in layer.partPointers {
                let partLayerID = source.styleLayerID + ManifestFormat.eastPartSuffix
                pointers += [
                    (part.opacity, .opacity(index), partLayerID), (part.visibility, .visibility(index), partLayerID),
                ]
            }
            for (pointer, slot, layerID) in pointers {
                guard let layer = Self.node(at: Self.layerPointer(of: pointer), in: root),
                    layer["id"]?.stringValue == layerID
                else {
                    throw mismatch(pointer, "is not inside the layer '\(layerID)' of source '\(source.id)'")
                }
                guard let node = Self.node(at: pointer, in: root), let start = node.sourceOffset else {
                    throw mismatch(pointer, "names nothing")
                }
                switch (slot, node.value) {
                case (.opacity, .number(let number)):
                    splices.append(Splice(range: start..<(start + number.text.utf8.count), slot: slot))
                case (.visibility, .string):
                    splices.append(Splice(range: start..<JSONStringLiteral.end(at: start, in: bytes), slot: slot))
                default:
                    throw mismatch(
                        pointer,
                        "does not name the layer's \(slot == .opacity(index) ? "opacity number" : "visibility string")")
                }
            }
        }
        for (index, record) in variant.tileSizes.enumerated() {
            guard let node = Self.node(at: record.pointer, in: root), case .number(let number) = node.value,
                let start = node.sourceOffset, Self.layerPointer(of: record.pointer).hasPrefix("/sources"),
                record.pointer.hasSuffix("/tileSize")
            else {
                throw mismatch(record.pointer, "does not name a source's tileSize number")
            }
            splices.append(Splice(range: start..<(start + number.text.utf8.count), slot: .tileSize(index)))
        }
        splices.sort { $0.range.lowerBound < $1.range.lowerBound }
        for (earlier, later) in zip(splices, splices.dropFirst())
        where earlier.range.upperBound > later.range.lowerBound {
            throw RuntimeError(
                .styleMismatch,
                "\(style.name): two of the manifest's pointers name the same place (byte \(later.range.lowerBound))")
        }
        self.splices = splices
    }

    /// The node an RFC 6901 pointer names. Object members are looked up by key even when the key is all digits.
    static func node(at pointer: String, in root: JSONNode) -> JSONNode? {
        guard pointer.hasPrefix("/") || pointer.isEmpty else { return nil }
        var node = root
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            // `~` escapes are rare; the standard library's `replacing` is slow enough to dominate loading.
            let token =
                raw.utf8.contains(UInt8(ascii: "~"))
                ? String(raw).replacing("~1", with: "/").replacing("~0", with: "~") : String(raw)
            switch node.value {
            case .object(let object):
                guard let next = object[token] else { return nil }
                node = next
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index), String(index) == token else { return nil }
                node = items[index]
            default:
                return nil
            }
        }
        return node
    }

    /// `/layers/5/paint/raster-opacity` -> `/layers/5`.
    static func layerPointer(of pointer: String) -> String {
        let parts = pointer.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count > 2 ? parts.dropLast(2).joined(separator: "/") : ""
    }

    /// Byte ranges of `token` inside the JSON string literal whose opening quote is at `start`.
    static func occurrences(of token: [UInt8], inStringLiteralAt start: Int, of bytes: [UInt8]) -> [Range<Int>] {
        let end = JSONStringLiteral.end(at: start, in: bytes) - 1
        var found: [Range<Int>] = []
        var index = start + 1
        while index + token.count <= end {
            if bytes[index] == token[0], bytes[index..<(index + token.count)].elementsEqual(token) {
                found.append(index..<(index + token.count))
                index += token.count
            } else {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
        }
        return found
    }
}
