import Testing

@testable import StyleMath

@Suite struct ZoomCalibrationTests {
    @Test func offsetMatchesTheCalibrationPoints() throws {
        #expect(abs(try ZoomCalibration.offset(latitude: 35.6812) - 1.46) <= 0.01)
        #expect(abs(try ZoomCalibration.offset(latitude: 21.4389) - 1.66) <= 0.01)
        #expect(try ZoomCalibration.offset(latitude: 0) == 1.76)
    }

    /// MapLibre's zoom is of a 512-pixel world: unified 0 is MapLibre -1, and the two round-trip over the range.
    @Test func mapLibreZoomIsOneLevelBelowUnified() throws {
        #expect(try ZoomCalibration.mapLibreZoom(unifiedZoom: 0) == -1)
        #expect(try ZoomCalibration.mapLibreZoom(unifiedZoom: 12) == 11)
        #expect(try ZoomCalibration.unifiedZoom(mapLibreZoom: -1) == 0)
        for unified in stride(from: 0.0, through: 22.0, by: 0.5) {
            #expect(
                try ZoomCalibration.unifiedZoom(mapLibreZoom: ZoomCalibration.mapLibreZoom(unifiedZoom: unified))
                    == unified)
        }
        #expect(try ZoomCalibration.unifiedZoom(mapLibreZoom: 23) == 22)
        #expect(try ZoomCalibration.mapLibreZoom(unifiedZoom: 25) == 21)
        #expect(throws: GeoError.self) { try ZoomCalibration.unifiedZoom(mapLibreZoom: .nan) }
    }

    @Test func tokyoUnified12IsTomTom10Point54() throws {
        let tomTom = try ZoomCalibration.tomTomZoom(unifiedZoom: 12, latitude: 35.6812)
        #expect((tomTom * 100).rounded() / 100 == 10.54)
    }

    @Test(arguments: [-80.0, -35.5, 0, 21.4389, 35.6812, 60, 84.9])
    func unifiedToTomTomRoundTrips(latitude: Double) throws {
        for unified in stride(from: 3.0, through: 19.0, by: 0.25) {
            let tomTom = try ZoomCalibration.tomTomZoom(unifiedZoom: unified, latitude: latitude)
            let back = try ZoomCalibration.unifiedZoom(tomTomZoom: tomTom, latitude: latitude)
            #expect(abs(back - unified) <= 1e-9, "unified \(unified) at \(latitude)")
        }
    }

    @Test func latitudeIsClampedAtThePoles() throws {
        #expect(try ZoomCalibration.offset(latitude: 90) == (try ZoomCalibration.offset(latitude: 85)))
        #expect(try ZoomCalibration.offset(latitude: -89.5) == (try ZoomCalibration.offset(latitude: -85)))
        // cos(85°) = 0.087 is above the 0.01 floor, so the offset stays finite and positive.
        #expect(abs(try ZoomCalibration.offset(latitude: 85) - (1.76 + log2Reference(0.08715574274765817))) < 1e-9)
    }

    @Test func zoomsAreClampedToZeroAndTwentyTwo() throws {
        #expect(try ZoomCalibration.tomTomZoom(unifiedZoom: 0.5, latitude: 0) == 0)
        #expect(try ZoomCalibration.tomTomZoom(unifiedZoom: 30, latitude: 0) == 22)
        #expect(try ZoomCalibration.unifiedZoom(tomTomZoom: 22, latitude: 35.6812) == 22)
        #expect(try ZoomCalibration.unifiedZoom(tomTomZoom: -5, latitude: 80) == 0)
    }

    @Test func altitudeRoundTripsAndClamps() throws {
        for tilt in [0.0, 30, 60] {
            let altitude = try ZoomCalibration.altitude(unifiedZoom: 12, latitude: 35.6812, tilt: tilt)
            let zoom = try ZoomCalibration.unifiedZoom(altitude: altitude, latitude: 35.6812, tilt: tilt)
            #expect(abs(zoom - 12) < 1e-9)
        }
        #expect(try ZoomCalibration.altitude(unifiedZoom: 0, latitude: 0) == 50_000_000)
        #expect(try ZoomCalibration.altitude(unifiedZoom: 22, latitude: 0) == 100)
        // Tilt past 90 is clamped to 90, where cos is floored at 0.05.
        let tilted = try ZoomCalibration.altitude(unifiedZoom: 10, latitude: 0, tilt: 120)
        #expect(abs(tilted - 171_319_879 * 0.05 / 1024) < 1e-6)
    }

    @Test func notFiniteInputsAreRejected() {
        #expect(throws: GeoError.notFinite(name: "latitude")) { try ZoomCalibration.offset(latitude: .nan) }
        #expect(throws: GeoError.notFinite(name: "unified zoom")) {
            try ZoomCalibration.tomTomZoom(unifiedZoom: .infinity, latitude: 0)
        }
        #expect(throws: GeoError.notFinite(name: "TomTom zoom")) {
            try ZoomCalibration.unifiedZoom(tomTomZoom: .nan, latitude: 0)
        }
        #expect(throws: GeoError.notFinite(name: "tilt")) {
            try ZoomCalibration.altitude(unifiedZoom: 3, latitude: 0, tilt: .nan)
        }
        #expect(throws: GeoError.notFinite(name: "altitude")) {
            try ZoomCalibration.unifiedZoom(altitude: -.infinity, latitude: 0)
        }
    }
}

/// log2 by change of base on the standard library's own functions, independent of the module's libm wrapper.
func log2Reference(_ x: Double) -> Double {
    var value = x
    var exponent = 0.0
    while value < 1 {
        value *= 2
        exponent -= 1
    }
    while value >= 2 {
        value /= 2
        exponent += 1
    }
    // Series for ln(value) with value in [1, 2), then divide by ln 2.
    let y = (value - 1) / (value + 1)
    var term = y
    var sum = 0.0
    var n = 1.0
    while abs(term) > 1e-18 {
        sum += term / n
        term *= y * y
        n += 2
    }
    return exponent + 2 * sum / 0.6931471805599453
}
