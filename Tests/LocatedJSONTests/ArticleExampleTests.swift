import LocatedJSON
import Testing

/// The LocatedJSON catalog's article "Reading JSON and locating its values", its code compiled and run as written.
@Suite struct ArticleExampleTests {
    @Test func aNodeFindsItsLineAndColumnAsTheArticleSays() throws {
        let files = SourceFiles()
        let document = try JSONParser().parse(
            files.add(name: "style.json", bytes: Array(#"{"version": 8, "layers": [{"id": "water"}]}"#.utf8)))
        let firstLayer = document.root["layers"]?[0]
        let position = files.location(of: firstLayer)?.position  // line 1, column 27: where the layer starts
        // end of the example
        #expect(position?.line == 1)
        #expect(position?.column == 27)
        #expect(firstLayer?["id"]?.stringValue == "water")
    }
}
