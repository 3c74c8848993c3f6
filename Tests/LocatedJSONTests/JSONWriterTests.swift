import Foundation
import TestSupport
import Testing

@testable import LocatedJSON

@Suite struct JSONWriterTests {
    @Test func prettyFormIsExactlyAsDocumented() throws {
        let document = try JSONParser().parse(
            #"{"a":[1,"x",null,true],"b":{},"c":[],"d":[{"e":"f"},[2]],"g":"q\"\\\n\u0001/é"}"#)
        let expected = """
            {
              "a": [1, "x", null, true],
              "b": {},
              "c": [],
              "d": [
                {
                  "e": "f"
                },
                [2]
              ],
              "g": "q\\"\\\\\\n\\u0001/é"
            }

            """
        #expect(JSONWriter(style: .pretty).string(document.root) == expected)
        #expect(
            JSONWriter(style: .compact).string(document.root)
                == #"{"a":[1,"x",null,true],"b":{},"c":[],"d":[{"e":"f"},[2]],"g":"q\"\\\n\u0001/é"}"# + "\n")
    }

    @Test func allControlCharactersRoundTrip() throws {
        let text = String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}\u{10FFFF}"
        let node = JSONNode(.string(text))
        let written = JSONWriter(style: .compact).string(node)
        #expect(written.hasPrefix(#""\u0000\u0001"#))
        #expect(try JSONParser().parse(written).root == node)
    }

    @Test(
        .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.absenceNote)),
        arguments: SharedData.corpusStyles)
    func corpusStylesRoundTrip(url: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: url))
        let document = try JSONParser().parse(SourceFiles().add(name: url.lastPathComponent, bytes: bytes))
        let compact = JSONWriter(style: .compact).bytes(document.root)
        let reparsed = try JSONParser().parse(SourceFiles().add(name: "compact", bytes: compact))
        #expect(reparsed.root == document.root, "parse -> compact -> parse gives an equal tree")
        let pretty = JSONWriter(style: .pretty).bytes(document.root)
        let prettyAgain = JSONWriter(style: .pretty).bytes(
            try JSONParser().parse(SourceFiles().add(name: "pretty", bytes: pretty)).root)
        #expect(pretty == prettyAgain, "writing pretty twice gives the same bytes")
        let reference = try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary
        let ours = try JSONSerialization.jsonObject(with: Data(compact)) as? NSDictionary
        #expect(reference == ours, "Foundation reads our output as it reads the original")
    }

    /// Written in chunks, the output is the same bytes, and no chunk but the last is much over the chunk size.
    @Test func chunkedWritingGivesTheSameBytes() throws {
        let nested = (0..<300).map {
            "{\"id\": \"layer-\($0)\", \"stops\": [[0, 1], [\($0), [\"get\", \"x\"]]], \"list\": [1, 2, 3]}"
        }
        let text = "{\"layers\": [\(nested.joined(separator: ", "))], \"empty\": [], \"text\": \"a\\u0001b\"}"
        let root = try JSONParser().parse(text).root
        for style in [JSONWriter.Style.compact, .pretty] {
            let writer = JSONWriter(style: style)
            var chunks: [[UInt8]] = []
            writer.write(root, chunkSize: 512) { chunks.append($0) }
            #expect(chunks.count > 10)
            #expect(Array(chunks.joined()) == writer.bytes(root))
            #expect(chunks.dropLast().allSatisfy { $0.count >= 512 && $0.count < 512 + 300 })
        }
    }

    /// Runs longer than the writer's pending buffer (16 KiB) come out whole and in order, in one piece and in
    /// chunks: a 40,000-byte string, a string of 25,000 escapes, and 400 KB of indentation (arrays 450 deep, so
    /// that indents fall across the buffer's boundaries). Every pretty line is indented two spaces a level.
    @Test func runsLongerThanTheBufferComeOutWhole() throws {
        let long = String(repeating: "abcdefghij", count: 4_000)
        let escaped = String(repeating: "x\\n\\\"", count: 5_000)
        var deep = "1"
        for _ in 0..<450 { deep = "[\(deep), 2]" }
        let text =
            "{\"long\": \"\(long)\", \"escaped\": \"\(escaped)\", \"deep\": [\(deep), {\"k\": 2}], \"after\": [true, null, -0.5e3]}"
        let root = try JSONParser().parse(text).root
        for style in [JSONWriter.Style.compact, .pretty] {
            let writer = JSONWriter(style: style)
            let whole = writer.bytes(root)
            #expect(try JSONParser().parse(SourceFiles().add(name: "out", bytes: whole)).root == root)
            var chunks: [[UInt8]] = []
            writer.write(root, chunkSize: 4_096) { chunks.append($0) }
            #expect(Array(chunks.joined()) == whole)
            // Kept as chunks: the same bytes, in pieces no longer than the buffer unless a run was longer.
            let kept = writer.chunkedBytes(root)
            #expect(kept.joined == whole)
            #expect(kept.count == whole.count)
            #expect(kept.chunks.count > 2)
            #expect(
                kept.chunks.allSatisfy {
                    !$0.isEmpty && ($0.count <= JSONWriter.Output.pendingCapacity || $0.count == long.utf8.count)
                })
            #expect(whole.last == UInt8(ascii: "\n"))
        }
        let pretty = JSONWriter(style: .pretty).bytes(root)
        #expect(pretty.count > 400_000)
        #expect(Self.misindentedLines(pretty) == [])
    }

    /// The numbers of the lines of pretty output whose indent is not two spaces for each container open
    /// before them (one fewer for a line that closes one).
    private static func misindentedLines(_ output: [UInt8]) -> [Int] {
        var wrong: [Int] = []
        var depth = 0
        var inString = false
        var escaping = false
        var lineNumber = 1
        var lineStart = true
        var indent = 0
        for byte in output {
            if lineStart {
                if byte == UInt8(ascii: " ") {
                    indent += 1
                    continue
                }
                let closes = byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
                if byte != UInt8(ascii: "\n"), indent != 2 * (depth - (closes ? 1 : 0)) { wrong.append(lineNumber) }
                lineStart = false
            }
            if inString {
                if escaping {
                    escaping = false
                } else if byte == UInt8(ascii: "\\") {
                    escaping = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: "\n"):
                lineNumber += 1
                lineStart = true
                indent = 0
            default: break
            }
        }
        return wrong
    }
}
