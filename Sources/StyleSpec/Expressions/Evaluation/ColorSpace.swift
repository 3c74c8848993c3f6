#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The colour spaces `interpolate` works in: sRGB channels, CIE L*a*b* and its polar form HCL (D50, as
/// MapLibre's `color_spaces` converts them).
package enum ColorSpace {
    case rgb
    case lab
    case hcl

    private static let xn = 0.96422, yn = 1.0, zn = 0.82521
    private static let t0 = 4.0 / 29, t1 = 6.0 / 29
    private static let t2 = 3 * t1 * t1, t3 = t1 * t1 * t1

    /// MapLibre's `Color.interpolate`.
    package static func interpolate(_ from: ExpressionColor, _ to: ExpressionColor, _ t: Double, in space: ColorSpace)
        -> ExpressionColor
    {
        func mix(_ a: Double, _ b: Double) -> Double { a + t * (b - a) }
        switch space {
        case .rgb:
            let a = from.rgb
            let b = to.rgb
            return ExpressionColor(
                red: mix(a[0], b[0]), green: mix(a[1], b[1]), blue: mix(a[2], b[2]), alpha: mix(a[3], b[3]))
        case .lab:
            let a = lab(from.rgb)
            let b = lab(to.rgb)
            let rgb = rgbFromLab([mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2]), mix(a[3], b[3])])
            return ExpressionColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: rgb[3])
        case .hcl:
            let a = hcl(from.rgb)
            let b = hcl(to.rgb)
            let (hue0, chroma0, light0) = (a[0], a[1], a[2])
            let (hue1, chroma1, light1) = (b[0], b[1], b[2])
            var hue: Double
            var chroma: Double?
            if !hue0.isNaN, !hue1.isNaN {
                var delta = hue1 - hue0
                if hue1 > hue0, delta > 180 { delta -= 360 } else if hue1 < hue0, hue0 - hue1 > 180 { delta += 360 }
                hue = hue0 + t * delta
            } else if !hue0.isNaN {
                hue = hue0
                if light1 == 1 || light1 == 0 { chroma = chroma0 }
            } else if !hue1.isNaN {
                hue = hue1
                if light0 == 1 || light0 == 0 { chroma = chroma1 }
            } else {
                hue = .nan
            }
            let rgb = rgbFromHCL([hue, chroma ?? mix(chroma0, chroma1), mix(light0, light1), mix(a[3], b[3])])
            return ExpressionColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: rgb[3])
        }
    }

    package static func lab(_ rgb: [Double]) -> [Double] {
        let r = linear(rgb[0])
        let g = linear(rgb[1])
        let b = linear(rgb[2])
        let y = labF((0.2225045 * r + 0.7168786 * g + 0.0606169 * b) / yn)
        let x: Double
        let z: Double
        if r == g, g == b {
            x = y
            z = y
        } else {
            x = labF((0.4360747 * r + 0.3850649 * g + 0.1430804 * b) / xn)
            z = labF((0.0139322 * r + 0.0971045 * g + 0.7141733 * b) / zn)
        }
        let l = 116 * y - 16
        return [l < 0 ? 0 : l, 500 * (x - y), 200 * (y - z), rgb[3]]
    }

    package static func rgbFromLab(_ lab: [Double]) -> [Double] {
        var y = (lab[0] + 16) / 116
        var x = lab[1].isNaN ? y : y + lab[1] / 500
        var z = lab[2].isNaN ? y : y - lab[2] / 200
        y = yn * labInverse(y)
        x = xn * labInverse(x)
        z = zn * labInverse(z)
        return [
            gamma(3.1338561 * x - 1.6168667 * y - 0.4906146 * z), gamma(-0.9787684 * x + 1.9161415 * y + 0.033454 * z),
            gamma(0.0719453 * x - 0.2289914 * y + 1.4052427 * z), lab[3],
        ]
    }

    package static func hcl(_ rgb: [Double]) -> [Double] {
        let lab = lab(rgb)
        let c = (lab[1] * lab[1] + lab[2] * lab[2]).squareRoot()
        var h = Double.nan
        if (c * 10000).rounded(.toNearestOrAwayFromZero) != 0 {
            h = (atan2(lab[2], lab[1]) * 180 / .pi).truncatingRemainder(dividingBy: 360)
            if h < 0 { h += 360 }
        }
        return [h, c, lab[0], lab[3]]
    }

    package static func rgbFromHCL(_ hcl: [Double]) -> [Double] {
        let h = hcl[0].isNaN ? 0 : hcl[0] * .pi / 180
        return rgbFromLab([hcl[2], cos(h) * hcl[1], sin(h) * hcl[1], hcl[3]])
    }

    private static func linear(_ x: Double) -> Double { x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
    private static func labF(_ t: Double) -> Double { t > t3 ? pow(t, 1.0 / 3) : t / t2 + t0 }
    private static func labInverse(_ t: Double) -> Double { t > t1 ? t * t * t : t2 * (t - t0) }
    private static func gamma(_ x: Double) -> Double {
        let value = x <= 0.00304 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055
        return value < 0 ? 0 : value > 1 ? 1 : value
    }
}
