import LocatedJSON
import StyleCompiler

/// One `mc-style snapshot`, from the declarations to the written folder: builds the site once (every input read
/// once, so a file saved during the run cannot mix two versions), takes each view's pictures, compares them with
/// a baseline when given one, and writes the pictures and the report all at once or not at all. Never prints:
/// what happened is the `Outcome`.
public struct SnapshotRun: Sendable {
    /// The check the run belongs to: its configuration, secrets and findings.
    public var session: CheckSession
    /// The declarations file the site builds.
    public var declarationsPath: String
    /// How the site serves the pages (key, local tiles, GL JS, the tile archive).
    public var preview: PreviewOptions
    /// The browser that takes the pictures.
    public var browser: Browser
    /// The output folder.
    public var out: String
    /// The folder the tool runs in: the output folder may not be it, nor the folder of any input read.
    public var currentDirectory: String
    /// The baseline folder of `--check`, or nil.
    public var baseline: String?
    /// How many pixels may differ in a picture that is still the same (`--threshold`).
    public var threshold: Int
    /// The folder of `--tiles`, named in the advice for a file it lacks.
    public var tilesFolder: String?
    /// Told after each picture: how many are done, of how many, and the picture's file name.
    public var progress: (@Sendable (_ done: Int, _ total: Int, _ fileName: String) -> Void)? = nil

    /// A run of `session` over the declarations at `declarationsPath`, with `preview` and `browser`, into `out`.
    public init(
        session: CheckSession, declarationsPath: String, preview: PreviewOptions, browser: Browser, out: String,
        currentDirectory: String, baseline: String?, threshold: Int, tilesFolder: String?
    ) {
        self.session = session
        self.declarationsPath = declarationsPath
        self.preview = preview
        self.browser = browser
        self.out = out
        self.currentDirectory = currentDirectory
        self.baseline = baseline
        self.threshold = threshold
        self.tilesFolder = tilesFolder
    }

    /// What a run came to.
    public enum Outcome: Sendable {
        /// The inputs or the remote files had errors; nothing was written. The findings, configured and masked.
        case findings([Diagnostic])
        /// The declarations name no views; nothing was written.
        case noViews
        /// A picture could not be taken, the server could not start or the tile folder could not be saved;
        /// nothing was written. The message, masked.
        case failed(String)
        /// The output folder could not be written; it is as it was.
        case unwritable(Diagnostic)
        /// The pictures (and, with a baseline, the report) were written.
        case written(Written)
    }

    /// What a successful run wrote and found.
    public struct Written: Sendable {
        /// The pictures, in the order they were taken.
        public let pictures: [OutputFile]
        /// Each picture against the baseline's (empty without a baseline).
        public let compared: [SnapshotComparison.Result]
        /// Tiles drawn transparent because their servers had nothing for them, masked.
        public let emptyTiles: [String]
    }

    /// Runs it. `findingLine` renders a finding on the pages. A session stopped by its configuration's errors
    /// builds nothing: those errors are the outcome.
    public func run(findingLine: @escaping @Sendable (Diagnostic) -> String) -> Outcome {
        if session.isStopped { return .findings(session.findings) }
        let job = CompileJob(declarationsPath: declarationsPath, options: session.options)
        let site = PreviewSite(job: job, options: preview, findingLine: findingLine)
        let port: UInt16
        do throws(PreviewServerError) {
            port = try site.start()
        } catch {
            return .failed(session.masked("\(error)"))
        }
        defer { site.stop() }
        let diagnostics = session.findings + site.findings
        if diagnostics.containsErrors || !site.succeeded { return .findings(diagnostics) }
        let declarations = site.declarations
        let views = declarations?.views ?? []
        guard !views.isEmpty else { return .noViews }
        var snapshot = SnapshotJob(
            views: views, variantNames: site.variantNames, site: site, port: port, browser: browser)
        snapshot.progress = progress
        let taken: Result<[OutputFile], SnapshotError>
        do throws(SnapshotError) {
            taken = .success(try snapshot.run())
        } catch {
            taken = .failure(error)
        }
        // What the remote files lacked comes first: a page that failed on a missing file failed because of it.
        let problems = site.gateway.problems.map { problem in
            Diagnostic.unreadable(
                problem.description
                    + (problem.isMissing ? ": record it with --record --tiles \(tilesFolder ?? "FOLDER")" : ""),
                at: Self.location(of: problem.owner, in: declarations) ?? views.first?.location,
                path: JSONPath([.key("views")]))
        }
        if !problems.isEmpty { return .findings(session.configured(problems)) }
        if let archive = preview.archive {
            do throws(TileArchiveError) {
                try archive.save()
            } catch {
                return .failed(session.masked(error.message))
            }
        }
        let pictures: [OutputFile]
        switch taken {
        case .success(let taken): pictures = taken
        case .failure(let error): return .failed(session.masked(error.message))
        }
        var written = pictures
        var compared: [SnapshotComparison.Result] = []
        if let baseline {
            let comparison = SnapshotComparison(
                baselineFolder: baseline, threshold: threshold, site: site, port: port, browser: browser)
            do throws(SnapshotError) {
                compared = try comparison.run(pictures)
            } catch {
                return .failed(session.masked(error.message))
            }
            written += SnapshotReport.files(compared, threshold: threshold)
        }
        do throws(OutputError) {
            let protected = session.protectedFolders(currentDirectory: currentDirectory, readPaths: site.inputs)
            try OutputFolder(
                path: out, protecting: protected + [baseline].compactMap { $0 }, layout: SnapshotFolder.layout
            )
            .write(written)
        } catch {
            return .unwritable(error.diagnostic)
        }
        return .written(
            Written(
                pictures: pictures, compared: compared,
                emptyTiles: site.gateway.emptyTiles.map { session.masked($0.description) }))
    }

    /// Where the part of the style that named a remote file is declared: a declared source's entry, else the
    /// base (whose sources, sprite and glyphs the others are).
    private static func location(of owner: RemoteGateway.Owner, in declarations: Declarations?) -> SourceLocation? {
        guard let declarations else { return nil }
        if case .source(let id) = owner, let source = declarations.sources.first(where: { $0.styleSourceID == id }) {
            return source.location
        }
        return declarations.fieldLocations.base ?? declarations.fieldLocations.bases
    }
}
