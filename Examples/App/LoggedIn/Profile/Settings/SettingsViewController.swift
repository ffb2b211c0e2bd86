import RIBs
import SwiftUI

struct SettingsView: View {
    var body: some View {
        Form { Text("Settings") }
    }
}

final class SettingsViewController: UIHostingController<SettingsView>, SettingsPresentable, ViewControllable {
    init() {
        super.init(rootView: SettingsView())
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
