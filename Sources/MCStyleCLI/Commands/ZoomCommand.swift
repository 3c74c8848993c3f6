import LocatedJSON
import StyleMath

/// `mc-style zoom`: converts between unified and TomTom camera zoom at a latitude.
enum ZoomCommand: Subcommand {
    static let spec = CommandSpec(
        name: "zoom",
        abstract: "Convert between MapConductor's unified zoom and TomTom's native camera zoom.",
        discussion: """
            Unified zoom is Google-Maps-equivalent (Web Mercator); TomTom's camera zoom follows ground scale.
            They differ by offset(lat) = 1.76 + log2(max(|cos(lat)|, 0.01)), latitude clamped to -85..85;
            results are clamped to 0..22. Both are camera zooms (what style-layer minzoom/maxzoom mean).
            """,
        options: options
    )
    /// The options, each declared once; help lists them, and the usage line shows them, in this order.
    struct Options: CommandOptions {
        let unified = Option<Double>(
            name: "unified", valueName: "zoom", help: "A unified (Google-equivalent) camera zoom to convert."
        ).required().grouped("from")
        let tomTom = Option<Double>(name: "tomtom", valueName: "zoom", help: "A TomTom native camera zoom to convert.")
            .required().grouped("from")
        let latitude = Option<Double>(name: "lat", valueName: "degrees", help: "Latitude of the camera, -90..90.")
            .required().bounded(.within(-90...90))
        let tilt = Option<Double>(
            name: "tilt", valueName: "degrees", help: "Camera tilt from straight down, for the altitude."
        ).defaulting(to: 0)
        let format = SharedOptions.format([.text, .json], help: "Output format: text (default) or json.")

        /// Every option above, in help order.
        var all: [any OptionDeclaration] { [unified, tomTom, latitude, tilt, format] }
    }
    static let options = Options()

    static func run(_ arguments: ParsedArguments, io: ToolIO) throws(UsageError) -> ExitCode {
        let format = try Self.options.format.value(in: arguments) ?? .text
        let latitude = try Self.options.latitude.required(in: arguments)
        let tilt = try Self.options.tilt.value(in: arguments)
        let unifiedInput = try Self.options.unified.value(in: arguments)
        let tomTomInput = try Self.options.tomTom.value(in: arguments)
        let conversion: Conversion
        do {
            // The parser gave exactly one of --unified and --tomtom (their group is required).
            if let unified = unifiedInput {
                let tomTom = try ZoomCalibration.tomTomZoom(unifiedZoom: unified, latitude: latitude)
                conversion = Conversion(
                    input: "unified", unified: unified, tomTom: tomTom, latitude: latitude, tilt: tilt)
            } else {
                let tomTom = try Self.options.tomTom.required(in: arguments)
                let unified = try ZoomCalibration.unifiedZoom(tomTomZoom: tomTom, latitude: latitude)
                conversion = Conversion(
                    input: "tomtom", unified: unified, tomTom: tomTom, latitude: latitude, tilt: tilt)
            }
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("\(error)")
        }
        io.writeOutput(format == .json ? conversion.json() : conversion.text())
        // The conversion clamps to 0...22 camera zoom; say when it did rather than print a bare 22.
        if let note = clampNote(unified: unifiedInput, tomTom: tomTomInput, latitude: latitude) {
            io.writeError("note: \(note)\n")
        }
        return .success
    }

    /// What was clamped, if anything: the zoom given, or the converted one.
    private static func clampNote(unified: Double?, tomTom: Double?, latitude: Double) -> String? {
        let range = 0.0...22.0
        guard let offset = try? ZoomCalibration.offset(latitude: latitude) else { return nil }
        let (given, name, converted, other) =
            unified.map { ($0, "unified", $0 - offset, "TomTom") }
            ?? (tomTom ?? 0, "TomTom", (tomTom ?? 0) + offset, "unified")
        if !range.contains(given) {
            return
                "the \(name) zoom \(JSONNumber(given).text) is outside 0...22 and was clamped to \(JSONNumber(min(max(given, 0), 22)).text)"
        }
        if !range.contains(converted) {
            return
                "the \(other) zoom \(fixed(converted)) is outside 0...22 and was clamped to \(JSONNumber(min(max(converted, 0), 22)).text)"
        }
        return nil
    }

    private struct Conversion {
        let input: String
        let unified: Double
        let tomTom: Double
        let latitude: Double
        let tilt: Double

        var offset: Double { (try? ZoomCalibration.offset(latitude: latitude)) ?? 0 }
        var altitude: Double {
            (try? ZoomCalibration.altitude(unifiedZoom: unified, latitude: latitude, tilt: tilt)) ?? 0
        }

        func text() -> String {
            let answer = input == "unified" ? "TomTom zoom: \(fixed(tomTom))\n" : "unified zoom: \(fixed(unified))\n"
            let other = input == "unified" ? "unified zoom: \(fixed(unified))\n" : "TomTom zoom: \(fixed(tomTom))\n"
            return answer + "offset: \(fixed(offset))\n" + other + "latitude: \(latitude)\n"
                + "camera altitude: \(fixed(altitude, digits: 0)) m (tilt \(tilt)°)\n"
        }

        func json() -> String {
            let object = JSONObject([
                JSONMember(key: "unifiedZoom", value: JSONNode(.number(JSONNumber(unified)))),
                JSONMember(key: "tomtomZoom", value: JSONNode(.number(JSONNumber(tomTom)))),
                JSONMember(key: "offset", value: JSONNode(.number(JSONNumber(offset)))),
                JSONMember(key: "latitude", value: JSONNode(.number(JSONNumber(latitude)))),
                JSONMember(key: "tilt", value: JSONNode(.number(JSONNumber(tilt)))),
                JSONMember(key: "altitudeMeters", value: JSONNode(.number(JSONNumber(altitude)))),
            ])
            return JSONWriter(style: .pretty).string(JSONNode(.object(object)))
        }
    }
}
