// A router whose last helper lost its name while being typed: `child_activation` follows its methods by name.
final class ShelfRouter: SwiftUIHostingRouter<ShelfFeature, ShelfView>, ShelfRouting {
    override func bindState() {
        observeAction(for: \.delegate) { [weak self] event in
        }
    }
    func openBook() {
        attachChild(book)
    }
    func closeBook() {
        viewController.navigationController?.popViewController(animated: true) { [weak self] event in
        }
    }
    func
