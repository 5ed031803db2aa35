#!/bin/sh
# Run once by the postgres image when its data directory is new (docker-entrypoint-initdb.d): creates
# the role the api and worker connect as. It owns nothing and may only read and write rows; the tables
# belong to $POSTGRES_USER, which the one-shot `migrate` service uses. See README, "Database roles".
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="${APP_DB_PASSWORD:?APP_DB_PASSWORD must be set}" \
  -v owner="$POSTGRES_USER" -v db="$POSTGRES_DB" <<'SQL'
create role app login password :'app_password';
grant connect on database :"db" to app;
grant usage on schema public to app;
grant select, insert, update, delete on all tables in schema public to app;
grant usage, select on all sequences in schema public to app;
-- Tables the owner creates later (every migration) are the app's to use the same way.
alter default privileges for role :"owner" in schema public
  grant select, insert, update, delete on tables to app;
alter default privileges for role :"owner" in schema public
  grant usage, select on sequences to app;
SQL
