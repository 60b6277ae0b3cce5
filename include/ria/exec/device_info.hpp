// What the benchmark needs to know about the accelerator (CUDA builds; CPU builds answer plainly)
// and about host memory.
#pragma once

#include <string>

namespace ria::exec {

/// "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs)" or "no CUDA device".
std::string cuda_device_name();
/// Device-to-device cudaMemcpy bandwidth in GB/s (read + write bytes per second), measured now
/// on a 1 GiB buffer; 0 when there is no CUDA device.
double cuda_copy_bandwidth_gbs();
/// Host memcpy bandwidth in GB/s (read + write bytes per second), measured now on 256 MiB: one
/// thread, or with `parallel` the OpenMP threads of the thread policy (threads.hpp).
double host_copy_bandwidth_gbs(bool parallel);
/// Free memory of the current CUDA device in bytes (cudaMemGetInfo); 0 when there is none.
double cuda_free_memory_bytes();
/// The CUDA devices this process sees; 0 when there is none.
int cuda_device_count();
/// Makes device (index mod the number of devices) current for this process's CUDA work, e.g. the
/// node-local rank of an MPI job; returns the device chosen (-1 without a CUDA device).
int select_cuda_device(int index);
/// Makes every host thread of this process that waits for the current CUDA device sleep until it
/// is done (cudaDeviceScheduleBlockingSync, a setting of the device's primary context, kept until
/// the process ends) instead of spinning, CUDA's choice while the process has fewer contexts than
/// the machine has logical processors. For more waiting threads than the process has cores (ria
/// ensemble --concurrent K on a rank bound to fewer cores), where a spinning thread would hold the
/// core that another member needs to launch its work. Returns false without a CUDA device or where
/// the runtime refuses (the threads then spin, as before).
bool cuda_sleep_while_waiting();

}  // namespace ria::exec
