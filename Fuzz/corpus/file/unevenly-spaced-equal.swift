func f() {
    if let pace = container.pace { print(pace) }
}
