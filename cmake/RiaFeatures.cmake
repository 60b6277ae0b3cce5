# Optional features: each option defaults to ON when its dependency is found, and a build with
# all of them OFF must still configure, build and pass its tests.
#
# An option the user did not set follows the dependency at every configure, so installing a package
# after a first build (say, after apt failed once) turns the feature on at the next build; an option
# the user set with -D keeps that value.
include(CheckLanguage)

# ria_feature(NAME "doc" FOUND): option NAME, re-detected unless the user chose its value.
macro(ria_feature name doc found)
  if(${found})
    set(_ria_value ON)
  else()
    set(_ria_value OFF)
  endif()
  if(DEFINED CACHE{${name}} AND DEFINED CACHE{_RIA_AUTO_${name}} AND NOT "${${name}}" STREQUAL "${_RIA_AUTO_${name}}")
    set(_RIA_AUTO_${name} "user" CACHE INTERNAL "")  # changed by the user: theirs from now on
  endif()
  if(NOT DEFINED CACHE{${name}})
    set(${name} ${_ria_value} CACHE BOOL "${doc}")
    set(_RIA_AUTO_${name} ${_ria_value} CACHE INTERNAL "")
  elseif(NOT "${_RIA_AUTO_${name}}" STREQUAL "user" AND DEFINED CACHE{_RIA_AUTO_${name}})
    set(${name} ${_ria_value} CACHE BOOL "${doc}" FORCE)
    set(_RIA_AUTO_${name} ${_ria_value} CACHE INTERNAL "")
  elseif(NOT DEFINED CACHE{_RIA_AUTO_${name}})
    set(_RIA_AUTO_${name} "user" CACHE INTERNAL "")  # given with -D at the first configure
  endif()
endmacro()

check_language(CUDA)
set(_ria_cuda_default OFF)
if(CMAKE_CUDA_COMPILER)
  set(_ria_cuda_default ON)
endif()
ria_feature(RIA_CUDA "Build the CUDA backend" _ria_cuda_default)
if(RIA_CUDA)
  if(NOT CMAKE_CUDA_COMPILER)
    message(FATAL_ERROR "RIA_CUDA=ON but no CUDA compiler was found (set CMAKE_CUDA_COMPILER)")
  endif()
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    set(CMAKE_CUDA_ARCHITECTURES 90)  # H100; override with -DCMAKE_CUDA_ARCHITECTURES=...
  endif()
  enable_language(CUDA)
  set(CMAKE_CUDA_STANDARD 17)
  set(CMAKE_CUDA_STANDARD_REQUIRED ON)
  find_package(CUDAToolkit REQUIRED)
endif()

find_package(OpenMP QUIET COMPONENTS CXX)
ria_feature(RIA_OPENMP "Build the OpenMP CPU backend" OpenMP_CXX_FOUND)
if(RIA_OPENMP AND NOT OpenMP_CXX_FOUND)
  message(FATAL_ERROR "RIA_OPENMP=ON but OpenMP was not found")
endif()

find_package(MPI QUIET COMPONENTS CXX)
ria_feature(RIA_MPI "Detect MPI (the row-block MPI layer is not implemented yet; see mpi/README.md)" MPI_CXX_FOUND)

find_package(GDAL QUIET)
ria_feature(RIA_GDAL "Read DEMs through GDAL" GDAL_FOUND)
if(RIA_GDAL AND NOT GDAL_FOUND)
  message(FATAL_ERROR "RIA_GDAL=ON but GDAL was not found (apt install libgdal-dev)")
endif()

find_package(PkgConfig QUIET)
set(_ria_netcdf_found OFF)
if(PkgConfig_FOUND)
  pkg_check_modules(NETCDFCXX QUIET IMPORTED_TARGET netcdf-cxx4)
  if(NETCDFCXX_FOUND)
    set(_ria_netcdf_found ON)
  endif()
endif()
ria_feature(RIA_NETCDF "Write CF NetCDF output through netcdf-cxx4" _ria_netcdf_found)
if(RIA_NETCDF AND NOT _ria_netcdf_found)
  message(FATAL_ERROR "RIA_NETCDF=ON but netcdf-cxx4 was not found by pkg-config (apt install libnetcdf-c++4-dev)")
endif()

find_path(TOMLPP_INCLUDE_DIR toml++/toml.h HINTS ${RIA_TOMLPP_ROOT} PATH_SUFFIXES include)
set(_ria_toml_found OFF)
if(TOMLPP_INCLUDE_DIR)
  set(_ria_toml_found ON)
endif()
ria_feature(RIA_TOML "Read TOML scenario files through toml++ (header-only)" _ria_toml_found)
if(RIA_TOML AND NOT _ria_toml_found)
  message(FATAL_ERROR "RIA_TOML=ON but toml++ was not found (apt install libtomlplusplus-dev, or -DRIA_TOMLPP_ROOT=DIR)")
endif()

find_package(CLI11 CONFIG QUIET)
if(NOT CLI11_FOUND)
  find_path(CLI11_INCLUDE_DIR CLI/CLI.hpp)
  if(NOT CLI11_INCLUDE_DIR)
    message(FATAL_ERROR "CLI11 not found (apt install libcli11-dev)")
  endif()
  add_library(CLI11::CLI11 INTERFACE IMPORTED)
  set_target_properties(CLI11::CLI11 PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${CLI11_INCLUDE_DIR})
endif()

message(STATUS "ria features: CUDA=${RIA_CUDA} OpenMP=${RIA_OPENMP} MPI=${RIA_MPI} GDAL=${RIA_GDAL} NetCDF=${RIA_NETCDF} TOML=${RIA_TOML}")
