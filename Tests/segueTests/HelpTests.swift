import ArgumentParser
import Foundation
import Testing
@testable import segue

/// The built `segue` executable, beside the test bundle in the build directory.
private func builtSegue() throws -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent("segue")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "segue beside \(Bundle.main.bundleURL.path)"])
}

/// Runs `segue` with `arguments`; its status and standard output (help goes there).
private func segueOutput(_ arguments: [String]) throws -> (status: Int32, out: String) {
    let run = try segueRun(arguments)
    return (run.status, run.out)
}

/// Runs `segue` with `arguments` and `extra` in its environment (a key set to nil is removed); its status,
/// standard output and standard error.
private func segueRun(_ arguments: [String], environment extra: [String: String?] = [:]) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = try builtSegue()
    process.arguments = arguments
    // A wide terminal is not assumed: the help is laid out for the width ArgumentParser finds (80 here).
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = "80"
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// One entry of a help page's ARGUMENTS or OPTIONS section: its label and its help text (joined lines).
struct HelpEntry: Equatable {
    var label: String
    var text: String
}

/// The column where ArgumentParser starts the help text of an entry (its labels take 2 + 24 columns; a
/// longer label has its text on the next line, at this column).
let helpTextColumn = 26

/// The entries of `help`'s ARGUMENTS and OPTIONS sections. An entry starts on a line indented by two
/// spaces; its text starts at ``helpTextColumn`` on that line, or on the next, deeper indented lines.
func helpEntries(_ help: String) -> [HelpEntry] {
    var entries: [HelpEntry] = []
    var inSection = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if !line.hasPrefix(" ") {
            inSection = line == "ARGUMENTS:" || line == "OPTIONS:"
            continue
        }
        guard inSection else { continue }
        if line.hasPrefix("  ") && !line.hasPrefix("   ") {
            let characters = Array(line)
            if characters.count > helpTextColumn && characters[helpTextColumn - 1] == " " {
                entries.append(HelpEntry(label: String(characters[2..<helpTextColumn]).trimmingCharacters(in: .whitespaces),
                                         text: String(characters[helpTextColumn...]).trimmingCharacters(in: .whitespaces)))
            } else {
                entries.append(HelpEntry(label: String(characters[2...]).trimmingCharacters(in: .whitespaces), text: ""))
            }
        } else if !entries.isEmpty {
            let more = line.trimmingCharacters(in: .whitespaces)
            entries[entries.count - 1].text += entries[entries.count - 1].text.isEmpty ? more : " " + more
        }
    }
    return entries
}

/// `segue --help` and each subcommand's `--help`: every option has help text, and every default is shown
/// as a user would type it (not a Swift value's description such as `WindowSize(width: 1024, height: 768)`).
@Suite struct HelpTests {
    /// Every subcommand's name, from the command's own configuration (a new subcommand is covered at once).
    static let subcommands = SegueCommand.configuration.subcommands.map { $0._commandName }

