// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "mc-style",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "StyleMath", targets: ["StyleMath"]),
        .library(name: "LocatedJSON", targets: ["LocatedJSON"]),
        .library(name: "StyleCompiler", targets: ["StyleCompiler"]),
        .executable(name: "mc-style", targets: ["mc-style"]),
    ],
    targets: [
        // Zoom calibration, Web Mercator tiles and bounds. No Foundation, no I/O.
        .target(name: "StyleMath"),
        // Order-preserving JSON with source locations, a strict parser and a deterministic writer.
        .target(name: "LocatedJSON"),
        // The compiler: diagnostics, reading inputs, validation, composition, emitting outputs. Never prints.
        .target(name: "StyleCompiler", dependencies: ["StyleMath", "LocatedJSON"]),
        // The command-line shell: argument tokens, subcommands, printers. A thin layer over the libraries.
        .target(name: "MCStyleCLI", dependencies: ["StyleMath", "LocatedJSON", "StyleCompiler"]),
        .executableTarget(name: "mc-style", dependencies: ["MCStyleCLI"]),
        // Throughput measurements, run by benchmarks/run.sh; never part of `swift test`.
        .executableTarget(name: "mc-style-bench", dependencies: ["LocatedJSON", "StyleCompiler"],
                          path: "benchmarks/Sources/mc-style-bench"),
        // Helpers shared by the test targets (where ../shared is, position markers). Not part of any product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "StyleMathTests", dependencies: ["StyleMath"]),
        .testTarget(name: "LocatedJSONTests", dependencies: ["LocatedJSON", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["MCStyleCLI", "StyleMath", "StyleCompiler", "LocatedJSON", "TestSupport"]),
    ]
)
