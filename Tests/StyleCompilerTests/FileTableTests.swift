import LocatedJSON
import Testing

@testable import StyleCompiler

/// Findings are placed through the table of the files a compilation read, whichever table a file came from.
@Suite struct FileTableTests {
    @Test func aDeclarationsFileReadElsewhereIsPlacedThroughTheLoadersTable() {
        // The loader's table already holds a file 1, as a compilation's would; the file read elsewhere is 1 too.
        let loader = InputLoader()
        _ = loader.files.add(name: "other.yaml", bytes: Array("x: 1\n".utf8))
        let elsewhere = SourceFiles().add(
            name: "mc-style.yaml",
            bytes: Array("version: 1\nbase: base.json\nsources:\n  - id: a\n    opacity: 2\n".utf8))
        let result = DeclarationsLoader(inputLoader: loader).load(elsewhere, path: nil)
        let finding = result.diagnostics.first { $0.rule == "decl.source-kind" }
        #expect(finding?.location?.file.name == "mc-style.yaml")
        #expect(finding?.position == SourcePosition(line: 4, column: 5))
        let range = result.diagnostics.first { $0.rule == "decl.range" }
        #expect(range?.location?.description == "mc-style.yaml:5:14")
    }
}
