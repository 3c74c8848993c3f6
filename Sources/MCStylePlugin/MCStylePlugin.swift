import Foundation
import PackagePlugin

/// A SwiftPM build-tool plugin: a target that uses it and holds `mc-style.yaml` gets it compiled on every build
/// where an input changed, and the compiled folder (styles, layer mappings, manifest, TileJSON) becomes the
/// target's resource `mc-style`, read through `Bundle.module` (`CompiledStyle(folder:)`).
///
/// The build system is told every input: the declarations, and what the last compile read (its includes and
/// bases), which `mc-style compile --dependencies` records in the plugin's work folder. Before the first
/// compile only the declarations are known; the outputs are missing then, so the command runs all the same.
@main
struct MCStylePlugin: BuildToolPlugin {
    /// The declarations file the plugin looks for among the target's files.
    static let declarationsName = "mc-style.yaml"
    /// The compiled folder's name among the target's resources.
    static let resourceName = "mc-style"

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        guard
            let declarations = module.sourceFiles.first(where: { $0.url.lastPathComponent == Self.declarationsName })?
                .url
        else {
            Diagnostics.warning(
                "MCStylePlugin: target '\(target.name)' has no \(Self.declarationsName): nothing to compile")
            return []
        }
        let work = context.pluginWorkDirectoryURL
        let out = work.appending(path: Self.resourceName)
        let dependencies = work.appending(path: "dependencies.json")
        return [
            .buildCommand(
                displayName: "mc-style compile \(target.name)/\(Self.declarationsName)",
                executable: try context.tool(named: "mc-style").url,
                arguments: [
                    "compile", declarations.path, "--out", out.path, "--dependencies", dependencies.path, "--quiet",
                ],
                inputFiles: [declarations] + Self.recordedInputs(dependencies, except: declarations),
                outputFiles: [out]
            )
        ]
    }

    /// The files the last compile read, from its `--dependencies` record; none when there is no readable record.
    static func recordedInputs(_ record: URL, except declarations: URL) -> [URL] {
        guard let data = try? Data(contentsOf: record),
            let list = try? JSONDecoder().decode(DependencyRecord.self, from: data)
        else { return [] }
        return list.inputs.map { URL(fileURLWithPath: $0) }.filter {
            $0.standardizedFileURL != declarations.standardizedFileURL
        }
    }
}

/// What `mc-style compile --dependencies` writes.
struct DependencyRecord: Decodable {
    let inputs: [String]
}
