// The colours of the analysis charts: Tableau 10, which stays apart on light and dark
// backgrounds, and fixed ones for the meanings every breakdown shares, so that "compute" is the
// same blue in every chart (the XLSX report's charts use the same, model/export/xlsxcharts.cpp).
#pragma once

#include <QColor>

namespace accelscope::views::chartcolour {

inline const QColor kPalette[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
                                  QColor(0xe1, 0x57, 0x59), QColor(0xb0, 0x7a, 0xa1), QColor(0x76, 0xb7, 0xb2),
                                  QColor(0xed, 0xc9, 0x48), QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f),
                                  QColor(0xba, 0xb0, 0xac)};
inline const QColor kCompute = kPalette[0];
inline const QColor kCommunication = kPalette[1];
inline const QColor kOverlap = kPalette[2];
inline const QColor kIdle = QColor(0x9a, 0x9a, 0x9a);
inline const QColor kOutlier = QColor(0xe1, 0x57, 0x59);

} // namespace accelscope::views::chartcolour
