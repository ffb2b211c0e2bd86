import Foundation

/// FNV-1a, 64 bit: Swift's `Hasher` is seeded per process, fingerprints and cache keys must not be.
func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    return hash
}

/// A text's hash as 16 hex digits.
public func stableHash(_ text: String) -> String {
    let hex = String(fnv1a(text.utf8), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}

/// A file's bytes' hash with their count, for the cache.
func stableHash(_ data: Data) -> String {
    String(fnv1a(data), radix: 16) + ":" + String(data.count)
}
