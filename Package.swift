// swift-tools-version:6.0
import PackageDescription

/// The commit a release build records for `mc-style --version`: `.ci/release` sets MC_STYLE_COMMIT to `git
/// rev-parse HEAD` (with "-modified" for a tree with changes). Anything but that shape is ignored, so no value from
/// the environment reaches the compiler's command line unchecked.
let buildCommit: String? = {
    guard let value = Context.environment["MC_STYLE_COMMIT"], !value.isEmpty, value.count <= 60 else { return nil }
    let allowed = Set("0123456789abcdef-modified")
    return value.allSatisfy { allowed.contains($0) } ? value : nil
}()

let package = Package(
    name: "mc-style",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "StyleMath", targets: ["StyleMath"]),
        .library(name: "LocatedJSON", targets: ["LocatedJSON"]),
        .library(name: "YAMLReader", targets: ["YAMLReader"]),
        .library(name: "StyleRuntime", targets: ["StyleRuntime"]),
        .library(name: "StyleSpec", targets: ["StyleSpec"]),
        .library(name: "StyleCompiler", targets: ["StyleCompiler"]),
        .executable(name: "mc-style", targets: ["mc-style"]),
        // For app packages: compiles a target's mc-style.yaml on every build and bundles the result as resources.
        .plugin(name: "MCStylePlugin", targets: ["MCStylePlugin"]),
    ],
    targets: [
        // Zoom calibration, Web Mercator tiles and bounds. No Foundation, no I/O.
        .target(name: "StyleMath"),
        // Order-preserving JSON with source locations, a strict parser, a deterministic writer, and the SHA-256
        // of document bytes.
        .target(name: "LocatedJSON", dependencies: ["CSHA256"]),
        // The system libyaml (Debian: libyaml-dev; pkg-config yaml-0.1). Only YAMLReader sees it.
        .systemLibrary(
            name: "CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        // YAML into the located JSON tree, over libyaml; no C type leaves the module.
        .target(name: "YAMLReader", dependencies: ["CYAML", "LocatedJSON"]),
        // Swap two folders atomically (renameat2 / renamex_np), flush, and carry ACLs: for all-or-nothing output.
        .target(name: "CAtomicSwap"),
        // The commit the executable was built from (see `buildCommit`), for `mc-style --version`.
        .target(
            name: "CBuildInfo",
            cSettings: buildCommit.map { [.define("MC_STYLE_COMMIT", to: "\"\($0)\"")] } ?? []),
        // SHA-256 compression with the x86 SHA instructions, used when the processor has them.
        .target(name: "CSHA256"),
        // For apps: loads what `compile` wrote and fills in what only the phone knows (API key, LocalTileServer,
        // routes, cache keys, opacity, visibility). No libyaml, no compiler, no file writes.
        .target(name: "StyleRuntime", dependencies: ["LocatedJSON"]),
        // The MapLibre style specification on its own: the property catalog generated from v8.json, the expression
        // language (type checking and evaluation), colours, legacy filters and functions. Nothing of TomTom,
        // MapConductor or declarations; for any tool or app that reads MapLibre styles.
        .target(name: "StyleSpec", dependencies: ["LocatedJSON"]),
        // The compiler: diagnostics, reading inputs, validation, composition, emitting outputs. Never prints.
        .target(
            name: "StyleCompiler",
            dependencies: ["StyleMath", "LocatedJSON", "YAMLReader", "StyleRuntime", "StyleSpec", "CAtomicSwap"]),
        // `mc-style preview`: the HTTP server on 127.0.0.1, the file watcher, the in-memory build and the page. Not a
        // product: only the command uses it.
        .target(name: "StylePreview", dependencies: ["StyleMath", "LocatedJSON", "StyleCompiler", "StyleRuntime"]),
        .target(name: "StyleLanguageServer", dependencies: ["LocatedJSON", "StyleSpec", "StyleCompiler"]),
        // The command-line shell: argument tokens, subcommands, printers. A thin layer over the libraries.
        .target(
            name: "MCStyleCLI",
            dependencies: [
                "StyleMath", "LocatedJSON", "StyleSpec", "StyleCompiler", "StyleRuntime", "StylePreview",
                "StyleLanguageServer", "CBuildInfo",
            ]),
        // No unsafeFlags anywhere: SwiftPM refuses a package with them as a versioned dependency, which is how app
        // teams take the plugin (a test holds this). The README's install command links the binary non-PIE instead.
        .executableTarget(name: "mc-style", dependencies: ["MCStyleCLI", "StyleCompiler"]),
        // The build-tool plugin: runs `mc-style compile` for a target's mc-style.yaml (fixtures/plugin-consumer uses it).
        .plugin(
            name: "MCStylePlugin", capability: .buildTool(), dependencies: ["mc-style"], path: "Sources/MCStylePlugin"),
        // Throughput measurements, run by benchmarks/run.sh; never part of `swift test`.
        .executableTarget(
            name: "mc-style-bench", dependencies: ["LocatedJSON", "StyleSpec", "StyleCompiler", "StyleRuntime"],
            path: "benchmarks/Sources/mc-style-bench"),
        // Helpers shared by the test targets (where ../shared is, position markers). Not part of any product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "StyleMathTests", dependencies: ["StyleMath"]),
        .testTarget(name: "StyleSpecTests", dependencies: ["StyleSpec", "LocatedJSON", "TestSupport"]),
        .testTarget(name: "LocatedJSONTests", dependencies: ["LocatedJSON", "TestSupport"]),
        .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader", "LocatedJSON", "TestSupport"]),
        .testTarget(
            name: "StylePreviewTests",
            dependencies: ["StylePreview", "StyleCompiler", "StyleRuntime", "LocatedJSON", "TestSupport"]),
        .testTarget(
            name: "StyleRuntimeTests", dependencies: ["StyleRuntime", "LocatedJSON", "StyleCompiler", "TestSupport"]),
        .testTarget(
            name: "StyleCompilerTests",
            dependencies: ["StyleCompiler", "StyleSpec", "LocatedJSON", "YAMLReader", "StyleMath", "TestSupport"]),
        .testTarget(
            name: "StyleLanguageServerTests",
            dependencies: ["StyleLanguageServer", "StyleCompiler", "StyleSpec", "LocatedJSON", "TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "MCStyleCLI", "StyleMath", "StyleSpec", "StyleCompiler", "StyleRuntime", "LocatedJSON", "YAMLReader",
                "TestSupport",
            ]),
    ]
)
