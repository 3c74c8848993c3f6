// libFuzzer target: StyleRuntime with arbitrary manifests, styles and settings. The input is cut at NUL bytes
// into a manifest, a style and settings lines (platform=, key=, local=, route:NAME=ID, cache:NAME=KEY,
// opacity:ID=VALUE, hide:ID, show:ID). The harness writes the style's real SHA-256 into a manifest that parses (its first variant),
// so that inputs get past the digest check to the splice plan. Loading and resolving must give a value or a
// RuntimeError; a resolved style must be JSON; the key must be in no error, and in the output only inside
// TomTom URLs. Built by .ci/fuzz.sh, not by SwiftPM.
import LocatedJSON
import StyleRuntime

let fuzzKey = "FUZZKEY9"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResolve(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let parts = Array(UnsafeBufferPointer(start: data, count: size)).split(
        separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3 else { return 0 }
    let style = Array(parts[1])
    let manifest = withStyleDigest(Array(parts[0]), style: style)
    var settings = RuntimeSettings(platform: .ios)
    for line in String(decoding: parts[2], as: UTF8.self).split(separator: "\n") {
        let (name, value) =
            line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) } ?? (
                String(line), ""
            )
        switch name {
        case "platform": settings.platform = Platform(rawValue: value) ?? .ios
        case "key": settings.apiKey = fuzzKey
        case "local": settings.localTileServer = value
        default:
            if name.hasPrefix("route:") { settings.routeIDs[String(name.dropFirst(6))] = value }
            if name.hasPrefix("cache:") { settings.cacheKeys[String(name.dropFirst(6))] = value }
            if name.hasPrefix("opacity:") { settings.opacity[String(name.dropFirst(8))] = Double(value) ?? .nan }
            if name.hasPrefix("hide:") { settings.visible[String(name.dropFirst(5))] = false }
            if name.hasPrefix("show:") { settings.visible[String(name.dropFirst(5))] = true }
        }
    }
    do {
        let compiled = try CompiledStyle(style: style, layerMapping: nil, manifest: manifest)
        let resolved = try compiled.resolve(settings)
        guard let root = try? JSONParser().parse(SourceFiles().add(name: "resolved.json", bytes: resolved.style)).root
        else {
            fatalError("a resolved style is not JSON")
        }
        root.walk { _, node in
            if let text = node.stringValue, text.contains(fuzzKey), !URLHost.isTomTom(text) {
                fatalError("the key went into a URL that is not TomTom's")
            }
        }
    } catch {
        if error.message.contains(fuzzKey) { fatalError("an error shows the key") }
    }
    return 0
}

/// The manifest with the first variant's `style.sha256` set to the style's digest and its `layerMapping`
/// dropped, when it parses as an object with a variant; else as it is.
func withStyleDigest(_ manifest: [UInt8], style: [UInt8]) -> [UInt8] {
    guard var root = try? JSONParser().parse(SourceFiles().add(name: "manifest.json", bytes: manifest)).root,
        var object = root.objectValue,
        var variants = object["variants"]?.arrayValue, var variant = variants.first?.objectValue,
        var record = variant["style"]?.objectValue
    else { return manifest }
    record["sha256"] = JSONNode(.string(SHA256.hex(style)))
    variant["style"] = JSONNode(.object(record))
    _ = variant.removeValue(forKey: "layerMapping")
    variants[0] = JSONNode(.object(variant))
    object["variants"] = JSONNode(.array(variants))
    root.value = .object(object)
    return JSONWriter(style: .compact).bytes(root)
}
