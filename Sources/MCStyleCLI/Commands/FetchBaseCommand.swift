import StyleCompiler

/// `mc-style fetch-base`: a TomTom hosted base style frozen into the repository, with a lock to review.
enum FetchBaseCommand: Subcommand {
    static let spec = CommandSpec(
        name: "fetch-base",
        abstract:
            "Download a TomTom hosted base style into a file, with a lock file; --check tells whether TomTom changed it.",
        discussion: """
            Builds the URL as MapConductor's run-time composer does (style/1/style/<version>?key=…&map=gosdk/<design>,
            modules in the design's light or dark value), or takes --url. The key (--api-key-env) is used for the
            request only: the saved style holds {key} wherever the key was, and the key appears in no output and no
            lock. The style and NAME.lock.json beside it (URL without the key, design, modules, version pattern, the
            version the style reports, SHA-256) are written atomically, and only after a whole, valid download.
            The assets the style needs are locked with it in NAME.assets/: the sprite indexes (1x and 2x; the
            pictures by SHA-256, or kept with --with-images), glyph range 0-255 of each font stack its labels use
            (and each --glyph-range), and each vector source's layers (its TileJSON, or the layers of its tiles at
            one place, from its minzoom up to --sample-max-zoom, for a source with tiles only), one SHA-256 per
            file in the lock. An asset on a private or loopback address is fetched only from a host given here. TomTom's
            {hosted_sprite_url} and {hosted_glyphs_url} are resolved through TomTom's Assets API (or
            --hosted-sprite/--hosted-glyphs), recorded in the lock. validate, compile and the language server then
            check icons, fonts and source-layers against these copies with no flags and no network.
            --check fetches the locked URL again: exit 0 when TomTom serves the same bytes, 1 with a diff when not;
            and fetches the locked assets again: exit 1 naming each icon, font stack, vector layer or field that is
            gone, and the style's layers that this breaks.
            With a key, nothing is requested from a URL that is not https on TomTom's hosts (read as browsers read
            it, as compile and resolve judge where the key may go), whether given or named by the lock.
            Downloads go through the system curl (the first on PATH); redirects only within the same host; at most 64 MiB.
            Exit status: 0 saved (or unchanged), 1 failed (or changed), 2 misuse.
            """,
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let out = Option<String>(
            name: "out", valueName: "style.json", help: "Where the style is saved (its lock goes beside it)."
        ).required()
        let design = Option<String>(
            name: "design", valueName: "name",
            help: "The map design (default basic_street-light): \(BaseStyleRequest.designs.joined(separator: ", ")).",
            allowed: BaseStyleRequest.designs
        ).grouped("source")
        let version = Option<String>(
            name: "version", valueName: "pattern", help: "The style version pattern (default 25.2.*).")
        let module = Option<String>(
            name: "module", valueName: "name",
            help:
                "A module to include (repeatable): \(BaseStyleRequest.modules.keys.sorted().joined(separator: ", ")).",
            isRepeatable: true, allowed: BaseStyleRequest.modules.keys.sorted()
        ).conflicting("url", "check")
        let url = Option<String>(
            name: "url", valueName: "url", help: "Any style URL instead of a design ({key} where the key goes)."
        ).grouped("source")
        let origin = Option<String>(
            name: "origin", valueName: "url", help: "TomTom's API origin."
        ).defaulting(to: BaseStyleRequest.tomTomOrigin)
        let apiKeyEnvironment = SharedOptions.apiKeyEnvironment(
            help: "The TomTom API key for the request, from this environment variable.")
        let timeout = Option<Double>(
            name: "timeout", valueName: "seconds", help: "Give up after this many seconds."
        ).bounded(.above(0)).defaulting(to: FetchBaseJob.defaultTimeout)
        let check = Flag(
            name: "check",
            help:
                "Fetch the locked URL and assets again; exit 1 with a diff when TomTom serves another style or an asset is gone."
        ).grouped("source")
        let noAssets = Flag(
            name: "no-assets", help: "Lock the style alone, without its sprite, glyphs and tile layers."
        )
        .conflicting(
            "check", "with-images", "hosted-sprite", "hosted-glyphs", "assets-version", "sample-at", "glyph-range")
        let withImages = Flag(
            name: "with-images", help: "Keep the sprite pictures in the assets folder too (else only their SHA-256)."
        ).conflicting("check")
        let hostedSprite = Option<String>(
            name: "hosted-sprite", valueName: "url",
            help:
                "The sprite URL {hosted_sprite_url} stands for ({key} where the key goes); default TomTom's Assets API."
        ).conflicting("check")
        let hostedGlyphs = Option<String>(
            name: "hosted-glyphs", valueName: "url",
            help: "The glyphs template {hosted_glyphs_url} stands for; default TomTom's Assets API."
        ).conflicting("check")
        let assetsVersion = Option<String>(
            name: "assets-version", valueName: "pattern",
            help: "The Assets API version of sprites and fonts (default \(AssetLockOptions.defaultAssetsVersion))."
        ).conflicting("check")
        let sampleAt = Option<GeoPlace>(
            name: "sample-at", valueName: "lon,lat",
            help:
                "Where tiles are read for a vector source with tiles only (default the style's center, else Amsterdam)."
        ).conflicting("check")
        let sampleMaxZoom = Option<Int>(
            name: "sample-max-zoom", valueName: "level", help: "The highest zoom level tiles are read at (default 14)."
        ).bounded(.within(0...22)).conflicting("check")

        let glyphRange = Option<GlyphRange>(
            name: "glyph-range", valueName: "start-end",
            help:
                "Lock this glyph range of every font stack too (repeatable; 0-255 always is), so that labels' characters are checked in it.",
            isRepeatable: true
        ).conflicting("check")

        /// Every option above, in help order.
        var all: [any OptionDeclaration] {
            [
                out, design, version, module, url, origin, apiKeyEnvironment, timeout, check, noAssets, withImages,
                hostedSprite, hostedGlyphs, assetsVersion, sampleAt, sampleMaxZoom, glyphRange,
            ]
        }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let out = try Self.options.out.required(in: arguments)
        let modules = try Self.options.module.values(in: arguments)
        let design = try Self.options.design.value(in: arguments)
        let url = try Self.options.url.value(in: arguments)
        let timeout = try Self.options.timeout.value(in: arguments)
        let request = BaseStyleRequest(
            design: design, versionPattern: try Self.options.version.value(in: arguments), modules: modules, url: url,
            origin: try Self.options.origin.value(in: arguments))
        let apiKey = try SharedOptions.apiKey(Self.options.apiKeyEnvironment, arguments, io: io)
        let job = FetchBaseJob(
            request: request, apiKey: apiKey, outPath: out, timeout: timeout, environment: io.environment,
            assetOptions: try assetOptions(arguments))
        let outcome = Self.options.check.isSet(in: arguments) ? job.check() : job.save()
        switch outcome {
        case .saved(let bytes, let version, let assets):
            io.writeOutput(
                "saved \(out) (\(counted(bytes, "byte"))\(version.map { ", style version \($0)" } ?? "")) and \(FetchBaseJob.lockPath(for: out))\n"
                    + (assets.map(Self.summary) ?? ""))
            return .success
        case .unchanged(let drift):
            io.writeOutput("\(out) is what TomTom serves\n" + (drift.map { Self.report($0, style: out) } ?? ""))
            return .success
        case .changed(let diff, let drift):
            io.writeOutput(
                (diff.map { DiffPrinter(oldName: out, newName: "served now").text($0) }
                    ?? "\(out) is what TomTom serves\n")
                    + (drift.map { Self.report($0, style: out) } ?? ""))
            return .inputErrors
        case .failed(let message):
            io.writeError(Reporters.errorLine(message))
            return .inputErrors
        }
    }

