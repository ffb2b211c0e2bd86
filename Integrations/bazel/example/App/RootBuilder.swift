import LoggedIn
import RIBs

protocol RootDependency: Dependency {}

final class RootComponent: Component<RootDependency>, LoggedInDependency {}

protocol RootBuildable: Buildable {
    func build() -> LaunchRouting
}

final class RootBuilder: Builder<RootDependency>, RootBuildable {
    func build() -> LaunchRouting {
        let component = RootComponent(dependency: dependency)
        let viewController = RootViewController()
        let interactor = RootInteractor(presenter: viewController)
        return RootRouter(
            interactor: interactor, viewController: viewController,
            loggedInBuilder: LoggedInBuilder(dependency: component))
    }
}
