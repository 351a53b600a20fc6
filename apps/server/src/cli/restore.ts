import { rm } from 'node:fs/promises';
import { assertBackupFileExists, BackupError, describeCounts, restoreBackup } from './backup-file';
import {
  fromInvocationDir,
  hasPgliteData,
  loadBackupSettings,
  openTarget,
  pgliteDir,
} from './backup-target';

const USAGE =
  'Uso: npm run restore -- ARCHIVO   (en una base de datos y un DATA_DIR vacíos; con la base embebida, con el servidor detenido)';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error(USAGE);
  process.exit(2);
}
const file = fromInvocationDir(args[0]!);
const settings = loadBackupSettings();
// An embedded database this run creates is removed again if the restore fails.
const isNewPglite = !settings.databaseUrl && !hasPgliteData(settings.dataDir);

let code = 0;
try {
  // Before an embedded database is made for it.
  await assertBackupFileExists(file);
  const database = await openTarget(settings);
  try {
    const counts = await restoreBackup({ database, dataDir: settings.dataDir, file });
    console.log(
      `Restaurado desde ${file}: ${describeCounts(counts)}. Ya puedes iniciar el servidor.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (isNewPglite) await rm(pgliteDir(settings.dataDir), { recursive: true, force: true });
  // A refusal is said as it is; anything else is a fault, shown whole.
  console.error(error instanceof BackupError ? error.message : error);
  code = 1;
}
process.exit(code);
