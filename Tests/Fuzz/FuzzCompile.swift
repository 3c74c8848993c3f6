// libFuzzer target: the whole composition. The input is cut in two at the first NUL byte: a base style
// (JSON) and a declarations file (YAML); both are read, composed for both targets, validated and rendered, and
// validated again through the validation cache, cold and warm, which must find exactly the same.
import LocatedJSON
import StyleCompiler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = bytes.firstIndex(of: 0) ?? bytes.count
    let styleFile = SourceFile(name: "base.json", bytes: Array(bytes[..<cut]))
    let declarationsFile = SourceFile(name: "decl.yaml", bytes: cut < bytes.count ? Array(bytes[(cut + 1)...]) : [])
    guard let base = StyleLoader().parse(styleFile).document else { return 0 }
    let declarations = DeclarationsLoader().load(declarationsFile, path: nil).declarations ?? Declarations()
    for target in Target.allCases {
        // The library's entry point: checks, composition and the composed style's validation.
        let (composition, diagnostics) = StyleCompilation.compose(base: base.root, declarations: declarations, target: target,
                                                                  apiKey: "fuzz-key", maximumThreads: 1)
        if let composition {
            _ = JSONWriter(style: .pretty).bytes(composition.style)
            checkValidationCache(composition.style, base: base, target: target)
        }
        for diagnostic in diagnostics where diagnostic.message.contains("fuzz-key") {
            fatalError("a diagnostic shows the API key")
        }
        // The validator on the base as it is, composed or not.
        _ = StyleValidator(target: target, maximumThreads: 1).validate(base.root)
    }
    return 0
}

/// The validation cache changes no finding: validating with a cold reuse, and again with what it kept (through
/// the cache file's bytes), gives what validating without one gives; the file's bytes read back as written.
func checkValidationCache(_ style: JSONNode, base: JSONDocument, target: Target) {
    let validator = StyleValidator(target: target, maximumThreads: 1)
    let plain = validator.validate(style)
    let cold = LayerFindingsReuse(composed: style, base: base, earlier: [:])
    guard validator.validate(style, reusing: cold) == plain else { fatalError("a cold validation cache changed a finding") }
    let kept = cold.entriesToKeep() ?? [:]
    let read = ValidationCache.decode(ValidationCache.encode(kept, key: "fuzz"), key: "fuzz")
    guard read == kept else { fatalError("the validation cache file does not read back as written") }
    let warm = LayerFindingsReuse(composed: style, base: base, earlier: read)
    guard validator.validate(style, reusing: warm) == plain else { fatalError("a warm validation cache changed a finding") }
    guard warm.reusedLayerCount == kept.count else { fatalError("a kept layer was not taken over") }
}
