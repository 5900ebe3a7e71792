# Shared by backup.sh and restore.sh (sourced, not run): the error exit and the two targets,
# the database (DATABASE_URL, or PGDATABASE with libpq's other PG* variables) and UPLOADS_DIR.

fail() {
  echo "$script: $*" >&2
  exit 1
}

# Sets $uploads and $database from the environment, or stops saying what is missing.
read_targets() {
  uploads=${UPLOADS_DIR:-}
  [ -n "$uploads" ] || fail "set UPLOADS_DIR to the uploads folder (DATA_DIR/uploads)"
  database=${DATABASE_URL:-${PGDATABASE:-}}
  [ -n "$database" ] || fail "set DATABASE_URL, or PGDATABASE with the other libpq variables"
}
