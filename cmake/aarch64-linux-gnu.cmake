# CMake toolchain file: cross-compile refmath for 64-bit Arm Linux with
# Debian's cross compiler and the arm64 multiarch packages.
#
#   dpkg --add-architecture arm64 && apt-get update
#   apt-get install g++-aarch64-linux-gnu qemu-user libhwy-dev:arm64 \
#       libssl-dev:arm64 libmpfr-dev:arm64 libgmp-dev:arm64
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake \
#       -DREFMATH_BUILD_TESTS=OFF
#
# tools/cross/arm64.sh does all of this and runs the result under qemu-user
# (docs/conformance.md).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(REFMATH_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${REFMATH_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${REFMATH_CROSS_TRIPLE}-g++)

# Debian multiarch: the arm64 libraries live in /usr/lib/aarch64-linux-gnu
# (CMake packages under its cmake/, pkg-config files under its pkgconfig/),
# the cross C library in /usr/aarch64-linux-gnu.  Headers that are the same
# for every architecture (Highway's, MPFR's, most of OpenSSL's) are in
# /usr/include; the arm64-specific ones in /usr/include/aarch64-linux-gnu.
set(CMAKE_LIBRARY_ARCHITECTURE ${REFMATH_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH /usr/${REFMATH_CROSS_TRIPLE} /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Never pick up a host (x86-64) library by accident.
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu)

# pkg-config (MPFR): only the arm64 .pc files.
set(ENV{PKG_CONFIG_LIBDIR}
    "/usr/lib/${REFMATH_CROSS_TRIPLE}/pkgconfig:/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# Lets CMake (and anything run through it) execute the arm64 binaries.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/${REFMATH_CROSS_TRIPLE})
