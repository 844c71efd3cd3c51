/** `npm run migrate`: applies pending migrations to DATABASE_URL (or the embedded database). */
import 'reflect-metadata';
import { config } from '../config.js';
import { migrate, openDatabase } from './database.js';

const cfg = config();
const db = await openDatabase({ url: cfg.databaseUrl, dataDir: cfg.dataDir });
const ran = await migrate(db.dataSource, { statementTimeoutMs: cfg.dbMigrationStatementTimeoutMs });
console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'No pending migrations.');
await db.close();
