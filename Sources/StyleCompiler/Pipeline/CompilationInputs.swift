import Dispatch
import Foundation
import LocatedJSON

/// Everything a composition reads: the declarations (with their includes) and the base style of each variant.
public struct CompilationInputs: Sendable {
    /// One map design's base style, as parsed.
    public struct Variant: Sendable {
        /// `BaseVariant.defaultName` for a single `base:`.
        public var name: String
        public var base: JSONDocument
        /// Where the declarations name this variant (`bases:` key); nil for `base:` and `--base`.
        public var location: SourceLocation?
        /// The base layers' own checks, started while the base was parsed (when `load` was asked for them).
        public var precheck: BaseLayerPrecheck?

        public init(name: String, base: JSONDocument, location: SourceLocation? = nil, precheck: BaseLayerPrecheck? = nil) {
            self.name = name
            self.base = base
            self.location = location
            self.precheck = precheck
        }
    }

    public var declarations: Declarations
    /// One or more; the first is the default variant.
    public var variants: [Variant]
    /// What the declarations' `assets:` section names, as read (the command line's assets win over it).
    public var assets = StyleAssets()
    /// Every file read: the declarations file, its includes, then the base styles.
    public var files: [SourceFile]

    /// The default variant's base style.
    public var base: JSONDocument { variants[0].base }

    /// True when the declarations name their bases by variant (`bases:`): each variant's outputs carry its name.
    public var hasNamedVariants: Bool { !declarations.bases.isEmpty }

    public init(declarations: Declarations, base: JSONDocument, files: [SourceFile] = []) {
        self.init(declarations: declarations, variants: [Variant(name: BaseVariant.defaultName, base: base)], files: files)
    }

    public init(declarations: Declarations, variants: [Variant], files: [SourceFile] = []) {
        precondition(!variants.isEmpty, "a composition needs a base style")
        self.declarations = declarations
        self.variants = variants
        self.files = files
    }

