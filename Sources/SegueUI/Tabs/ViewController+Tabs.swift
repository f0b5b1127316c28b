extension ViewController {
    /// ``tabBarController``: the nearest among this controller's ancestors.
    var nearestTabBarController: TabBarController? {
        var controller: ViewController? = parent
        while let c = controller {
            if let tabs = c as? TabBarController { return tabs }
            controller = c.parent
        }
        return nil
    }
}
