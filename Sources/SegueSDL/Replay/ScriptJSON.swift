import Foundation

/// A JSON value of a replay script, kept with its kind (a `true` is not a 1).
enum ScriptJSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ScriptJSON])
    case object([String: ScriptJSON])

    /// "a number", "an array"... for messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as JSON, for messages (arrays of more than four items and objects by their kind).
    var shortDescription: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): Int(exactly: n).map { "\($0)" } ?? "\(n)"
        case .string(let s): TraceLine.string(s)
        case .array(let items) where items.count <= 4: "[" + items.map(\.shortDescription).joined(separator: ", ") + "]"
        case .array, .object: kindName
        }
    }
}

/// Why a text is not JSON, and where (line and column from 1, in bytes).
struct ScriptJSONError: Error, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var problem: String
    var description: String { "\(problem) at line \(line), column \(column)" }
}

/// A strict JSON (RFC 8259) parser for scripts: Foundation's parsers accept trailing commas, which are
/// not JSON; this one rejects them, a duplicate key in one object, numbers out of Double's range and
/// anything after the value, and says where.
struct ScriptJSONParser {
    /// How deep arrays and objects may nest (a script needs 3; this only stops a runaway input).
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Parses a whole document.
    static func parse(_ data: Data) throws(ScriptJSONError) -> ScriptJSON {
        var parser = ScriptJSONParser(bytes: [UInt8](data))
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.fail("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is tolerated, as RFC 8259 allows parsers to.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private func fail(_ problem: String) -> ScriptJSONError {
        var line = 1, column = 1
        for b in bytes[..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return ScriptJSONError(line: line, column: column, problem: problem)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: String, _ value: ScriptJSON) throws(ScriptJSONError) -> ScriptJSON {
        for b in literal.utf8 {
            guard current == b else { throw fail("invalid literal (expected \(literal))") }
            index += 1
        }
        return value
    }

    private mutating func value() throws(ScriptJSONError) -> ScriptJSON {
        guard let b = current else { throw fail("unexpected end of the file") }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try rejectNonFinite()
            return .number(try number())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            try rejectNonFinite()
            throw fail("unexpected character \(Self.show(b))")
        default: throw fail("unexpected character \(Self.show(b))")
        }
    }

    private mutating func enter() throws(ScriptJSONError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func object() throws(ScriptJSONError) -> ScriptJSON {
        try enter()
        index += 1
        var fields: [String: ScriptJSON] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(fields) }
        while true {
            skipWhitespace()
            guard current != nil else { throw fail("unexpected end of the file") }
            guard current == UInt8(ascii: "\"") else {
                throw fail(current == UInt8(ascii: "}") ? "trailing comma in an object" : "expected a field name in quotes")
            }
            let keyStart = index
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected : after a field name") }
            index += 1
            skipWhitespace()
            let v = try value()
            guard fields.updateValue(v, forKey: key) == nil else {
                index = keyStart
                throw fail("duplicate field \(TraceLine.string(key))")
            }
            skipWhitespace()
            guard current != nil else { throw fail("unexpected end of the file") }
            if current == UInt8(ascii: ",") { index += 1; continue }
            guard current == UInt8(ascii: "}") else { throw fail("expected , or } in an object") }
            index += 1
            depth -= 1
            return .object(fields)
        }
    }

    private mutating func array() throws(ScriptJSONError) -> ScriptJSON {
        try enter()
        index += 1
        var items: [ScriptJSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(items) }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw fail("trailing comma in an array") }
            items.append(try value())
            skipWhitespace()
            guard current != nil else { throw fail("unexpected end of the file") }
            if current == UInt8(ascii: ",") { index += 1; continue }
            guard current == UInt8(ascii: "]") else { throw fail("expected , or ] in an array") }
            index += 1
            depth -= 1
            return .array(items)
        }
    }

    /// Names the non-numbers some tools write where JSON has none (Python's `json` writes `NaN`,
    /// `Infinity`, `-Infinity`): a script's numbers must be finite.
    private func rejectNonFinite() throws(ScriptJSONError) {
        for token in ["NaN", "Infinity", "-Infinity"] where bytes[index...].starts(with: token.utf8) {
            throw fail("\(token) is not a JSON number (a script's numbers must be finite)")
        }
    }

    private mutating func number() throws(ScriptJSONError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while let b = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) { index += 1 }
            return index - from
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw fail("invalid number")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("invalid number (digits must follow the point)") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("invalid number (digits must follow the exponent)") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw fail("number \(text) is out of range")
        }
        return value
    }

    private mutating func string() throws(ScriptJSONError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
        }
        while true {
            guard let b = current else { throw fail("unterminated string") }
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                guard let e = current else { throw fail("unterminated string") }
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate in a \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in a \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                    scalars.append(scalar)
                default:
                    index -= 1
                    throw fail("invalid escape \\\(Self.show(e))")
                }
            case 0..<0x20:
                throw fail("control character in a string (escape it)")
            default:
                run.append(b)
                index += 1
            }
        }
    }

    private mutating func hex4() throws(ScriptJSONError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current, let digit = UInt32(String(UnicodeScalar(b)), radix: 16) else {
                throw fail("invalid \\u escape (four hex digits expected)")
            }
            code = code * 16 + digit
            index += 1
        }
        return code
    }

    private static func show(_ b: UInt8) -> String {
        (0x21...0x7E).contains(b) ? "'\(Character(UnicodeScalar(b)))'" : String(format: "0x%02X", b)
    }
}
