import ComposableRIBs

protocol AccountsDependency {
    var bankName: String { get }
}

protocol AccountsRouting: RoutableViewControlling {}

protocol AccountsBuildable {
    func build(with dependency: any AccountsDependency) -> any AccountsRouting
}
