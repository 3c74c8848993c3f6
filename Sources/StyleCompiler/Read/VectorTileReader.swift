/// The layers of a Mapbox Vector Tile (MVT 2.x, protocol buffers) and the fields their features carry, with the
/// kind of value each field holds: what a TileJSON's `vector_layers` says, read from a tile itself. Geometry is
/// skipped, never decoded. A tile that is not valid protocol buffers (cut short, a length past its end, a
/// wire type MVT does not use) is an error naming the byte where reading stopped.
public struct VectorTileReader: Sendable {
    /// One layer of a tile: its name and each field's value kind (`String`, `Number` or `Boolean`, as TileJSON
    /// names them; `Mixed` when features disagree), in the order first seen.
    public struct Layer: Sendable, Equatable {
        /// The layer's name (a style's `source-layer`).
        public var name: String
        /// (field name, value kind), in the order the tile's keys list them.
        public var fields: [(name: String, kind: String)]

        /// Layers are equal when their names and fields are.
        public static func == (lhs: Layer, rhs: Layer) -> Bool {
            lhs.name == rhs.name && lhs.fields.elementsEqual(rhs.fields) { $0 == $1 }
        }
    }

    /// Why a tile could not be read, and at which byte offset.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What was wrong.
        public let reason: String
        /// The byte offset in the tile where reading stopped.
        public let offset: Int
        /// The reason with its place.
        public var description: String { "\(reason) (at byte \(offset))" }
    }

    /// A reader of vector tiles.
    public init() {}

    /// The layers of `tile` in the tile's order (a gzip-compressed tile is refused: curl decompresses what a
    /// server marks as compressed, and a tile compressed without saying so cannot be read here).
    public func layers(of tile: [UInt8]) throws(Failure) -> [Layer] {
        if tile.count >= 2, tile[0] == 0x1F, tile[1] == 0x8B {
            throw Failure(
                reason: "the tile is gzip-compressed without the server saying so (Content-Encoding)", offset: 0)
        }
        var reader = ProtobufCursor(bytes: tile[...])
        var layers: [Layer] = []
        while !reader.isAtEnd {
            let (field, wire) = try reader.tag()
            if field == 3, wire == 2 {
                var layer = ProtobufCursor(bytes: try reader.lengthDelimited())
                layers.append(try readLayer(&layer))
            } else {
                try reader.skip(wire)
            }
        }
        return layers
    }

    private func readLayer(_ reader: inout ProtobufCursor) throws(Failure) -> Layer {
        var name: String?
        var keys: [String] = []
        var valueKinds: [String] = []
        var tagLists: [[Int]] = []
        while !reader.isAtEnd {
            let (field, wire) = try reader.tag()
            switch (field, wire) {
            case (1, 2): name = String(decoding: try reader.lengthDelimited(), as: UTF8.self)
            case (2, 2):
                var feature = ProtobufCursor(bytes: try reader.lengthDelimited())
                tagLists.append(try featureTags(&feature))
            case (3, 2): keys.append(String(decoding: try reader.lengthDelimited(), as: UTF8.self))
            case (4, 2):
                var value = ProtobufCursor(bytes: try reader.lengthDelimited())
                valueKinds.append(try valueKind(&value))
            default: try reader.skip(wire)
            }
        }
        guard let name else { throw Failure(reason: "a layer has no name", offset: reader.offset) }
        var kinds: [Int: String] = [:]
        for tags in tagLists {
            for pair in stride(from: 0, to: tags.count - 1, by: 2) {
                let (key, value) = (tags[pair], tags[pair + 1])
                guard keys.indices.contains(key), valueKinds.indices.contains(value) else {
                    throw Failure(
                        reason: "a feature of layer '\(name)' names a key or value the layer lacks",
                        offset: reader.offset)
                }
                let kind = valueKinds[value]
                kinds[key] = kinds[key].map { $0 == kind ? $0 : "Mixed" } ?? kind
            }
        }
        let fields = keys.indices.compactMap { index in kinds[index].map { (name: keys[index], kind: $0) } }
        return Layer(name: name, fields: fields)
    }

    /// A feature's packed `tags` (key index, value index, ...); its geometry is skipped.
    private func featureTags(_ reader: inout ProtobufCursor) throws(Failure) -> [Int] {
        var tags: [Int] = []
        while !reader.isAtEnd {
            let (field, wire) = try reader.tag()
            if field == 2, wire == 2 {
                var packed = ProtobufCursor(bytes: try reader.lengthDelimited())
                while !packed.isAtEnd { tags.append(Int(truncatingIfNeeded: try packed.varint())) }
            } else {
                try reader.skip(wire)
            }
        }
        return tags
    }

    /// TileJSON's name for the kind of a `Value` message: string 1; float 2, double 3, int 4, uint 5, sint 6;
    /// bool 7.
    private func valueKind(_ reader: inout ProtobufCursor) throws(Failure) -> String {
        var kind = "Mixed"
        while !reader.isAtEnd {
            let (field, wire) = try reader.tag()
            switch field {
            case 1: kind = "String"
            case 2...6: kind = "Number"
            case 7: kind = "Boolean"
            default: break
            }
            try reader.skip(wire)
        }
        return kind
    }
}

/// Reads protocol-buffer wire format from a slice of bytes, throwing where it is malformed.
struct ProtobufCursor {
    let bytes: ArraySlice<UInt8>
    var index: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    var isAtEnd: Bool { index >= bytes.endIndex }
    var offset: Int { index }

    mutating func varint() throws(VectorTileReader.Failure) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.endIndex, shift < 64 {
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        throw VectorTileReader.Failure(reason: "a number is cut short", offset: index)
    }

    /// The next field number and wire type.
    mutating func tag() throws(VectorTileReader.Failure) -> (field: UInt64, wire: UInt64) {
        let key = try varint()
        return (key >> 3, key & 7)
    }

    mutating func lengthDelimited() throws(VectorTileReader.Failure) -> ArraySlice<UInt8> {
        let start = index
        let length = try varint()
        guard length <= UInt64(bytes.endIndex - index) else {
            throw VectorTileReader.Failure(reason: "a field's length runs past the end of the tile", offset: start)
        }
        let end = index + Int(length)
        defer { index = end }
        return bytes[index..<end]
    }

    mutating func skip(_ wire: UInt64) throws(VectorTileReader.Failure) {
        switch wire {
        case 0: _ = try varint()
        case 1: try advance(8)
        case 2: _ = try lengthDelimited()
        case 5: try advance(4)
        default:
            throw VectorTileReader.Failure(reason: "wire type \(wire) is not one vector tiles use", offset: index)
        }
    }

    private mutating func advance(_ count: Int) throws(VectorTileReader.Failure) {
        guard bytes.endIndex - index >= count else {
            throw VectorTileReader.Failure(reason: "a fixed-size field is cut short", offset: index)
        }
        index += count
    }
}