    /// A Swift value's description: a type name followed by a labelled argument, `Name(label:`.
    static var swiftDescription: Regex<Substring> { /[A-Za-z_][A-Za-z0-9_.]*\(\s*[A-Za-z_][A-Za-z0-9_]*:/ }

    @Test func theTopLevelHelpListsEverySubcommandWithAnAbstract() throws {
        let help = try segueOutput(["--help"])
        #expect(help.status == 0)
        let lines = help.out.split(separator: "\n").map(String.init)
        for name in Self.subcommands {
            let line = lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name + " ") }
            #expect(line.map { $0.count > name.count + 10 } == true, "no abstract for \(name) in:\n\(help.out)")
        }
    }

    /// The subcommands under their group headings, in order: see it, record it, test it, measure it.
    @Test func theTopLevelHelpGroupsTheSubcommandsBySeeRecordTestMeasure() throws {
        let help = try segueOutput(["--help"])
        var groups: [(String, [String])] = []
        for line in help.out.split(separator: "\n").map(String.init) {
            if !line.hasPrefix(" ") {
                groups.append((line, []))
            } else if line.hasPrefix("  ") && !line.hasPrefix("   ") && !line.hasPrefix("  See '"), !groups.isEmpty {
                groups[groups.count - 1].1.append(String(line.dropFirst(2).prefix { $0 != " " }))
            }
        }
        let subcommandGroups = groups.filter { $0.0.hasSuffix("SUBCOMMANDS:") }
        #expect(subcommandGroups.map(\.0) == ["SEE IT SUBCOMMANDS:", "RECORD IT SUBCOMMANDS:", "TEST IT SUBCOMMANDS:",
                                             "MEASURE IT SUBCOMMANDS:"], "\(help.out)")
        #expect(subcommandGroups.map(\.1) == [["run", "gallery", "layers", "controls", "watch"], ["replay", "inspect"],
                                             ["monkey", "soak", "fidelity"], ["bench", "bench-presentation"]], "\(help.out)")
    }

    /// With no display (and no SDL video driver asked for), `segue` (no arguments) and `segue gallery` print one line saying how to see them anyway
    /// (a GIF recorded headless, or Xvfb) and exit 1, instead of failing with SDL's error alone.
    @Test func noArgumentsWithoutADisplaySayInOneLineHowToSeeIt() throws {
        let noDisplay: [String: String?] = ["DISPLAY": nil, "WAYLAND_DISPLAY": nil, "SDL_VIDEODRIVER": nil]
        let demo = try segueRun([], environment: noDisplay)
        #expect(demo.status == 1)
        #expect(demo.out == "")
        #expect(demo.err == "error: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
            + "see it headless as a GIF with `segue replay Resources/scripts/pop-scrubbed-caught-finished.json --gif pop.gif`, "
            + "or run the window under Xvfb: `xvfb-run -s '-screen 0 1280x1024x24' segue`\n")
        let gallery = try segueRun(["gallery"], environment: noDisplay)
        #expect(gallery.status == 1)
        #expect(gallery.err == "error: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
            + "see it headless as a GIF with `segue replay --scene gallery Resources/scripts/gallery-more/gallery-tour.json --gif tour.gif`, "
            + "or run the window under Xvfb: `xvfb-run -s '-screen 0 1280x1024x24' segue gallery`\n")
    }

    @Test(arguments: subcommands)
    func everyOptionHasHelpAndTypableDefaults(_ subcommand: String) throws {
        let help = try segueOutput([subcommand, "--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("USAGE: segue \(subcommand)"))
        #expect(help.out.firstMatch(of: Self.swiftDescription) == nil, "a Swift description in:\n\(help.out)")
        let entries = helpEntries(help.out)
        #expect(entries.contains { $0.label == "-h, --help" })
        for entry in entries {
            #expect(!entry.text.isEmpty, "\(subcommand): \(entry.label) has no help")
            // A default is one word a user can type (`1024x768`, `automatic`, `300`).
            if let shown = entry.text.firstMatch(of: /default: ([^)]*)\)/) {
                #expect(!shown.1.contains(" ") && !shown.1.isEmpty, "\(subcommand): \(entry.label): default \(shown.1)")
            }
        }
    }

    @Test func theWindowSizeDefaultIsShownAsTyped() throws {
        for subcommand in ["run", "layers", "controls"] {
            let help = try segueOutput([subcommand, "--help"])
            let size = helpEntries(help.out).first { $0.label.hasPrefix("--size") }
            #expect(size?.label == "--size <WxH>")
            #expect(size?.text.hasSuffix("(default: 1024x768)") == true, "\(String(describing: size))")
            let renderer = helpEntries(help.out).first { $0.label.hasPrefix("--renderer") }
            #expect(renderer?.text.contains("default: automatic") == true, "\(String(describing: renderer))")
        }
    }

    @Test func theHelpParserFindsEntriesAndTheirWrappedText() {
        let help = """
            USAGE: segue run [--size <WxH>]

            OPTIONS:
              --size <WxH>            The window size in points.
                                      (default: 1024x768)
              --a-very-long-option-name <value>
                                      Help on the next line.
              --present-dismisses <N> Present/dismiss cycles.
              --bare
              -h, --help              Show help information.

            """
        #expect(helpEntries(help) == [
            HelpEntry(label: "--size <WxH>", text: "The window size in points. (default: 1024x768)"),
            HelpEntry(label: "--a-very-long-option-name <value>", text: "Help on the next line."),
            HelpEntry(label: "--present-dismisses <N>", text: "Present/dismiss cycles."),
            HelpEntry(label: "--bare", text: ""),
            HelpEntry(label: "-h, --help", text: "Show help information."),
        ])
    }
}
