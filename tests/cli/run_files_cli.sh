#!/usr/bin/env bash
# End-to-end checks of the files `ria run` reads and writes, through the command line, one case per
# ctest test: DEMs (`ria dem`), the output directory's lock, the results of an earlier run kept
# whatever stops this one, a full disk.
#   run_files_cli.sh RIA WORKDIR CASE
# Each case states what it expects; any failed expectation exits non-zero with a message.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/cli_common.sh"
RIA=$1
enter_case "$2" "$3"

case $CASE in
disk_full)  # writes beyond a file-size limit fail cleanly; the previous checkpoint stays valid
  "$RIA" run --output out --quiet --set time.duration=2h --set output.netcdf=false || fail "first run"
  cp out/checkpoint.ckpt before.ckpt
  ( ulimit -f 100; "$RIA" run --output out --quiet --set time.duration=4h --set output.netcdf=false \
      --restart before.ckpt >out.txt 2>&1; echo $? > rc.txt )
  rc=$(cat rc.txt); cat out.txt
  [ "$rc" -eq 3 ] || fail "exit code $rc under a file-size limit, expected 3"
  grep -q "disk full" out.txt || fail "no disk-full message"
  cmp before.ckpt out/checkpoint.ckpt || fail "the previous checkpoint was damaged"
  "$RIA" run --output out --quiet --set time.duration=4h --set output.netcdf=false --restart out/checkpoint.ckpt \
    || fail "the kept checkpoint does not restart"
  echo "ok: failed write reported, previous checkpoint intact and restartable"
  ;;
