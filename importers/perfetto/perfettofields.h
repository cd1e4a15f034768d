// Field numbers of perfetto_trace.proto, for the hand-written decoder. The schema test
// (tests/importers/perfetto/tst_perfettoschema.cpp) compares every constant here with the
// descriptor that protoc generated from the .proto, so the two cannot drift apart.
#pragma once

#include <cstdint>

namespace accelscope::importers::perfetto::fields {

namespace Trace {
constexpr std::uint32_t packet = 1;
}

namespace TracePacket {
constexpr std::uint32_t timestamp = 8;
constexpr std::uint32_t timestamp_clock_id = 58;
constexpr std::uint32_t trusted_packet_sequence_id = 10;
constexpr std::uint32_t sequence_flags = 13;
constexpr std::uint32_t incremental_state_cleared = 41;
constexpr std::uint32_t interned_data = 12;
constexpr std::uint32_t trace_packet_defaults = 59;
constexpr std::uint32_t previous_packet_dropped = 42;
constexpr std::uint32_t first_packet_on_sequence = 87;
constexpr std::uint32_t trusted_uid = 3;
constexpr std::uint32_t trusted_pid = 79;
constexpr std::uint32_t machine_id = 98;
constexpr std::uint32_t track_event = 11;
constexpr std::uint32_t track_descriptor = 60;
constexpr std::uint32_t clock_snapshot = 6;
constexpr std::uint32_t process_descriptor = 43;
constexpr std::uint32_t thread_descriptor = 44;
constexpr std::uint32_t compressed_packets = 50;
constexpr std::uint32_t zstd_compressed_packets = 133;
constexpr std::uint32_t synchronization_marker = 36;
constexpr std::uint32_t kSeqIncrementalStateCleared = 1;
constexpr std::uint32_t kSeqNeedsIncrementalState = 2;
} // namespace TracePacket

namespace TracePacketDefaults {
constexpr std::uint32_t timestamp_clock_id = 58;
constexpr std::uint32_t track_event_defaults = 11;
} // namespace TracePacketDefaults

namespace TrackEventDefaults {
constexpr std::uint32_t track_uuid = 11;
constexpr std::uint32_t extra_counter_track_uuids = 31;
constexpr std::uint32_t extra_double_counter_track_uuids = 45;
} // namespace TrackEventDefaults

namespace TrackEvent {
constexpr std::uint32_t type = 9;
constexpr std::uint32_t track_uuid = 11;
constexpr std::uint32_t name = 23;
constexpr std::uint32_t name_iid = 10;
constexpr std::uint32_t categories = 22;
constexpr std::uint32_t category_iids = 3;
constexpr std::uint32_t debug_annotations = 4;
constexpr std::uint32_t counter_value = 30;
constexpr std::uint32_t double_counter_value = 44;
constexpr std::uint32_t extra_counter_track_uuids = 31;
constexpr std::uint32_t extra_counter_values = 12;
constexpr std::uint32_t extra_double_counter_track_uuids = 45;
constexpr std::uint32_t extra_double_counter_values = 46;
constexpr std::uint32_t flow_ids = 47;
constexpr std::uint32_t terminating_flow_ids = 48;
constexpr std::uint32_t flow_ids_old = 36;
constexpr std::uint32_t terminating_flow_ids_old = 42;
constexpr std::uint32_t legacy_event = 6;
constexpr std::uint32_t timestamp_delta_us = 1;
constexpr std::uint32_t timestamp_absolute_us = 16;
// TrackEvent.Type
constexpr std::uint32_t TYPE_UNSPECIFIED = 0;
constexpr std::uint32_t TYPE_SLICE_BEGIN = 1;
constexpr std::uint32_t TYPE_SLICE_END = 2;
constexpr std::uint32_t TYPE_INSTANT = 3;
constexpr std::uint32_t TYPE_COUNTER = 4;
} // namespace TrackEvent

namespace LegacyEvent {
constexpr std::uint32_t name_iid = 1;
constexpr std::uint32_t phase = 2;
constexpr std::uint32_t duration_us = 3;
constexpr std::uint32_t bind_id = 8;         ///< flow v2: the flow this event binds to
constexpr std::uint32_t flow_direction = 13; ///< FlowDirection of bind_id
enum FlowDirection : std::uint8_t { FLOW_UNSPECIFIED = 0, FLOW_IN = 1, FLOW_OUT = 2, FLOW_INOUT = 3 };
} // namespace LegacyEvent

namespace DebugAnnotation {
constexpr std::uint32_t name_iid = 1;
constexpr std::uint32_t name = 10;
constexpr std::uint32_t bool_value = 2;
constexpr std::uint32_t uint_value = 3;
constexpr std::uint32_t int_value = 4;
constexpr std::uint32_t double_value = 5;
constexpr std::uint32_t string_value = 6;
constexpr std::uint32_t pointer_value = 7;
constexpr std::uint32_t nested_value = 8;
constexpr std::uint32_t legacy_json_value = 9;
constexpr std::uint32_t string_value_iid = 17;
constexpr std::uint32_t dict_entries = 11;
constexpr std::uint32_t array_values = 12;
constexpr std::uint32_t proto_type_name = 16;
constexpr std::uint32_t proto_type_name_iid = 13;
constexpr std::uint32_t proto_value = 14;
} // namespace DebugAnnotation

namespace NestedValue {
constexpr std::uint32_t nested_type = 1;
constexpr std::uint32_t dict_keys = 2;
constexpr std::uint32_t dict_values = 3;
constexpr std::uint32_t array_values = 4;
constexpr std::uint32_t int_value = 5;
constexpr std::uint32_t double_value = 6;
constexpr std::uint32_t bool_value = 7;
constexpr std::uint32_t string_value = 8;
constexpr std::uint32_t DICT = 1;
constexpr std::uint32_t ARRAY = 2;
} // namespace NestedValue

namespace InternedData {
constexpr std::uint32_t event_categories = 1;
constexpr std::uint32_t event_names = 2;
constexpr std::uint32_t debug_annotation_names = 3;
constexpr std::uint32_t debug_annotation_value_type_names = 27;
constexpr std::uint32_t debug_annotation_string_values = 29;
} // namespace InternedData

// EventCategory, EventName, DebugAnnotationName, InternedString share the layout.
namespace InternedEntry {
constexpr std::uint32_t iid = 1;
constexpr std::uint32_t name = 2; // `str` (bytes) in InternedString
} // namespace InternedEntry

namespace TrackDescriptor {
constexpr std::uint32_t uuid = 1;
constexpr std::uint32_t parent_uuid = 5;
constexpr std::uint32_t name = 2;
constexpr std::uint32_t static_name = 10;
constexpr std::uint32_t atrace_name = 13;
constexpr std::uint32_t description = 14;
constexpr std::uint32_t process = 3;
constexpr std::uint32_t thread = 4;
constexpr std::uint32_t counter = 8;
constexpr std::uint32_t child_ordering = 11;
constexpr std::uint32_t sibling_order_rank = 12;
constexpr std::uint32_t sibling_merge_behavior = 15;
constexpr std::uint32_t EXPLICIT = 3;
constexpr std::uint32_t SIBLING_MERGE_BEHAVIOR_NONE = 2;
} // namespace TrackDescriptor

namespace ProcessDescriptor {
constexpr std::uint32_t pid = 1;
constexpr std::uint32_t cmdline = 2;
constexpr std::uint32_t process_name = 6;
constexpr std::uint32_t process_labels = 8;
} // namespace ProcessDescriptor

namespace ThreadDescriptor {
constexpr std::uint32_t pid = 1;
constexpr std::uint32_t tid = 2;
constexpr std::uint32_t thread_name = 5;
constexpr std::uint32_t reference_timestamp_us = 6;
} // namespace ThreadDescriptor

namespace CounterDescriptor {
constexpr std::uint32_t unit = 3;
constexpr std::uint32_t unit_multiplier = 4;
constexpr std::uint32_t is_incremental = 5;
} // namespace CounterDescriptor

namespace ClockSnapshot {
constexpr std::uint32_t clocks = 1;
constexpr std::uint32_t primary_trace_clock = 2;
} // namespace ClockSnapshot

namespace Clock {
constexpr std::uint32_t clock_id = 1;
constexpr std::uint32_t timestamp = 2;
constexpr std::uint32_t is_incremental = 3;
constexpr std::uint32_t unit_multiplier_ns = 4;
} // namespace Clock

constexpr std::uint32_t kBuiltinClockBoottime = 6;
constexpr std::uint32_t kFirstSequenceClock = 64;
constexpr std::uint32_t kLastSequenceClock = 127;

} // namespace accelscope::importers::perfetto::fields
