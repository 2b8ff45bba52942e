// The few transcendental functions Motion needs. `Double` has no `exp`, `cos`, `sin` or `log`
// methods and Motion imports no Foundation, so they come straight from the C library (libm is
// linked by Package.swift). Everything else in the module calls these wrappers.
import Glibc

@inline(__always) func exponential(_ x: Double) -> Double { exp(x) }
@inline(__always) func naturalLog(_ x: Double) -> Double { log(x) }
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