dem)  # ria dem info / prepare, and the prepared GeoTIFF used as the domain of a run
  printf 'ncols 6\nnrows 4\nxllcorner 100\nyllcorner 200\ncellsize 50\nNODATA_value -9999\n' > d.asc
  for _ in 1 2 3 4; do echo "-5 -4 -3 -2 -9999 1" >> d.asc; done
  expect 0 "size +6 x 4 cells" -- "$RIA" dem info d.asc
  grep -Eq "value -9999: 4 cells" out.txt || fail "dem info does not count the 4 nodata cells"
  grep -Eq "elevation +min -5, max 1" out.txt || fail "dem info elevation range"
  expect 3 "nothere.tif" -- "$RIA" dem info nothere.tif
  # A Manning raster on the DEM's grid (6 x 4 of 50 m): used, and refused when off-grid or negative.
  printf 'ncols 6\nnrows 4\nxllcorner 100\nyllcorner 200\ncellsize 50\n' > n.asc
  for _ in 1 2 3 4; do echo "0.02 0.03 0.03 0.04 0.05 0.05" >> n.asc; done
  printf 'name = "m"\n[domain]\nsource = "dem"\ndem = "d.asc"\nfill_elevation = 3.0\n[time]\nduration = "10 min"\n' > m.toml
  printf '[physics]\nmanning = "n.asc"\n[initial]\nlevel = 0.5\n[[boundary]]\nside = "west"\nkind = "level"\n' >> m.toml
  printf 'mean_level = 0.8\n[output]\nnetcdf = false\npng_at_end = false\n' >> m.toml
  expect 0 "^done: 600 s simulated" -- "$RIA" run m.toml --output mout
  sed 's/cellsize 50/cellsize 25/' n.asc > n25.asc
  expect 2 "physics.manning 'n25.asc'.*model grid is 6 x 4" -- "$RIA" run m.toml --set physics.manning=n25.asc
  sed '7s/0.02/-0.02/' n.asc > nneg.asc  # line 7: the second row from the north, j = 2
  expect 2 "physics.manning 'nneg.asc'.*cell \(i, j\) = \(0, 2\) at x = 125, y = 325 holds -0.02" -- "$RIA" run m.toml --set physics.manning=nneg.asc
  # An elevation beyond +-12 km is an undeclared nodata value (-32767 here) or a unit mistake: refused.
  sed '8s/^-5 /-32767 /' d.asc > dbig.asc  # line 8: the second row from the north, j = 2
  expect 2 "domain.dem 'dbig.asc': 1 cell\(s\) have a bed elevation beyond \+-12000 .*cell \(i, j\) = \(0, 2\) at x = 125, y = 325 of the raster, is -32767 m" -- \
    "$RIA" run m.toml --set domain.dem=dbig.asc
  # -9999 lies within that range: without a declared nodata value it is refused by itself.
  grep -v NODATA_value d.asc > dundecl.asc
  expect 2 "domain.dem 'dundecl.asc': 4 cell\(s\) hold exactly -9999 \(the first, cell \(i, j\) = \(4, 0\) at x = 325, y = 225\), the nodata value of ESRI and USGS grids, which the raster does not declare" -- \
    "$RIA" run m.toml --set domain.dem=dundecl.asc
  # Also where the grid is resampled, which would blend the cell into its neighbours.
  expect 2 "domain.dem 'dbig.asc': 1 cell\(s\) have a bed elevation beyond \+-12000" -- \
    "$RIA" run m.toml --set domain.dem=dbig.asc --set domain.resolution=30
  expect 2 "domain.vertical_offset.*1e\+300" -- "$RIA" run m.toml --set domain.vertical_offset=1e300
  # A bbox reaching beyond the raster (x 100 .. 400) is cropped to it, with a warning.
  expect 0 "warning: domain.bbox \[100, 200, 5000, 400\] reaches beyond the raster: the grid covers x 100 .. 400" -- \
    "$RIA" run m.toml --output bout --set 'domain.bbox=[100.0, 200.0, 5000.0, 400.0]' --set physics.manning=0.03
  if [ -z "${RIA_EXPECT_GDAL:-}" ]; then echo "ok: no GDAL in this build, GeoTIFF steps skipped"; exit 0; fi
  # Without PROJ's database GDAL builds a file's CRS without its unit (feet read as metres): refused.
  cp d.asc dutm.asc
  printf 'PROJCS["WGS 84 / UTM zone 10N",GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],' > dutm.prj
  printf 'PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],' >> dutm.prj
  printf 'PARAMETER["central_meridian",-123],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],' >> dutm.prj
  printf 'PARAMETER["false_northing",0],UNIT["metre",1]]\n' >> dutm.prj
  expect 0 "CRS +WGS 84 / UTM zone 10N" -- "$RIA" dem info dutm.asc
  expect 3 "'dutm.asc' has a CRS, which cannot be checked: GDAL finds no PROJ database it can use \(proj.db; PROJ_DATA=/nonexistent, PROJ_LIB=/nonexistent: .+\)" -- \
    env PROJ_DATA=/nonexistent PROJ_LIB=/nonexistent "$RIA" dem info dutm.asc
  expect 0 "wrote +p.tif" -- "$RIA" dem prepare d.asc --resolution 25 --fill-nodata 3 --out p.tif
  expect 0 "size +12 x 8 cells" -- "$RIA" dem info p.tif
  grep -Eq "value -9999: 0 cells; NaN: 0 cells; inf: 0 cells; valid: 96 cells" out.txt || fail "prepared DEM still has nodata"
  expect 3 "/nonexist/p.tif" -- "$RIA" dem prepare d.asc --resolution 25 --fill-nodata 3 --out /nonexist/p.tif
  # The input is never the output, the output is a GeoTIFF, and the fill a finite elevation.
  cp d.asc keep.asc
  expect 2 "--out 'keep.asc' is the input raster 'keep.asc'; expected another file" -- \
    "$RIA" dem prepare keep.asc --resolution 25 --fill-nodata 3 --out keep.asc
  cmp d.asc keep.asc || fail "dem prepare overwrote its input raster"
  expect 2 "--out 'x.asc': prepare writes a GeoTIFF; expected a name ending in .tif or .tiff" -- \
    "$RIA" dem prepare d.asc --resolution 25 --fill-nodata 3 --out x.asc
  expect 2 "--fill-nodata: expected a finite number in \[-12000, 12000\], got 'nan'" -- \
    "$RIA" dem prepare d.asc --resolution 25 --fill-nodata nan --out q.tif
  printf 'name = "p"\n[domain]\nsource = "dem"\ndem = "p.tif"\nnodata = "error"\n[time]\nduration = "10 min"\n' > p.toml
  printf '[initial]\nlevel = 0.5\n[[boundary]]\nside = "west"\nkind = "level"\nmean_level = 0.8\n' >> p.toml
  printf '[output]\nnetcdf = false\npng_at_end = false\n' >> p.toml
  expect 0 "^done: 600 s simulated" -- "$RIA" run p.toml --output pout
  grep -Eq "12 x 8 cells of 25 m" out.txt || fail "the run does not use the prepared 12 x 8 grid"
  # A DEM in degrees (its .prj says WGS 84) is refused: the model computes in metres.
  cp d.asc geo.asc
  printf 'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]]' > geo.prj
  sed 's/dem = "p.tif"/dem = "geo.asc"/; s/nodata = "error"/nodata = "land"/' p.toml > geo.toml
  expect 2 "geo.asc' is in geographic coordinates" -- "$RIA" run geo.toml --output gout
  ;;
