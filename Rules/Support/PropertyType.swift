import RibsLintKit
import SwiftSyntax

extension StoredProperty {
    /// The named types the property holds, from its annotation or, without one, from what its initializer
    /// produces: `[ViewableRouting]()` → `ViewableRouting`, `DetailRouter(…)` → `DetailRouter`, and a child
    /// builder's `build(…)` → that RIB's `*Routing` (`detailBuilder.build(withListener: self)` with
    /// `detailBuilder: DetailBuildable` → `DetailRouting`).
    func heldTypeNames(in owner: TypeDeclaration) -> [String] {
        if let type { return type.heldTypeNames }
        guard let initializer = initializer?.unwrapped else { return [] }
        guard let call = initializer.as(FunctionCallExprSyntax.self) else { return [] }
        if let array = call.calledExpression.as(ArrayExprSyntax.self) {
            return array.elements.compactMap { $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text }
        }
        if let specialized = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            ["Array", "Set", "Optional"].contains(specialized.expression.lastName ?? "")
        {
            return specialized.genericArgumentClause.arguments.compactMap { $0.argument.as(TypeSyntax.self)?.baseName }
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "build",
            let builder = member.base?.lastName,
            let builderType = owner.storedProperties.first(where: { $0.name == builder })?.type?.heldTypeNames.first
        {
            for suffix in ["Buildable", "Builder"] where builderType.hasSuffix(suffix) && builderType.count > suffix.count {
                return [String(builderType.dropLast(suffix.count)) + "Routing"]
            }
            return []
        }
        var called = call.calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
            called = base
        }
        return called.as(DeclReferenceExprSyntax.self).map { [$0.baseName.text] } ?? []
    }
}
