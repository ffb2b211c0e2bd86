// ribslint's fuzz targets are in `Target.swift`: `Fuzz/fuzz.sh` compiles that file alone with -sanitize=fuzzer
// against the libraries, and libFuzzer's own `main` drives it. Built as this package's `ribslint-fuzz` (as
// `swift build` does), `Replay` runs the inputs named on the command line — files or folders of them — through
// the target, so the crashes found once are run again by CI. FUZZ_TARGET chooses the target: `file` (the per-file pipeline under every profile), `config` (the
// configuration loader) or `suppression` (the suppression parser, through a file of directives).
import Foundation


@main
struct Replay {
    static func main() {
        var replayed = 0
        for path in CommandLine.arguments.dropFirst() {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: path)).map { $0.sorted().map { path + "/" + $0 } } ?? [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                data.withUnsafeBytes { run($0.bindMemory(to: UInt8.self)) }
                replayed += 1
            }
        }
        print("replayed \(replayed) input(s) through the \(target) target")
    }
}
