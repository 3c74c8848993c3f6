import LocatedJSON
import StyleCompiler
import StyleRuntime

/// One build of the declarations, in memory: the compiled variants when the build had no errors, and its findings
/// as the terminal prints them. A build with errors keeps the last good variants on screen.
struct PreviewSnapshot: Sendable {
    /// A declared source, as the page's panel lists it (in stack order, bottom first).
    struct Source: Sendable {
        let id: String
        let kind: String
        let opacity: Double
        let visible: Bool
    }

    /// Counts the builds, from 1; the page asks for a build's style by it.
    let version: Int
    /// True when this build had no errors (`variants` are then its own).
    let succeeded: Bool
    /// The findings (secrets masked); printed by the printer the site is given.
    let findings: [Diagnostic]
    /// The variants of the last good build, by name, in the manifest's order.
    let variantNames: [String]
    let variants: [String: CompiledStyle]
    /// The manifest of the last good build, parsed (declared tile sizes and unified zoom ranges).
    let manifest: JSONNode?
    let sources: [Source]
    /// Every file the build read: what is watched for the next one.
    let inputs: [String]
    /// Where the page's map starts: the first variant's own camera (`center` in degrees, `zoom` in unified zoom),
    /// else the middle of the first declared bounds at zoom 8; nil before the first good build.
    let camera: (center: [Double], zoom: Double)?
    /// The declarations as this build decoded them (nil when they could not be read): `snapshot` takes its views
    /// and the places of its sources from here instead of reading the files again.
    let declarations: Declarations?
    /// Each vector style as bundled by the last good build, parsed, by declared source id: GL JS draws it where the
    /// phone shows its rasters (`VectorStyleInPlace`).
    var vectorStyles: [String: JSONNode] = [:]
}
