import LocatedJSON

/// Which map design a composition is for, as messages name it.
public struct ComposedVariant: Sendable, Equatable {
    /// The variant's name (`BaseVariant.defaultName` for a single base).
    public var name: String
    /// Where the declarations name it (`bases:` key); nil for a single base.
    public var location: SourceLocation?
    /// True when the declarations give `bases:`: messages then say which variant a finding is about.
    public var isNamed: Bool
    /// False for a design without TomTom's base map (`basemap: none`, `BaseVariant.showsBaseMap`).
    public var showsBaseMap = true
    /// The background colour of a design without a base map; nil keeps the base's.
    public var background: String?

    /// A variant named `name`, declared at `location`; `isNamed` is true for one of `bases:`.
    public init(name: String = BaseVariant.defaultName, location: SourceLocation? = nil, isNamed: Bool = false) {
        self.name = name
        self.location = location
        self.isNamed = isNamed
    }

    /// "the base style" or "the base style of variant 'dark'".
    var baseStyle: String { isNamed ? "the base style of variant '\(name)'" : "the base style" }

    /// "the composed style" or "the composed style of variant 'dark'".
    var composedStyle: String { isNamed ? "the composed style of variant '\(name)'" : "the composed style" }
}

/// A placement or layer-mapping anchor that one variant lacked: its declared fallback was used, or, without one,
/// the composition has an error for it.
public struct AnchorFallback: Sendable, Equatable {
    /// What the anchor belongs to.
    public enum Kind: Sendable, Equatable {
        /// A source's `placement` anchor.
        case placement
        /// A `layerMapping` entry's anchor.
        case layerMapping
    }

    /// Whether a placement or a layer-mapping anchor fell back.
    public var kind: Kind
    /// `sources[i].placement` or `layerMapping[i]`.
    public var path: JSONPath
    /// The anchor layer id the variant lacks.
    public var anchor: String
    /// Where the anchor is written in the declarations.
    public var location: SourceLocation?
    /// False when the entry declares no fallback: the variant's composition has an error for it instead.
    public var hasFallback = true
}
