import Foundation
import SegueAnimation

/// The options of a headless replay as typed on the command line (`segue replay SCRIPT --trace OUT
/// --frames DIR --gif OUT.gif --webp OUT.webp --every N --scale S --size WxH`, or ``SegueApp``'s `--replay SCRIPT ...`), and
/// their checking: the
/// script is read and parsed and the outputs checked before anything runs, so bad input writes nothing.
public struct ReplayOptions: Sendable, Hashable {
    /// The script's path.
    public var script: String
    /// `--trace`: a file, `-` for standard output, nil for no trace.
    public var trace: String?
    /// `--frames`: the directory for PNG frames, nil for none.
    public var frames: String?
    /// `--gif`: the animated GIF file, nil for none.
    public var gif: String?
    /// `--webp`: the animated WebP file, nil for none.
    public var webp: String?
    /// `--every`, as typed (checked by ``prepare()``).
    public var every: String
    /// `--scale`, pixels per point of the PNGs, the GIF and the WebP, as typed (checked by ``prepare()``).
    public var scale: String
    /// `--size`, as typed, nil for the script's size.
    public var size: String?

    /// The default of `--every`: every frame.
    public static let defaultEvery = "1"
    /// The default of `--scale`: one pixel a point.
    public static let defaultScale = "1"

    /// Options as typed.
    public init(script: String, trace: String? = nil, frames: String? = nil, gif: String? = nil, webp: String? = nil,
                every: String = ReplayOptions.defaultEvery, scale: String = ReplayOptions.defaultScale, size: String? = nil) {
        self.script = script
        self.trace = trace
        self.frames = frames
        self.gif = gif
        self.webp = webp
        self.every = every
        self.scale = scale
        self.size = size
    }

    /// A replay ready to run: the parsed script, the window size override and the checked outputs.
    public struct Prepared: Sendable, Hashable {
        /// The parsed script.
        public let script: ReplayScript
        /// The window size in points overriding the script's (`--size`), if given.
        public let size: CGSize?
        /// The outputs, checked.
        public let outputs: ReplayOutputs
    }

    /// Reads and parses the script and checks every option, writing nothing. Throws a
    /// ``ReplayScriptError``, a ``ReplayOutputError`` or, when frames are asked for and no usable font is found,
    /// a ``FontLocator/NotFound`` (all bad input: exit status 2, one line).
    public func prepare() throws -> Prepared {
        let parsed = try ReplayScript.load(contentsOfFile: script)
        let sizeOverride = try size.map(WindowSize.replaySize)
        // The script's touches were checked inside its own window; `--size` gives another.
        if let sizeOverride { try parsed.checkTouches(initialSize: sizeOverride, file: script) }
        guard let interval = Int(every) else {
            throw ReplayOutputError(option: "--every", value: every, problem: "must be a whole number of frames")
        }
        guard let pixelsPerPoint = Double(scale) else {
            throw ReplayOutputError(option: "--scale", value: scale, problem: "must be a number above 0, e.g. 0.5")
        }
        let outputs = ReplayOutputs(trace: trace.map { $0 == "-" ? .standardOutput : .file($0) },
                                    framesDirectory: frames, gif: gif, webp: webp, every: interval,
                                    scale: pixelsPerPoint)
        do {
            try outputs.validate(windowSizes: parsed.windowSizes(initial: sizeOverride))
        } catch {
            var typed = error
            if typed.option == "--scale" { typed.value = scale }   // as typed ("0", not "0.0")
            throw typed
        }
        // PNG, GIF and WebP frames draw text: a missing or unusable font is bad input too, found before
        // anything is written.
        if frames != nil || gif != nil || webp != nil { _ = try FontLocator().locate() }
        return Prepared(script: parsed, size: sizeOverride, outputs: outputs)
    }
}
