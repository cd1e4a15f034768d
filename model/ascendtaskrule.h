// Which Ascend device task counts as Computing: the one rule behind the Overlap Analysis lanes the
// importer derives (importers/ascend, for outputs that have none) and the compute tasks of the
// Ascend step analyses (model/analysis/ascend/ascendstepsindex.cpp). Kept in the model layer because
// both use it and importers may not include model/analysis/; two copies drifted apart once a
// Task Type was added to one and not the other, and the lanes then disagreed with the steps.
#pragma once

#include <string_view>

namespace accelscope::model {

/// How a device task counts in the step numbers.
enum class AscendTaskKind : unsigned char {
    NotCompute,     ///< communication (HCCL rows and tasks), waits, event records, profiling markers
    Compute,        ///< compute by its kernel information or by a Task Type that names compute work
    GuessedCompute, ///< no kernel information and a Task Type that does not say ("Other", none): counted, as torch_npu does
};

/// "Accelerator Core" values of communication rows (kernel_details' HCCL / COMMUNICATION rows)
/// and N/A (no core: msprof gives HCCL rows no core).
bool ascendCommunicationCore(std::string_view core);

/// Task Types that name compute work: AI Core, vector, AI CPU, MIX_*, DSA, FFTS.
bool ascendComputeTaskType(std::string_view taskType);

/// Task Types that are not compute work: HCCL's own tasks (notify, write value, RDMA, reduce,
/// SDMA / Memcpy / LOCAL copies of a collective), waits, event records and PROFILING_* markers.
bool ascendNonComputeTaskType(std::string_view taskType);

/// The rule. `kernelInfo`: the task carries kernel information (a joined kernel_details /
/// op_summary row, the db's COMPUTE_TASK_INFO, a legacy MindSpore op): then it computes unless
/// its `core` is communication. Without it the `taskType` decides, as torch_npu's overlap
/// analysis does: everything but the non-compute types and the `hcom_*` collectives themselves
/// (`name`), a guess where the type does not name compute work. A rank where some task has kernel
/// information counts only those tasks (the caller's part: it needs every task of the rank).
AscendTaskKind ascendTaskKind(bool kernelInfo, std::string_view core, std::string_view taskType, std::string_view name);

} // namespace accelscope::model
