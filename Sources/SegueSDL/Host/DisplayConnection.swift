import Foundation

/// What happens when the window's display goes away (the X server is closed or killed, an ssh tunnel
/// drops): Xlib calls its I/O error handler, whose default prints Xlib's own line and exits. Segue's
/// handler says what happened in one `error:` line, as Segue's other failures do, and exits with
/// ``exitStatus`` (nothing can be drawn or read any more; the frame loop cannot be returned to).
///
/// SDL loads libX11 itself; the handler is set through it when it is loaded (under Wayland or a
/// headless driver there is nothing to set).
enum DisplayConnection {
    /// The exit status after the display was lost.
    static let exitStatus: Int32 = 1

    /// The line written when the display is lost.
    static func lostMessage(display: String?) -> String {
        "error: lost the connection to the display \(display.map { "\"\($0)\"" } ?? "(DISPLAY not set)") "
            + "(the X server was closed or killed); segue exits\n"
    }

    /// Sets the handler (once; later calls do nothing).
    @MainActor static func exitWhenLost() {
        guard !isSet else { return }
        isSet = true
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD),
              let symbol = dlsym(x11, "XSetIOErrorHandler") else { return }
        typealias Handler = @convention(c) (OpaquePointer?) -> Int32
        typealias SetHandler = @convention(c) (Handler?) -> Handler?
        let setHandler = unsafeBitCast(symbol, to: SetHandler.self)
        _ = setHandler { _ in
            let message = DisplayConnection.lostMessage(display: getenv("DISPLAY").map { String(cString: $0) })
            message.withCString { _ = write(STDERR_FILENO, $0, strlen($0)) }
            exit(DisplayConnection.exitStatus)   // flushes standard output, as Xlib's own handler does
        }
    }

    @MainActor private static var isSet = false
}
