// The hand-written decoder's field numbers (perfettofields.h) must agree with our .proto, and
// our .proto must encode the shared text-format samples to exactly the shared binaries.
#include "importers/perfetto/perfettofields.h"

#include "perfetto_trace.pb.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/text_format.h>

#include <QTest>

#include <fstream>
#include <sstream>

namespace F = accelscope::importers::perfetto::fields;
using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

namespace {

std::string readAll(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

class TestPerfettoSchema : public QObject {
    Q_OBJECT
private slots:
    void decoderFieldNumbersMatchTheProto_data();
    void decoderFieldNumbersMatchTheProto();
    void sharedTextprotosEncodeToTheSharedBinaries_data();
    void sharedTextprotosEncodeToTheSharedBinaries();
};

void TestPerfettoSchema::decoderFieldNumbersMatchTheProto_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("number");
    QTest::addColumn<int>("type"); // FieldDescriptor::Type, 0 = any

    auto row = [](const char *m, const char *f, std::uint32_t n, int type = 0) {
        QTest::newRow(qPrintable(QStringLiteral("%1.%2").arg(m, f))) << QString(m) << QString(f) << int(n) << type;
    };
    using FD = FieldDescriptor;
    row("Trace", "packet", F::Trace::packet, FD::TYPE_MESSAGE);
    namespace P = F::TracePacket;
    row("TracePacket", "timestamp", P::timestamp, FD::TYPE_UINT64);
    row("TracePacket", "timestamp_clock_id", P::timestamp_clock_id, FD::TYPE_UINT32);
    row("TracePacket", "trusted_packet_sequence_id", P::trusted_packet_sequence_id, FD::TYPE_UINT32);
    row("TracePacket", "sequence_flags", P::sequence_flags, FD::TYPE_UINT32);
    row("TracePacket", "incremental_state_cleared", P::incremental_state_cleared, FD::TYPE_BOOL);
    row("TracePacket", "interned_data", P::interned_data, FD::TYPE_MESSAGE);
    row("TracePacket", "trace_packet_defaults", P::trace_packet_defaults, FD::TYPE_MESSAGE);
    row("TracePacket", "previous_packet_dropped", P::previous_packet_dropped);
    row("TracePacket", "first_packet_on_sequence", P::first_packet_on_sequence);
    row("TracePacket", "trusted_uid", P::trusted_uid);
    row("TracePacket", "trusted_pid", P::trusted_pid);
    row("TracePacket", "machine_id", P::machine_id);
    row("TracePacket", "track_event", P::track_event, FD::TYPE_MESSAGE);
    row("TracePacket", "track_descriptor", P::track_descriptor, FD::TYPE_MESSAGE);
    row("TracePacket", "clock_snapshot", P::clock_snapshot, FD::TYPE_MESSAGE);
    row("TracePacket", "process_descriptor", P::process_descriptor, FD::TYPE_MESSAGE);
    row("TracePacket", "thread_descriptor", P::thread_descriptor, FD::TYPE_MESSAGE);
    row("TracePacket", "compressed_packets", P::compressed_packets, FD::TYPE_BYTES);
    row("TracePacket", "zstd_compressed_packets", P::zstd_compressed_packets, FD::TYPE_BYTES);
    row("TracePacket", "synchronization_marker", P::synchronization_marker, FD::TYPE_BYTES);
    row("TracePacketDefaults", "timestamp_clock_id", F::TracePacketDefaults::timestamp_clock_id);
    row("TracePacketDefaults", "track_event_defaults", F::TracePacketDefaults::track_event_defaults);
    row("TrackEventDefaults", "track_uuid", F::TrackEventDefaults::track_uuid, FD::TYPE_UINT64);
    row("TrackEventDefaults", "extra_counter_track_uuids", F::TrackEventDefaults::extra_counter_track_uuids);
    row("TrackEventDefaults", "extra_double_counter_track_uuids",
        F::TrackEventDefaults::extra_double_counter_track_uuids);
    namespace E = F::TrackEvent;
    row("TrackEvent", "type", E::type, FD::TYPE_ENUM);
    row("TrackEvent", "track_uuid", E::track_uuid, FD::TYPE_UINT64);
    row("TrackEvent", "name", E::name, FD::TYPE_STRING);
    row("TrackEvent", "name_iid", E::name_iid, FD::TYPE_UINT64);
    row("TrackEvent", "categories", E::categories, FD::TYPE_STRING);
    row("TrackEvent", "category_iids", E::category_iids, FD::TYPE_UINT64);
    row("TrackEvent", "debug_annotations", E::debug_annotations, FD::TYPE_MESSAGE);
    row("TrackEvent", "counter_value", E::counter_value, FD::TYPE_INT64);
    row("TrackEvent", "double_counter_value", E::double_counter_value, FD::TYPE_DOUBLE);
    row("TrackEvent", "extra_counter_track_uuids", E::extra_counter_track_uuids, FD::TYPE_UINT64);
    row("TrackEvent", "extra_counter_values", E::extra_counter_values, FD::TYPE_INT64);
    row("TrackEvent", "extra_double_counter_track_uuids", E::extra_double_counter_track_uuids, FD::TYPE_UINT64);
    row("TrackEvent", "extra_double_counter_values", E::extra_double_counter_values, FD::TYPE_DOUBLE);
    row("TrackEvent", "flow_ids", E::flow_ids, FD::TYPE_FIXED64);
    row("TrackEvent", "terminating_flow_ids", E::terminating_flow_ids, FD::TYPE_FIXED64);
    row("TrackEvent", "flow_ids_old", E::flow_ids_old, FD::TYPE_UINT64);
    row("TrackEvent", "terminating_flow_ids_old", E::terminating_flow_ids_old, FD::TYPE_UINT64);
    row("TrackEvent", "legacy_event", E::legacy_event, FD::TYPE_MESSAGE);
    row("TrackEvent", "timestamp_delta_us", E::timestamp_delta_us, FD::TYPE_INT64);
    row("TrackEvent", "timestamp_absolute_us", E::timestamp_absolute_us, FD::TYPE_INT64);
    row("TrackEvent.LegacyEvent", "name_iid", F::LegacyEvent::name_iid);
    row("TrackEvent.LegacyEvent", "phase", F::LegacyEvent::phase, FD::TYPE_INT32);
    row("TrackEvent.LegacyEvent", "duration_us", F::LegacyEvent::duration_us, FD::TYPE_INT64);
    row("TrackEvent.LegacyEvent", "bind_id", F::LegacyEvent::bind_id, FD::TYPE_UINT64);
    row("TrackEvent.LegacyEvent", "flow_direction", F::LegacyEvent::flow_direction, FD::TYPE_ENUM);
    namespace A = F::DebugAnnotation;
    row("DebugAnnotation", "name_iid", A::name_iid, FD::TYPE_UINT64);
    row("DebugAnnotation", "name", A::name, FD::TYPE_STRING);
    row("DebugAnnotation", "bool_value", A::bool_value, FD::TYPE_BOOL);
    row("DebugAnnotation", "uint_value", A::uint_value, FD::TYPE_UINT64);
    row("DebugAnnotation", "int_value", A::int_value, FD::TYPE_INT64);
    row("DebugAnnotation", "double_value", A::double_value, FD::TYPE_DOUBLE);
    row("DebugAnnotation", "string_value", A::string_value, FD::TYPE_STRING);
    row("DebugAnnotation", "pointer_value", A::pointer_value, FD::TYPE_UINT64);
    row("DebugAnnotation", "nested_value", A::nested_value, FD::TYPE_MESSAGE);
    row("DebugAnnotation", "legacy_json_value", A::legacy_json_value, FD::TYPE_STRING);
    row("DebugAnnotation", "string_value_iid", A::string_value_iid, FD::TYPE_UINT64);
    row("DebugAnnotation", "dict_entries", A::dict_entries, FD::TYPE_MESSAGE);
    row("DebugAnnotation", "array_values", A::array_values, FD::TYPE_MESSAGE);
    row("DebugAnnotation", "proto_type_name", A::proto_type_name);
    row("DebugAnnotation", "proto_type_name_iid", A::proto_type_name_iid);
    row("DebugAnnotation", "proto_value", A::proto_value, FD::TYPE_BYTES);
    namespace N = F::NestedValue;
    row("DebugAnnotation.NestedValue", "nested_type", N::nested_type, FD::TYPE_ENUM);
    row("DebugAnnotation.NestedValue", "dict_keys", N::dict_keys, FD::TYPE_STRING);
    row("DebugAnnotation.NestedValue", "dict_values", N::dict_values, FD::TYPE_MESSAGE);
    row("DebugAnnotation.NestedValue", "array_values", N::array_values, FD::TYPE_MESSAGE);
    row("DebugAnnotation.NestedValue", "int_value", N::int_value, FD::TYPE_INT64);
    row("DebugAnnotation.NestedValue", "double_value", N::double_value, FD::TYPE_DOUBLE);
    row("DebugAnnotation.NestedValue", "bool_value", N::bool_value, FD::TYPE_BOOL);
    row("DebugAnnotation.NestedValue", "string_value", N::string_value, FD::TYPE_STRING);
    namespace I = F::InternedData;
    row("InternedData", "event_categories", I::event_categories);
    row("InternedData", "event_names", I::event_names);
    row("InternedData", "debug_annotation_names", I::debug_annotation_names);
    row("InternedData", "debug_annotation_value_type_names", I::debug_annotation_value_type_names);
    row("InternedData", "debug_annotation_string_values", I::debug_annotation_string_values);
    for (const char *m : {"EventCategory", "EventName", "DebugAnnotationName"}) {
        row(m, "iid", F::InternedEntry::iid, FD::TYPE_UINT64);
        row(m, "name", F::InternedEntry::name, FD::TYPE_STRING);
    }
    row("InternedString", "iid", F::InternedEntry::iid, FD::TYPE_UINT64);
    row("InternedString", "str", F::InternedEntry::name, FD::TYPE_BYTES);
    namespace T = F::TrackDescriptor;
    row("TrackDescriptor", "uuid", T::uuid, FD::TYPE_UINT64);
    row("TrackDescriptor", "parent_uuid", T::parent_uuid, FD::TYPE_UINT64);
    row("TrackDescriptor", "name", T::name, FD::TYPE_STRING);
    row("TrackDescriptor", "static_name", T::static_name, FD::TYPE_STRING);
    row("TrackDescriptor", "atrace_name", T::atrace_name, FD::TYPE_STRING);
    row("TrackDescriptor", "description", T::description, FD::TYPE_STRING);
    row("TrackDescriptor", "process", T::process, FD::TYPE_MESSAGE);
    row("TrackDescriptor", "thread", T::thread, FD::TYPE_MESSAGE);
    row("TrackDescriptor", "counter", T::counter, FD::TYPE_MESSAGE);
    row("TrackDescriptor", "child_ordering", T::child_ordering, FD::TYPE_ENUM);
    row("TrackDescriptor", "sibling_order_rank", T::sibling_order_rank, FD::TYPE_INT32);
    row("TrackDescriptor", "sibling_merge_behavior", T::sibling_merge_behavior, FD::TYPE_ENUM);
    row("ProcessDescriptor", "pid", F::ProcessDescriptor::pid, FD::TYPE_INT32);
    row("ProcessDescriptor", "cmdline", F::ProcessDescriptor::cmdline);
    row("ProcessDescriptor", "process_name", F::ProcessDescriptor::process_name, FD::TYPE_STRING);
    row("ProcessDescriptor", "process_labels", F::ProcessDescriptor::process_labels);
    row("ThreadDescriptor", "pid", F::ThreadDescriptor::pid, FD::TYPE_INT32);
    row("ThreadDescriptor", "tid", F::ThreadDescriptor::tid, FD::TYPE_INT64);
    row("ThreadDescriptor", "thread_name", F::ThreadDescriptor::thread_name, FD::TYPE_STRING);
    row("ThreadDescriptor", "reference_timestamp_us", F::ThreadDescriptor::reference_timestamp_us);
    row("CounterDescriptor", "unit", F::CounterDescriptor::unit, FD::TYPE_ENUM);
    row("CounterDescriptor", "unit_multiplier", F::CounterDescriptor::unit_multiplier, FD::TYPE_INT64);
    row("CounterDescriptor", "is_incremental", F::CounterDescriptor::is_incremental, FD::TYPE_BOOL);
    row("ClockSnapshot", "clocks", F::ClockSnapshot::clocks, FD::TYPE_MESSAGE);
    row("ClockSnapshot", "primary_trace_clock", F::ClockSnapshot::primary_trace_clock, FD::TYPE_ENUM);
    row("ClockSnapshot.Clock", "clock_id", F::Clock::clock_id, FD::TYPE_UINT32);
    row("ClockSnapshot.Clock", "timestamp", F::Clock::timestamp, FD::TYPE_UINT64);
    row("ClockSnapshot.Clock", "is_incremental", F::Clock::is_incremental, FD::TYPE_BOOL);
    row("ClockSnapshot.Clock", "unit_multiplier_ns", F::Clock::unit_multiplier_ns, FD::TYPE_UINT64);
}

void TestPerfettoSchema::decoderFieldNumbersMatchTheProto()
{
    QFETCH(QString, message);
    QFETCH(QString, field);
    QFETCH(int, number);
    QFETCH(int, type);
    const Descriptor *d = perfetto::protos::Trace::descriptor()->file()->pool()->FindMessageTypeByName(
        "perfetto.protos." + message.toStdString());
    QVERIFY2(d, qPrintable(message));
    const FieldDescriptor *f = d->FindFieldByName(field.toStdString());
    QVERIFY2(f, qPrintable(field));
    QCOMPARE(f->number(), number);
    if (type)
        QCOMPARE(int(f->type()), type);
}

void TestPerfettoSchema::sharedTextprotosEncodeToTheSharedBinaries_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("bigtpu_like") << QStringLiteral("bigtpu_like");
    QTest::newRow("interned_sequences") << QStringLiteral("interned_sequences");
}

void TestPerfettoSchema::sharedTextprotosEncodeToTheSharedBinaries()
{
    QFETCH(QString, name);
    const std::string base = std::string(ACCELSCOPE_SHARED_DATA) + "/perfetto/" + name.toStdString();
    perfetto::protos::Trace trace;
    QVERIFY(google::protobuf::TextFormat::ParseFromString(readAll(base + ".textproto"), &trace));
    // Every field the samples use is known to our schema, and field numbers and types agree.
    QVERIFY(trace.unknown_fields().empty());
    QCOMPARE(trace.SerializeAsString() == readAll(base + ".pftrace"), true);
}

QTEST_GUILESS_MAIN(TestPerfettoSchema)
#include "tst_perfettoschema.moc"
