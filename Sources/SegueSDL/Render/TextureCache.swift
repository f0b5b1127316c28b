import CSDL2

/// SDL textures kept by key and evicted least-recently-used once the cache holds more than
/// ``maxEntries`` textures or ``maxBytes`` bytes. Owns the textures: eviction destroys them.
@MainActor
final class TextureCache<Key: Hashable> {
    struct Entry {
        let texture: OpaquePointer
        let width: Int32
        let height: Int32
        let bytes: Int
        var lastUse: UInt64
        /// The renderer's frame it was last used in (``currentFrame`` then).
        var lastFrame: UInt64
        /// An object the key stands for, kept alive so that an identity key cannot be reused.
        let owner: AnyObject?
        /// Whether every pixel is opaque (it can be copied instead of blended).
        let isOpaque: Bool
    }

    /// The most textures kept.
    let maxEntries: Int
    /// The most texture memory kept, in bytes (4 per pixel).
    let maxBytes: Int
    private var entries: [Key: Entry] = [:]
    private var useCounter: UInt64 = 0
    private(set) var totalBytes = 0
    /// The renderer's frame now: what uses are stamped with (for ``removeEntries(unusedSince:)``).
    var currentFrame: UInt64 = 0

    init(maxEntries: Int, maxBytes: Int) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    var count: Int { entries.count }

    /// The texture under `key`, marked as just used.
    func texture(for key: Key) -> Entry? {
        guard var entry = entries[key] else { return nil }
        useCounter += 1
        entry.lastUse = useCounter
        entry.lastFrame = currentFrame
        entries[key] = entry
        return entry
    }

    /// Stores a texture (replacing and destroying any under the same key), then evicts.
    func insert(_ texture: OpaquePointer, width: Int32, height: Int32, for key: Key, owner: AnyObject? = nil,
                isOpaque: Bool = false) {
        remove(key)
        useCounter += 1
        let bytes = Int(width) * Int(height) * 4
        entries[key] = Entry(texture: texture, width: width, height: height, bytes: bytes, lastUse: useCounter,
                             lastFrame: currentFrame, owner: owner, isOpaque: isOpaque)
        totalBytes += bytes
        evictIfNeeded(keeping: key)
    }

    /// Destroys the texture under `key`.
    func remove(_ key: Key) {
        guard let old = entries.removeValue(forKey: key) else { return }
        totalBytes -= old.bytes
        SDL_DestroyTexture(old.texture)
    }

    /// Destroys the textures whose key fails `keep`.
    func removeAll(where shouldRemove: (Key, Entry) -> Bool) {
        for (key, entry) in entries where shouldRemove(key, entry) { remove(key) }
    }

    /// Destroys the textures not used since frame `frame` (exclusive).
    func removeEntries(unusedSince frame: UInt64) {
        removeAll { _, entry in entry.lastFrame < frame }
    }

    /// Destroys every texture.
    func removeAll() {
        for key in Array(entries.keys) { remove(key) }
    }

    private func evictIfNeeded(keeping kept: Key) {
        while entries.count > maxEntries || totalBytes > maxBytes, entries.count > 1 {
            guard let oldest = entries.filter({ $0.key != kept }).min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
            remove(oldest.key)
        }
    }
}
