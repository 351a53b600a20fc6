import { createStorage } from '../plugins/storage';
import { copyFiles, describeMove, parseMoveArguments } from '../plugins/storage/move';
import { runWithDatabase } from './run';

// `npm run storage:move -- --from disk --to postgres` (decision 055).
const parsed = parseMoveArguments(process.argv.slice(2));
if ('error' in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
await runWithDatabase(async (handle, config) => {
  const from = await createStorage(parsed.from, config, handle.db);
  const to = await createStorage(parsed.to, config, handle.db);
  try {
    const summary = await copyFiles(from, to, {
      ...(parsed.verbose ? { onFile: (key, outcome) => console.log(`${outcome}\t${key}`) } : {}),
    });
    const { text, code } = describeMove(parsed.from, parsed.to, summary);
    (code === 0 ? console.log : console.error)(text);
    return code;
  } finally {
    await from.close?.();
    await to.close?.();
  }
});
