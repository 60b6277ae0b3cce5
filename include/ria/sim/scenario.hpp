// A scenario as plain data: what `ria run` simulates, read from a TOML file by src/io/scenario/scenario_toml.cpp
// (every key is documented in docs/scenarios.md). Units are SI (m, s, m^3/s); times are seconds
// since the scenario start; coordinates are model coordinates (the DEM's projected CRS, metres).
// Nothing here touches a file: the simulation layer turns a Scenario into a solver setup.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "ria/sim/analytic_cases.hpp"

namespace ria::sim {

/// Where the bed comes from.
struct DomainSpec {
  enum class Source { dem, analytic, synthetic_estuary };
  Source source = Source::synthetic_estuary;

  // source = dem: any raster GDAL reads (ESRI ASCII .asc also without GDAL).
  std::string dem;                       // path, relative to the scenario file's directory
  enum class Values { elevation, depth };
  Values values = Values::elevation;     // raster holds bed elevation (+ up) or depth (+ down)
  double vertical_offset = 0;            // added to the elevation (after the sign convention) [m]
  enum class Nodata { land, error };
  Nodata nodata = Nodata::land;          // nodata cells: dry land at fill_elevation, or an error
  double fill_elevation = 5;             // [m] elevation given to nodata cells (policy land)
  double resolution = 0;                 // > 0: resample (bilinear) to this cell size [m]
  bool has_bbox = false;
  std::array<double, 4> bbox{};          // crop: xmin, ymin, xmax, ymax (model coordinates)
  bool node_registered = false;          // raster origin is the first node (cell centre), not a corner

