// Built without libtcd (RIA_TCD=OFF): tide stations cannot be read (tide_database.hpp).
#include "io/tide/tide_database.hpp"
#include "ria/errors.hpp"

namespace ria::io {
namespace {
[[noreturn]] void not_built() {
  throw NotBuiltError("tide stations need the tide database reader: ria was built without libtcd (install libtcd-dev "
                           "and xtide-data and configure with -DRIA_TCD=ON)");
}
}  // namespace

std::vector<TideStationInfo> list_tide_stations() { not_built(); }

sim::StationTide read_tide_station(const std::string&, int, int) { not_built(); }

sim::SubordinateStation read_subordinate_station(const std::string&) { not_built(); }

}  // namespace ria::io
