import SwiftSyntax

/// Rx and Combine calls that start a subscription, and the chains they end.
enum Subscription {
    /// Method names that may start a subscription: a file with none of them has nothing to check.
    static let names = ["subscribe", "bind", "drive", "emit", "sink", "assign"]

    /// `.subscribe(…)`, `.bind(to:|with:|onNext:)`, `.drive(…)`, `.emit(…)`, `.sink(…)`, `.assign(to:on:)`;
    /// not the operators `subscribe(on:)` and Combine's self-managing `assign(to: &$published)`.
    static func isSubscribing(_ call: FunctionCallExprSyntax) -> MemberAccessExprSyntax? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        switch member.declName.baseName.text {
        case "subscribe": return labels == ["on"] ? nil : member
        case "bind": return labels.first.map { ["to", "with", "onNext"].contains($0) } == true ? member : nil
        case "drive", "emit", "sink": return member
        case "assign": return labels == ["to", "on"] ? member : nil
        default: return nil
        }
    }

    /// The outermost call of the method chain `call` starts: `a.subscribe().disposed(by:)` → the `disposed` call.
    static func chainEnd(from call: FunctionCallExprSyntax) -> FunctionCallExprSyntax {
        var end = call
        while let member = end.parent?.as(MemberAccessExprSyntax.self), member.base?.id == end.id,
            let next = member.parent?.as(FunctionCallExprSyntax.self), next.calledExpression.id == member.id
        {
            end = next
        }
        return end
    }

    static func name(of call: FunctionCallExprSyntax) -> String? {
        call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }
}
