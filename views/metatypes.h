// Q_DECLARE_METATYPE for model value types used in signals of views classes. Every views
// header whose signals carry one of these includes this file first (the declaration must
// precede any use in moc code).
#pragma once

#include "model/types.h"

#include <QMetaType>

Q_DECLARE_METATYPE(accelscope::model::SliceRef)
