// Errors are values: importers return Result<T>; cancellation is not an error.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace accelscope::model {

struct ImportError {
    std::string file;
    std::uint64_t position = 0; ///< byte offset in the (decompressed) input, or line when positionIsLine
    bool positionIsLine = false;
    std::string message;        ///< English, complete sentence

    std::string toString() const
    {
        std::string s = file;
        s += positionIsLine ? ":" + std::to_string(position) : " (byte " + std::to_string(position) + ")";
        s += ": ";
        s += message;
        return s;
    }
};

struct Canceled {};

template <typename T>
class Result {
public:
    Result(T value) : m_v(std::move(value)) {}
    Result(ImportError e) : m_v(std::move(e)) {}
    Result(Canceled c) : m_v(c) {}

    bool ok() const { return m_v.index() == 0; }
    bool canceled() const { return m_v.index() == 2; }
    explicit operator bool() const { return ok(); }
    T &value() { return std::get<0>(m_v); }
    const T &value() const { return std::get<0>(m_v); }
    const ImportError &error() const { return std::get<1>(m_v); }

private:
    std::variant<T, ImportError, Canceled> m_v;
};

struct Ok {};
using Status = Result<Ok>;

} // namespace accelscope::model
