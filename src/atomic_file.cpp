#include "orca/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "orca/errors.hpp"

namespace orca {

void write_file_atomically(const std::string& path, const std::string& content) {
    const std::string temp = path + ".tmp-" + std::to_string(::getpid());
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(path + ": cannot write (" + std::strerror(errno) + ")");
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        out.flush();
        if (!out) {
            std::error_code ec;
            std::filesystem::remove(temp, ec);
            throw Error(path + ": write failed (disk full?)");
        }
    }
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    if (ec) {
        std::filesystem::remove(temp, ec);
        throw Error(path + ": cannot replace the file (" + ec.message() + ")");
    }
}

}  // namespace orca
