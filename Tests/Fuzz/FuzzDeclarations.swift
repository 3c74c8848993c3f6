// libFuzzer target: YAML reading plus the declarations decoder and its checks.
import LocatedJSON
import StyleCompiler

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeclarations(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let file = SourceFiles().add(name: "fuzz.yaml", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let result = DeclarationsLoader(environment: ["TOKEN": "fuzz-secret"]).load(file, path: nil)
    for diagnostic in result.diagnostics where diagnostic.message.contains("fuzz-secret") {
        fatalError("a diagnostic shows an environment value")
    }
    return 0
}
