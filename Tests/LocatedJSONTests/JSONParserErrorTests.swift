import TestSupport
import Testing

@testable import LocatedJSON

/// Each syntax error kind, with the expected position marked by `⟦` in the input.
@Suite struct JSONParserErrorTests {
    static let cases: [(JSONSyntaxError.Kind, String)] = [
        (.unterminatedString, "{\"a\": ⟦\"abc}"),
        (.unterminatedString, "{\"a\": ⟦\"ab\nc\"}"),
        (.invalidEscape, "[\"ok\", \"bad ⟦\\q\"]"),
        (.invalidEscape, "[\"⟦\\u12G4\"]"),
        (.loneSurrogate, "[\"x⟦\\uD83D\"]"),
        (.loneSurrogate, "[\"⟦\\uDE00 low first\"]"),
        (.loneSurrogate, "[\"⟦\\uD83D\\u0041\"]"),
        (.controlCharacter, "{\"tab\": \"a⟦\tb\"}"),
        (.trailingComma, "[1, 2⟦,]"),
        (.trailingComma, "{\n  \"a\": 1⟦,\n}"),
        (.leadingZero, "{\"n\": ⟦012}"),
        (.invalidNumber, "[-⟦x]"),
        (.invalidNumber, "[1.⟦]"),
        (.invalidNumber, "[1e+⟦]"),
        (.missingColon, "{\"a\" ⟦1}"),
        (.trailingContent, "{}\n⟦{}"),
        (.emptyInput, "  \n⟦"),
        (.unexpectedEnd, "[1, ⟦"),
        (.unexpectedCharacter, "{⟦'a': 1}"),
        (.unexpectedCharacter, "[1 ⟦2]"),
        (.invalidLiteral, "[⟦tru]"),
        (.invalidLiteral, "[⟦nul]"),
    ]

    @Test(arguments: cases.indices)
    func errorKindAndPosition(index: Int) {
        let (kind, marked) = Self.cases[index]
        let (text, positions) = markedPositions(marked)
        do {
            _ = try JSONParser().parse(text, name: "case.json")
            Issue.record("expected \(kind) for \(marked)")
        } catch {
            #expect(error.kind == kind, "\(marked)")
            #expect(error.location.position.line == positions[0].line, "\(marked)")
            #expect(error.location.position.column == positions[0].column, "\(marked)")
            #expect(error.location.file.name == "case.json")
        }
    }

    @Test func invalidUTF8PointsAtTheFirstBadByte() {
        // "é" is two bytes; the bad byte 0xFF stands in column 4 of line 2.
        var bytes = Array("{\n\"é".utf8)
        bytes.append(0xFF)
        bytes.append(contentsOf: Array("\": 1}".utf8))
        do {
            _ = try JSONParser().parse(SourceFiles().add(name: "bad.json", bytes: bytes))
            Issue.record("expected invalid UTF-8")
        } catch {
            #expect(error.kind == .invalidUTF8)
            #expect(error.location.offset == 5)
            #expect(error.location.position == SourcePosition(line: 2, column: 3))
        }
        do {
            _ = try JSONParser().parse(
                SourceFiles().add(name: "bad.json", bytes: [UInt8(ascii: "["), 0xC3, UInt8(ascii: "]")]))
            Issue.record("expected invalid UTF-8 outside a string")
        } catch {
            #expect(error.kind == .invalidUTF8)
            #expect(error.location.offset == 1)
        }
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotACrash() throws {
        let limit = JSONParser.defaultMaximumDepth
        #expect(limit >= 512)
        let fine = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        _ = try JSONParser().parse(fine)
        let tooDeep = String(repeating: "[", count: 100_000)
        do {
            _ = try JSONParser().parse(tooDeep)
            Issue.record("expected too-deep")
        } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.location.position.column == limit + 1)
        }
    }

    @Test func stringsLongerThanTheLimitAreErrors() throws {
        let parser = JSONParser(maximumStringLength: 10)
        _ = try parser.parse("[\"0123456789\"]")
        do {
            _ = try parser.parse("[1,\n \"0123456789A\"]")
            Issue.record("expected string-too-long")
        } catch {
            #expect(error.kind == .stringTooLong)
            #expect(error.location.position == SourcePosition(line: 2, column: 2))
        }
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let document = try JSONParser().parse(
            SourceFiles().add(name: "bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\": true}".utf8)))
        #expect(document.root["a"]?.boolValue == true)
        #expect(document.location(of: document.root)?.offset == 3)
        #expect(
            document.location(of: document.root)?.position == SourcePosition(line: 1, column: 1),
            "the BOM is not a column")
    }

    @Test func everyErrorKindIsCovered() {
        let covered = Set(Self.cases.map(\.0)).union([.invalidUTF8, .tooDeep, .stringTooLong])
        #expect(covered == Set(JSONSyntaxError.Kind.allCases))
    }
}
