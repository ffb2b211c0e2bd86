import RibsLintKit

/// The RIBs of the whole project, merged from every file's `RIBFacts` (and `NavigationFacts` where
/// `back_navigation` asked for them).
public struct RIBProject: ProjectModel {
    public struct RIB: Sendable, Equatable {
        public let name: String
        public var parts: [Role: RIBFacts.Part] = [:]

        /// A RIB with a presenter, or whose interactor is a `PresentableInteractor`, owns a view.
        public var isViewHaving: Bool {
            hasPresenter || parts[.interactor]?.superclass == "PresentableInteractor"
        }

        /// A view controller implementing the RIB's `*Presentable`.
        public var hasPresenter: Bool { parts[.presenter]?.isPresentable == true }

        /// A builder, router or interactor makes a RIB; a lone view controller may be plain UIKit.
        public var isRIB: Bool { parts[.builder] != nil || parts[.router] != nil || parts[.interactor] != nil }

        /// Parts a RIB of its kind needs but lacks (seed 000, "Scaffolding the new RIB"), by file-name role.
        public var missingParts: [String] {
            let required: [(Role, String)] = [(.builder, "Builder"), (.interactor, "Interactor"), (.router, "Router")]
                + (isViewHaving ? [(.presenter, "ViewController")] : [])
            return required.filter { parts[$0.0] == nil }.map(\.1)
        }

        /// Where findings about the RIB as a whole point: its builder, else its router, else its interactor.
        public var anchor: RIBFacts.Part? {
            parts[.builder] ?? parts[.router] ?? parts[.interactor] ?? parts[.presenter]
        }
    }

    public let ribs: [String: RIB]
    /// Parent → child references, one per distinct pair, at the first place it is made.
    public let edges: [RIBFacts.Edge]
    public let pushes: [RIBFacts.Edge]
    public let ribsHandlingBack: Set<String>
    /// Every Swift file the rules may ask about (test files): the linted ones and the rest of the project.
    public let filePaths: [String]

    public init(project: Project) {
        let facts = project.facts(RIBFacts.self)
        let navigation = project.facts(NavigationFacts.self)
        var ribs: [String: RIB] = [:]
        for part in facts.flatMap(\.parts) where [.builder, .interactor, .router, .presenter].contains(part.role) {
            var rib = ribs[part.rib] ?? RIB(name: part.rib)
            if rib.parts[part.role] == nil { rib.parts[part.role] = part }
            ribs[part.rib] = rib
        }
        self.ribs = ribs
        var seen = Set<String>()
        edges = facts.flatMap(\.edges).filter { seen.insert("\($0.from)→\($0.to)").inserted }
        pushes = navigation.flatMap(\.pushes)
        ribsHandlingBack = Set(navigation.flatMap(\.handlesBack))
        filePaths = project.filePaths
    }

    /// RIB names in every cycle of the parent → child graph (strongly connected, more than one RIB).
    public var cycles: [[String]] {
        var adjacency: [String: [String]] = [:]
        for edge in edges { adjacency[edge.from, default: []].append(edge.to) }
        var index = 0
        var indices: [String: Int] = [:]
        var lowLinks: [String: Int] = [:]
        var stack: [String] = []
        var onStack = Set<String>()
        var components: [[String]] = []
        func connect(_ node: String) {
            indices[node] = index
            lowLinks[node] = index
            index += 1
            stack.append(node)
            onStack.insert(node)
            for next in adjacency[node, default: []].sorted() {
                if indices[next] == nil {
                    connect(next)
                    lowLinks[node] = min(lowLinks[node, default: 0], lowLinks[next, default: 0])
                } else if onStack.contains(next) {
                    lowLinks[node] = min(lowLinks[node, default: 0], indices[next, default: 0])
                }
            }
            if lowLinks[node] == indices[node] {
                var component: [String] = []
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component.append(top)
                    if top == node { break }
                }
                if component.count > 1 { components.append(component.sorted()) }
            }
        }
        for node in Set(edges.flatMap { [$0.from, $0.to] }).sorted() where indices[node] == nil {
            connect(node)
        }
        return components.sorted { $0.first ?? "" < $1.first ?? "" }
    }
}
