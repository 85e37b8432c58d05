#pragma once
namespace orca {
// Bytes of memory the system can still give this process (Linux MemAvailable); a large number
// when it cannot be read, so that checks never refuse on a platform without /proc.
[[nodiscard]] double available_memory_bytes();
}  // namespace orca
