import Testing

@testable import StylePreview

/// Debug tiles are PNG files of the size asked for, whose zlib stream and chunk checksums are right.
@Suite struct DebugTileTests {
    @Test func aDebugTileIsAValidPNGOfItsSize() throws {
        let png = DebugTile.png(route: "heatmap", size: 256, z: 8, x: 227, y: 100)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let chunks = try Self.chunks(png)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        let header = chunks[0].data
        #expect(Self.integer(header, 0) == 256 && Self.integer(header, 4) == 256 && header[8] == 8 && header[9] == 6)
        let raw = try Self.inflateStored(chunks[1].data)
        #expect(raw.count == (256 * 4 + 1) * 256)
        // The outline is dark, the inside is the route's tint, half covered.
        let tint = DebugTile.color(of: "heatmap")
        let middle = 128 * (256 * 4 + 1) + 1 + 200 * 4
        #expect(Array(raw[middle..<(middle + 4)]) == [tint.0, tint.1, tint.2, 150])
        #expect(Array(raw[1..<5]) == [20, 20, 20, 255])
    }

    @Test func theTileSizeIsBounded() throws {
        let chunks = try Self.chunks(DebugTile.png(route: "r", size: 1 << 20, z: 0, x: 0, y: 0))
        #expect(Self.integer(chunks[0].data, 0) == UInt32(DebugTile.maximumSize))
    }

    @Test func routesHaveTheirOwnColour() {
        #expect(DebugTile.color(of: "heatmap") == DebugTile.color(of: "heatmap"))
        #expect(DebugTile.color(of: "heatmap") != DebugTile.color(of: "geojson"))
    }

    private static func integer(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The chunks, each checked against its CRC-32.
    private static func chunks(_ png: [UInt8]) throws -> [(type: String, data: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(integer(png, offset))
            let typed = Array(png[(offset + 4)..<(offset + 8 + length)])
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            try #require(crc ^ 0xFFFF_FFFF == integer(png, offset + 8 + length), "a chunk's CRC is wrong")
            result.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
            offset += 12 + length
        }
        return result
    }

    /// The bytes of a zlib stream of stored deflate blocks, checked against its Adler-32.
    private static func inflateStored(_ stream: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        var offset = 2
        while true {
            let final = stream[offset] & 1 == 1
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            try #require(length ^ complement == 0xFFFF)
            out += stream[(offset + 5)..<(offset + 5 + length)]
            offset += 5 + length
            if final { break }
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in out {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        try #require(integer(stream, offset) == b << 16 | a, "the Adler-32 is wrong")
        return out
    }
}