    /// Reads a declarations file and the base styles it names (or `baseOverride`, a path as given on the
    /// command line, for a single `base:`). Returns nil inputs when something could not be read or parsed;
    /// the diagnostics say why. Several bases are read and parsed in parallel. With `precheckTarget`, each base's
    /// layers get their own checks for that target on another thread as they are parsed (`Variant.precheck`).
    public static func load(declarationsPath: String, displayName: String? = nil, baseOverride: String? = nil,
                            environment: [String: String], environmentStandIns: Bool = false,
                            inputLoader: InputLoader = InputLoader(),
                            precheckTarget: Target? = nil) -> (inputs: CompilationInputs?, diagnostics: [Diagnostic]) {
        var loader = DeclarationsLoader(environment: environment, inputLoader: inputLoader)
        loader.environmentStandIns = environmentStandIns
        let folder = FilePaths.directory(of: declarationsPath)
        let displayFolder = FilePaths.directory(of: displayName ?? declarationsPath)
        // A base path as written in the declarations: where to read it, and how diagnostics name it.
        func located(_ path: String) -> (path: String, displayName: String) {
            (FilePaths.join(folder, path), FilePaths.join(displayFolder, path))
        }
        // Bases and assets the declarations name must be inside the project; one outside is never read.
        let project = ProjectFolder(declarationsPath: declarationsPath)
        func isConfined(_ path: String) -> Bool { project?.contains(path) ?? true }
        // The base styles named in the file are read and parsed while the rest of it is read and decoded: each
        // as soon as its `base:`/`bases:` entry is read (then again from the whole tree, for a base a merge key
        // brings; a base already under way is not read twice). Only the bases the decoded file names are used.
        // The declarations are read on a thread of their own and the first base is parsed on this one: the
        // base's tree is the larger, and with glibc the calling (main) thread's heap grows megabytes at a time
        // where a worker's grows a page at a time, one mprotect each (americana's base: 1,500 of them).
        let prefetch = BasePrefetch(inputLoader: inputLoader, precheckTarget: precheckTarget)
        // Bases read for inputs that are not returned (the declarations or a base have errors) need no prechecks.
        var returnsInputs = false
        defer { if !returnsInputs { prefetch.abandon() } }
        let handoff = BaseHandoff()
        if baseOverride == nil {
            func prefetchBases(_ key: String, _ value: JSONNode?) {
                let named: [String]
                switch key {
                case "base": named = [value?.stringValue].compactMap { $0 }
                case "bases": named = value?.objectValue?.members.compactMap { $0.value.stringValue } ?? []
                default: return
                }
                for (path, displayName) in named.map(located) where isConfined(path) {
                    if !handoff.isOffered, let claim = prefetch.claim(path: path, displayName: displayName) {
                        handoff.offer(claim)
                    } else {
                        prefetch.start(path: path, displayName: displayName)
                    }
                }
            }
            loader.rootMemberRead = { key, value in prefetchBases(key, value) }
            loader.treeRead = { root in
                prefetchBases("base", root["base"])
                prefetchBases("bases", root["bases"])
            }
        }
        nonisolated(unsafe) var read: DeclarationsLoader.Result?
        let reading = DispatchGroup()
        nonisolated(unsafe) let declarationsLoader = loader
        DispatchQueue.global(qos: .userInitiated).async(group: reading) {
            defer { handoff.close() }
            read = declarationsLoader.load(path: declarationsPath, displayName: displayName)
        }
        handoff.take()?.run()
        reading.wait()
        guard let loaded = read else { return (nil, []) }
        var diagnostics = loaded.diagnostics
        guard let declarations = loaded.declarations, loaded.files.first != nil else { return (nil, diagnostics) }
        var wanted: [WantedBase] = []
        if let baseOverride {
            if !declarations.bases.isEmpty {
                let names = declarations.bases.map(\.name).joined(separator: ", ")
                diagnostics.append(Diagnostic(.declBases, "--base replaces a single base, but the declarations name one per variant (\(names)): edit bases instead",
                                              at: declarations.fieldLocations["bases"], path: JSONPath([.key("bases")])))
                return (nil, diagnostics)
            }
            wanted = [WantedBase(name: BaseVariant.defaultName, path: baseOverride, displayName: baseOverride)]
        } else if !declarations.bases.isEmpty {
            wanted = declarations.bases.map { variant in
                let place = located(variant.path)
                return WantedBase(name: variant.name, path: place.path, displayName: place.displayName,
                                  declared: (variant.location, JSONPath([.key("bases"), .key(variant.name)]), "base style of variant '\(variant.name)'"))
            }
        } else if let base = declarations.base {
            let place = located(base)
            wanted = [WantedBase(name: BaseVariant.defaultName, path: place.path, displayName: place.displayName,
                                 declared: (declarations.fieldLocations["base"], JSONPath([.key("base")]), "base style"))]
        } else {
            // `bases:` with no usable variant has been reported already.
            if declarations.fieldLocations["bases"] == nil {
                diagnostics.append(Diagnostic(.declMissingKey, "the declarations file needs 'base' or 'bases' (or give --base STYLE)",
                                              at: declarations.fieldLocations[""], path: .root))
            }
            return (nil, diagnostics)
        }
        for want in wanted where want.declared != nil && !isConfined(want.path) {
            diagnostics.append(Self.escapeDiagnostic(want.declared?.what ?? "base style", shown: want.displayName, project: project,
                                                     at: want.declared?.location, path: want.declared?.path ?? JSONPath([.key("base")])))
        }
        if diagnostics.contains(where: { $0.rule == Rule.declPathEscape.id }) { return (nil, diagnostics) }
        // Every base is read on a thread of its own (the ones the file names are under way already).
        for want in wanted { prefetch.start(path: want.path, displayName: want.displayName) }
        let results = wanted.map { prefetch.result(path: $0.path, displayName: $0.displayName) }
        var variants: [Variant] = []
        for (want, result) in zip(wanted, results) {
            diagnostics += result.diagnostics.map { diagnostic in
                // A base that cannot be read is reported where the declarations name it.
                guard diagnostic.rule == Rule.ioRead.id, let declared = want.declared else { return diagnostic }
                return Diagnostic(.ioRead, "\(declared.what) \(diagnostic.message)", at: declared.location, path: declared.path)
            }
            if let document = result.document {
                variants.append(Variant(name: want.name, base: document, location: want.declared?.location, precheck: result.precheck))
            }
        }
        guard variants.count == wanted.count else { return (nil, diagnostics) }
        var inputs = CompilationInputs(declarations: declarations, variants: variants, files: loaded.files + variants.map(\.base.file))
        let assetsLoader = AssetsLoader(folder: folder, displayFolder: displayFolder, inputLoader: inputLoader, isConfined: isConfined)
        let (assets, assetDiagnostics) = assetsLoader.load(declarations.assets)
        inputs.assets = assets
        returnsInputs = true
        return (inputs, diagnostics + assetDiagnostics)
    }

    /// The finding for a declared path that leads out of the project.
    static func escapeDiagnostic(_ what: String, shown: String, project: ProjectFolder?, at location: SourceLocation?, path: JSONPath) -> Diagnostic {
        Diagnostic(.declPathEscape, "\(what) '\(shown)' lies outside the project folder\(project.map { " (\($0.path))" } ?? ""): a declarations file reads only files inside its project; give a file from elsewhere on the command line (--base, --sprite, --fonts, --vector-layers)",
                   at: location, path: path)
    }
}

/// Base styles read and parsed while the declarations are read and decoded, and beside each other, each once:
/// started on a thread of their own (`start`), or claimed to be run by the caller on its own thread (`claim`).
private final class BasePrefetch: @unchecked Sendable {
    typealias Loaded = (document: JSONDocument?, diagnostics: [Diagnostic], precheck: BaseLayerPrecheck?)

