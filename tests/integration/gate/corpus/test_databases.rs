//! Local test databases reached by other clients and tools: wide-column and key-value stores, SQL
//! Server, tables and keyspaces dropped by name on a server on this machine, and migration tools
//! pointed at a test database by their URL option, `DATABASE_URL` or environment name. Beside each,
//! its twin on another machine, on a database whose name does not say test, or with a computed
//! part, which confirms as any database write does.

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("everyday-test-database", "allow", "cqlsh 127.0.0.1 9042 -e 'DROP TABLE IF EXISTS ks.test_events'"),
    ("everyday-test-database", "allow", "cqlsh localhost -e 'TRUNCATE shop_test.orders'"),
    ("everyday-test-database", "allow", "sqlcmd -S tcp:localhost,1433 -Q 'DROP DATABASE IF EXISTS orders_test'"),
    ("everyday-test-database", "allow", "sqlcmd -S . -d billing_test -Q 'DELETE FROM invoices'"),
    ("everyday-test-database", "allow", "mysql -h localhost -e 'DROP TABLE IF EXISTS shop.test_carts'"),
    ("everyday-test-database", "allow", "psql -h /var/run/postgresql -c 'TRUNCATE TABLE test_runs'"),
    ("everyday-test-database", "allow", "clickhouse-client --host 127.0.0.1 -q 'DROP TABLE test_metrics'"),
    ("everyday-test-database", "allow", "valkey-cli -h 127.0.0.1 UNLINK test:queue test:locks"),
    ("everyday-test-database", "allow", "redis-cli -u redis://localhost:6379/2 SET test:flag 1"),
    ("everyday-test-database", "allow", "DATABASE_URL=mysql://root@127.0.0.1:3306/api_test npx prisma db push --force-reset"),
    ("everyday-test-database", "allow", "npx sequelize-cli db:drop --env test"),
    ("everyday-test-database", "allow", "RACK_ENV=test bundle exec rake db:reset"),
    ("everyday-test-database", "allow", "MIX_ENV=test mix ecto.reset"),
    ("everyday-test-database", "allow", "dbmate --url sqlite:tmp/test.sqlite3 rollback"),
    ("everyday-test-database", "allow", "sqlx migrate revert --database-url postgres://localhost/ledger_test"),
    (
        "everyday-test-database",
        "allow",
        "migrate -path db/migrations -database postgres://localhost:5432/jobs_test?sslmode=disable down -all",
    ),
    ("classes-test-database-twins", "confirm", "cqlsh cassandra.internal -e 'DROP TABLE IF EXISTS ks.test_events'"),
    ("classes-test-database-twins", "confirm", "cqlsh localhost -e 'TRUNCATE shop.orders'"),
    ("classes-test-database-twins", "deny", "sqlcmd -S tcp:sql.internal,1433 -Q 'DROP DATABASE IF EXISTS orders_test'"),
    ("classes-test-database-twins", "confirm", "mysql -h localhost -e 'DROP TABLE IF EXISTS shop.test_carts, shop.carts'"),
    ("classes-test-database-twins", "confirm", "psql -h localhost,db.internal -c 'TRUNCATE TABLE test_runs'"),
    ("classes-test-database-twins", "confirm", "valkey-cli -h 127.0.0.1 UNLINK test:queue sessions"),
    ("classes-test-database-twins", "confirm", "redis-cli -h 127.0.0.1 DEL 'test:*'"),
    ("classes-test-database-twins", "confirm", "redis-cli -h 127.0.0.1 FLUSHDB"),
    ("classes-test-database-twins", "confirm", "redis-cli -u redis://cache.internal:6379/2 SET test:flag 1"),
    ("classes-test-database-twins", "confirm", "DATABASE_URL=mysql://root@db.internal:3306/api_test npx prisma db push --force-reset"),
    ("classes-test-database-twins", "confirm", "DATABASE_URL=$PROD_URL npx prisma migrate reset --force"),
    ("classes-test-database-twins", "confirm", "npx sequelize-cli db:drop --env production"),
    ("classes-test-database-twins", "confirm", "RACK_ENV=test DATABASE_URL=postgres://db.internal/app bundle exec rake db:reset"),
    ("classes-test-database-twins", "confirm", "RAILS_ENV=$TARGET bin/rails db:drop"),
    ("classes-test-database-twins", "confirm", "MIX_ENV=prod mix ecto.reset"),
    ("classes-test-database-twins", "confirm", "dbmate --url sqlite:db/production.sqlite3 rollback"),
    ("classes-test-database-twins", "confirm", "migrate -path db/migrations -database postgres://localhost:5432/jobs down -all"),
];
