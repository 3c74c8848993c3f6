/// A camera-zoom interval in which a layer shows; either end may be open ("visible from zoom 10 on").
public struct ZoomInterval: Sendable, Equatable {
    /// The lowest zoom, inclusive; nil for no lower limit.
    public var minimum: Double?
    /// The highest zoom, exclusive as in the style specification's `maxzoom`; nil for no upper limit.
    public var maximum: Double?

    /// An interval of camera zooms (unified); a nil end is open.
    public init(minimum: Double? = nil, maximum: Double? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Both ends given.
    public init(_ range: ClosedRange<Double>) {
        self.init(minimum: range.lowerBound, maximum: range.upperBound)
    }

    /// The interval with `convert` applied to each given end.
    public func mapEnds<E: Error>(_ convert: (Double) throws(E) -> Double) throws(E) -> ZoomInterval {
        ZoomInterval(
            minimum: try minimum.map { value throws(E) in try convert(value) },
            maximum: try maximum.map { value throws(E) in try convert(value) })
    }
}
