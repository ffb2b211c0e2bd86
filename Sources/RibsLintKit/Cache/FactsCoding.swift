/// The one codec of `FileFacts` in the cache: any `Codable` value in the cache's binary format (`CacheWriter`), its
/// fields in the order its `Codable` conformance writes and reads them (a synthesized one: declaration order), with
/// no keys. An optional is a presence flag before its value, a collection its count before its elements.
///
/// Facts hold structs, enums with raw values, arrays, optionals, strings, numbers and booleans; each is refused
/// when written otherwise: a dictionary or a set (no stable order: the cache must be the same bytes for the same
/// code), an enum with cases coded by name (their keys are not written, so they could not be read back).
enum FactsCoding {
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    static func encode(_ value: some Encodable, to writer: inout CacheWriter) throws {
        let encoder = BinaryEncoder()
        try encoder.encodeValue(value)
        if let problem = encoder.problem { throw Unsupported(description: problem) }
        writer.append(encoder.writer.bytes)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from reader: inout CacheReader) throws -> Value {
        let decoder = BinaryDecoder(reader)
        let value = try decoder.decodeValue(type)
        reader = decoder.reader
        return value
    }
}

/// A dictionary, of any keys: refused.
private protocol DictionaryFacts {}
extension Dictionary: DictionaryFacts {}

/// `Optional`, seen through a generic value: its flag is written before it, and `nil` made of its type.
private protocol OptionalFacts {
    var isNone: Bool { get }
    static var absent: Self { get }
}

extension Optional: OptionalFacts {
    var isNone: Bool { self == nil }
    static var absent: Self { nil }
}

private final class BinaryEncoder: Encoder {
    var writer = CacheWriter()
    /// The count the next unkeyed container's elements were announced with (a collection's).
    var announcedCount = false
    /// A shape the format cannot hold, found on the way: thrown once the value is written.
    var problem: String?
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func encodeValue(_ value: some Encodable) throws {
        switch value {
        case let optional as any OptionalFacts:
            writer.write(!optional.isNone)
            if !optional.isNone { try value.encode(to: self) }
        case let value as String: writer.write(value)
        case let value as Bool: writer.write(value)
        case let value as Int: writer.write(value)
        case let value as any FixedWidthInteger: writer.write(Int(truncatingIfNeeded: value))
        case let value as Double: writer.write(Int(bitPattern: UInt(value.bitPattern)))
        case let value as Float: writer.write(Int(value.bitPattern))
        case is any SetAlgebra: problem = problem ?? "a set, whose order is not stable"
        case is any DictionaryFacts: problem = problem ?? "a dictionary, whose order is not stable"
        case let collection as any Collection:
            writer.write(collection.count)
            announcedCount = true
            try value.encode(to: self)
        default: try value.encode(to: self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if announcedCount { problem = problem ?? "a collection written by keys (a dictionary), whose order is not stable" }
        announcedCount = false
        return KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if !announcedCount { problem = problem ?? "an unkeyed container of something other than a collection" }
        announcedCount = false
        return Unkeyed(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: BinaryEncoder
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws { encoder.writer.write(false) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encoder.encodeValue(value) }
        // Every overload: the protocol's own skip a `nil`, which would leave its flag out.
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encoder.encodeValue(value) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encoder.encodeValue(value) }
        // A struct's synthesized coding writes its fields into one container; an enum's coded by case name nests one.
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.problem = encoder.problem ?? "an enum coded by case name (give it a raw value)"
            return encoder.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { encoder.unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: BinaryEncoder
        var codingPath: [any CodingKey] { [] }
        private(set) var count = 0
        init(encoder: BinaryEncoder) { self.encoder = encoder }
        mutating func encodeNil() throws {
            encoder.writer.write(false)
            count += 1
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try encoder.encodeValue(value)
            count += 1
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            return encoder.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return encoder.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: BinaryEncoder
        var codingPath: [any CodingKey] { [] }
        /// An optional's `nil`: its flag is written already.
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
    }
}

private final class BinaryDecoder: Decoder {
    var reader: CacheReader
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ reader: CacheReader) { self.reader = reader }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case let optional as any OptionalFacts.Type:
            guard try reader.bool() else { return optional.absent as! T }
            return try T(from: self)
        case is String.Type: return try reader.string() as! T
        case is Bool.Type: return try reader.bool() as! T
        case is Int.Type: return try reader.int() as! T
        case let integer as any FixedWidthInteger.Type: return integer.init(truncatingIfNeeded: try reader.int()) as! T
        case is Double.Type: return Double(bitPattern: UInt64(UInt(bitPattern: try reader.int()))) as! T
        case is Float.Type: return Float(bitPattern: UInt32(truncatingIfNeeded: try reader.int())) as! T
        default: return try T(from: self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let count = try reader.int()
        // Every element takes a byte at least: a count past the bytes left is a damaged cache.
        guard count >= 0, count <= reader.bytesLeft else { throw CacheReader.Malformed() }
        return Unkeyed(decoder: self, count: count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: BinaryDecoder
        var codingPath: [any CodingKey] { [] }
        /// Keys are not stored: a dictionary read through here would come back empty (see `FactsCoding`).
        var allKeys: [Key] { [] }
        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { try !decoder.reader.bool() }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.decodeValue(type) }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try decoder.decodeValue(T?.self) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decoder.decodeValue(String?.self) }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decoder.decodeValue(Bool?.self) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decoder.decodeValue(Double?.self) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decoder.decodeValue(Float?.self) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decoder.decodeValue(Int?.self) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decoder.decodeValue(Int8?.self) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decoder.decodeValue(Int16?.self) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decoder.decodeValue(Int32?.self) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decoder.decodeValue(Int64?.self) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decoder.decodeValue(UInt?.self) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decoder.decodeValue(UInt8?.self) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decoder.decodeValue(UInt16?.self) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decoder.decodeValue(UInt32?.self) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decoder.decodeValue(UInt64?.self) }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder.container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder.unkeyedContainer() }
        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: BinaryDecoder
        /// How many elements the collection's count announced.
        let elements: Int
        private(set) var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { elements }
        var isAtEnd: Bool { currentIndex >= elements }

        init(decoder: BinaryDecoder, count: Int) {
            self.decoder = decoder
            elements = count
        }

        private mutating func next() throws {
            guard !isAtEnd else { throw CacheReader.Malformed() }
            currentIndex += 1
        }
        mutating func decodeNil() throws -> Bool {
            try next()
            return try !decoder.reader.bool()
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try next()
            return try decoder.decodeValue(type)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next()
            return try decoder.container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next()
            return try decoder.unkeyedContainer()
        }
        mutating func superDecoder() throws -> any Decoder { decoder }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: BinaryDecoder
        var codingPath: [any CodingKey] { [] }
        /// An optional's flag is read already: what follows is its value.
        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
    }
}
