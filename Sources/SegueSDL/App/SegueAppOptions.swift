import Foundation

/// The command line of an app run with ``SegueApp``: the options of `segue` (`--renderer`, `--size`), slow
/// motion from the start (`--slow`), and headless replay (`--replay SCRIPT [--trace OUT] [--frames DIR]
/// [--gif OUT.gif] [--webp OUT.webp] [--every N] [--scale S]`, with `--size` overriding the script's size as in `segue replay`).
///
/// A small hand-written parser (the library does not depend on swift-argument-parser): `--option value`
/// or `--option=value`; anything else is bad input (exit status 2, one line naming the option).
public struct SegueAppOptions: Sendable, Hashable {
    /// `--renderer` (default automatic). Ignored with `--replay`, which draws its PNGs on the CPU.
    public var renderer = RendererChoice.automatic
    /// `--size` as typed; nil for the default (1024x768 for a window, the script's size for a replay).
    public var size: String?
    /// `--slow`: animations run `slowAnimationsFactor` times slower from the first frame
    /// (S toggles it).
    public var slowMotion = false
    /// `--replay SCRIPT` and its outputs; nil to open a window.
    public var replay: ReplayOptions?
    /// `--help` or `-h`: print `usage` and exit 0.
    public var showsHelp = false
    /// `--record FILE`: record the window's input to this replay script, kept up to date (`segue watch`).
    public var record: String?
    /// `--resume FILE`: replay this script on the virtual clock first (no drawing), then go on live from
    /// where it ends, in a window of its last size (`segue watch` reopens an app at the same moment).
    public var resume: String?
    /// `--status FILE`: show the text of this file in a banner over the app while it is not empty (`segue
    /// watch` writes a build's progress and errors there).
    public var statusFile: String?

    /// The default options: a window of the default size on the automatic renderer.
    public init() {}

    /// What `--help` prints. `program` is the executable's name.
    public static func usage(program: String) -> String {
        """
        usage: \(program) [--renderer R] [--size WxH] [--slow] [--record FILE] [--resume FILE] [--status FILE]
               \(program) --replay SCRIPT.json [--trace OUT.jsonl|-] [--frames DIR] [--gif OUT.gif]
                   [--webp OUT.webp] [--every N] [--scale S] [--size WxH] [--slow]

          --renderer R   automatic (default), cpu, gpu, software, opengl, opengles2
          --size WxH     window size in points (default 1024x768; for --replay, the script's)
          --slow         slow animations from the start (S toggles them; Escape quits)
          --replay FILE  run the script headless on the virtual 60 Hz clock (no window)
          --trace OUT    with --replay: the frame trace, one JSON object per frame; - for standard output
          --frames DIR   with --replay: a PNG of every Nth frame, frame-00042.png
          --gif OUT      with --replay: an animated GIF of every Nth frame, looping (use --every 2 or more
                         for browsers, which show delays under 2/100 s as 10)
          --webp OUT     with --replay: an animated WebP (lossless) of every Nth frame, looping
          --every N      with --frames, --gif or --webp: write every Nth frame (default 1)
          --scale S      with --frames, --gif or --webp: pixels per point, e.g. 0.5 (default 1)
          --record FILE  record the window's input to FILE as a replay script, kept up to date
          --resume FILE  replay FILE first (no drawing), then go on live from where it ends
          --status FILE  show FILE's text in a banner while it is not empty (segue watch uses it)
          -h, --help     print this help and exit
        """
    }

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws(SegueAppOptionError) -> SegueAppOptions {
        var options = SegueAppOptions()
        var script: String?
        var trace: String?, frames: String?, gif: String?, webp: String?, every: String?, scale: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-") else { throw SegueAppOptionError("unexpected argument \(argument)") }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(SegueAppOptionError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw SegueAppOptionError("\(name) needs a value") }
                return next
            }
            switch name {
            case "--help", "-h":
                options.showsHelp = true
            case "--slow":
                guard inlineValue == nil else { throw SegueAppOptionError("--slow takes no value") }
                options.slowMotion = true
            case "--renderer":
                let text = try value()
                guard let choice = RendererChoice(rawValue: text) else {
                    throw SegueAppOptionError("--renderer \(text): must be one of "
                        + RendererChoice.allCases.map(\.rawValue).joined(separator: ", "))
                }
                options.renderer = choice
            case "--size": options.size = try value()
            case "--replay": script = try value()
            case "--trace": trace = try value()
            case "--frames": frames = try value()
            case "--gif": gif = try value()
            case "--webp": webp = try value()
            case "--every": every = try value()
            case "--scale": scale = try value()
            case "--record": options.record = try value()
            case "--resume": options.resume = try value()
            case "--status": options.statusFile = try value()
            default:
                throw SegueAppOptionError("unknown option \(name)")
            }
        }
        if script != nil, let windowOnly = [("--record", options.record), ("--resume", options.resume),
                                            ("--status", options.statusFile)].first(where: { $0.1 != nil }) {
            throw SegueAppOptionError("\(windowOnly.0) is for a window, not with --replay")
        }
        if let script {
            options.replay = ReplayOptions(script: script, trace: trace, frames: frames, gif: gif, webp: webp,
                                           every: every ?? ReplayOptions.defaultEvery,
                                           scale: scale ?? ReplayOptions.defaultScale, size: options.size)
        } else if let orphan = [("--trace", trace), ("--frames", frames), ("--gif", gif), ("--webp", webp), ("--every", every),
                                 ("--scale", scale)]
                    .first(where: { $0.1 != nil }) {
            throw SegueAppOptionError("\(orphan.0) needs --replay SCRIPT")
        }
        return options
    }
}

/// A command line ``SegueAppOptions`` cannot parse (exit status 2 after one line on standard error).
public struct SegueAppOptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the option.
    public let description: String

    init(_ description: String) { self.description = description }
}
