import LocatedJSON
import StyleCompiler
import StyleMath
import StyleRuntime

/// Compiles the declarations in memory, as `mc-style compile` would, and keeps the variants for the preview to
/// resolve: nothing is written into the project.
struct PreviewBuilder: Sendable {
    let job: CompileJob

    /// A new build, numbered `version`; `previous` supplies the last good variants when this one has errors.
    func build(version: Int, previous: PreviewSnapshot?) -> PreviewSnapshot {
        // Each build's findings alone: a build pushes them into a sink of its own, not the session's.
        var job = job
        job.options = job.options.withOwnFindings()
        let result = job.runCounting()
        let (files, diagnostics, readPaths) = (result.files, result.diagnostics, result.readPaths)
        guard let files,
            let manifestBytes = files.first(where: { $0.path == ManifestFormat.fileName })?.bytes,
            let variants = try? Self.variants(files, manifest: manifestBytes)
        else {
            var kept = PreviewSnapshot(
                version: version, succeeded: false, findings: diagnostics, variantNames: previous?.variantNames ?? [],
                variants: previous?.variants ?? [:], manifest: previous?.manifest, sources: previous?.sources ?? [],
                inputs: readPaths.isEmpty ? previous?.inputs ?? [] : readPaths, camera: previous?.camera,
                declarations: result.declarations)
            kept.vectorStyles = previous?.vectorStyles ?? [:]
            return kept
        }
        let manifest = try? JSONParser().parse(bytes: manifestBytes, name: ManifestFormat.fileName).root
        var snapshot = PreviewSnapshot(
            version: version, succeeded: true, findings: diagnostics, variantNames: variants.names,
            variants: variants.styles, manifest: manifest, sources: Self.sources(manifest),
            inputs: readPaths,
            camera: Self.camera(
                views: result.declarations?.views ?? [], variants.names.first.flatMap { variants.styles[$0] },
                manifest),
            declarations: result.declarations)
        snapshot.vectorStyles = Self.vectorStyles(files, manifest: manifest)
        return snapshot
    }

    /// The bundled vector styles of a build, parsed, by declared source id.
    private static func vectorStyles(_ files: [OutputFile], manifest: JSONNode?) -> [String: JSONNode] {
        var styles: [String: JSONNode] = [:]
        for record in manifest?["vectorStyles"]?.arrayValue ?? [] {
            guard let id = record["source"]?.stringValue, let path = record["style"]?["path"]?.stringValue,
                let bytes = files.first(where: { $0.path == path })?.bytes,
                let style = try? JSONParser().parse(bytes: bytes, name: path).root
            else { continue }
            styles[id] = style
        }
        return styles
    }

    private static func variants(_ files: [OutputFile], manifest: [UInt8]) throws(RuntimeError)
        -> (names: [String], styles: [String: CompiledStyle])
    {
        let decoded = try RuntimeManifest.decode(manifest)
        var styles: [String: CompiledStyle] = [:]
        for record in decoded.variants {
            guard let style = files.first(where: { $0.path == record.style.path })?.bytes else {
                throw RuntimeError(.unreadable, "the build has no \(record.style.path)")
            }
            let mapping = record.layerMapping.flatMap { mapping in files.first { $0.path == mapping.path }?.bytes }
            styles[record.name] = try CompiledStyle(
                style: style, layerMapping: mapping, manifest: manifest, variant: record.name)
        }
        return (decoded.variants.map(\.name), styles)
    }

    /// Where the page opens (MapLibre's zoom): the project's first view (`views:`), else the middle of the first
    /// declared bounds at zoom 8, else the base style's own camera, else the whole world.
    static func camera(views: [SnapshotView], _ compiled: CompiledStyle?, _ manifest: JSONNode?) -> (
        center: [Double], zoom: Double
    ) {
        if let view = views.first {
            let zoom = (try? ZoomCalibration.mapLibreZoom(unifiedZoom: view.zoom)) ?? max(0, view.zoom - 1)
            return ([view.center.longitude, view.center.latitude], zoom)
        }
        for record in manifest?["sources"]?.arrayValue ?? [] {
            let edges = (record["bounds"]?.arrayValue ?? []).compactMap { $0.numberValue?.doubleValue }
            // Through GeoBounds, which knows bounds that cross the antimeridian (their middle is not the average).
            if edges.count == 4,
                let bounds = try? GeoBounds(west: edges[0], south: edges[1], east: edges[2], north: edges[3])
            {
                return ([bounds.center.longitude, bounds.center.latitude], 8)
            }
        }
        if let compiled, let root = try? JSONParser().parse(bytes: compiled.style, name: "style.json").root,
            let center = root["center"]?.arrayValue?.compactMap({ $0.numberValue?.doubleValue }), center.count == 2
        {
            return (center, root["zoom"]?.numberValue?.doubleValue ?? 2)
        }
        return ([0, 0], 1)
    }

    /// The declared sources in the stack order of the first variant, bottom first.
    private static func sources(_ manifest: JSONNode?) -> [PreviewSnapshot.Source] {
        let records = manifest?["sources"]?.arrayValue ?? []
        let order = manifest?["variants"]?[0]?["layers"]?.arrayValue ?? []
        func index(_ id: String) -> Int {
            order.first { $0["source"]?.stringValue == id }?["index"]?.numberValue?.intValue ?? 0
        }
        return records.compactMap { record -> PreviewSnapshot.Source? in
            guard let id = record["id"]?.stringValue else { return nil }
            return PreviewSnapshot.Source(
                id: id, kind: record["kind"]?.stringValue ?? "",
                opacity: record["opacity"]?.numberValue?.doubleValue ?? 1,
                visible: record["visible"]?.boolValue ?? true)
        }.sorted { index($0.id) < index($1.id) }
    }
}
