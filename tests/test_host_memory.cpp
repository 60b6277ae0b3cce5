// The host memory a process may still take (io/host_memory.hpp): MemAvailable, and the room under
// the memory limits of its cgroups, read from the kernel's texts.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <fstream>
#include <iterator>
#include <string>

#include "io/host_memory.hpp"

using namespace ria;

TEST(HostMemory, MemAvailableIsReadFromItsOwnLine) {
  EXPECT_EQ(io::meminfo_available_bytes("MemTotal:       1000 kB\nMemFree:         100 kB\nMemAvailable:    600 kB\n"),
            600.0 * 1024);
  // Not the free memory (what sysconf's available pages are), and not a key that merely ends so.
  EXPECT_EQ(io::meminfo_available_bytes("MemFree: 100 kB\nXMemAvailable: 5 kB\n"), 0.0);
  EXPECT_EQ(io::meminfo_available_bytes(""), 0.0);
}

TEST(HostMemory, RoomUnderACgroupLimit) {
  EXPECT_EQ(io::cgroup_room_bytes("1000\n", "400\n"), 600.0);
  EXPECT_EQ(io::cgroup_room_bytes("1000", "1200"), 0.0);         // over the limit (v1 can report it)
  EXPECT_LT(io::cgroup_room_bytes("max\n", "400\n"), 0.0);        // v2: no limit
  EXPECT_LT(io::cgroup_room_bytes("9223372036854771712\n", "5"), 0.0);  // v1: no limit
  EXPECT_LT(io::cgroup_room_bytes("", "5"), 0.0);                 // unreadable
  EXPECT_LT(io::cgroup_room_bytes("1000", ""), 0.0);
  EXPECT_LT(io::cgroup_room_bytes("10x", "5"), 0.0);
}

TEST(HostMemory, CgroupPathsOfBothVersions) {
  const io::CgroupPaths p =
      io::cgroup_paths("12:cpu,cpuacct:/a\n11:blkio,memory:/user.slice/u\n0::/system.slice/ria.service\n");
  EXPECT_EQ(p.v2, "/system.slice/ria.service");
  EXPECT_EQ(p.v1_memory, "/user.slice/u");
  const io::CgroupPaths q = io::cgroup_paths("0::/\n");
  EXPECT_EQ(q.v2, "/");
  EXPECT_EQ(q.v1_memory, "");
  EXPECT_EQ(io::cgroup_paths("3:memoryx:/b\n").v1_memory, "");  // a controller named otherwise
}

TEST(HostMemory, ThisProcessMayTakeNoMoreThanTheMachineHas) {
  std::ifstream in("/proc/meminfo");
  if (!in) GTEST_SKIP() << "no /proc/meminfo";
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const double total = std::stod(text.substr(text.find("MemTotal:") + 9)) * 1024.0;
  const double have = io::available_host_memory_bytes();
  EXPECT_GT(have, 0.0);
  EXPECT_LE(have, total);
  EXPECT_LE(have, io::meminfo_available_bytes(text) * 1.5 + 1e9);  // MemAvailable moves while this runs
}

TEST(HostMemory, AnAddressSpaceLimitIsSaidAsSuch) {
  // ulimit -v: the room is the limit less the address space in use (VmSize), and the message says
  // so rather than calling it available memory.
  std::ifstream in("/proc/self/status");
  const std::string status((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t at = status.find("VmSize:");
  rlimit before{};
  if (at == std::string::npos || getrlimit(RLIMIT_AS, &before) != 0) GTEST_SKIP() << "no VmSize or RLIMIT_AS here";
  const double used = std::stod(status.substr(at + 7)) * 1024.0, room = 512.0 * 1048576;
  if (before.rlim_cur != RLIM_INFINITY && static_cast<double>(before.rlim_cur) < used + room)
    GTEST_SKIP() << "an address space limit already lower than this test sets";
  rlimit lim = before;
  lim.rlim_cur = static_cast<rlim_t>(used + room);
  ASSERT_EQ(setrlimit(RLIMIT_AS, &lim), 0);
  const io::HostRoom r = io::host_memory_room();
  ASSERT_EQ(setrlimit(RLIMIT_AS, &before), 0);
  if (r.bound.find("control group") != std::string::npos || r.bound == "available")
    GTEST_SKIP() << "less than 512 MiB " << r.bound << " here";
  EXPECT_EQ(r.bound, "left of the address space ulimit -v allows");
  EXPECT_NEAR(r.bytes, room, 64.0 * 1048576);  // the address space moves by this test's own reads
  EXPECT_EQ(r.said().substr(r.said().find(" are ")), " are left of the address space ulimit -v allows");
}
