# `cmake --install build --prefix P` (docs/library.md): the dpbandit binary, the three static libraries, the public
# headers under include/dpbandit/, a CMake package (find_package(dpbandit CONFIG): dpbandit::reference,
# dpbandit::optimized, dpbandit::verify), a pkg-config file, and the data files (experiment configs, the LETOR
# sample, the golden vectors, the report schema, the stored evidence, the Z3 proofs) under share/dpbandit/, where an
# installed binary finds them
# (reference/core/build_info.hpp: data_dir()).
include(CMakePackageConfigHelpers)

install(TARGETS dpb_reference dpb_optimized dpb_verify EXPORT dpbanditTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS dpbandit RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET dpbandit-mpi)
  install(TARGETS dpbandit-mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# Public headers: everything under reference/, optimized/, verify/ but internal/ directories and the CLI. A few
# internal headers hold templates that public headers include; they are installed (the compiler needs them) but are
# not part of the API. The `install` test compiles every installed header, so a missing one fails it.
foreach(layer reference optimized verify)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${layer}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/dpbandit/${layer}
          FILES_MATCHING PATTERN "*.hpp" PATTERN "internal" EXCLUDE PATTERN "cli" EXCLUDE)
endforeach()
set(DPB_INTERNAL_HEADERS_NEEDED_BY_PUBLIC_ONES
    optimized/samplers/internal/fixed_point_cdf.hpp reference/learners/internal/certified.hpp
    reference/samplers/internal/cdf_inversion.hpp reference/samplers/internal/exp_chunks.hpp
    optimized/internal/wide_int.hpp optimized/samplers/internal/binomial_squeeze.hpp optimized/samplers/internal/bit_cursor.hpp
    optimized/internal/chacha20_block.hpp reference/learners/internal/bareiss.hpp
    reference/learners/internal/dp_sgd_code.hpp)
foreach(h IN LISTS DPB_INTERNAL_HEADERS_NEEDED_BY_PUBLIC_ONES)
  get_filename_component(d ${h} DIRECTORY)
  install(FILES ${PROJECT_SOURCE_DIR}/${h} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/dpbandit/${d})
endforeach()

# Data files, in the repository's relative layout.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/testdata/experiments ${PROJECT_SOURCE_DIR}/testdata/letor
                  ${PROJECT_SOURCE_DIR}/testdata/vectors ${PROJECT_SOURCE_DIR}/testdata/schema
                  ${PROJECT_SOURCE_DIR}/testdata/evidence
        DESTINATION ${CMAKE_INSTALL_DATADIR}/dpbandit/testdata)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/proofs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/dpbandit/proofs
        FILES_MATCHING PATTERN "*.smt2" PATTERN "selftest" EXCLUDE)

# The CMake package.
set(DPB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/dpbandit)
install(EXPORT dpbanditTargets NAMESPACE dpbandit:: DESTINATION ${DPB_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/dpbanditConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/dpbanditConfig.cmake INSTALL_DESTINATION ${DPB_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/dpbanditConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/dpbanditConfig.cmake ${PROJECT_BINARY_DIR}/dpbanditConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/modules/FindGMP.cmake ${PROJECT_SOURCE_DIR}/cmake/modules/FindMPFR.cmake
              ${PROJECT_SOURCE_DIR}/cmake/modules/FindMPFI.cmake ${PROJECT_SOURCE_DIR}/cmake/modules/FindZ3.cmake
        DESTINATION ${DPB_CMAKE_DIR})

# pkg-config: static libraries, so their dependencies are listed as private (pkg-config --static --libs dpbandit).
configure_file(${PROJECT_SOURCE_DIR}/cmake/dpbandit.pc.in ${PROJECT_BINARY_DIR}/dpbandit.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/dpbandit.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
