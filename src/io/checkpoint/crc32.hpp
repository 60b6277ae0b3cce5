// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320, as zlib and PNG): guards checkpoint payloads.
#pragma once

#include <cstdint>
#include <string>

namespace ria::io {

std::uint32_t crc32(const std::string& data);

}  // namespace ria::io
