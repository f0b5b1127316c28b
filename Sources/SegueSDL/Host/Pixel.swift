/// One pixel read back from a rendered frame, 8 bits per channel.
public struct Pixel: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0...255.
    public var r: UInt8
    /// Green, 0...255.
    public var g: UInt8
    /// Blue, 0...255.
    public var b: UInt8
    /// Alpha, 0...255 (255 is opaque).
    public var a: UInt8

    /// A pixel with the given channels, opaque unless `a` is given.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Whether every channel is within `tolerance` of `other`'s.
    public func isClose(to other: Pixel, tolerance: Int = 3) -> Bool {
        abs(Int(r) - Int(other.r)) <= tolerance && abs(Int(g) - Int(other.g)) <= tolerance
            && abs(Int(b) - Int(other.b)) <= tolerance && abs(Int(a) - Int(other.a)) <= tolerance
    }

    /// `rgba(r, g, b, a)`, each 0...255.
    public var description: String { "rgba(\(r), \(g), \(b), \(a))" }
}
