import Testing

@testable import StyleCompiler

/// The vector-tile reader `fetch-base` reads a tiles-only source's layers with: names, fields and their kinds
/// from hand-encoded MVT bytes, and each kind of malformed tile refused at its byte.
@Suite struct VectorTileReaderTests {
    static func varint(_ value: Int) -> [UInt8] {
        var value = UInt64(value)
        var out: [UInt8] = []
        repeat {
            let byte = UInt8(value & 0x7F)
            value >>= 7
            out.append(value == 0 ? byte : byte | 0x80)
        } while value != 0
        return out
    }
    static func field(_ number: Int, _ payload: [UInt8]) -> [UInt8] {
        varint(number << 3 | 2) + varint(payload.count) + payload
    }
    static func string(_ text: String) -> [UInt8] { field(1, Array(text.utf8)) }

    /// A layer whose features carry `tags` (key index, value index) over `keys` and `values`.
    static func layer(_ name: String, keys: [String], values: [[UInt8]], features: [[Int]]) -> [UInt8] {
        var body = varint(15 << 3) + varint(2) + field(1, Array(name.utf8))
        for tags in features {
            // The geometry (field 4) is there to be skipped.
            body += field(2, field(2, tags.flatMap { varint($0) }) + field(4, varint(9) + varint(2) + varint(2)))
        }
        for key in keys { body += field(3, Array(key.utf8)) }
        for value in values { body += field(4, value) }
        return field(3, body + varint(5 << 3) + varint(4096))
    }

    @Test func layersAndTheKindsOfTheirFields() throws {
        let number = Self.varint(6 << 3 | 0) + Self.varint(4)  // sint 2
        let flag = Self.varint(7 << 3 | 0) + Self.varint(1)
        let tile =
            Self.layer("Water", keys: ["class"], values: [Self.string("lake")], features: [[0, 0]])
            + Self.layer(
                "Roads", keys: ["name", "rank", "toll", "unused"], values: [Self.string("A1"), number, flag],
                features: [[0, 0, 1, 1, 2, 2], [1, 0]])
        let layers = try VectorTileReader().layers(of: tile)
        #expect(layers.map(\.name) == ["Water", "Roads"])
        #expect(layers[0].fields.map(\.name) == ["class"])
        #expect(layers[0].fields.map(\.kind) == ["String"])
        // rank is a number in one feature and a string in the other; a key no feature uses is no field.
        #expect(layers[1].fields.map(\.name) == ["name", "rank", "toll"])
        #expect(layers[1].fields.map(\.kind) == ["String", "Mixed", "Boolean"])
    }

    @Test func anEmptyTileHasNoLayers() throws {
        #expect(try VectorTileReader().layers(of: []).isEmpty)
    }

    @Test func malformedTilesAreRefusedAtTheirByte() {
        let good = Self.layer("Water", keys: ["class"], values: [Self.string("lake")], features: [[0, 0]])
        let cases: [([UInt8], String)] = [
            ([0x1F, 0x8B, 0x08, 0x00], "gzip-compressed"),
            (Array(good.dropLast(3)), "past the end"),
            ([0x1A, 0x80], "cut short"),
            ([0x1B], "wire type 3"),
            (Self.layer("Roads", keys: ["name"], values: [], features: [[0, 0]]), "key or value the layer lacks"),
            (Self.field(3, Self.field(3, Array("name".utf8))), "has no name"),
        ]
        for (tile, reason) in cases {
            #expect(throws: VectorTileReader.Failure.self) { try VectorTileReader().layers(of: tile) }
            do {
                _ = try VectorTileReader().layers(of: tile)
            } catch {
                #expect(error.description.contains(reason), "\(error)")
                #expect(error.offset >= 0 && error.offset <= tile.count)
            }
        }
    }

    @Test func namesNeverLeaveTheirFolder() {
        #expect(LockedAsset.glyphFileName(stack: "Noto-Bold") == "glyphs/Noto-Bold.0-255.pbf")
        #expect(
            LockedAsset.glyphFileName(stack: "Open Sans Bold,Arial Unicode MS Bold")
                == "glyphs/Open Sans Bold,Arial Unicode MS Bold.0-255.pbf")
        #expect(LockedAsset.glyphFileName(stack: "../../etc/x") == "glyphs/%2E.%2F..%2Fetc%2Fx.0-255.pbf")
        #expect(LockedAsset.tileJSONFileName(source: ".hidden/a") == "tilejson/%2Ehidden%2Fa.json")
    }
}