    /// The options' asset settings as one value.
    private static func assetOptions(_ arguments: ParsedArguments) throws(UsageError) -> AssetLockOptions {
        var assets = AssetLockOptions()
        assets.locksAssets = !options.noAssets.isSet(in: arguments)
        assets.keepsImages = options.withImages.isSet(in: arguments)
        assets.hostedSprite = try options.hostedSprite.value(in: arguments)
        assets.hostedGlyphs = try options.hostedGlyphs.value(in: arguments)
        if let version = try options.assetsVersion.value(in: arguments) { assets.assetsVersion = version }
        if let place = try options.sampleAt.value(in: arguments) { assets.sampleAt = (place.longitude, place.latitude) }
        if let zoom = try options.sampleMaxZoom.value(in: arguments) { assets.sampleMaxZoom = zoom }
        assets.glyphRanges = Set([0] + (try options.glyphRange.values(in: arguments)).map(\.start)).sorted()
        return assets
    }

    /// `locked N icons, ...`: what the assets folder holds.
    static func summary(_ assets: LockedAssetSummary) -> String {
        var parts = [counted(assets.icons, "icon")]
        let absent = assets.absentStacks.isEmpty ? "" : " (not served: \(assets.absentStacks.joined(separator: "; ")))"
        parts.append(counted(assets.fontStacks, "font stack") + absent)
        for source in assets.sources {
            let from = source.sampledTiles > 0 ? " read from \(counted(source.sampledTiles, "tile"))" : ""
            parts.append("source '\(source.id)': \(counted(source.layers, "layer"))\(from)")
        }
        return
            "locked \(parts.joined(separator: ", ")) in \(assets.folder) (\(counted(assets.files, "file")), \(counted(assets.bytes, "byte")))\n"
    }

    /// What is gone and new among the assets, then the style's findings that what is gone brings.
    static func report(_ drift: AssetDrift, style: String) -> String {
        var text =
            drift.gone.map { "gone: \($0)\n" }.joined() + drift.changed.map { "new or changed: \($0)\n" }.joined()
        if drift.isBreaking {
            text +=
                drift.broken.isEmpty
                ? "no layer of \(style) uses what is gone\n"
                : "layers of \(style) this breaks:\n"
                    + TextReporter(limit: .none, summarizes: false).text(FindingReport(drift.broken))
        }
        return text
    }
}
