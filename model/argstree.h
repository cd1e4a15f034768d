// On-demand parsing of args JSON text into a small tree for the details panel and analyses.
// Numbers keep their source text, so 64-bit ids and NCCL "Comms Id" values above 2^63 are
// shown exactly.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model {

struct ArgNode {
    enum class Type { Null, Bool, Number, String, Array, Object };
    Type type = Type::Null;
    std::string key;   ///< member name (objects), index text (arrays), empty for the root
    std::string value; ///< scalar text: number verbatim, string unescaped, "true"/"false"/"null"
    std::vector<ArgNode> children;

    const ArgNode *child(std::string_view key) const;
};

/// Levels of nesting parseArgs() takes by default: "[[1]]" has 2. Importers skip events nested
/// deeper than InputLimits::maxJsonDepth (same default, counted from the event object), so
/// every args object they store parses.
inline constexpr int kMaxArgsDepth = 256;

/// Parses JSON text. Returns nullopt for invalid JSON (the args store only holds valid JSON,
/// so that means a bug upstream) and for values nested deeper than `maxDepth` levels (the
/// parser recurses once per level, so the stack stays bounded).
std::optional<ArgNode> parseArgs(std::string_view json, int maxDepth = kMaxArgsDepth);

/// Text of a top-level member's scalar value without building the tree (fast path for
/// analyses reading one key, e.g. "correlation"). Strings come back unescaped.
std::optional<std::string> findArg(std::string_view json, std::string_view key);

} // namespace accelscope::model