    private let inputLoader: InputLoader
    private let precheckTarget: Target?
    private let lock = NSLock()
    private var loads: [String: (group: DispatchGroup, result: Box)] = [:]
    /// Set once the loads' results will not be used: their prechecks are stopped.
    private var abandoned = false

    /// One load's outcome, written by its thread before its group is left.
    final class Box: @unchecked Sendable {
        var value: Loaded = (nil, [], nil)
    }

    init(inputLoader: InputLoader, precheckTarget: Target?) {
        self.inputLoader = inputLoader
        self.precheckTarget = precheckTarget
    }

    /// Reads and parses one base (with its layers' prechecks when asked for).
    private static func load(path: String, displayName: String, inputLoader: InputLoader, precheckTarget: Target?) -> Loaded {
        StyleLoader(inputLoader: inputLoader).load(path: path, displayName: displayName, precheckingLayersFor: precheckTarget)
    }

    private static func key(_ path: String, _ displayName: String) -> String { path + "\u{0}" + displayName }

    /// A load registered but not started: whoever holds it runs it on their own thread, once.
    struct Claim: @unchecked Sendable {
        let run: () -> Void
    }

    /// Registers the load of `path` to be run by the caller (`Claim.run`), unless it is under way already.
    func claim(path: String, displayName: String) -> Claim? {
        let key = Self.key(path, displayName)
        lock.lock()
        defer { lock.unlock() }
        guard loads[key] == nil else { return nil }
        let group = DispatchGroup()
        let box = Box()
        loads[key] = (group, box)
        group.enter()
        let (loader, target) = (inputLoader, precheckTarget)
        return Claim {
            self.finish(box, Self.load(path: path, displayName: displayName, inputLoader: loader, precheckTarget: target))
            group.leave()
        }
    }

    /// Starts reading and parsing `path` unless it is under way already.
    func start(path: String, displayName: String) {
        let key = Self.key(path, displayName)
        lock.lock()
        defer { lock.unlock() }
        guard loads[key] == nil else { return }
        let group = DispatchGroup()
        let box = Box()
        loads[key] = (group, box)
        let (loader, target) = (inputLoader, precheckTarget)
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            self.finish(box, Self.load(path: path, displayName: displayName, inputLoader: loader, precheckTarget: target))
        }
    }

    /// Keeps a load's outcome; its prechecks are stopped at once when the loads were abandoned meanwhile.
    private func finish(_ box: Box, _ loaded: Loaded) {
        lock.lock()
        defer { lock.unlock() }
        box.value = loaded
        if abandoned { loaded.precheck?.stop() }
    }

    /// The loads' results will not be used: stops the prechecks of the loads done, and of the others as they end
    /// (a precheck's thread would otherwise wait on its core for work, `BaseLayerPrecheck.stop(handingThreadTo:)`).
    func abandon() {
        lock.lock()
        defer { lock.unlock() }
        abandoned = true
        for load in loads.values { load.result.value.precheck?.stop() }
    }

    /// The outcome of the load of this path and name, waiting for it (started here if it was not yet).
    func result(path: String, displayName: String) -> Loaded {
        start(path: path, displayName: displayName)
        lock.lock()
        let load = loads[Self.key(path, displayName)]
        lock.unlock()
        guard let load else { return (nil, [], nil) }
        load.group.wait()
        return load.result.value
    }
}

/// Hands the first base the declarations name from the thread that reads them to the thread that parses it:
/// `take` returns it as soon as it is offered, or nil once reading ended without one.
private final class BaseHandoff: @unchecked Sendable {
    private let lock = NSLock()
    private let ready = DispatchSemaphore(value: 0)
    private var claim: BasePrefetch.Claim?
    private var settled = false

    var isOffered: Bool {
        lock.lock()
        defer { lock.unlock() }
        return settled
    }

    /// Hands `claim` over; when one was handed over already (or reading ended), runs it here instead.
    func offer(_ claim: BasePrefetch.Claim) {
        lock.lock()
        let taken = settled
        if !taken {
            self.claim = claim
            settled = true
            ready.signal()
        }
        lock.unlock()
        if taken { claim.run() }
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !settled else { return }
        settled = true
        ready.signal()
    }

    func take() -> BasePrefetch.Claim? {
        ready.wait()
        lock.lock()
        defer { lock.unlock() }
        return claim
    }
}

/// A base style to read: the variant's name, where the file is, and where the declarations name it.
private struct WantedBase: Sendable {
    let name: String
    let path: String
    let displayName: String
    /// nil for `--base`, which the command line names.
    var declared: (location: SourceLocation?, path: JSONPath, what: String)? = nil
}

/// The rules this file checks (registered in `RuleCatalog.all`).
extension Rule {
    static let declPathEscape = Rule("decl.path-escape", .error, configurable: false,
                              summary: "A base or asset path in the declarations leads out of the project folder.",
                              help: "Keep bases and assets inside the project (the folder holding .git, or the declarations file's folder); give others on the command line.")
}
