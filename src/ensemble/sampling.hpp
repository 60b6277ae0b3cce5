// Points of the unit hypercube [0, 1)^d for the members of an ensemble: a Latin hypercube
// (McKay, Beckman & Conover 1979) or a grid of stratum midpoints. Pure functions, no I/O.
//
// Latin hypercube of N points in d dimensions: each axis is cut into N equal strata
// [k/N, (k+1)/N); for each axis an independent random permutation pi_a of 0..N-1 gives point m
// the stratum pi_a(m), and inside it a uniform offset: u_{m,a} = (pi_a(m) + U_{m,a}) / N. So each
// stratum of each axis holds exactly one point, and the points project onto every axis as a
// stratified sample of the uniform distribution.
//
// Random numbers: std::mt19937_64, whose sequence the C++ standard fixes, turned into uniforms
// and bounded integers here (not by std::uniform_*_distribution or std::shuffle, whose
// algorithms are left to each standard library): the same seed gives the same points with any
// compiler.
#pragma once

#include <cstdint>
#include <vector>

namespace ria::ensemble {

/// Points[m][a] of a Latin hypercube: members >= 1, dims >= 0; reproducible for a seed.
std::vector<std::vector<double>> latin_hypercube(int members, int dims, std::uint64_t seed);

/// The grid of k^dims points (k levels per axis, at the stratum midpoints (i + 1/2)/k), axis 0
/// varying slowest. std::invalid_argument when members is not k^dims for an integer k (dims = 0:
/// members must be 1). The message names both numbers and the nearest valid member counts.
std::vector<std::vector<double>> grid_points(int members, int dims);

/// The stratum of u in [0, 1) among n equal strata: floor(u n), clamped to n - 1.
int stratum(double u, int n);

}  // namespace ria::ensemble
