// libFuzzer target: the whole composition. The input is cut in two at the first NUL byte: a base style
// (JSON) and a declarations file (YAML); both are read, composed for both targets, validated and rendered; the
// base is validated on one thread and on two, which must find exactly the same.
import LocatedJSON
import StyleCompiler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cut = bytes.firstIndex(of: 0) ?? bytes.count
    let files = SourceFiles()
    let styleFile = files.add(name: "base.json", bytes: Array(bytes[..<cut]))
    let declarationsFile = files.add(name: "decl.yaml", bytes: cut < bytes.count ? Array(bytes[(cut + 1)...]) : [])
    guard let base = StyleLoader().parse(styleFile).document else { return 0 }
    let declarations =
        DeclarationsLoader(inputLoader: InputLoader(files: files)).load(declarationsFile, path: nil).declarations
        ?? Declarations()
    for target in Target.allCases {
        // The library's entry point: checks, composition and the composed style's validation.
        let (composition, diagnostics) = StyleCompilation.compose(
            base: base.root, declarations: declarations, target: target,
            apiKey: "fuzz-key", maximumThreads: 1, in: files)
        if let composition {
            _ = JSONWriter(style: .pretty).bytes(composition.style)
        }
        for diagnostic in diagnostics where diagnostic.message.contains("fuzz-key") {
            fatalError("a diagnostic shows the API key")
        }
        // The validator on the base as it is, composed or not, on one thread and on two.
        let plain = StyleValidator(target: target, maximumThreads: 1).validate(base.root, in: base)
        if StyleValidator(target: target, maximumThreads: 2).validate(base.root, in: base) != plain {
            fatalError("threads changed a finding")
        }
    }
    return 0
}
