import LocatedJSON
import StyleCompiler
import StyleRuntime
import StyleSpec

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// mc-style-bench: in-process throughput measurements that `swift test` never runs.
//
//   mc-style-bench json [--runs N] [--parse-only] FILE...
//   mc-style-bench yaml [--runs N] DECLARATIONS...
//   mc-style-bench resolve [--runs N] COMPILED_FOLDER...
//   mc-style-bench assets [--runs N] STYLE SPRITE FONTS SOURCE=TILEJSON...
//   mc-style-bench evaluate [--runs N] STYLE...
//
// json: for each file: parse, validate (tomtom target), compact write and pretty write, each timed N times after a warm-up; prints one
// tab-separated line per file: name, bytes, median/min/max milliseconds and MB/s (1 MB = 10^6 bytes).
// resolve: StyleRuntime on a compiled folder: loading (manifest, digests, splice plan), then resolving with every
// placeholder filled and every declared source's opacity changed (a new value each run), as an app does on
// every opacity change.
// evaluate: every paint property of the style compiled (ExpressionProgram) and evaluated at zooms 0...22 for one
// feature, beside parsing the file (the evaluator's target: less time than the parse).
// assets: validation (tomtom target) of a parsed style without assets, then with the sprite, fonts and vector
// layers given (read once, as the command line reads them once), then the reading of the assets alone.

func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

struct Timing {
    let samples: [Double]
    var median: Double {
        let sorted = samples.sorted()
        return sorted[sorted.count / 2]
    }
    var minimum: Double { samples.min() ?? 0 }
    var maximum: Double { samples.max() ?? 0 }
}

func measure(runs: Int, _ body: () -> Void) -> Timing {
    body()
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = now()
        body()
        samples.append(now() - start)
    }
    return Timing(samples: samples)
}

func row(_ name: String, _ operation: String, bytes: Int, _ timing: Timing) -> String {
    let ms = { (seconds: Double) in String(Int((seconds * 1e5).rounded())).paddedMilliseconds }
    let throughput = Double(bytes) / timing.median / 1e6
    return
        "\(name)\t\(operation)\t\(bytes)\t\(ms(timing.median))\t\(ms(timing.minimum))\t\(ms(timing.maximum))\t\(Int(throughput.rounded()))"
}