  // source = analytic: a case of `ria validate` (bed, initial state and boundaries of that case).
  AnalyticCase analytic = AnalyticCase::lake_at_rest;  // named as in analytic_cases.hpp
  // source = analytic or synthetic_estuary: cells per side (0: the case's default; else at
  // least kMinCells).
  int cells = 0;
  /// The fewest cells per side of an analytic case or the synthetic estuary (also `ria validate
  /// --resolution`): fewer leave no room for a dam break's two states, Thacker's basin or the
  /// estuary's river mouth.
  static constexpr int kMinCells = 8;
};

struct TimeSpec {
  std::string start = "2000-01-01T00:00:00Z";  // ISO 8601 UTC start date-time (tides, NetCDF time units)
  double duration = 0;                          // [s] > 0
  double output_interval = 0;                   // [s] > 0: map output, mass balance line
  double cfl = 0.9;                             // (0, 1]
};

struct PhysicsSpec {
  double gravity = 9.81;
  double manning = 0;                    // uniform Manning n [s m^-1/3] >= 0
  std::string manning_raster;            // per-cell Manning n (a raster on the DEM grid); overrides `manning`
  double diffusivity = 0;                // pollutant diffusivity [m^2/s] >= 0
  double half_life = 0;                  // pollutant decay half-life [s]; 0 = no decay
  double dry_depth = 1e-3;               // dry tolerance [m] > 0
};

struct PollutantSpec {
  std::string units = "1";               // unit of the concentrations (e.g. "kg m-3", "ppm"): output labels only
};

struct InitialSpec {
  enum class Kind { still, raster, checkpoint, analytic, netcdf };
  Kind kind = Kind::still;
  double level = 0;                      // still: free-surface elevation [m]
  bool level_at_tide = false;            // still, level = "tide": the first level boundary's level at t = 0 instead
  std::string path;                      // raster (free-surface elevation), checkpoint or NetCDF file
  std::string variable = "eta";          // netcdf: free-surface variable (time, y, x) or (y, x)
  double time = -1;                      // netcdf: the slice at this time [s]; < 0: the last one
  // raster: the paths of the x and y velocity rasters; netcdf: the names of the u and v variables
  // (of the same file and time slice). Empty: the water starts at rest.
  std::vector<std::string> velocity;
  // raster: the path of a raster of the pollutant concentration; netcdf: the name of its variable
  // (same file and time slice). Empty: no pollutant but the patches'.
  std::string concentration;
};

/// One harmonic constituent: eta += amplitude cos(omega t - phase).
struct ConstituentSpec {
  std::string name;                      // e.g. "M2" (gives the period) or "" when period is given
  double amplitude = 0;                  // [m]
  double period = 0;                     // [s]
  double phase = 0;                      // [degrees]
};

/// A point of a time series (linear interpolation between points, held outside).
struct SeriesPoint {
  double t = 0, value = 0;
};

struct BoundarySpec {
  enum class Side { west, east, south, north };
  Side side = Side::west;
  enum class Kind { wall, open, level, discharge };
  Kind kind = Kind::wall;
  bool has_segment = false;
  double from = 0, to = 0;               // segment along the side (model coordinate x or y) [m]
  // level: mean + constituents, or a series (from a CSV file: time [s], elevation [m]).
  double mean_level = 0;
  std::vector<ConstituentSpec> constituents;
  // level from a tide station: its name in the tide database (empty otherwise); `constituents` then
  // hold its constants for time.start (sim::station_constituents), at most swe::kMaxConstituents
  // of them, and station_dropped the sum of the amplitudes left out [m].
  std::string station;
  double station_dropped = 0;
  int station_dropped_count = 0;
  // station_lead [s]: the boundary's level at t is the station's at t + station_lead (the ocean
  // tide reaches an offshore boundary before the station inside the entrance).
  double station_lead = 0;
  std::string series_file;               // relative to the scenario file
  std::vector<SeriesPoint> series;       // filled from series_file (or given inline)
  bool radiating = false;                // level: outgoing waves leave (swe/boundary.hpp), else the level is imposed
  // discharge: total inflow [m^3/s] spread over the segment, constant or a series file.
  double discharge = 0;
  double concentration = 0;              // pollutant concentration of inflowing water
};

/// "west", "east", "south" or "north".
inline const char* side_name(BoundarySpec::Side s) {
  switch (s) {
    case BoundarySpec::Side::west: return "west";
    case BoundarySpec::Side::east: return "east";
    case BoundarySpec::Side::south: return "south";
    case BoundarySpec::Side::north: return "north";
  }
  return "?";
}

struct PatchSpec {                       // initial pollutant patch
  std::string name;
  double concentration = 0;
  bool polygon = false;
  double x = 0, y = 0, radius = 0;       // circle
  std::vector<std::array<double, 2>> vertices;  // polygon (>= 3 vertices)
};

struct ReleaseSpec {                     // continuous release: water discharge carrying pollutant
  std::string name;
  double x = 0, y = 0, radius = 0;       // radius 0: the cell containing (x, y)
  double discharge = 0;                  // [m^3/s] > 0
  double concentration = 0;              // concentration of the released water
  double start = 0, duration = 0;        // [s]
};

struct GaugeSpec {
  std::string name;
  double x = 0, y = 0;
};

struct OutputSpec {
  std::string directory = "ria_output";  // relative to the working directory (or --output)
  bool netcdf = true;
  bool gauges_csv = true;
  double gauge_interval = 0;             // [s]; 0: every step
  double arrival_threshold = 1e-3;       // concentration defining the first arrival time
  std::vector<double> png_times;         // quicklook maps at these times [s]
  bool png_at_end = true;                // a quicklook of the final state
  bool map_depth_log = false;            // depth quicklooks on a log colour scale (map_depth_scale = "log")
  enum class Animation { none, concentration, depth };
  Animation animation = Animation::none; // animation.gif: this map at every map output (output_interval)
  double checkpoint_interval = -1;       // [s] simulated; 0: only at the end and on a signal;
                                         // < 0 (not set): about every 10% of the run (schedule.hpp)
};

struct Scenario {
  std::string file;                      // path of the TOML file ("<embedded>" for the default)
  std::vector<std::string> set_keys;     // the keys given with --set ("domain.cells"): messages name them
  std::vector<std::string> overrides;    // the --set overrides as given ("domain.cells=100"): outputs record them
  std::string base_dir;                  // directory relative paths are resolved against
  std::string name;
  std::string description;
  DomainSpec domain;
  TimeSpec time;
  PhysicsSpec physics;
  PollutantSpec pollutant;
  InitialSpec initial;
  std::vector<BoundarySpec> boundaries;  // sides not listed are walls
  std::vector<PatchSpec> patches;
  std::vector<ReleaseSpec> releases;
  std::vector<GaugeSpec> gauges;
  OutputSpec output;
};

/// The first [[boundary]] with kind = "level" (initial.level = "tide" starts the water at its
/// level), or null when there is none.
inline const BoundarySpec* first_level_boundary(const Scenario& sc) {
  for (const BoundarySpec& b : sc.boundaries)
    if (b.kind == BoundarySpec::Kind::level) return &b;
  return nullptr;
}

}  // namespace ria::sim
