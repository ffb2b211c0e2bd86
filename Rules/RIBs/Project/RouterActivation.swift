import RibsLintKit
import SwiftSyntax

/// The methods of a router that its interactor calls as it becomes active, and at no other time: what the RIB does once,
/// when it starts (`attach_detach_balance`'s children that live as long as the RIB; `back_navigation`'s first screen of
/// the router's own stack).
enum RouterActivation {
    /// The router's `Interactable`: the first generic argument of its base class (`Router<RootInteractable>`, `LaunchRouter<
    /// RootInteractable, …>`), which its interactor adopts.
    static func interactable(of router: [TypeDeclaration]) -> String? {
        router.lazy.map(\.superclassArguments).first(where: { !$0.isEmpty })?.first
    }

    /// The router's methods among `names` an interactor adopting its `Interactable` calls on it in `didBecomeActive`,
    /// and no class adopting it calls at another time (`routes`: a later `logout()` routing there again needs the
    /// child detached first).
    static func functions(among names: Set<String>, of router: [TypeDeclaration], types: TypeResolver) -> Set<String> {
        guard let interactable = interactable(of: router) else { return [] }
        var activated: Set<String> = []
        for function in router.flatMap(\.functions) where names.contains(function.name.text) && !activated.contains(function.name.text) {
            guard let own = HelperMethod(type: "", action: .activates, signature: HelperMethod.signature(of: function)[...]) else { continue }
            func calls(_ action: HelperMethod.Action) -> Bool {
                types.helperMethods(named: function.name.text, doing: action).contains { call in
                    own.accepts(labels: call.parameters.map(\.label), trailingClosures: 0) && types.supertypes(of: [call.type]).contains(interactable)
                }
            }
            if calls(.activates), !calls(.routes) { activated.insert(function.name.text) }
        }
        return activated
    }
}
