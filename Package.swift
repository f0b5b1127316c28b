// swift-tools-version:6.0
import Foundation
import PackageDescription

/// SEGUE_SCALAR_PIXELS=1 in the environment of `swift build` / `swift test` builds the pixel kernels without
/// x86 vector code, as on aarch64 (Sources/CSeguePixels/simd.h), so that the tests can check the scalar
/// code gives the same pixels; `.ci/run` does so once.
let scalarPixels = ProcessInfo.processInfo.environment["SEGUE_SCALAR_PIXELS"].map { !$0.isEmpty && $0 != "0" } ?? false

let package = Package(
    name: "Segue",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SegueAnimation", targets: ["SegueAnimation"]),
        .library(name: "SegueUI", targets: ["SegueUI"]),
        .library(name: "SegueSDL", targets: ["SegueSDL"]),
        // Test your own transitions: a headless host on the virtual clock, gestures, image and motion snapshots.
        .library(name: "SegueTesting", targets: ["SegueTesting"]),
        // The door in for UIKit code: `import SegueUIKit` in place of `import UIKit` (and QuartzCore).
        .library(name: "SegueUIKit", targets: ["SegueUIKit"]),
        .executable(name: "segue", targets: ["segue"]),
        // Start here: the seed article 004's slide transition with its own edge pan, as an app on Segue.
        .executable(name: "slide-transition", targets: ["SlideTransition"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation`: the DocC catalogues (Sources/*/*.docc). A plugin only:
        // nothing of it is linked into Segue.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries, found through pkg-config. SDL is visible only to SegueSDL and the executable.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2TTF", pkgConfig: "SDL2_ttf", providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CSDL2Image", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),
        // pixman: the CPU compositor's pixel operations (the library cairo and X servers composite with).
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        // zlib: the deflate stream and the checksums of the replay's PNG frames (``PNGEncoder``).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // giflib: the replay's animated GIF (``GIFEncoder``). Without pkg-config: giflib 5.2.1 installs no .pc
        // file of its own; its header and library are on the default paths.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // libwebp: the replay's animated WebP (``WebPAnimationEncoder``: libwebpmux's animation encoder;
        // libwebpdemux's decoder reads it back in tests).
        .systemLibrary(name: "CWebP", providers: [.apt(["libwebp-dev"])]),

        // Xlib and its MIT-SHM extension (libX11, libXext): the CPU compositor's X11 presenter, through
        // CSegueX11 only.
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),
        .systemLibrary(name: "CXext", pkgConfig: "xext", providers: [.apt(["libxext-dev"])]),
        // libXrender: the X11 presenter scales a backdrop blur's cells up in the X server (pixman's bilinear
        // filter there, as in the CPU executor), through CSegueX11 only.
        .systemLibrary(name: "CXrender", pkgConfig: "xrender", providers: [.apt(["libxrender-dev"])]),

        // The CPU compositor's innermost pixel loop in C with SSE2 (the bilinear resampler): SegueSDL's only.
        .target(name: "CSeguePixels", cSettings: scalarPixels ? [.define("SEGUE_SCALAR_PIXELS")] : []),
        // The CPU compositor's X11 presenter in C (shared-memory images, core fills, RENDER's scaling; no X11
        // type reaches Swift): SegueSDL's only.
        .target(name: "CSegueX11", dependencies: ["CSeguePixels", "CX11", "CXext", "CXrender", "CSDL2"]),

        // Floor 1: geometry, curves, springs, layers, layer time. No SDL, no UI.
        .target(name: "SegueAnimation"),
        // Floor 2: views, animations API, gestures, view controllers, transitions. No SDL.
        .target(name: "SegueUI", dependencies: ["SegueAnimation"]),
        // UIKit's, Core Animation's and Core Graphics' names as aliases of Segue's own, and the few shims
        // UIKit code needs (Core Animation's key-path strings, mapped once to typed properties). No logic.
        .target(name: "SegueUIKit", dependencies: ["SegueUI", "SegueAnimation"]),
        // Floor 3: the SDL host (window, loop, pacing, input translation) and the renderer.
        .target(name: "SegueSDL", dependencies: ["SegueUI", "SegueAnimation", "CSDL2", "CSDL2TTF", "CSDL2Image", "CPixman", "CSeguePixels", "CSegueX11", "CZlib", "CGif", "CWebP"]),
        .executableTarget(
            name: "segue",
            dependencies: [
                "SegueSDL", "SegueUI", "SegueAnimation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The example app: UIKit code through `import SegueUIKit`, run by `SegueApp.run`.
        .executableTarget(name: "SlideTransition", dependencies: ["SegueSDL", "SegueUIKit"], path: "Examples/SlideTransition",
                          exclude: ["Tests"]),
        // SegueTesting: your root view controller headless on the virtual clock, the window's input translation,
        // image snapshots against PNGs next to the test file, film strips and motion curves. For test targets
        // (it links Swift Testing and XCTest to report failures to either).
        .target(name: "SegueTesting", dependencies: ["SegueSDL", "SegueUI", "SegueAnimation", "CSDL2", "CSDL2Image"]),

        .testTarget(name: "SegueAnimationTests", dependencies: ["SegueAnimation"]),
        .testTarget(name: "SegueTestingTests", dependencies: ["SegueTesting", "SegueSDL", "SegueUI", "SegueAnimation"],
                    exclude: ["__Snapshots__"]),
        // The example's own tests, as a user's package writes them: `@testable import` of the app and SegueTesting.
        .testTarget(name: "SlideTransitionTests", dependencies: ["SlideTransition", "SegueTesting", "SegueUIKit"],
                    path: "Examples/SlideTransition/Tests", exclude: ["__Snapshots__"]),
        .testTarget(name: "SegueUITests", dependencies: ["SegueUI", "SegueAnimation", "SegueTestSupport"]),
        // Tutorial and seed code compiled through `import SegueUIKit` with only what Swift on Linux forces.
        .testTarget(name: "SegueUIKitPortTests", dependencies: ["SegueUIKit", "SegueSDL", "SegueTesting", "SegueTestSupport"]),
        // What the test targets share: pointer and key input by coordinates for any harness with a window,
        // and readers of the animated images the replay writes (giflib's and libwebp's decoders).
        .target(name: "SegueTestSupport", dependencies: ["SegueUI", "CGif", "CWebP"], path: "Tests/SegueTestSupport"),
        .testTarget(name: "SegueSDLTests", dependencies: ["SegueSDL", "SegueUI", "SegueAnimation", "SegueTestSupport"]),
        // The executable's own code (the controls demo page), through `@testable import segue`.
        .testTarget(name: "segueTests", dependencies: ["segue", "SegueUI", "SegueAnimation", "SegueTestSupport", "SegueTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
