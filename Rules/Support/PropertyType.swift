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
            return RIBName.built(by: builderType).map { [$0 + "Routing"] } ?? []
        }
        return call.constructedTypeName.map { [$0] } ?? []
    }
}
