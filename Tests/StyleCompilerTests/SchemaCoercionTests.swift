import LocatedJSON
import Testing
import YAMLReader

@testable import StyleCompiler

@Suite struct SchemaCoercionTests {
    @Test func numberSyntax() {
        for text in ["0", "-1", "1.5", "1e3", "-0.25E-2", ".5", "+3", "1.", "007"] {
            #expect(SchemaCoercion.isYAMLNumber(text), "\(text)")
        }
        for text in ["", "-", ".", "1e", "0x1F", "1,5", "inf", ".nan", "1e+"] {
            #expect(!SchemaCoercion.isYAMLNumber(text), "\(text)")
        }
        #expect(SchemaCoercion.isJSONNumber("-0.25E-2") && SchemaCoercion.isJSONNumber("0"))
        for text in [".5", "+3", "1.", "007"] { #expect(!SchemaCoercion.isJSONNumber(text), "\(text)") }
    }

    @Test func plainScalarsAreTypedByTheirField() throws {
        let root = try YAMLReader().read(
            """
            version: 1
            sources:
              - id: 0x1F
                urlTemplate: on
                opacity: .5
                minZoom: +3
                visible: False
            """)
        var coercion = SchemaCoercion(files: SourceFiles())
        let coerced = coercion.coerce(root, as: .object(DeclarationSchema.file), path: .root, field: nil)
        let typed = try #require(coerced)
        #expect(coercion.diagnostics.isEmpty, "\(coercion.diagnostics)")
        let source = try #require(typed["sources"]?[0])
        #expect(source["id"]?.stringValue == "0x1F")
        #expect(source["urlTemplate"]?.stringValue == "on")
        #expect(source["opacity"]?.numberValue?.text == "0.5")
        #expect(source["minZoom"]?.numberValue?.text == "3")
        #expect(source["visible"]?.boolValue == false)
    }
}
