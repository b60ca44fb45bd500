// Starts the built server for the browser tests on a fresh embedded database that already
// holds the test accounts. Accounts are seeded before the server opens the data folder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../server/src/db/client';
import { createUser } from '../../../server/src/modules/users/users.service';
import { admin, faculty, firstLoginStudent, firstStartAdmin } from './accounts';

const dataDir = mkdtempSync(join(tmpdir(), 'examiq-e2e-'));
const database = await openDatabase({ dataDir, databaseUrl: undefined });
await database.migrate();
await createUser(database.db, { ...admin, role: 'admin', isFirstLogin: false });
await createUser(database.db, { ...firstLoginStudent, role: 'student', isFirstLogin: true });
await createUser(database.db, { ...faculty, role: 'faculty', isFirstLogin: false });
await createUser(database.db, { ...firstStartAdmin, role: 'admin', isFirstLogin: true });
await database.close();

process.env.DATA_DIR = dataDir;
// The bundle `npm start` runs, not the sources: the browser tests also cover the build.
await import(new URL('../../../server/dist/main.js', import.meta.url).href);
