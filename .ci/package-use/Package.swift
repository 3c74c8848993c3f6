// swift-tools-version:6.0
// A separate package that uses mc-style's libraries by path, as the README says an app team does (CI builds
// and runs it: .ci/run).
import PackageDescription

let package = Package(
    name: "PackageUse",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../mc-style")],  // .ci/check_package_use.sh links the repository there
    targets: [
        .executableTarget(
            name: "PackageUse",
            dependencies: [
                .product(name: "StyleCompiler", package: "mc-style"),
                .product(name: "StyleRuntime", package: "mc-style"),
                .product(name: "LocatedJSON", package: "mc-style"),
                .product(name: "StyleSpec", package: "mc-style"),
            ])
    ]
)
