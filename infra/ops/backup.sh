#!/bin/sh
# Backs up Pog Federation: the PostgreSQL database (pg_dump, custom format) and the uploads
# folder (tar.gz), into a new folder <out-dir>/pog-backup-<UTC time>/ with their SHA256SUMS.
# Prints that folder's path. A backup cut short leaves only a hidden *.partial folder.
#
#   DATABASE_URL=postgres://... UPLOADS_DIR=/data/uploads infra/ops/backup.sh <out-dir>
#
# The database is DATABASE_URL when set, else libpq's PGHOST, PGPORT, PGUSER, PGPASSWORD and
# PGDATABASE. pg_dump must be of the server's major version or newer. In the compose stack:
# `docker compose run --rm backup` (docs/operations.md). POSIX sh: it runs in the Alpine images too.
set -eu
script=backup
. "$(dirname "$0")/common.sh"

out=${1:-}
[ -n "$out" ] || fail "usage: backup.sh <out-dir>"
read_targets
[ -d "$uploads" ] || fail "UPLOADS_DIR $uploads is not a folder"

stamp=$(date -u +%Y%m%dT%H%M%SZ)
final="$out/pog-backup-$stamp"
work="$out/.pog-backup-$stamp.partial"
[ ! -e "$final" ] || fail "$final already exists"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

# The database first, then the files: every upload a row of the dump names is then in the archive
# (unless deleted in between), since files are only ever added under new names.
pg_dump --format=custom --file="$work/database.dump" --dbname="$database"
tar -czf "$work/uploads.tar.gz" -C "$uploads" .
(cd "$work" && sha256sum database.dump uploads.tar.gz > SHA256SUMS)

mv "$work" "$final"
trap - EXIT
echo "$final"
