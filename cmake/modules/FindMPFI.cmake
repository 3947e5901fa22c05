# Finds MPFI (Debian: libmpfi-dev), which ships neither a CMake package nor a pkg-config file. Defines MPFI::mpfi.
find_path(MPFI_INCLUDE_DIR NAMES mpfi.h)
find_library(MPFI_LIBRARY NAMES mpfi)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(MPFI REQUIRED_VARS MPFI_LIBRARY MPFI_INCLUDE_DIR)
if(MPFI_FOUND AND NOT TARGET MPFI::mpfi)
  add_library(MPFI::mpfi UNKNOWN IMPORTED)
  set_target_properties(MPFI::mpfi PROPERTIES IMPORTED_LOCATION "${MPFI_LIBRARY}"
                        INTERFACE_INCLUDE_DIRECTORIES "${MPFI_INCLUDE_DIR}")
endif()
mark_as_advanced(MPFI_INCLUDE_DIR MPFI_LIBRARY)
