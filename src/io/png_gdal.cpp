// PNG output through GDAL (compiled when RIA_GDAL=ON): the image goes into a MEM dataset, which the
// PNG driver copies to a temporary file, renamed into place when complete.
#include <cpl_error.h>
#include <gdal_priv.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <stdexcept>

#include "io/image.hpp"
#include "io/io_error.hpp"

namespace ria::io {

bool png_built() { return true; }

void write_png(const std::string& path, const Image& img) {
  if (img.width < 1 || img.height < 1 || img.rgb.size() != static_cast<std::size_t>(img.width) * img.height * 3)
    throw std::invalid_argument("write_png: empty image or pixel buffer of the wrong size for '" + path + "'");
  static std::once_flag once;
  std::call_once(once, [] { GDALAllRegister(); });
  // GDAL's messages are kept quiet and reported in the exception instead.
  CPLErrorReset();
  CPLPushErrorHandler(CPLQuietErrorHandler);
  struct PopHandler {
    ~PopHandler() { CPLPopErrorHandler(); }
  } pop;
  auto reason = [] { return std::string(CPLGetLastErrorMsg()[0] ? CPLGetLastErrorMsg() : "no reason given"); };

  GDALDriver* mem = GetGDALDriverManager()->GetDriverByName("MEM");
  GDALDriver* png = GetGDALDriverManager()->GetDriverByName("PNG");
  if (!mem || !png) throw IoError("cannot write '" + path + "': this GDAL has no MEM or PNG driver");
  GDALDatasetUniquePtr src(mem->Create("", img.width, img.height, 3, GDT_Byte, nullptr));
  if (!src ||
      src->RasterIO(GF_Write, 0, 0, img.width, img.height, const_cast<unsigned char*>(img.rgb.data()), img.width,
                    img.height, GDT_Byte, 3, nullptr, 3, 3 * static_cast<GSpacing>(img.width), 1, nullptr) != CE_None)
    throw IoError("cannot write '" + path + "': building the image in memory failed (" + reason() + ")");

  const std::string tmp = path + ".tmp";
  GDALDataset* out = png->CreateCopy(tmp.c_str(), src.get(), FALSE, nullptr, nullptr, nullptr);
  const bool failed = !out || CPLGetLastErrorType() == CE_Failure;
  const std::string why = failed ? reason() : "";
  if (out) GDALClose(out);
  std::error_code ec;
  std::filesystem::remove(tmp + ".aux.xml", ec);
  if (failed || CPLGetLastErrorType() == CE_Failure) {
    std::filesystem::remove(tmp, ec);
    throw IoError("cannot write '" + path + "' (" + (why.empty() ? reason() : why) + ")");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string err = std::strerror(errno);
    std::filesystem::remove(tmp, ec);
    throw IoError("cannot rename '" + tmp + "' to '" + path + "': " + err);
  }
}

}  // namespace ria::io
