// libFuzzer target: the YAML reader over libyaml. Any input must give a tree or a located YAMLError.
import LocatedJSON
import YAMLReader

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let file = SourceFiles().add(name: "fuzz.yaml", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    do {
        _ = try YAMLReader(nodeBudget: 100_000).read(file)
    } catch {
        _ = error.location.position
    }
    return 0
}
