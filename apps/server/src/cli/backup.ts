import { BackupError, createBackup, describeCounts } from './backup-file';
import { fromInvocationDir, hasPgliteData, loadBackupSettings, openTarget } from './backup-target';

const USAGE = 'Uso: npm run backup [-- ARCHIVO]   (por omisión unimercado-backup-<fecha>.gz)';

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  console.error(USAGE);
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = fromInvocationDir(args[0] ?? `unimercado-backup-${stamp}.gz`);
const settings = loadBackupSettings();

if (!settings.databaseUrl && !hasPgliteData(settings.dataDir)) {
  console.error(`No hay base de datos embebida en ${settings.dataDir}: nada que copiar.`);
  process.exit(1);
}

let code = 0;
try {
  const database = await openTarget(settings);
  try {
    const counts = await createBackup({ database, dataDir: settings.dataDir, file });
    console.log(`Copia escrita en ${file}: ${describeCounts(counts)}.`);
  } finally {
    await database.close();
  }
} catch (error) {
  // A refusal is said as it is; anything else is a fault, shown whole.
  console.error(error instanceof BackupError ? error.message : error);
  code = 1;
}
process.exit(code);
