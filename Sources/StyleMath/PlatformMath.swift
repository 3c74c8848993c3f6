#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// The C library's math functions, wrapped once so that no other file of the module needs a platform import.

func mathCos(_ x: Double) -> Double { cos(x) }
func mathSin(_ x: Double) -> Double { sin(x) }
func mathTan(_ x: Double) -> Double { tan(x) }
func mathAtan(_ x: Double) -> Double { atan(x) }
func mathSinh(_ x: Double) -> Double { sinh(x) }
func mathLog(_ x: Double) -> Double { log(x) }
func mathLog2(_ x: Double) -> Double { log2(x) }
func mathExp(_ x: Double) -> Double { exp(x) }
func mathExp2(_ x: Double) -> Double { exp2(x) }
func mathAcos(_ x: Double) -> Double { acos(x) }

/// Converts degrees to radians.
func radians(fromDegrees degrees: Double) -> Double { degrees * Double.pi / 180 }
/// Converts radians to degrees.
func degrees(fromRadians radians: Double) -> Double { radians * 180 / Double.pi }

/// Clamps `value` into `range`.
func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
    min(max(value, range.lowerBound), range.upperBound)
}
