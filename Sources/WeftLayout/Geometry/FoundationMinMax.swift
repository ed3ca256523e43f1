/// Foundation's MIN and MAX macros, which Texture's layout code uses. They differ from
/// Swift's `min`/`max` when a value is NaN (an undefined parent size can make one), so the
/// layout code uses these wherever Texture does, to give the same answers.

/// MIN(a, b) = a < b ? a : b (NaN in either place gives b).
@inlinable
func foundationMin(_ a: Double, _ b: Double) -> Double { a < b ? a : b }

/// MAX(a, b) = a < b ? b : a (NaN in either place gives a).
@inlinable
func foundationMax(_ a: Double, _ b: Double) -> Double { a < b ? b : a }
