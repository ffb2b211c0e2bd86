/// A snippet with emoji position markers (1️⃣ … 9️⃣, 🔟) taken out, and where each one stood.
public struct MarkedText: Sendable {
    public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

    public let text: String
    /// Marker → UTF-8 offset in `text`, in order of appearance.
    public let markers: [(name: String, offset: Int)]

    public init(_ marked: String) {
        var text = ""
        var found: [(String, Int)] = []
        var rest = Substring(marked)
        while !rest.isEmpty {
            if let marker = Self.markers.first(where: { rest.hasPrefix($0) }) {
                found.append((marker, text.utf8.count))
                rest = rest.dropFirst(marker.count)
            } else {
                text.append(rest.removeFirst())
            }
        }
        self.text = text
        self.markers = found
    }

    /// The snippet with every marker shown as `↓`, as the docs print it.
    public static func arrows(_ marked: String) -> String {
        markers.reduce(marked) { $0.replacingOccurrences(of: $1, with: "↓") }
    }
}

import Foundation
