// Helpers for the event handlers of JSON dialects (see jsonpipeline.h): what every dialect of
// the Chrome trace family needs per worker. Each object belongs to one handler (one thread).
#pragma once

#include "jsonpipeline.h"

#include <simdjson.h>

#include <string>
#include <unordered_map>

namespace accelscope::importers::json {

/// Process and thread lookups of the current shard by numeric pid/tid, cached: most events of
/// a trace fall on a few dozen tracks and the shard's own lookup interns and hashes more.
/// Call reset() with each new shard (beginChunk).
class EntityCache {
public:
    void reset(model::BuilderShard &shard)
    {
        m_shard = &shard;
        m_processes.clear();
        m_threads.clear();
    }
    model::EntityKey pidKey(const RawEvent &e)
    {
        return e.pidIsString ? model::EntityKey{0, m_shard->intern(e.pidStr)} : model::EntityKey::number(e.pid);
    }
    model::EntityKey tidKey(const RawEvent &e)
    {
        return e.tidIsString ? model::EntityKey{0, m_shard->intern(e.tidStr)} : model::EntityKey::number(e.tid);
    }
    model::LocalProcess process(const RawEvent &e)
    {
        if (e.pidIsString)
            return m_shard->process(pidKey(e));
        auto it = m_processes.find(static_cast<std::uint64_t>(e.pid));
        if (it != m_processes.end())
            return it->second;
        const model::LocalProcess p = m_shard->process(model::EntityKey::number(e.pid));
        m_processes.emplace(static_cast<std::uint64_t>(e.pid), p);
        return p;
    }
    model::LocalTrack thread(const RawEvent &e)
    {
        if (e.pidIsString || e.tidIsString)
            return m_shard->thread(process(e), tidKey(e));
        const Key key{static_cast<std::uint64_t>(e.pid), static_cast<std::uint64_t>(e.tid)};
        auto it = m_threads.find(key);
        if (it != m_threads.end())
            return it->second;
        const model::LocalTrack t = m_shard->thread(process(e), model::EntityKey::number(e.tid));
        m_threads.emplace(key, t);
        return t;
    }
    /// The track of an instant event by its scope `s`: "g" global, "p" its process, else its
    /// thread (the Trace Event format's default).
    model::LocalTrack instantTrack(const RawEvent &e)
    {
        if (e.scope == "g")
            return m_shard->globalInstantTrack();
        if (e.scope == "p")
            return m_shard->processInstantTrack(process(e));
        return thread(e);
    }

private:
    using Key = std::pair<std::uint64_t, std::uint64_t>;
    struct KeyHash {
        std::size_t operator()(const Key &k) const
        {
            return std::hash<std::uint64_t>()(k.first * 0x9E3779B97F4A7C15ull ^ k.second);
        }
    };
    model::BuilderShard *m_shard = nullptr;
    std::unordered_map<std::uint64_t, model::LocalProcess> m_processes;
    std::unordered_map<Key, model::LocalTrack, KeyHash> m_threads;
};

/// Drops the whitespace outside strings from valid JSON text (the args object, which simdjson
/// has already validated), 64 bytes at a time. The result stays valid until the next call.
class ArgsMinifier {
public:
    std::string_view minify(std::string_view json);

private:
    std::string m_out;
};

/// Iterates the members of an args object text with a parser of its own (the chunk's parser
/// is busy with the chunk). For the few events whose args carry meaning (metadata, counters).
class ArgsReader {
public:
    /// Calls fn(key, simdjson::ondemand::value) per member; false when `json` is not an object.
    template <typename F>
    bool forEach(std::string_view json, F &&fn)
    {
        if (json.empty())
            return false;
        m_padded = simdjson::padded_string(json);
        simdjson::ondemand::document doc;
        if (m_parser.iterate(m_padded).get(doc))
            return false;
        simdjson::ondemand::object obj;
        if (doc.get_object().get(obj))
            return false;
        for (auto field : obj) {
            std::string_view key;
            if (field.unescaped_key().get(key))
                return false;
            std::string k(key);
            simdjson::ondemand::value v;
            if (field.value().get(v))
                return false;
            fn(k, v);
        }
        return true;
    }

private:
    simdjson::ondemand::parser m_parser;
    simdjson::padded_string m_padded;
};

} // namespace accelscope::importers::json