extension String {
    /// Hundredths of a millisecond as "12.34".
    var paddedMilliseconds: String {
        let digits = count < 3 ? String(repeating: "0", count: 3 - count) + self : self
        return String(digits.dropLast(2)) + "." + String(digits.suffix(2))
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, ["json", "yaml", "resolve", "assets", "evaluate"].contains(mode) else {
    FileHandle.standardError(
        "usage: mc-style-bench json|yaml|resolve|assets|evaluate [--runs N] [--parse-only] FILE...\n")
    exit(2)
}
arguments.removeFirst()
var runs = 15
var onlyParse = false
while let option = arguments.first, option.hasPrefix("--") {
    if option == "--runs", arguments.count > 1, let value = Int(arguments[1]), value > 0 {
        runs = value
        arguments.removeFirst(2)
    } else if option == "--parse-only" {
        onlyParse = true
        arguments.removeFirst()
    } else {
        FileHandle.standardError("unknown option \(option)\n")
        exit(2)
    }
}
print("file\toperation\tbytes\tmedian_ms\tmin_ms\tmax_ms\tMB/s")
if mode == "yaml" {
    // Read + parse + decode a declarations file (includes followed), as `compile` and `validate` do.
    for path in arguments {
        let name = String(path.split(separator: "/").last ?? Substring(path))
        var sources = 0
        let timing = measure(runs: runs) {
            sources = DeclarationsLoader().load(path: path).declarations?.sources.count ?? -1
        }
        let size = (try? InputLoader().load(path: path))?.bytes.count ?? 0
        print(row(name, "read+decode(\(sources) sources)", bytes: size, timing))
    }
    exit(0)
}
if mode == "evaluate" {
    for path in arguments {
        guard let file = try? InputLoader().load(path: path), let document = try? JSONParser().parse(file) else {
            FileHandle.standardError("\(path) does not parse\n")
            exit(1)
        }
        let name = String(path.split(separator: "/").last ?? Substring(path))
        var properties: [(JSONNode, ExpressionSpec)] = []
        for layer in document.root["layers"]?.arrayValue ?? [] {
            for member in layer["paint"]?.objectValue?.members ?? [] {
                if let spec = ExpressionSpec.property(named: member.key) { properties.append((member.value, spec)) }
            }
        }
        let feature = EvaluationInput(
            json: (try? JSONParser().parse(
                "[{}, {\"properties\": {\"class\": \"primary\", \"name\": \"A\"}, \"geometry\": {\"type\": \"LineString\", \"coordinates\": [[0, 0], [1, 1]]}}]",
                name: "feature"
            ).root) ?? .null)
        let parse = measure(runs: runs) { _ = try? JSONParser().parse(file) }
        print(row(name, "parse", bytes: file.bytes.count, parse))
        var programs: [ExpressionProgram] = []
        let compile = measure(runs: runs) {
            programs = properties.compactMap { try? ExpressionProgram.compile(propertyValue: $0.0, spec: $0.1).get() }
        }
        print(
            row(
                name, "compile(\(programs.count) of \(properties.count) paint properties)", bytes: file.bytes.count,
                compile))
        var evaluations = 0
        let inputs = (0...22).map { zoom -> EvaluationInput in
            var input = feature
            input.zoom = Double(zoom)
            return input
        }
        let evaluate = measure(runs: runs) {
            evaluations = 0
            for program in programs {
                for input in inputs {
                    _ = program.evaluate(input)
                    evaluations += 1
                }
            }
        }
        print(row(name, "evaluate(\(evaluations) = each property at zooms 0...22)", bytes: file.bytes.count, evaluate))
        let ratio = evaluate.median / parse.median
        let both = (compile.median + evaluate.median) / parse.median
        print(
            "# evaluate / parse: \(String(Int((ratio * 100).rounded()))) % (target: under 100 %); compile + evaluate / parse: \(String(Int((both * 100).rounded()))) %"
        )
    }
    exit(0)
}
if mode == "assets" {
    guard arguments.count >= 4, let document = StyleLoader().load(path: arguments[0]).document else {
        FileHandle.standardError("usage: mc-style-bench assets [--runs N] STYLE SPRITE FONTS SOURCE=TILEJSON...\n")
        exit(2)
    }
    let name = String(arguments[0].split(separator: "/").last ?? Substring(arguments[0]))
    func readAssets() -> StyleAssets {
        var assets = StyleAssets(
            sprite: SpriteIndex.load(path: arguments[1]).index, fonts: FontCatalog.load(path: arguments[2]).catalog)
        for pair in arguments.dropFirst(3) {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { assets.vectorLayers[parts[0]] = VectorLayerSchema.load(path: parts[1]).schema }
        }
        return assets
    }
    let assets = readAssets()
    let bytes = document.file.bytes.count
    var findings = 0
    let without = measure(runs: runs) {
        findings = StyleValidator(target: .tomtom).validate(document.root, in: document).count
    }
    print(row(name, "validate(\(findings) findings)", bytes: bytes, without))
    let with = measure(runs: runs) {
        findings = StyleValidator(target: .tomtom, assets: assets).validate(document.root, in: document).count
    }
    print(row(name, "validate+assets(\(findings) findings)", bytes: bytes, with))
    let reading = measure(runs: runs) { _ = readAssets() }
    print(row(name, "read assets", bytes: bytes, reading))
    exit(0)
}
if mode == "resolve" {
    for folder in arguments {
        let name = String(folder.split(separator: "/").last ?? Substring(folder))
        var loaded: CompiledStyle?
        let load = measure(runs: runs) { loaded = try? CompiledStyle(folder: folder) }
        guard let compiled = loaded else {
            FileHandle.standardError("\(folder) does not load\n")
            exit(1)
        }
        var settings = RuntimeSettings(platform: .ios, apiKey: "bench-key", localTileServer: "http://127.0.0.1:8080")
        for record in compiled.variant.placeholders {
            if case .cacheKey(let route) = record.placeholder { settings.cacheKeys[route] = "v1" }
        }
        var run = 0
        var bytes = 0
        let resolve = measure(runs: runs) {
            run += 1
            for source in compiled.manifest.sources { settings.opacity[source.id] = Double(run % 10) / 10 }
            bytes = (try? compiled.resolve(settings))?.style.count ?? -1
        }
        print(row(name, "load(\(compiled.manifest.sources.count) sources)", bytes: compiled.style.count, load))
        print(row(name, "resolve(all opacities changed)", bytes: bytes, resolve))
    }
    exit(0)
}
for path in arguments {
    let file: SourceFile
    do { file = try InputLoader().load(path: path) } catch {
        FileHandle.standardError("\(error)\n")
        exit(1)
    }
    let name = String(path.split(separator: "/").last ?? Substring(path))
    // Every parsed tree is kept until the end, so the timing is the parse alone, not the freeing of the
    // previous tree (the Python side keeps its trees the same way).
    var kept: [JSONDocument] = []
    kept.reserveCapacity(runs + 1)
    let parse = measure(runs: runs) { if let document = try? JSONParser().parse(file) { kept.append(document) } }
    guard let root = kept.first?.root else {
        FileHandle.standardError("\(path) does not parse\n")
        exit(1)
    }
    print(row(name, "parse", bytes: file.bytes.count, parse))
    kept.removeAll()
    if onlyParse { continue }
    var findings = 0
    let validation = measure(runs: runs) { findings = StyleValidator(target: .tomtom).validate(root, in: file).count }
    print(row(name, "validate(tomtom, \(findings) findings)", bytes: file.bytes.count, validation))
    var written = 0
    let compact = measure(runs: runs) { written = JSONWriter(style: .compact).bytes(root).count }
    let pretty = measure(runs: runs) { written = JSONWriter(style: .pretty).bytes(root).count }
    print(row(name, "write-compact", bytes: file.bytes.count, compact))
    print(row(name, "write-pretty", bytes: file.bytes.count, pretty))
    _ = written
}

enum FileHandle {
    static func standardError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
