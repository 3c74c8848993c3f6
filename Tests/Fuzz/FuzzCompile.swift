// libFuzzer target: the whole composition. The input is cut in two at the first NUL byte: a base style
// (JSON) and a declarations file (YAML); both are read, composed for both targets, validated and rendered, and
// validated again with the base layers' prechecks (as many as were made when validation asked), which must find
// exactly the same.
import LocatedJSON
import StyleCompiler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = bytes.firstIndex(of: 0) ?? bytes.count
    let styleFile = SourceFile(name: "base.json", bytes: Array(bytes[..<cut]))
    let declarationsFile = SourceFile(name: "decl.yaml", bytes: cut < bytes.count ? Array(bytes[(cut + 1)...]) : [])
    guard let base = StyleLoader().parse(styleFile).document else { return 0 }
    let prechecks = Target.allCases.map { BaseLayerPrecheck(file: styleFile, target: $0) }
    let reparsed = try? JSONParser().parse(styleFile, reportingElementsOf: "layers") { _, layer in prechecks.forEach { $0.offer(layer) } }
    prechecks.forEach { $0.parseEnded() }
    guard let reparsed, reparsed.root == base.root else { fatalError("parsing with layer reports built another tree") }
    let declarations = DeclarationsLoader().load(declarationsFile, path: nil).declarations ?? Declarations()
    for target in Target.allCases {
        // The library's entry point: checks, composition and the composed style's validation.
        let (composition, diagnostics) = StyleCompilation.compose(base: base.root, declarations: declarations, target: target,
                                                                  apiKey: "fuzz-key", maximumThreads: 1)
        if let composition {
            _ = JSONWriter(style: .pretty).bytes(composition.style)
        }
        for diagnostic in diagnostics where diagnostic.message.contains("fuzz-key") {
            fatalError("a diagnostic shows the API key")
        }
        // The validator on the base as it is, composed or not; and with what the prechecks found meanwhile.
        let validator = StyleValidator(target: target, maximumThreads: 1)
        let plain = validator.validate(base.root)
        let precheck = prechecks[Target.allCases.firstIndex(of: target) ?? 0]
        if validator.validate(reparsed.root, base: reparsed, precheck: precheck) != plain { fatalError("prechecks changed a finding") }
    }
    return 0
}
