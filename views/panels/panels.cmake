# Analysis panels (views/panels/): included from views/CMakeLists.txt into accelscope_views.
target_sources(accelscope_views PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/analysischart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analysishub.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analysispanel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analysisrunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/analysistablemodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/categoryrulesdialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chartspecs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/clusterpanel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/commheatmappanel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/counterchartspanel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/criticalpathpanel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/enginechartspanel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/heatmapview.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pytorchchartspecs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pytorchpanel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/selectionanalysis.cpp
  ${CMAKE_CURRENT_LIST_DIR}/unitformat.cpp
)
