/// The payments feature's interface: what other features compile against.
public protocol PaymentsServicing: AnyObject {
    func pay(amount: Int)
}

/// Planted (interface_modules_are_protocols, a custom rule of .ribslint.yml): an implementation in the interface
/// module.
public final class PaymentsService: PaymentsServicing {
    public init() {}

    public func pay(amount: Int) {}
}