lock)  # a second run into the same output directory is refused while the first runs; a stale lock is not
  "$RIA" run --output out --backend serial --set domain.cells=40 --set time.duration=1e9 --set time.output_interval=1e5 \
    --set output.checkpoint_interval=1e6 \
    >first.txt 2>&1 &
  pid=$!
  for _ in $(seq 1 200); do grep -q '^balance' first.txt && break; sleep 0.05; done
  expect 3 "output directory 'out' is in use by another ria run \(process $pid\)" -- "$RIA" run --output out "${SHORT[@]}"
  kill -INT $pid
  wait $pid
  rc=$?
  [ "$rc" -eq 6 ] || { cat first.txt; fail "first run: exit $rc after SIGINT, expected 6"; }
  mkdir -p stale && echo 999999 > stale/.ria.lock  # left by a process that died
  "$RIA" run --output stale --set domain.cells=40 "${SHORT[@]}" || fail "a stale lock file blocks the run"
  ;;
lost_results)  # a run that cannot finish never damages the results of an earlier run in its directory
  ARGS=(--backend serial --set domain.cells=40 --set time.duration=2h --set output.png_times=[] --quiet)
  "$RIA" run --output out "${ARGS[@]}" || fail "first run"
  ls out/*.partial >/dev/null 2>&1 && fail "partial files left after a finished run"
  cp out/gauges.csv g0.csv
  [ -z "${RIA_EXPECT_NETCDF:-}" ] || cp out/ria.nc r0.nc
  # An I/O failure (file-size limit) in a second run: the earlier files are kept, the partial ones named.
  ( ulimit -f 60; "$RIA" run --output out "${ARGS[@]}" --set time.duration=8h >io.txt 2>&1; echo $? > rc.txt )
  cat io.txt
  [ "$(cat rc.txt)" -eq 3 ] || fail "exit $(cat rc.txt) under a file-size limit, expected 3"
  grep -q "files of earlier runs in out/ are kept.*out/gauges.csv.partial" io.txt || fail "no word on the kept and partial files"
  # The cause is named once, by ria (HDF5 says only "HDF error"; netcdf-cxx4 printed its own line
  # when a failed file was closed again).
  if grep -q "ncFile.cpp" io.txt; then fail "the NetCDF library's own line was printed"; fi
  if grep -q "NetCDF file" io.txt; then grep -q "file-size limit, ulimit -f, of 61440 bytes" io.txt || fail "the cause is not named"; fi
  cmp g0.csv out/gauges.csv || fail "gauges.csv of the earlier run was changed"
  # Paths the netCDF library reads otherwise: '\' as a directory separator, "file:" as a URL.
  if [ -n "${RIA_EXPECT_NETCDF:-}" ]; then
    expect 3 "'back.slash/ria.nc.partial': the NetCDF library takes '.' in a path for a directory separator" -- \
      "$RIA" run --output 'back\slash' "${ARGS[@]}"
    [ ! -e back ] || fail "a NetCDF file went to another directory"
    "$RIA" run --output 'file:' "${ARGS[@]}" && [ -s 'file:/ria.nc' ] || fail "an output directory named like a URL scheme"
  fi
  # A rename that fails (gauges.csv made a directory): the directory's summary.json describes
  # its files, the earlier run's when none of this run's was put in place, none otherwise.
  cp -r out rn && cp rn/summary.json s0.json && rm rn/gauges.csv && mkdir -p rn/gauges.csv/x
  ( "$RIA" run --output rn "${ARGS[@]}" >rn.txt 2>&1; echo $? > rc.txt )
  [ "$(cat rc.txt)" -eq 3 ] || { cat rn.txt; fail "exit $(cat rc.txt) when a rename failed, expected 3"; }
  grep -q "cannot rename 'rn/gauges.csv.partial' to 'rn/gauges.csv'" rn.txt || { cat rn.txt; fail "the failed rename not named"; }
  if grep -q "now holds this run's .* but not its other files, and no summary.json" rn.txt; then
    [ ! -e rn/summary.json ] || fail "a summary.json describes a directory of two runs' files"
  else
    grep -q "files of earlier runs in rn/ are kept as they were" rn.txt || { cat rn.txt; fail "no word on the kept files"; }
    cmp s0.json rn/summary.json || fail "the earlier run's summary.json was changed though its files were kept"
  fi
  [ -z "${RIA_EXPECT_NETCDF:-}" ] || cmp r0.nc out/ria.nc || fail "ria.nc of the earlier run was changed"
  # Maps are drawn partial until the run ends in order: a second run killed after drawing one
  # leaves the first run's maps as they were. (Without cairo no map is drawn: nothing to check.)
  "$RIA" run --output maps "${ARGS[@]}" --set 'output.png_times=["30 min"]' --set time.duration=1h || fail "run with maps"
  if ls maps/depth_t000001800s.png >/dev/null 2>&1; then
    md5sum maps/*.png > maps0.md5
    # (200 x 200 cells for 48 h: tens of seconds after its map at 30 min, so the kill comes first.)
    "$RIA" run --output maps "${ARGS[@]}" --set 'output.png_times=["30 min"]' --set time.duration=48h \
      --set domain.cells=200 --set physics.manning=0.05 >mk.txt 2>&1 &
    pid=$!
    for _ in $(seq 1 1000); do [ -e maps/depth_t000001800s.png.partial ] && break; sleep 0.01; done
    kill -KILL $pid
    wait $pid
    [ -e maps/depth_t000001800s.png.partial ] || fail "the killed run drew no partial map (killed too early?)"
    md5sum --quiet -c maps0.md5 || fail "a killed run changed the maps of the earlier run"
    echo "ok: a killed run leaves the earlier run's maps as they were"
    # A run that draws no map at 30 min: the earlier run's maps stay, and are named at its end.
    expect 0 "warning: maps/ also holds 2 output file\(s\) this run did not write \(concentration_t000001800s.png .. depth_t000001800s.png\)" -- \
      "$RIA" run --output maps "${ARGS[@]}" --set 'output.png_times=["45 min"]' --set time.duration=1h
    md5sum --quiet -c maps0.md5 || fail "a later run changed or removed the earlier run's maps"
  fi
  # An initial raster whose level 1e39 would be inf in float is refused before the run (levels
  # beyond +-1e4 m are a unit mistake); the earlier run's files are kept.
  grid() { awk -v v="$2" 'BEGIN { print "ncols 10\nnrows 10\nxllcorner 0\nyllcorner 0\ncellsize 10\nNODATA_value -9999"
           for (j = 0; j < 10; ++j) { r = v; for (i = 1; i < 10; ++i) r = r " " v; print r } }' > "$1"; }
  grid bed.asc -2
  grid eta.asc 0.5
  printf 'name = "lr"\n[domain]\nsource = "dem"\ndem = "bed.asc"\nvalues = "elevation"\n[time]\nduration = "10 min"\n' > lr.toml
  printf 'output_interval = "5 min"\n[initial]\nkind = "raster"\npath = "eta.asc"\n[[gauge]]\nname = "g"\n' >> lr.toml
  printf 'x = 50.0\ny = 50.0\n[output]\npng_at_end = false\n' >> lr.toml
  "$RIA" run lr.toml --backend serial --precision float --quiet --output lr || fail "run on the raster"
  cp lr/gauges.csv lr0.csv
  cp lr/checkpoint.ckpt lr0.ckpt
  sed -i '7s/^0.5 /1e39 /' eta.asc
  expect 2 "initial.path 'eta.asc': the level 1e\+39 m at cell \(i, j\) = \(0, 9\) at x = 5, y = 95 is not within \+-10000 m" -- \
    "$RIA" run lr.toml --backend serial --precision float --quiet --output lr
  cmp lr0.csv lr/gauges.csv || fail "gauges.csv of the earlier run was replaced by a refused run"
  cmp lr0.ckpt lr/checkpoint.ckpt || fail "checkpoint.ckpt of the earlier run was changed"
  # A numerical failure after the run's first checkpoint (a NaN depth injected after its 100th
  # advance, about 3 of its 10 min: no valid input fails) replaces the files with its own, and its
  # summary.json goes with them.
  grid eta.asc 0.5
  # A numerical failure before any progress (its last good state the start, t = 0) leaves them too.
  RIA_RUN_FAULT=1 expect 4 "no checkpoint written: the run failed before its first stop after its start \(t = 0 s\), where it can be started again; the files of earlier runs in lr/ are kept as they were" -- \
    "$RIA" run lr.toml --backend serial --quiet --output lr
  cmp lr0.csv lr/gauges.csv || fail "gauges.csv of the earlier run was replaced by a run that failed at its start"
  cmp lr0.ckpt lr/checkpoint.ckpt || fail "checkpoint.ckpt of the earlier run was replaced by a run that failed at its start"
  RIA_RUN_FAULT=100 expect 4 "NaN" -- "$RIA" run lr.toml --backend serial --quiet --output lr
  grep -q '"failed": ".*NaN' lr/summary.json \
    || { cat lr/summary.json; fail "summary.json does not go with the failed run's files"; }
  # It describes the last good state the files hold (t_end_s, the checkpoint's), not the failure's.
  good=$(sed -n 's/.*checkpoint of the last good state (t = \([0-9.e+]*\) s.*/\1/p' out.txt)
  t_end=$(sed -n 's/^ *"t_end_s": \([0-9.e+-]*\),$/\1/p' lr/summary.json)
  at=$(sed -n 's/^ *"failed_at_s": \([0-9.e+-]*\),$/\1/p' lr/summary.json)
  awk -v g="$good" -v t="$t_end" -v a="$at" 'BEGIN { exit !(g > 0 && (t - g) ^ 2 < 1e-10 * g * g && a > t) }' ||
    fail "summary.json: t_end_s $t_end, failed_at_s $at; expected the last good state's t = $good s before the failure"
  # kill -9: the default checkpoint (every 10% of the run) is there, the earlier files are intact,
  # and the run resumes to the same end state as an uninterrupted one.
  # (A scenario without output.checkpoint_interval: the default applies.)
  printf 'name = "k"\n[domain]\nsource = "synthetic_estuary"\ncells = 80\n[time]\nduration = "6 h"\n' > k.toml
  printf 'output_interval = "1 h"\n[[gauge]]\nname = "g"\nx = 10000.0\ny = 5000.0\n' >> k.toml
  printf '[output]\ngauge_interval = "5 min"\npng_at_end = false\n' >> k.toml
  K=(k.toml --backend serial)
  "$RIA" run --output full --quiet "${K[@]}" || fail "uninterrupted run"
  "$RIA" run --output out "${K[@]}" >k.txt 2>&1 &
  pid=$!
  for _ in $(seq 1 400); do [ -s out/checkpoint.ckpt ] && [ out/checkpoint.ckpt -nt g0.csv ] && break; sleep 0.02; done
  kill -KILL $pid
  wait $pid
  head -1 k.txt
  # Gauge times are no stops; the outputs (1 h) are sparser than 10% of 6 h: after crossing each 2160 s.
  grep -q "checkpoint about every 2160 s -> out/checkpoint.ckpt" k.txt || fail "the start line does not say where checkpoints go"
  cmp g0.csv out/gauges.csv || fail "gauges.csv of the earlier run was changed by the killed run"
  cp out/checkpoint.ckpt k.ckpt
  "$RIA" run --output out --quiet "${K[@]}" --restart k.ckpt || fail "no usable checkpoint after kill -9"
  cmp full/checkpoint.ckpt out/checkpoint.ckpt || fail "the run resumed after kill -9 differs from the uninterrupted one"
  cmp <(tail -n +2 full/gauges.csv) <(tail -n +2 out/gauges.csv) || fail "gauges.csv of the resumed run differs"
  # The killed run's partial ria.nc (with NetCDF; its slices at 0 s reach to one output interval
  # before the checkpoint) and its gauges.nc (its samples up to the checkpoint went in with it) are
  # put in place by the resumed run.
  if [ -e out/ria.nc.partial ]; then fail "the killed run's ria.nc.partial was left after the resumed run"; fi
  if [ -e out/gauges.nc.partial ]; then fail "the killed run's gauges.nc.partial was left after the resumed run"; fi
  if [ -n "${RIA_EXPECT_NETCDF:-}" ]; then
    # A killed run that wrote on past its checkpoint (here the whole 6 h run's files, left partial,
    # continued from the 3 h checkpoint of the same trajectory): the resumed run's ria_restart file
    # goes on after the adopted ria.nc's last slice, so that no time is in both (it held the 4, 5
    # and 6 h slices again). Its slices are read with initial.time, whose error lists them.
    rm -rf past && cp -r full past && mv past/ria.nc past/ria.nc.partial && mv past/gauges.nc past/gauges.nc.partial
    "$RIA" run --output h3 --quiet "${K[@]}" --set time.duration=3h || fail "the 3 h run"
    printf 'GIF89a' > past/animation.gif.partial  # (a GIF cannot be continued: said)
    expect 0 "past/animation.gif.partial, the animation of the run this continues, is left as it is \(a GIF cannot be continued" -- \
      "$RIA" run --output past --quiet "${K[@]}" --restart h3/checkpoint.ckpt
    [ -e past/ria.nc ] && [ -e past/gauges.nc ] || fail "the partial NetCDF files that reach past the checkpoint were not adopted"
    printf 'name = "t"\n[domain]\nsource = "synthetic_estuary"\ncells = 80\n[time]\nduration = "1 h"\n[initial]\n' > t.toml
    printf 'kind = "netcdf"\npath = "past/ria_restart_10800s.nc"\ntime = 1\n' >> t.toml
    expect 2 "ria_restart_10800s.nc' variable 'eta' has no time slice$" -- "$RIA" run t.toml --output tt
    # A restart into a directory whose ria.nc is another run's (another grid): named at the end.
    rm -rf mix && cp -r full mix && rm mix/gauges.csv
    "$RIA" run --output h3b --quiet "${K[@]}" --set time.duration=3h --set domain.cells=60 || fail "the 3 h run at 60 cells"
    expect 0 "mix/ also holds [0-9]+ output file\(s\) this run did not write \(.*ria.nc\)" -- \
      "$RIA" run --output mix --quiet "${K[@]}" --set domain.cells=60 --restart h3b/checkpoint.ckpt
  fi
  if [ -n "${RIA_EXPECT_NETCDF:-}" ] && command -v flock >/dev/null; then
    # A reader holding ria.nc open (HDF5 takes a shared flock) does not stop a new run.
    flock -s out/ria.nc sleep 30 &
    lpid=$!
    sleep 0.2
    "$RIA" run --output out "${ARGS[@]}" || fail "a reader holding ria.nc open stops the run"
    # A program holding the partial file: said in words.
    touch out/ria.nc.partial
    flock -x out/ria.nc.partial sleep 30 &
    ppid=$!
    sleep 0.2
    expect 3 "out/ria.nc.partial is open in another program" -- "$RIA" run --output out "${ARGS[@]}"
    kill $lpid $ppid
  fi
  echo "ok: earlier results kept on failure and kill -9; resumed run identical"
  ;;
*) fail "unknown case" ;;
esac
