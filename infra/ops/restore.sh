#!/bin/sh
# Restores a backup made by backup.sh into a fresh (empty) database and an uploads folder that
# holds no files yet. It refuses anything else rather than mix two states of the game.
#
#   DATABASE_URL=postgres://.../fresh_db UPLOADS_DIR=/data/uploads infra/ops/restore.sh <backup-folder>
#
# The database is DATABASE_URL when set, else libpq's PGHOST, PGPORT, PGUSER, PGPASSWORD and
# PGDATABASE. In the compose stack: `docker compose run --rm restore /backups/<folder>`
# (docs/operations.md: "Restore drill"). POSIX sh: it runs in the Alpine images too.
set -eu
script=restore
. "$(dirname "$0")/common.sh"

backup=${1:-}
[ -n "$backup" ] || fail "usage: restore.sh <backup-folder>"
read_targets

for file in database.dump uploads.tar.gz SHA256SUMS; do
  [ -f "$backup/$file" ] || fail "$backup has no $file: not a folder made by backup.sh"
done
(cd "$backup" && sha256sum -c SHA256SUMS > /dev/null 2>&1) || fail "$backup does not match its SHA256SUMS: the backup is damaged"

relations=$(psql -X -A -t -v ON_ERROR_STOP=1 --dbname="$database" \
  -c "SELECT count(*) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'")
[ "$relations" = 0 ] || fail "the database already holds $relations tables, sequences or indexes: restore into a fresh one (createdb), or drop and create this one again first"
if [ -d "$uploads" ] && [ -n "$(find "$uploads" -type f | head -n 1)" ]; then
  fail "$uploads already holds files: restore into an empty uploads folder"
fi

# One transaction: a failure leaves the database empty, never half restored. Roles are not
# restored (--no-owner): the objects belong to whoever runs this, the app's own user in compose.
pg_restore --exit-on-error --single-transaction --no-owner --no-privileges --dbname="$database" "$backup/database.dump"
mkdir -p "$uploads"
tar -xzf "$backup/uploads.tar.gz" -C "$uploads"
echo "restored $backup"
