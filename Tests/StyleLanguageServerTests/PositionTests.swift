import StyleCompiler
import StyleSpec
import Testing

@testable import StyleLanguageServer

/// LSP positions against byte offsets: UTF-16 by default, UTF-8 when agreed, past Japanese text and emoji.
@Suite struct PositionTests {
    let text = Array("a: 1\r\nattribution: \"国土地理院 🗾\", x: 2\nlast".utf8)

    @Test func utf16CountsSurrogatePairsAsTwo() {
        let lines = LineIndex(text)
        let offset = text.count - "x: 2\nlast".utf8.count
        let position = lines.position(ofOffset: offset, encoding: .utf16)
        // `attribution: "` is 14 units, 国土地理院 5, the space 1, 🗾 2, `", ` 3.
        #expect(position == LSPPosition(line: 1, character: 25))
        #expect(lines.offset(of: position, encoding: .utf16) == offset)
        #expect(lines.position(ofOffset: offset, encoding: .utf8) == LSPPosition(line: 1, character: 37))
        #expect(lines.position(ofOffset: offset, encoding: .utf32) == LSPPosition(line: 1, character: 24))
    }

    @Test func positionsInsideAScalarOrPastTheLineStayOnTheLine() {
        let lines = LineIndex(text)
        let emoji = text.firstRange(of: Array("🗾".utf8))?.lowerBound ?? -1
        // The second unit of the surrogate pair is not a place of its own: it is the emoji's start.
        #expect(lines.offset(of: LSPPosition(line: 1, character: 21), encoding: .utf16) == emoji)
        #expect(lines.offset(of: LSPPosition(line: 0, character: 99), encoding: .utf16) == 4)
        #expect(lines.offset(of: LSPPosition(line: 9, character: 0), encoding: .utf16) == text.count)
        #expect(lines.line(ofOffset: 5) == 0)
        #expect(lines.line(ofOffset: 6) == 1)
    }

    /// A minified style is one long line: every position on it must agree with counting from the line's start,
    /// across checkpoints that fall beside multi-byte scalars.
    @Test func aLongLineAgreesWithCountingFromItsStart() {
        let piece = "{\"id\":\"国土-🗾-é\",\"x\":1},"
        let long = Array(("a\n" + String(repeating: piece, count: 120) + "\r\nz 🗾").utf8)
        let lines = LineIndex(long)
        var offset = 0
        while offset <= long.count {
            for encoding in [PositionEncoding.utf16, .utf32, .utf8] {
                let line = lines.line(ofOffset: offset)
                let start = lines.lineStarts[line]
                let end = min(offset, lines.lineEnd(line))
                let expected = String(decoding: long[start..<end], as: UTF8.self).unicodeScalars.reduce(0) {
                    $0 + encoding.width(of: $1)
                }
                let position = lines.position(ofOffset: offset, encoding: encoding)
                #expect(position == LSPPosition(line: line, character: expected), "offset \(offset) \(encoding)")
                if end == offset {
                    #expect(lines.offset(of: position, encoding: encoding) == offset, "offset \(offset) \(encoding)")
                }
            }
            offset += offset < long.count && long[offset] >= 0x80 ? LineIndex.scalarLength(long[offset]) : 1
        }
        // Inside a scalar's bytes (UTF-8) or between a surrogate pair's units (UTF-16): the scalar's start.
        let emoji = (long.firstRange(of: Array("🗾".utf8))?.lowerBound ?? 0)
        let emojiPosition = lines.position(ofOffset: emoji, encoding: .utf8)
        #expect(
            lines.offset(of: LSPPosition(line: 1, character: emojiPosition.character + 2), encoding: .utf8) == emoji)
        let utf16 = lines.position(ofOffset: emoji, encoding: .utf16)
        #expect(lines.offset(of: LSPPosition(line: 1, character: utf16.character + 1), encoding: .utf16) == emoji)
    }

    @Test func utf8IsChosenOnlyWhenOffered() {
        #expect(PositionEncoding.negotiated(offered: ["utf-16", "utf-8"]) == .utf8)
        #expect(PositionEncoding.negotiated(offered: ["utf-32"]) == .utf16)
        #expect(PositionEncoding.negotiated(offered: []) == .utf16)
    }

    @Test func fileURIsRoundTripWithPercentEncoding() {
        let path = "/work/プロジェクト/my maps/mc-style.yaml"
        let uri = DocumentURI.uri(of: path)
        #expect(uri.hasPrefix("file:///work/%E3%83%97"))
        #expect(uri.contains("my%20maps"))
        #expect(DocumentURI.path(of: uri) == path)
        #expect(DocumentURI.path(of: "file://localhost/tmp/a.yaml") == "/tmp/a.yaml")
        #expect(DocumentURI.path(of: "untitled:Untitled-1") == nil)
        #expect(DocumentURI.path(of: "file:///tmp/%00x") == nil)
    }
}

/// A quick fix reads the candidate back from the one wording every "did you mean" has.
@Suite struct SuggestionWordingTests {
    @Test func theCandidateIsReadBackFromTheMessage() {
        let message =
            "placement names layer 'Nationl park'"
            + Suggestion.didYouMeanLayer("Nationl park", among: ["National park", "Park"])
        #expect(Suggestion.candidate(inMessage: message) == "National park")
        #expect(Suggestion.candidate(inMessage: "no suggestion here") == nil)
        #expect(DiagnosticConverter.suggestion(in: "x; did you mean 'it's'?") == "it's")
    }
}
