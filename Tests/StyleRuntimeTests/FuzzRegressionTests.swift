import Foundation
import LocatedJSON
import StyleRuntime
import TestSupport
import Testing

/// The kept `resolve` fuzz inputs (fixtures/fuzz-regressions/resolve), replayed through the library as the
/// fuzz harness feeds them: each is a manifest that does not fit its style and must be refused on loading.
@Suite struct FuzzRegressionTests {
    static let inputs =
        (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.folder("fuzz-regressions/resolve").path).sorted())
        ?? []

    @Test func everyKeptInputIsHere() {
        #expect(Self.inputs.count >= 4)
    }

    @Test(arguments: inputs)
    func keptInputIsRefusedWithTheStyleMismatchNamed(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Fixtures.folder("fuzz-regressions/resolve/" + name)))
        let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        try #require(parts.count == 3)
        let style = Array(parts[1])
        var root = try JSONParser().parse(SourceFiles().add(name: "manifest.json", bytes: Array(parts[0]))).root
        var object = try #require(root.objectValue)
        var variants = try #require(object["variants"]?.arrayValue)
        var variant = try #require(variants.first?.objectValue)
        var record = try #require(variant["style"]?.objectValue)
        record["sha256"] = JSONNode(.string(SHA256.hex(style)))
        variant["style"] = JSONNode(.object(record))
        variants[0] = JSONNode(.object(variant))
        object["variants"] = JSONNode(.array(variants))
        root.value = .object(object)
        do {
            _ = try CompiledStyle(style: style, layerMapping: nil, manifest: JSONWriter(style: .compact).bytes(root))
            Issue.record("\(name) loaded")
        } catch {
            #expect(error.kind == .styleMismatch, "\(name): \(error.message)")
            #expect(error.message.contains("pointer"), "\(name): \(error.message)")
        }
    }
}
