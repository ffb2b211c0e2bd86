import RIBs

/// The routers of this app share one base, declared in this module and inherited in the others.
open class BaseRouter<InteractorType, ViewControllerType>: ViewableRouter<InteractorType, ViewControllerType> {
    public func detachAll() {
        for child in children { detachChild(child) }
    }
}
