// The floor ribslint is measured against: read every Swift file below the given folders, parse it
// with swift-syntax and walk the whole tree once, on as many threads as ribslint uses. Nothing else.
import Dispatch
import Foundation
import SwiftParser
import SwiftSyntax

final class TokenCounter: SyntaxVisitor {
    var tokens = 0
    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        tokens += 1
        return .visitChildren
    }
}

func swiftFiles(below folder: String) -> [String] {
    var found: [String] = []
    var stack = [folder]
    while let current = stack.popLast() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
        for entry in entries where !entry.hasPrefix(".") {
            let path = current + "/" + entry
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue { stack.append(path) } else if entry.hasSuffix(".swift") { found.append(path) }
        }
    }
    return found.sorted()
}

var arguments = Array(CommandLine.arguments.dropFirst())
var jobs = ProcessInfo.processInfo.activeProcessorCount
if let index = arguments.firstIndex(of: "--jobs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
    jobs = value
    arguments.removeSubrange(index...(index + 1))
}
let files = arguments.flatMap(swiftFiles(below:))
/// Shared progress: the next file to take, and the totals.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private(set) var lines = 0
    private(set) var tokens = 0

    func claim(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }

    func add(lines: Int, tokens: Int) {
        lock.lock()
        self.lines += lines
        self.tokens += tokens
        lock.unlock()
    }
}

let tally = Tally()
DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, files.count))) { _ in
    while let index = tally.claim(below: files.count) {
        guard let data = FileManager.default.contents(atPath: files[index]) else { continue }
        let source = String(decoding: data, as: UTF8.self)
        let tree = Parser.parse(source: source)
        let counter = TokenCounter(viewMode: .sourceAccurate)
        counter.walk(tree)
        let fileLines = source.utf8.reduce(into: 1) { count, byte in if byte == UInt8(ascii: "\n") { count += 1 } }
        tally.add(lines: fileLines, tokens: counter.tokens)
    }
}
print("parsed \(files.count) files, \(tally.lines) lines, \(tally.tokens) tokens")
