/// What a wheel changes in the defaults: no tiles, as every cell turns with the content offset.
extension PreparedWheelLayout {
    public var tiling: Tiling { .none }
}
