#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Online processor count (sysconf `_SC_NPROCESSORS_ONLN`), at least 1.
enum ProcessorCount {
    static var online: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

