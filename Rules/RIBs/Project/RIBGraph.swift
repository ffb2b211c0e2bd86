import Foundation
import RibsLintKit

/// The RIB tree for people: Mermaid (GitHub renders it), Graphviz DOT, or JSON for tools. An edge is drawn by
/// what the parent does with the child: attaches it (thick), builds or is handed its builder (plain), or only
/// provides its builder for descendants (dotted, drawn only when asked for: `provided`).
public enum RIBGraph {
    public enum Format: String, CaseIterable, Sendable { case mermaid, dot, json }

    /// The profiles whose RIBs form a tree of builders: what `ribslint graph` draws.
    public static let profiles: Set<String> = [Profile.ribs.name, Profile.swiftUIRIB.name, Profile.composableRIBs.name]

    public static func render(_ project: RIBProject, as format: Format, provided: Bool = false) -> String {
        let shape = shape(project, provided: provided)
        switch format {
        case .mermaid: return mermaid(shape)
        case .dot: return dot(shape)
        case .json: return json(shape)
        }
    }

    struct Shape {
        let nodes: [RIBProject.RIB]
        let edges: [RIBProject.Link]
        /// A RIB's name, with its folder when another RIB has the same name.
        let labels: [String: String]
        let cycleEdges: Set<String>
        let cycles: [[String]]

        func label(_ id: String) -> String { labels[id] ?? id }
    }

    static func shape(_ project: RIBProject, provided: Bool) -> Shape {
        let nodes = project.ribs.values.filter(\.isRIB).sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        let ids = Set(nodes.map(\.id))
        // A provided builder that closes a cycle is drawn whatever `provided` says: the cycle `rib_cycle` reports
        // is in the picture.
        let cycles = project.cycles
        var cycleOf: [String: Int] = [:]
        for (position, cycle) in cycles.enumerated() {
            for id in cycle { cycleOf[id] = position }
        }
        let edges = project.edges.filter { edge in
            guard ids.contains(edge.from), ids.contains(edge.to) else { return false }
            return provided || edge.isInTree || (cycleOf[edge.from] != nil && cycleOf[edge.from] == cycleOf[edge.to])
        }
            .sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        let sameName = Dictionary(grouping: nodes, by: \.name)
        var labels: [String: String] = [:]
        for rib in nodes {
            labels[rib.id] = sameName[rib.name, default: []].count > 1 ? "\(rib.name) (\(rib.folder))" : rib.name
        }
        var cycleEdges = Set<String>()
        for edge in edges where cycleOf[edge.from] != nil && cycleOf[edge.from] == cycleOf[edge.to] {
            cycleEdges.insert(key(edge))
        }
        return Shape(nodes: nodes, edges: edges, labels: labels, cycleEdges: cycleEdges, cycles: cycles)
    }

    static func key(_ edge: RIBProject.Link) -> String { "\(edge.from)→\(edge.to)" }

    static func identifier(_ name: String) -> String {
        "rib_" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    static func mermaid(_ shape: Shape) -> String {
        var lines = ["graph TD"]
        for rib in shape.nodes {
            let label = shape.label(rib.id) + (rib.missingParts.isEmpty ? "" : " (no \(rib.missingParts.joined(separator: ", ")))")
            let node = rib.isViewHaving ? "[\"\(label)\"]" : "([\"\(label)\"])"
            lines.append("    \(identifier(shape.label(rib.id)))\(node)")
        }
        var cycleLinks: [Int] = []
        for (index, edge) in shape.edges.enumerated() {
            let inCycle = shape.cycleEdges.contains(key(edge))
            if inCycle { cycleLinks.append(index) }
            let arrow = edge.kinds.contains(.attaches) ? "==>" : edge.isInTree ? "-->" : "-.->"
            lines.append("    \(identifier(shape.label(edge.from))) \(arrow)\(inCycle ? "|cycle|" : "") \(identifier(shape.label(edge.to)))")
        }
        lines.append("    classDef viewless fill:#eef,stroke:#557")
        lines.append("    classDef incomplete stroke:#c00,stroke-width:2px,stroke-dasharray:5 5")
        let viewless = shape.nodes.filter { !$0.isViewHaving }.map { identifier(shape.label($0.id)) }
        if !viewless.isEmpty { lines.append("    class \(viewless.joined(separator: ",")) viewless") }
        let incomplete = shape.nodes.filter { !$0.missingParts.isEmpty }.map { identifier(shape.label($0.id)) }
        if !incomplete.isEmpty { lines.append("    class \(incomplete.joined(separator: ",")) incomplete") }
        if !cycleLinks.isEmpty {
            lines.append("    linkStyle \(cycleLinks.map(String.init).joined(separator: ",")) stroke:#c00,stroke-width:2px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func dot(_ shape: Shape) -> String {
        var lines = [
            "digraph RIBs {", "    rankdir=TB;", "    node [fontname=\"Helvetica\"];",
            "    // box: view-having RIB; ellipse: view-less; red dashed: incomplete; red edge: cycle",
            "    // bold edge: the router attaches the child; plain: builds or is handed its builder; dashed: provides it",
        ]
        for rib in shape.nodes {
            var attributes = ["shape=\(rib.isViewHaving ? "box" : "ellipse")"]
            if !rib.isViewHaving { attributes.append("style=filled, fillcolor=\"#eeeeff\"") }
            if !rib.missingParts.isEmpty {
                attributes.append("color=red, style=\"dashed\(rib.isViewHaving ? "" : ",filled")\"")
                attributes.append("xlabel=\"no \(rib.missingParts.joined(separator: ", "))\"")
            }
            lines.append("    \"\(shape.label(rib.id))\" [\(attributes.joined(separator: ", "))];")
        }
        for edge in shape.edges {
            var attributes: [String] = []
            if edge.kinds.contains(.attaches) { attributes.append("style=bold") } else if !edge.isInTree { attributes.append("style=dashed") }
            if shape.cycleEdges.contains(key(edge)) { attributes += ["color=red", "penwidth=2", "label=\"cycle\""] }
            let style = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("    \"\(shape.label(edge.from))\" -> \"\(shape.label(edge.to))\"\(style);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ shape: Shape) -> String {
        struct Node: Encodable {
            let name: String, viewHaving: Bool, missing: [String]
            let parts: [String: String]
        }
        struct Edge: Encodable { let from: String, to: String, kinds: [String], file: String, line: Int, inCycle: Bool }
        struct Graph: Encodable { let version = 2, ribs: [Node], edges: [Edge], cycles: [[String]] }
        let graph = Graph(
            ribs: shape.nodes.map { rib in
                Node(
                    name: shape.label(rib.id), viewHaving: rib.isViewHaving, missing: rib.missingParts,
                    parts: Dictionary(uniqueKeysWithValues: rib.parts.map { ($0.key.rawValue, "\($0.value.point.path):\($0.value.point.line)") }))
            },
            edges: shape.edges.map {
                Edge(
                    from: shape.label($0.from), to: shape.label($0.to), kinds: $0.kinds.map(\.rawValue), file: $0.point.path, line: $0.point.line,
                    inCycle: shape.cycleEdges.contains(key($0)))
            },
            cycles: shape.cycles.map { $0.map(shape.label) })
        return Reporter.encode(graph)
    }
}
