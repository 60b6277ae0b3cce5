// Checks of the options of the subcommands: numbers and paths.
// CLI11's Range, PositiveNumber and
// NonNegativeNumber let NaN through (every comparison with NaN is false: `--h-over-dp nan` hung a
// benchmark) and word their refusals as "Value 0 not in range 0.000000 to 1.797...e+308"; these
// refuse anything but a finite number in range and say the range as written.
#pragma once

#include <CLI/CLI.hpp>

namespace ria::app {

/// A finite number in [lo, hi].
CLI::Validator number_in(double lo, double hi);
/// A whole number in [lo, hi] (CLI::Range said "Value 2.5 not in range 1 to 64").
CLI::Validator whole_number_in(long lo, long hi);
/// A finite number above lo (number_above(0): positive).
CLI::Validator number_above(double lo);

/// A whole number in [0, 2^64) written in decimal digits only (CLI11 reads "-1" into an unsigned
/// option as 2^64 - 1, and a larger number as its largest value, without a word).
CLI::Validator whole_number_below_2_64();

/// A path that is not empty (`--output ""`, as `--output "$UNSET"` gives, would otherwise fall
/// back to a default directory and replace the results of another run there).
CLI::Validator non_empty_path();

/// The path of a file to write when the command ends (--json): not empty, and in a directory that
/// exists, so that a mistyped directory is refused before the cases or measurements run, not after.
CLI::Validator output_file_path();

/// A word that is not empty or blank (`--search ""` would match every name).
CLI::Validator non_blank_word();

}  // namespace ria::app
