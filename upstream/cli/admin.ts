/**
 * `npm run admin -- <command>`: account administration on DATA_DIR for the people who run the
 * platform. Works while the servers run (the store is WAL; each command is one short write).
 * Every command prints the record(s) as JSON on stdout (never a password hash); bad input
 * prints a message on stderr and exits 1.
 *
 *   user add --username U --password P --type 1|2 [--org COMID] [--real-name NAME]
 *   user list
 *   user disable --username U      user enable --username U
 *   user reset-password --username U --password P
 *   user reset-requests [--all] [--done ID]   (find-password requests: open ones, or all; mark one handled)
 *   org add --name N --ip-ranges CIDR[,CIDR...] [--gid GID] [--code COMCODE]
 *   org list
 *   org disable --id COMID         org enable --id COMID
 *   jobs [--name NAME]             (on PostgreSQL: the newest background jobs, their state, retries,
 *                                   progress (done of total, what it is doing) and outcome)
 *   jobs show ID                   (one job)
 *   jobs run NAME [--wait]         (asks for a run of a background job now, e.g. search-rebuild;
 *                                   --wait follows it to its end; media imports: npm run media:import)
 *   migrate-to-postgres [--from DATA_DIR]   (copies the platform's SQLite file into the empty
 *     PostgreSQL database at DATABASE_URL; the search index and the AI knowledge base are rebuilt there)
 */
import { runAdmin } from './admin-command';
import { processIo } from './command-io';

void runAdmin(process.argv.slice(2), processIo()).then((code) => process.exit(code));
