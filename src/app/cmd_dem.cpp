// ria dem info FILE
// ria dem prepare FILE --resolution R [--bbox XMIN YMIN XMAX YMAX] [--fill-nodata ELEV]
//                 [--node-registered] --out OUT.tif
// Inspects a DEM as the reader sees it, or turns it into the GeoTIFF the model reads as is: cropped,
// resampled bilinearly to square cells, nodata filled.
#include <CLI/CLI.hpp>
#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/option_checks.hpp"
#include "app/options.hpp"
#include "io/io_error.hpp"
#include "io/raster/raster.hpp"
#include "io/scenario/scenario_reader.hpp"

namespace ria::app {
namespace {

struct PrepareArgs {
  std::string file, out;
  double resolution = 0;
  std::vector<double> bbox;
  double fill = 0;
  bool fill_given = false;
  bool node_registered = false;
};

int run_info(const std::string& file) {
  const io::RasterInfo info = io::raster_info(file);
  std::cout << "file        " << file << "\n" << io::format_raster_info(info);
  return kOk;
}

/// The output of `dem prepare` is a new GeoTIFF: never the input raster (which it would replace
/// with the prepared one), and named as one.
void check_prepare_output(const PrepareArgs& a) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(a.out, ec) && fs::equivalent(a.file, a.out, ec))
    throw io::InputError("--out '" + a.out + "' is the input raster '" + a.file +
                         "'; expected another file (the input is not overwritten)");
  std::string ext = fs::path(a.out).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext != ".tif" && ext != ".tiff")
    throw io::InputError("--out '" + a.out + "': prepare writes a GeoTIFF; expected a name ending in .tif or .tiff");
}

int run_prepare(const PrepareArgs& a) {
  if (!io::gdal_built()) {
    std::cerr << "ria dem: prepare writes a GeoTIFF through GDAL, and this ria was built without GDAL "
                 "(rebuild with -DRIA_GDAL=ON)\n";
    return kNotBuilt;
  }
  check_prepare_output(a);
  io::RasterInfo info;
  io::Raster r = io::read_elevation_raster(a.file, &info);  // written in metres
  std::cout << "read        " << a.file << ": " << r.nx << " x " << r.ny << " cells of " << r.dx << " x " << r.dy << "\n";
  if (a.node_registered) io::shift_to_node_registration(r, info, "'" + a.file + "' (--node-registered)");
  if (!a.bbox.empty()) {
    r = io::crop(r, {a.bbox[0], a.bbox[1], a.bbox[2], a.bbox[3]});
    std::cout << "cropped to  " << r.nx << " x " << r.ny << " cells\n";
  }
  // Before resampling, which would blend an undeclared -9999 into its neighbours.
  if (!info.has_nodata_value) io::check_undeclared_nodata(r, io::metres_per_unit(info.unit, a.file), "'" + a.file + "'");
  r = io::resample_bilinear(r, a.resolution);
  std::cout << "resampled   " << r.nx << " x " << r.ny << " cells of " << a.resolution << " (bilinear)\n";
  long long nodata = 0;
  for (double v : r.v) nodata += std::isnan(v);
  if (a.fill_given) {
    io::fill_nodata(r, a.fill);
    std::cout << "filled      " << nodata << " nodata cells with " << a.fill << "\n";
  } else if (nodata > 0) {
    std::cerr << "ria dem: warning: " << nodata << " cells are nodata; the model needs a bed everywhere, "
              << "so pass --fill-nodata ELEV (e.g. a land elevation above the highest water level)\n";
  }
  io::write_geotiff(a.out, r);
  std::cout << "wrote       " << a.out << "\n" << io::format_raster_info(io::raster_info(a.out));
  return kOk;
}

/// Runs `f` and maps exceptions to exit codes, with messages on stderr.
template <class F>
int guarded(F f) {
  try {
    return f();
  } catch (const io::IoError& e) {
    std::cerr << "ria dem: " << e.what() << "\n";
    return kIoError;
  } catch (const std::invalid_argument& e) {  // includes io::InputError
    std::cerr << "ria dem: " << e.what() << "\n";
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "ria dem: " << e.what() << "\n";
    return kFail;
  }
}

}  // namespace

void register_dem(CLI::App& app, int& exit_code) {
  CLI::App* dem = app.add_subcommand("dem", "inspect a digital elevation model, or prepare one for the model");
  dem->require_subcommand(1);

  auto file = std::make_shared<std::string>();
  CLI::App* info = dem->add_subcommand("info", "print size, resolution, extent, CRS, nodata cells, elevation range");
  info->add_option("file", *file, "raster file (GeoTIFF, ESRI ASCII grid, any format GDAL reads)")->required();
  info->callback([file, &exit_code] { exit_code = guarded([&] { return run_info(*file); }); });

  auto a = std::make_shared<PrepareArgs>();
  CLI::App* prep = dem->add_subcommand(
      "prepare", "crop, resample (bilinear) to square cells, fill nodata and write the GeoTIFF the model reads as is");
  prep->add_option("file", a->file, "input raster")->required();
  prep->add_option("--resolution", a->resolution, "cell size of the output, in the raster's units (metres)")
      ->required();  // checked by resample_bilinear (exit code 2 with a clear message)
  prep->add_option("--bbox", a->bbox, "crop first to XMIN YMIN XMAX YMAX (cells whose centre lies inside)")
      ->expected(4);
  CLI::Option* fill = prep->add_option("--fill-nodata", a->fill, "elevation given to nodata cells (e.g. 5 for dry land)")
                          ->check(number_in(-io::detail::kMaxElevation, io::detail::kMaxElevation));
  prep->add_flag("--node-registered", a->node_registered,
                 "the file's lower-left coordinates are the first node (a cell centre), not a corner");
  prep->add_option("--out", a->out, "output GeoTIFF")->required();
  prep->callback([a, fill, &exit_code] {
    a->fill_given = fill->count() > 0;
    exit_code = guarded([&] { return run_prepare(*a); });
  });
}

}  // namespace ria::app
