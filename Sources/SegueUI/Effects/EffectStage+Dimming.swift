import SegueAnimation

extension EffectStage {
    /// Adds a black dimming view for the effect's duration, right above `page` (covering its frame) or,
    /// without a page, at the bottom of the container (covering its bounds: what shows through the
    /// container, a presenter kept out of the transition, is dimmed). Transparent at first; the effect
    /// sets its alpha in its stages. It takes no touches and is removed when the transition ends.
    func addDimming(over page: View?) -> View {
        let dimming = View(frame: page?.frame ?? container.bounds)
        dimming.backgroundColor = .black
        dimming.alpha = 0
        dimming.isUserInteractionEnabled = false
        dimming.layer.name = "effect dimming"
        if let page {
            addTemporary(dimming, above: page)
        } else {
            addTemporary(dimming)
            View.performWithoutAnimation { container.insertSubview(dimming, at: 0) }
        }
        return dimming
    }
}
