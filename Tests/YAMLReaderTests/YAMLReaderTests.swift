import TestSupport
import Testing

@testable import LocatedJSON
@testable import YAMLReader

@Suite struct YAMLReaderTests {
    private func read(_ text: String, name: String = "test.yaml") throws(YAMLError) -> JSONNode {
        try YAMLReader().read(text, name: name)
    }

    private func expectError(
        _ kind: YAMLError.Kind, _ marked: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let (text, marks) = markedPositions(marked)
        do {
            _ = try read(text)
            Issue.record("expected \(kind)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(
                error.location.position == SourcePosition(line: marks[0].line, column: marks[0].column), "\(error)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func mappingsKeepOrderAndScalarsKeepTextAndStyle() throws {
        let root = try read("b: 1\na: 'x'\nc: \"NO\"\nd: on\ne: |\n  text\nf: ~\ng:\n")
        #expect(root.objectValue?.keys == ["b", "a", "c", "d", "e", "f", "g"])
        #expect(root["b"]?.stringValue == "1" && root["b"]?.scalarStyle == .plain)
        #expect(root["a"]?.scalarStyle == .singleQuoted)
        #expect(root["c"]?.stringValue == "NO" && root["c"]?.scalarStyle == .doubleQuoted)
        #expect(root["d"]?.stringValue == "on")
        #expect(root["e"]?.stringValue == "text\n" && root["e"]?.scalarStyle == .literal)
        #expect(root["f"]?.isNull == true && root["g"]?.isNull == true)
    }

    @Test func locationsAreOneBasedLineAndColumn() throws {
        let (text, marks) = markedPositions("sources:\n  - ⟦id: é\n    url: ⟦\"x\"\n")
        let files = SourceFiles()
        let root = try YAMLReader().read(text, name: "test.yaml", into: files)
        let source = try #require(root["sources"]?[0])
        #expect(
            files.keyLocation(of: source.objectValue?.member(forKey: "id"))?.position
                == SourcePosition(line: marks[0].line, column: marks[0].column))
        #expect(
            files.location(of: source["url"])?.position == SourcePosition(line: marks[1].line, column: marks[1].column))
        #expect(files.location(of: source["url"])?.file.name == "test.yaml")
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let root = try read(
            """
            defaults: &d {tileSize: 256, opacity: 0.5}
            other: &o {visible: false, opacity: 0.9}
            a:
              <<: *d
              opacity: 1
            b:
              <<: [*o, *d]
            c: *d
            """)
        #expect(root["a"]?.objectValue?.keys == ["tileSize", "opacity"])
        #expect(root["a"]?["opacity"]?.stringValue == "1", "explicit keys win over merged ones")
        #expect(root["b"]?.objectValue?.keys == ["visible", "opacity", "tileSize"])
        #expect(root["b"]?["opacity"]?.stringValue == "0.9", "earlier merged mappings win")
        #expect(root["c"] == root["defaults"])
    }

    @Test func billionLaughsStopsAtTheBudget() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 9).joined(separator: ", "))]\n"
        }
        do {
            _ = try YAMLReader().read(text)
            Issue.record("expected the alias budget to stop it")
        } catch {
            #expect(error.kind == .aliasBudget)
            #expect(error.location.position.line <= 10)
        }
    }

    /// The budget's message speaks of aliases only where the document has some; scalar bytes are budgeted as
    /// nodes are, alias copies counted in full.
    @Test func theBudgetsSayWhatRanOut() {
        func message(_ text: String, nodes: Int = 10, bytes: Int = YAMLReader.defaultByteBudget) -> String? {
            var reader = YAMLReader(nodeBudget: nodes)
            reader.byteBudget = bytes
            do { _ = try reader.read(text) } catch { return error.message }
            return nil
        }
        #expect(message("a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]") == "the document has more than 10 nodes")
        #expect(
            message("a: &x [1, 2, 3]\nb: [*x, *x, *x]")
                == "the document expands to more than 10 nodes (aliases are copied where they are used)")
        #expect(
            message("a: &x 0123456789\nb: [*x, *x, *x]", nodes: 1_000, bytes: 35)
                == "the document expands to more than 0 MiB of text (aliases are copied where they are used), more than a file may hold"
        )
        #expect(message("a: &x 0123456789\nb: [*x, *x]", nodes: 1_000, bytes: 35) == nil)
    }

    @Test func errorsAreLocated() {
        expectError(.duplicateKey, "a: 1\nb: 2\n⟦a: 3\n")
        expectError(.syntax, "a:\n⟦\tb: 1\n")
        expectError(.syntax, "a: [1, 2\nb⟦: 3\n")
        expectError(.multipleDocuments, "a: 1\n⟦---\nb: 2\n")
        expectError(.unknownAlias, "a: ⟦*nothing\n")
        expectError(.unknownTag, "a: ⟦!secret x\n")
        expectError(.complexKey, "? ⟦[a, b]\n: 1\n")
        expectError(.badMerge, "a:\n  <<: ⟦3\n")
        expectError(.empty, "# only a comment\n⟦")
        expectError(.unknownTag, "a: ⟦!include {x: 1}\n")
    }

    @Test func duplicateKeysRelateTheFirst() {
        do {
            _ = try read("a: 1\na: 2\n")
            Issue.record("expected a duplicate key")
        } catch {
            #expect(error.related.first?.location.position == SourcePosition(line: 1, column: 1))
        }
    }

    @Test func invalidUTF8IsAnEncodingError() {
        var bytes = Array("a: b\nc: ".utf8)
        bytes.append(0xFF)
        bytes.append(contentsOf: Array("\n".utf8))
        do {
            _ = try YAMLReader().read(SourceFiles().add(name: "bad.yaml", bytes: bytes))
            Issue.record("expected an encoding error")
        } catch {
            #expect(error.kind == .encoding)
            #expect(error.location.position == SourcePosition(line: 2, column: 4))
            #expect(error.message.contains("invalid"))
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
        do {
            _ = try YAMLReader().read(text)
            Issue.record("expected too-deep")
        } catch {
            #expect(error.kind == .tooDeep)
        }
    }

    @Test func includesAreHandedToTheHandler() throws {
        let reader = YAMLReader(includeHandler: { path, location throws(YAMLError) in
            JSONNode(.array([JSONNode(.string("from \(path)"))]), location: location)
        })
        let root = try reader.read("sources: !include more.yaml\n")
        #expect(root["sources"]?[0]?.stringValue == "from more.yaml")
    }

    @Test func byteOrderMarkAndCRLFKeepPositions() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: [x,\r\n  y]\r\nc: ".utf8) + Array("'z".utf8)
        do {
            _ = try YAMLReader().read(SourceFiles().add(name: "crlf.yaml", bytes: bytes))
            Issue.record("expected an unclosed quote")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.location.position.line == 4 || error.related.first?.location.position.line == 4, "\(error)")
        }
        let file = SourceFiles().add(name: "ok.yaml", bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: 2\r\n".utf8))
        let fine = try YAMLReader().read(file)
        #expect(
            file.keyLocation(of: fine.objectValue?.member(forKey: "b"))?.position == SourcePosition(line: 2, column: 1))
        #expect(
            file.keyLocation(of: fine.objectValue?.member(forKey: "a"))?.position == SourcePosition(line: 1, column: 1),
            "the BOM is not a column, as in JSON")
    }
}
