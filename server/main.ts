import { mkdirSync } from 'node:fs';
import { loadConfig } from './config';
import { surviveConnectionErrors } from './db/connection-lost';
import { DEMO_PASSWORD } from './seed/demo';
import { startServer } from './server';

const config = loadConfig();
mkdirSync(config.storageDir, { recursive: true });
const { app, database, seeded } = await startServer(config, { logger: { level: config.logLevel } });
surviveConnectionErrors(app.log);
await app.listen({ port: config.port, host: config.host });

console.log(`\nMall CRM is running at ${config.publicUrl} (database: ${database.kind})`);
if (config.demo) {
  if (seeded) console.log('Demo data created.');
  console.log(`Demo logins (password "${DEMO_PASSWORD}"): superadmin, landlord, employee, renter, landlord2, employee2, renter2\n`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
