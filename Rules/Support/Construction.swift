import RibsLintKit
import SwiftSyntax

extension FunctionCallExprSyntax {
    /// The name a call is made by, as the type it would construct: `Detail(…)`, `Detail.init(…)`,
    /// `ViewableRouter<I, V>(…)` → the name; nil for a method call or a contextual `.init(…)`. Callers that
    /// want types only check the name's case.
    var constructedTypeName: String? {
        var called = calledExpression
        if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`),
            let base = member.base
        {
            called = base
        }
        if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
        return called.as(DeclReferenceExprSyntax.self)?.baseName.text
    }
}

extension TypeDeclaration {
    /// The generic arguments of a class's superclass, by name: `SwiftUIHostingRouter<PayeeFeature, PayeeView>`
    /// → `[PayeeFeature, PayeeView]`, `BaseViewController<CartView>` → `[CartView]`.
    var superclassArguments: [String] {
        guard let superclass = declaration.as(ClassDeclSyntax.self)?.inheritanceClause?.inheritedTypes.first?.type,
            let arguments = superclass.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
                ?? superclass.as(MemberTypeSyntax.self)?.genericArgumentClause?.arguments
        else { return [] }
        return arguments.compactMap { $0.argument.as(TypeSyntax.self)?.baseName }
    }
}
