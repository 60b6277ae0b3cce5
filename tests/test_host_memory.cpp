// The host memory a process may still take (io/host_memory.hpp): MemAvailable, and the room under
// the memory limits of its cgroups, read from the kernel's texts.
#include <gtest/gtest.h>

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
