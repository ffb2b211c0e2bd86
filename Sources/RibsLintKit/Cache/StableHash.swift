import Foundation

/// FNV-1a, 64 bit: Swift's `Hasher` is seeded per process, fingerprints and cache keys must not be.
/// `continuing` carries on from an earlier hash, for texts hashed in parts.
func fnv1a(_ bytes: some Sequence<UInt8>, continuing hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var hash = hash
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    return hash
}

/// A 64-bit hash as 16 hex digits.
func hex16(_ hash: UInt64) -> String {
    String(unsafeUninitializedCapacity: 16) { digits in
        for position in 0..<16 {
            let nibble = UInt8(truncatingIfNeeded: hash >> UInt64(60 - 4 * position)) & 0xf
            digits[position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
        }
        return 16
    }
}

/// A hash over a sequence of texts, each hashed with its length (`wordHash`) so that ["ab", "c"] and
/// ["a", "bc"] differ: the cache's keys hash every file's path and bytes' hash each run.
struct StableHasher {
    private var hash = fnv1a([])

    mutating func combine(_ text: String) {
        combine(word: Self.word(text))
    }

    /// A text's `wordHash`, for texts combined into several hashers.
    static func word(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { wordHash(UnsafeRawBufferPointer($0)) }
    }

    /// Combines a text by its `word`: as `combine(_:)` does.
    mutating func combine(word: UInt64) {
        hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
        hash ^= hash >> 29
    }

    var value: String { hex16(hash) }
}

/// A text's hash as 16 hex digits.
public func stableHash(_ text: String) -> String { hex16(fnv1a(text.utf8)) }

/// A 64-bit hash of bytes, eight at a time, for file contents and the cache's checksum: FNV-1a byte by
/// byte is a tenth of a warm run over a large tree. Words are read little-endian, so the value is the same
/// on every machine.
func wordHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
    var index = 0
    while index + 8 <= bytes.count {
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
        hash ^= hash >> 29
        index += 8
    }
    while index < bytes.count {
        hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
        index += 1
    }
    // splitmix64's finalizer: every input bit reaches every output bit.
    hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
    hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
    return hash ^ (hash >> 31)
}

/// A file's bytes' hash (their count is in it), for the cache: at most thirteen base-32 digits, which a `String`
/// holds inline, so the cache's answer for each of a monorepo's files allocates nothing.
func stableHash(_ bytes: [UInt8]) -> String {
    String(bytes.withUnsafeBytes(wordHash), radix: 32)
}

/// The cache's checksum: each block of `checksumBlock` bytes summed on one of `jobs` threads, and the sums hashed
/// in order with the count. The blocks, not the threads, make the value: any `jobs` gives the same.
func checksum(_ bytes: UnsafeRawBufferPointer, jobs: Int = 1) -> UInt64 {
    nonisolated(unsafe) let bytes = bytes
    let sums = ParallelMap.shares((bytes.count + checksumBlock - 1) / checksumBlock, jobs: jobs) { block in
        blockChecksum(UnsafeRawBufferPointer(rebasing: bytes[(block * checksumBlock)..<min(bytes.count, (block + 1) * checksumBlock)]))
    }
    return (sums + [UInt64(bytes.count)]).withUnsafeBytes(wordHash)
}

/// Four megabytes: a cache of tens of megabytes takes both threads of a small machine, and a few blocks never
/// cost more than one.
let checksumBlock = 4 << 20

/// A block's sum: `wordHash`'s step in four independent lanes, which the processor runs side by side.
private func blockChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var lanes: [UInt64] = [1, 2, 3, 4].map { 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count) &* $0 }
    let wholeBlocks = bytes.count / 32 * 32
    lanes.withUnsafeMutableBufferPointer { lanes in
        var index = 0
        while index < wholeBlocks {
            for lane in 0..<4 {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8 * lane, as: UInt64.self))
                lanes[lane] = (lanes[lane] ^ word) &* 0x9e37_79b9_7f4a_7c15
                lanes[lane] ^= lanes[lane] >> 29
            }
            index += 32
        }
    }
    let tail = wordHash(UnsafeRawBufferPointer(rebasing: bytes[wholeBlocks...]))
    return (lanes + [tail]).withUnsafeBytes(wordHash)
}
